import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// What a new user meets with real foreign data: a mapping against a built-in alias, a file cut off mid-record,
/// roast levels as roasters write them.
@Suite(.cleansScratch) struct RoughEdgeTests {
    /// A hand-kept CSV with both `brew_method` (a recipe name, which the built-in aliases match to `method`) and
    /// `brew_device` (the brewer). The mapping says the method is `brew_device`: that must win, wherever it stands.
    @Test(arguments: [true, false])
    func theMappingWinsOverABuiltInAlias(mappedFirst: Bool) throws {
        let mapping = try ColumnMapping(toml: "[columns]\nbrew_device = \"method\"\n")
        let header = mappedFirst ? "brewed_at,brew_device,brew_method,rating" : "brewed_at,brew_method,brew_device,rating"
        let row = mappedFirst ? "2026-11-16T07:42:00Z,V60,Morning recipe,4" : "2026-11-16T07:42:00Z,Morning recipe,V60,4"
        let url = try scratchFile("hand-kept.csv", header + "\n" + row + "\n")
        let result = try importChecked(url, ImportOptions(timeZone: utc, columnMapping: mapping))
        #expect(result.journal.brews.method[0] == "V60")
        #expect(result.journal.methods.map(\.displayName) == ["V60"])
        // The header that lost is named, with what it lost to.
        let lost = result.report.warnings.filter { $0.column == "brew_method" }
        #expect(lost.count == 1)
        #expect(lost.first?.message.contains("'brew_device'") == true)
        #expect(result.report.warnings.allSatisfy { $0.column != "brew_device" })
    }

    @Test func aCutOffLastRowIsWarnedAbout() throws {
        let header = "brew_id,brewed_at,method,grinder,grind_setting,bean,dose_g,water_g,rating"
        let full = "b1,2026-11-16T07:42:00Z,V60,C40,22,Kochere,15,250,4"
        // The last record has 2 of 9 fields and no line end.
        let url = try scratchFile("cut.csv", header + "\n" + full + "\n" + "b2,2026-11-17T07:42:00Z")
        let result = try importChecked(url, ImportOptions(timeZone: utc))
        let warning = try #require(result.report.warnings.first { $0.kind == .truncatedFile })
        #expect(warning.message.contains("line 3") && warning.message.contains("2 of 9 fields"))
        // Kept as the short row it is: nothing lost, and said.
        #expect(result.report.brews.read == 2)
    }

    @Test(arguments: ["b2,2026-11-17T07:42:00Z\n", "b2,2026-11-17T07:42:00Z,V60,C40,22,Kochere,15,250,4"])
    func aShortRowWithALineEndOrAFullLastRowIsNot(last: String) throws {
        let header = "brew_id,brewed_at,method,grinder,grind_setting,bean,dose_g,water_g,rating"
        let url = try scratchFile("fine.csv", header + "\nb1,2026-11-16T07:42:00Z,V60,C40,22,Kochere,15,250,4\n" + last)
        let result = try importChecked(url, ImportOptions(timeZone: utc))
        #expect(!result.report.warnings.contains { $0.kind == .truncatedFile })
    }

    @Test(arguments: [
        ("Light-Medium", RoastLevel.mediumLight), ("medium-light", .mediumLight), ("City+", .medium),
        ("Full City", .mediumDark), ("light roast", .light), ("Full City+", .mediumDark), ("City", .mediumLight),
        ("Vienna", .dark), ("  DARK ROAST ", .dark), ("medium_dark", .mediumDark), ("Cinnamon", .light),
    ])
    func roastLevelSynonyms(spelling: String, level: RoastLevel) {
        #expect(RoastLevel(rawString: spelling) == level)
    }

    @Test(arguments: ["burnt", "", "roast", "medium-ish", "city++"])
    func otherRoastLevelsAreRefused(spelling: String) {
        #expect(RoastLevel(rawString: spelling) == nil)
    }

    @Test func aCSVWithSynonymsWarnsOnlyForTheRest() throws {
        let header = "brewed_at,bean,roaster,roast_level,rating"
        let rows = ["2026-11-16T07:42:00Z,A,R,City+,4", "2026-11-16T08:42:00Z,B,R,Full City,4",
                    "2026-11-16T09:42:00Z,C,R,scorched,4"]
        let url = try scratchFile("roast.csv", ([header] + rows).joined(separator: "\n") + "\n")
        let result = try importChecked(url, ImportOptions(timeZone: utc))
        let levels = Dictionary(uniqueKeysWithValues: result.journal.beans.map { ($0.displayName, $0.roastLevel) })
        #expect(levels["A"] == .medium && levels["B"] == .mediumDark && levels["C"] == .some(nil))
        let roast = result.report.warnings.filter { $0.message.contains("roast level") }
        #expect(roast.count == 1 && roast[0].message.contains("scorched"))
    }
}
