import BrewImport
import BrewNames
import Foundation

extension ImportResult {
    /// The result with `aliases` applied to the journal (``NameAliases/apply(to:)``) and the names that still look
    /// like two spellings of one thing (``NearDuplicates``) added to the import's warnings, as notes.
    ///
    /// Notes added, in this order: each spelling an alias replaced (`"Quijote Kaffee" (65 brews) counted as roaster
    /// "Quijote" (aliases.toml)`), each alias that matched nothing, then each group of near-duplicate names.
    /// Nothing is merged without an alias.
    public func reviewingNames(with aliases: NameAliases? = nil) -> ImportResult {
        guard let aliases, !aliases.isEmpty else { return notingNearDuplicates() }
        let outcome = aliases.apply(to: journal)
        return ImportResult(journal: outcome.journal, report: report)
            .adding(notes: aliases.notes(applied: outcome) + aliases.unusedNotes([outcome]))
            .notingNearDuplicates()
    }

    /// The result with each group of near-duplicate names (``NearDuplicates``) added to the import's warnings, as a
    /// note; the journal unchanged.
    public func notingNearDuplicates() -> ImportResult {
        adding(notes: NearDuplicates.find(in: journal).map { group in
            ImportWarning(kind: .note, column: group.kind.rawValue, count: group.names.count, where: nil,
                message: group.note)
        })
    }

    /// This result with `notes` added to its report's warnings.
    public func adding(notes: [ImportWarning]) -> ImportResult {
        guard !notes.isEmpty else { return self }
        var report = self.report
        report.warnings += notes
        return ImportResult(journal: journal, report: report)
    }
}

extension NameAliases {
    /// One note per spelling `outcome` replaced: `"Quijote Kaffee" (65 brews) counted as roaster "Quijote"
    /// (aliases.toml)`.
    ///
    /// - Parameter source: The source the outcome is of, when the journal is merged from several (the note's
    ///   `where`, and the brews counted are that source's).
    public func notes(applied outcome: AliasOutcome, source: String? = nil) -> [ImportWarning] {
        outcome.applied.map { a in
            ImportWarning(kind: .note, column: a.kind.rawValue, count: a.brews, where: source,
                          message: "\"\(a.spelling)\" (\(a.brews) brew\(a.brews == 1 ? "" : "s")) counted as " +
                              "\(a.kind.rawValue) \"\(a.target)\" (\(fileName))")
        }
    }

    /// One note per spelling of the file that matched no name in any of `outcomes` (the sources of one journal):
    /// `aliases.toml: no bean of this journal is spelled "Kochere"`. A spelling used by one source is used.
    public func unusedNotes(_ outcomes: [AliasOutcome]) -> [ImportWarning] {
        guard let first = outcomes.first else { return [] }
        let usedSomewhere = outcomes.dropFirst().map { Set($0.unused.map { "\($0.kind.rawValue)\u{1}\($0.spelling)" }) }
        return first.unused.filter { u in
            let key = "\(u.kind.rawValue)\u{1}\(u.spelling)"
            return usedSomewhere.allSatisfy { $0.contains(key) }
        }.map { u in
            ImportWarning(kind: .note, column: u.kind.rawValue, count: 1, where: nil,
                          message: "\(fileName): no \(u.kind.rawValue) of this journal is spelled \"\(u.spelling)\"")
        }
    }

    /// The aliases file's name without its folder, as notes name it.
    var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }
}
