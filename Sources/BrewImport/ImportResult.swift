import BrewColumns

/// A journal and the report of how it was read.
public struct ImportResult: Sendable {
    /// The journal: the brew table and the entity tables.
    public let journal: Journal
    /// Counts, warnings and rejects.
    public let report: ImportReport

    public init(journal: Journal, report: ImportReport) {
        self.journal = journal
        self.report = report
    }
}
