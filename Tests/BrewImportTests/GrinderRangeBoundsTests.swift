import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// Grinder ranges and grind settings past the bounds every setting keeps (`GrinderSettings`: finite, at most 10⁶,
/// min below max, at most 10⁶ steps) are dropped where they enter, with a warning naming the grinder, the column and
/// why; the rest of the journal is read as before.
@Suite(.cleansScratch) struct GrinderRangeBoundsTests {
    /// The sample store with one SQL statement applied to a copy.
    func sampleStore(_ sql: String) throws -> URL {
        let url = try scratchFolder("range").appendingPathComponent("j.sqlite")
        try FileManager.default.copyItem(at: Repo.sample("journal.sqlite"), to: url)
        try executeSQL(sql, on: url)
        return url
    }

    func grinder(_ journal: Journal, _ name: String) -> Grinder? { journal.grinders.first { $0.name == name } }

    /// `ZSETTINGMAX` of 10¹⁹ (it trapped the dial-in grid), ±∞ (SQLite's 9e999), a maximum below the minimum, a
    /// negative step and a step of 10⁻³⁰⁰ (10³⁰¹ steps): the range reads as the contract's default 0–40, step 1, and
    /// one warning names the grinder and the column; every brew is kept.
    @Test(arguments: [
        ("ZSETTINGMAX = 1e19", "ZSETTINGMAX", "beyond ±1,000,000"),
        ("ZSETTINGMAX = 9e999", "ZSETTINGMAX", "not a finite number"),
        ("ZSETTINGMIN = -9e999", "ZSETTINGMIN", "not a finite number"),
        ("ZSETTINGMIN = 60, ZSETTINGMAX = 10", "ZSETTINGMAX", "not above the minimum 60"),
        ("ZSETTINGSTEP = -1", "ZSETTINGSTEP", "negative"),
        ("ZSETTINGSTEP = 1e-300", "ZSETTINGSTEP", "more than 1,000,000 steps"),
    ])
    func storeRangePastTheBoundsIsDropped(_ set: String, column: String, reason: String) throws {
        let url = try sampleStore("UPDATE ZGRINDER SET \(set) WHERE ZNAME = 'Niche Zero'")
        let clean = try importChecked(Repo.sample("journal.sqlite"))
        let result = try importChecked(url)
        let g = try #require(grinder(result.journal, "Niche Zero"))
        #expect((g.settingMin, g.settingMax, g.settingStep) == (0, 40, 1))
        #expect(grinder(result.journal, "Comandante C40") == grinder(clean.journal, "Comandante C40"))
        #expect(result.report.brews == clean.report.brews)
        let w = result.report.warnings.filter { $0.column == column && $0.message.contains("Niche Zero") }
        #expect(w.count == 1)
        #expect(w.first?.message.contains(reason) == true, "\(w)")
        #expect(w.first?.where?.contains("Z_PK=1") == true)
    }

    /// The same ranges in a JSON export (its numbers cannot be ∞ or NaN; 1e400 overflows to one or is refused by
    /// the parser, either way not a range).
    @Test(arguments: [
        (#""settingMin": 0, "settingMax": 1e19, "settingStep": 1"#, "settingMax"),
        (#""settingMin": 20, "settingMax": 5, "settingStep": 1"#, "settingMax"),
        (#""settingMin": 0, "settingMax": 40, "settingStep": 1e-300"#, "settingStep"),
        (#""settingMin": -2e6, "settingMax": 40, "settingStep": 1"#, "settingMin"),
    ])
    func jsonRangePastTheBoundsIsDropped(_ range: String, column: String) throws {
        let text = """
            {"grinders": [{"id": "g1", "name": "Big", \(range)}, {"id": "g2", "name": "Fine", "settingMin": 0, "settingMax": 30, "settingStep": 0.5}],
             "brews": [{"id": "b1", "brewDate": "2026-11-16T07:42:00Z", "grinderId": "g1", "grindSetting": 12},
                       {"id": "b2", "brewDate": "2026-11-17T07:42:00Z", "grinderId": "g2", "grindSetting": 14.5}]}
            """
        let result = try importChecked(try scratchFile("j.json", text))
        let big = try #require(grinder(result.journal, "Big")), fine = try #require(grinder(result.journal, "Fine"))
        #expect((big.settingMin, big.settingMax, big.settingStep) == (0, 40, 1))
        #expect((fine.settingMin, fine.settingMax, fine.settingStep) == (0, 30, 0.5))
        #expect(result.report.brews.kept == 2)
        let w = result.report.warnings.filter { $0.column == column && $0.message.contains("'Big'") }
        #expect(w.count == 1 && w.first?.where == "grinders[0]", "\(result.report.warnings)")
    }

    /// A brew's grind setting past ±10⁶ (or ∞ from a store) is dropped, the brew kept, with one warning counting
    /// them; settings at the bound are kept.
    @Test func grindSettingsPastTheBoundAreDropped() throws {
        let url = try sampleStore("""
            UPDATE ZBREWLOG SET ZGRINDSETTING = 1e19 WHERE Z_PK = (SELECT MIN(Z_PK) FROM ZBREWLOG);
            UPDATE ZBREWLOG SET ZGRINDSETTING = -9e999 WHERE Z_PK = (SELECT MAX(Z_PK) FROM ZBREWLOG);
            UPDATE ZBREWLOG SET ZGRINDSETTING = -1e6 WHERE Z_PK = (SELECT MIN(Z_PK) + 1 FROM ZBREWLOG);
            """)
        let result = try importChecked(url)
        let settings = result.journal.brews.grindSetting
        #expect(result.report.brews.kept == 360)
        #expect(!(0..<settings.count).contains { settings[$0].map { !(abs($0) <= 1e6) } ?? false })
        #expect((0..<settings.count).contains { settings[$0] == -1e6 })
        let w = result.report.warnings.filter { $0.column == "ZGRINDSETTING" }
        #expect(w.count == 1 && w.first?.count == 2, "\(result.report.warnings)")
        #expect(w.first?.message.contains("kept without it") == true)

        let csv = try scratchFile("j.csv", "brewed_at,grinder,grind_setting\n2026-11-16T07:42:00Z,C40,1e19\n2026-11-17T07:42:00Z,C40,18\n")
        let fromCSV = try importChecked(csv)
        #expect(fromCSV.journal.brews.grindSetting[0] == nil && fromCSV.journal.brews.grindSetting[1] == 18)
        #expect(fromCSV.report.warnings.contains { $0.column == "grind_setting" && $0.where == "line 2" })
    }

    /// The bounds themselves, against values worked out by hand.
    @Test func theBounds() {
        #expect(GrinderSettings.settingProblem(1_000_000) == nil && GrinderSettings.settingProblem(-1_000_000) == nil)
        #expect(GrinderSettings.settingProblem(1_000_000.5) != nil && GrinderSettings.settingProblem(.nan) != nil)
        #expect(GrinderSettings.rangeProblem(min: 0, max: 40, step: 1) == nil)
        #expect(GrinderSettings.rangeProblem(min: 0, max: 40, step: 0) == nil)  // stepless
        #expect(GrinderSettings.rangeProblem(min: 0, max: 1, step: 1e-6) == nil)  // exactly 10⁶ steps
        #expect(GrinderSettings.rangeProblem(min: 0, max: 1, step: 0.9e-6)?.field == .step)
        #expect(GrinderSettings.rangeProblem(min: 5, max: 5, step: 1)?.field == .max)
        #expect(GrinderSettings.rangeProblem(min: .nan, max: 5, step: 1)?.field == .min)
        #expect(GrinderSettings.rangeProblem(min: 0, max: 5, step: .infinity)?.field == .step)
    }
}
