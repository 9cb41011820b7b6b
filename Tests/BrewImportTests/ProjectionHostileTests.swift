import BrewColumns
import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// The one semantic difference of a projection: a bad value in a column that is not read neither rejects its brew
/// nor warns, while the same value in a column that is read does — in every format (a CSV cell that is no number
/// is missing and warned about, its brew kept: docs/formats.md). Three brews, the second holding
/// the bad value; `read = kept + rejected` always (``importChecked(_:_:sourceLocation:)``).
@Suite(.cleansScratch) struct ProjectionHostileTests {
    enum Outcome: Sendable { case reject, warning(ImportWarning.Kind) }

    enum Format: String, Sendable { case csv, store, json, beanconqueror }

    /// A bad `cell` (the format's own spelling: CSV bytes as text, an SQL expression, a JSON literal) in `column` of
    /// the second brew; `column` is also what the reject or warning names.
    struct Bad: Sendable, CustomTestStringConvertible {
        let format: Format
        let group: BrewColumnSet
        let column: String
        let cell: String
        let outcome: Outcome
        var testDescription: String { "\(format.rawValue) \(column) = \(cell)" }
    }

    static let cases: [Bad] = [
        Bad(format: .csv, group: .masses, column: "dose_g", cell: "abc", outcome: .warning(.unreadableValue)),
        Bad(format: .csv, group: .masses, column: "water_g", cell: "-5", outcome: .reject),
        Bad(format: .csv, group: .brewTime, column: "brew_time_s", cell: "-3", outcome: .reject),
        Bad(format: .csv, group: .waterTemperature, column: "water_temp_c", cell: "hot", outcome: .warning(.unreadableValue)),
        Bad(format: .csv, group: .grindSetting, column: "grind_setting", cell: "\u{FF}fine", outcome: .warning(.invalidUTF8)),
        Bad(format: .csv, group: .rating, column: "rating", cell: "9", outcome: .warning(.outOfRange)),
        Bad(format: .csv, group: .tds, column: "tds_pct", cell: "x", outcome: .warning(.unreadableValue)),
        Bad(format: .csv, group: .tastingNote, column: "acidity", cell: "x", outcome: .warning(.unreadableValue)),
        Bad(format: .csv, group: .tastingNote, column: "sweetness", cell: "7", outcome: .warning(.outOfRange)),
        Bad(format: .csv, group: .freeText, column: "notes", cell: "\u{FF}\u{FE}", outcome: .warning(.invalidUTF8)),
        Bad(format: .csv, group: .freeText, column: "pressure_profile", cell: "\u{C3}(", outcome: .warning(.invalidUTF8)),
        Bad(format: .store, group: .masses, column: "ZDOSEGRAMS", cell: "'abc'", outcome: .reject),
        Bad(format: .store, group: .brewTime, column: "ZBREWTIMESECONDS", cell: "-3", outcome: .reject),
        Bad(format: .store, group: .waterTemperature, column: "ZWATERTEMPERATURE", cell: "'hot'", outcome: .reject),
        Bad(format: .store, group: .grindSetting, column: "ZBREWLOG.ZGRINDSETTING", cell: "CAST(X'FF41' AS TEXT)", outcome: .warning(.invalidUTF8)),
        Bad(format: .store, group: .rating, column: "ZRATING", cell: "9", outcome: .warning(.outOfRange)),
        Bad(format: .store, group: .tds, column: "ZTDS", cell: "X'00'", outcome: .reject),
        Bad(format: .store, group: .freeText, column: "ZBREWLOG.ZNOTES", cell: "CAST(X'FFFE' AS TEXT)", outcome: .warning(.invalidUTF8)),
        Bad(format: .store, group: .freeText, column: "ZBREWLOG.ZPRESSUREPROFILE", cell: "CAST(X'C328' AS TEXT)", outcome: .warning(.invalidUTF8)),
        Bad(format: .store, group: .tastingNote, column: "ZTASTINGNOTE.ZACIDITY", cell: "9", outcome: .warning(.outOfRange)),
        Bad(format: .store, group: .tastingNote, column: "ZTASTINGNOTE.ZBREW", cell: "99", outcome: .warning(.danglingReference)),
        Bad(format: .json, group: .masses, column: "doseGrams", cell: "\"lots\"", outcome: .reject),
        Bad(format: .json, group: .brewTime, column: "brewTimeSeconds", cell: "\"long\"", outcome: .reject),
        Bad(format: .json, group: .waterTemperature, column: "waterTemperature", cell: "[]", outcome: .reject),
        Bad(format: .json, group: .grindSetting, column: "grindSetting", cell: "{}", outcome: .reject),
        Bad(format: .json, group: .rating, column: "rating", cell: "\"high\"", outcome: .reject),
        Bad(format: .json, group: .tds, column: "tds", cell: "30", outcome: .warning(.outOfRange)),
        Bad(format: .json, group: .freeText, column: "notes", cell: "5", outcome: .reject),
        Bad(format: .json, group: .freeText, column: "pressureProfile", cell: "true", outcome: .reject),
        Bad(format: .json, group: .tastingNote, column: "acidity", cell: "9", outcome: .warning(.outOfRange)),
        Bad(format: .json, group: .tastingNote, column: "tastingNotes.brewId", cell: "\"nope\"", outcome: .warning(.danglingReference)),
        Bad(format: .beanconqueror, group: .masses, column: "grind_weight", cell: "\"lots\"", outcome: .reject),
        Bad(format: .beanconqueror, group: .brewTime, column: "brew_time", cell: "\"long\"", outcome: .reject),
        Bad(format: .beanconqueror, group: .waterTemperature, column: "brew_temperature", cell: "\"hot\"", outcome: .reject),
        Bad(format: .beanconqueror, group: .grindSetting, column: "grind_size", cell: "[]", outcome: .reject),
        Bad(format: .beanconqueror, group: .rating, column: "rating", cell: "\"x\"", outcome: .reject),
        Bad(format: .beanconqueror, group: .tds, column: "tds", cell: "\"x\"", outcome: .reject),
    ]

    /// Whether `report` shows the bad value: its reject, or its warning.
    static func shows(_ bad: Bad, _ report: ImportReport) -> Bool {
        switch bad.outcome {
        case .reject: report.rejects.contains { $0.column == bad.column }
        case .warning(let kind): report.warning(kind, column: bad.column) != nil
        }
    }

    @Test(arguments: cases) func badValueCountsOnlyWhereRead(_ bad: Bad) throws {
        let url = try Self.file(bad)
        let format: JournalFormat = switch bad.format {
        case .csv: .csv
        case .store: .coreDataStore
        case .json: .json
        case .beanconqueror: .beanconqueror
        }
        func run(_ columns: BrewColumnSet, validatingAll: Bool = false) throws -> ImportResult {
            try importChecked(url, ImportOptions(format: format, timeZone: utc, columns: columns, validatesAllColumns: validatingAll))
        }
        let full = try run(.all)
        #expect(Self.shows(bad, full.report), "the full import does not show it: \(full.report.rejects) \(full.report.warnings)")
        let rejected = if case .reject = bad.outcome { 1 } else { 0 }
        #expect(full.report.brews == .init(read: 3, kept: 3 - rejected, rejected: rejected))
        // Read, in the group alone or with others: as in the full import.
        for set in [bad.group, BrewColumnSet.all.subtracting(bad.group == .rating ? .tds : .rating)] {
            let r = try run(set).report
            #expect(Self.shows(bad, r) && r.brews == full.report.brews, "\(set)")
        }
        // Not read: kept, no reject and no warning about it; nothing else changes.
        for set in [BrewColumnSet.all.subtracting(bad.group), []] {
            let r = try run(set).report
            #expect(!Self.shows(bad, r), "\(set) shows it")
            #expect(r.brews == .init(read: 3, kept: 3, rejected: 0), "\(set)")
            #expect(!r.warnings.contains { $0.column == bad.column }, "\(set): \(r.warnings)")
        }
        // Not kept but validated: the full import's report.
        #expect(try run(BrewColumnSet.all.subtracting(bad.group), validatingAll: true).report == full.report)
    }

    /// Beanconqueror's rating scale is looked for, and its assumption warned about, only when ratings are read.
    @Test func beanconquerorScaleOnlyWithRatings() throws {
        let bad = Bad(format: .beanconqueror, group: .rating, column: "rating", cell: "8", outcome: .warning(.ratingScale))
        let url = try Self.file(bad, settings: false)
        for set: BrewColumnSet in [.rating, [], .all.subtracting(.rating)] {
            let result = try importChecked(url, ImportOptions(format: .beanconqueror, columns: set))
            #expect((result.report.warning(.ratingScale) != nil) == set.contains(.rating), "\(set)")
            #expect(result.journal.brews.rating[1] == (set.contains(.rating) ? 4 : nil))
        }
    }
}
