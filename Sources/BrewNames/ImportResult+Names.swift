import BrewColumns
import BrewStats
import BrewImport

extension ImportResult {
    /// The result with `aliases` applied to the journal (``NameAliases/apply(to:)``) and the names that still look
    /// like two spellings of one thing (``NearDuplicates``) added to the import's warnings, as notes.
    ///
    /// Notes added, in this order: each spelling an alias replaced (`"Quijote Kaffee" (65 brews) counted as roaster
    /// "Quijote" (aliases.toml)`), each alias that matched nothing, then each group of near-duplicate names.
    /// Nothing is merged without an alias.
    public func reviewingNames(with aliases: NameAliases? = nil) -> ImportResult {
        var journal = self.journal
        var notes: [ImportWarning] = []
        if let aliases, !aliases.isEmpty {
            let outcome = aliases.apply(to: journal)
            journal = outcome.journal
            let file = aliases.file.split(separator: "/").last.map(String.init) ?? aliases.file
            for a in outcome.applied {
                notes.append(ImportWarning(kind: .note, column: a.kind.rawValue, count: a.brews, where: nil,
                                           message: "\"\(a.spelling)\" (\(a.brews) brew\(a.brews == 1 ? "" : "s")) counted as \(a.kind.rawValue) \"\(a.target)\" (\(file))"))
            }
            for u in outcome.unused {
                notes.append(ImportWarning(kind: .note, column: u.kind.rawValue, count: 1, where: nil,
                                           message: "\(file): no \(u.kind.rawValue) of this journal is spelled \"\(u.spelling)\""))
            }
        }
        for group in NearDuplicates.find(in: journal) {
            notes.append(ImportWarning(kind: .note, column: group.kind.rawValue, count: group.names.count, where: nil,
                                       message: group.note))
        }
        guard !notes.isEmpty else {
            return ImportResult(journal: journal, report: report)
        }
        var report = self.report
        report.warnings += notes
        return ImportResult(journal: journal, report: report)
    }
}
