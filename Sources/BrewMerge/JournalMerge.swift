import BrewColumns
import BrewImport
import BrewShots
import Foundation

/// Several journals read as one: a store, a Beanconqueror backup, a shot folder … (`brewstats report A B C`).
///
/// Brews are taken source by source, in the order given. A brew that a later source shares with an earlier one
/// (``MergeRules``) is one brew: the earlier source's values stand, and the later source fills what the earlier
/// left empty (a shot file adds the yield and time a journal app did not log; a journal adds the rating and notes a
/// shot file lacks). Every such match is listed (``MergeResult/matches``).
///
/// Entities are shared the same way: the same id, or across sources the same name (methods with their category,
/// beans with their roaster and roast date), compared without case or accents, is one entity.
///
/// Shots keep their brew: a shot of a later source whose brew matched an earlier brew is that brew's shot; when the
/// earlier brew already has a shot (the same shot in a backup's brew graph and in the machine's own file), the
/// later one is listed as a duplicate.
public struct JournalMerge: Sendable {
    public var rules: MergeRules

    public init(rules: MergeRules = MergeRules()) { self.rules = rules }

    /// Merges `sources` (each with the name it is listed under).
    public func merge(_ sources: [(name: String, journal: ShotJournal)]) -> MergeResult {
        precondition(!sources.isEmpty, "JournalMerge: at least one source")
        var state = MergeState(rules: rules)
        for (s, source) in sources.enumerated() {
            state.add(source.journal.result.journal, source: s, name: source.name)
        }
        let journal = state.finish()
        let combined = ShotMerge.combine(sources.map { $0.journal.shots }, rowMaps: state.rowMaps,
            names: sources.map(\.name))
        let shots = combined?.table
        let reports = sources.map { $0.journal.result.report }
        var warnings = reports.flatMap(\.warnings)
        for (s, count) in state.matchedCount.enumerated() where count > 0 {
            warnings.append(ImportWarning(kind: .note, column: nil, count: count, where: sources[s].name,
                                          message: "\(count) brew\(count == 1 ? "" : "s") of " +
                                              "\(sources[s].name) matched brews read before "
                                              + "and were merged with them (the matches can be listed)"))
        }
        if let added = combined?.added, let first = added.first {
            warnings.append(ImportWarning(kind: .note, column: nil, count: added.count, where: first.file,
                                          message: "\(added.count) shot\(added.count == 1 ? "" : "s") belonged to " +
                                              "brews that already had the same shot; listed as duplicates"))
        }
        let rejects = reports.flatMap(\.rejects) + (combined?.added ?? [])
        let report = ImportReport(
            file: sources.map(\.name).joined(separator: " + "), format: reports[0].format,
            brews: .init(read: journal.brews.count + rejects.count, kept: journal.brews.count, rejected: rejects.count),
            methods: journal.methods.count, grinders: journal.grinders.count, beans: journal.beans.count,
            tastingNotes: journal.tastingNoteCount, warnings: warnings, rejects: rejects)
        return MergeResult(journal: ShotJournal(result: ImportResult(journal: journal, report: report), shots: shots),
                           matches: state.matches)
    }
}

/// The merged journal and the matches that made it.
public struct MergeResult: Sendable {
    public var journal: ShotJournal
    public var matches: [MergeMatch]

    public init(journal: ShotJournal, matches: [MergeMatch]) {
        self.journal = journal
        self.matches = matches
    }

    /// The matches as CSV: `kept_source,kept_brew,merged_source,merged_brew,rule,seconds_apart`.
    public func matchesCSV() -> String {
        var out = "kept_source,kept_brew,merged_source,merged_brew,rule,seconds_apart\n"
        func cell(_ s: String) -> String { CSVField.guarded(s) }
        for m in matches {
            out += [cell(m.kept.source), cell(m.kept.brew), cell(m.merged.source), cell(m.merged.brew), m.rule.rawValue,
                    String(format: "%.0f", m.secondsApart)].joined(separator: ",") + "\n"
        }
        return out
    }
}
