import BrewColumns
import BrewImport
import BrewNames
import BrewOpen
import BrewStats
import Foundation
import Testing
import TestSupport

@Suite struct NameAliasesTests {
    static let file = """
        # spellings on the left, the name they mean on the right
        [roasters]
        "Quijote Kaffee" = "Quijote"
        'flying roaster' = "Flying Roasters"

        [grinders]
        Encore = "Baratza Encore"

        [beans]
        "Colombia Narino" = "Colombia Nariño"
        "Never Brewed" = "Something"
        """

    @Test func readsEachTableAndMatchesSpellingsByKey() throws {
        let a = try NameAliases(toml: Self.file, file: "aliases.toml")
        #expect(a.target(of: "QUIJOTE  kaffee", kind: .roaster) == "Quijote")
        #expect(a.target(of: "Flying Roaster", kind: .roaster) == "Flying Roasters")
        #expect(a.target(of: "encore", kind: .grinder) == "Baratza Encore")
        #expect(a.target(of: "Encore", kind: .roaster) == nil)
        #expect(a.spellings[.bean] == ["Colombia Narino", "Never Brewed"])
    }

    @Test(arguments: [
        ("[roasters]\n\"A\" = \"B\"\n\"a\" = \"C\"\n", "is given twice"),
        ("[roasters]\n\"A\" = \"B\"\n\"B\" = \"C\"\n", "map every spelling to the final name"),
        ("[roaster]\n\"A\" = \"B\"\n", "unknown table [roaster]"),
        // A list is valid TOML syntax (mappings take `missing = [...]`), but an alias maps to one name.
        ("[roasters]\n\"A\" = [\"B\"]\n", "line 2: [roasters] \"A\" must map to a name in quotes"),
        ("[roasters]\n\"A\" = 3\n", "must map to a name in quotes"),
        ("[roasters]\n\"A\" = \"--\"\n", "must hold a letter or digit"),
    ])
    func refusesWhatItCannotMeanWithTheLine(text: String, expected: String) {
        #expect(throws: NamesError.self) { try NameAliases(toml: text, file: "a.toml") }
        do { _ = try NameAliases(toml: text, file: "a.toml") } catch {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.hasPrefix("invalid aliases file a.toml: "))
        }
    }

    @Test func mergesRoastersAndGrindersAndRenamesBeans() throws {
        let result = try NearDuplicatesTests.journal()
        let aliases = try NameAliases(toml: Self.file, file: "aliases.toml")
        let outcome = aliases.apply(to: result.journal)
        let t = outcome.journal.brews
        // Brews per roaster after the merge, counted from the rows NearDuplicatesTests writes: 5 + 3 Quijote,
        // 2 + 1 Flying Roasters, 2 Müller, 4 Square Mile.
        var perRoaster: [String: Int] = [:]
        for i in 0..<t.count { if let r = t.roaster[i] { perRoaster[r, default: 0] += 1 } }
        #expect(perRoaster == ["Quijote": 8, "Flying Roasters": 3, "Kaffeerösterei Müller": 2, "Square Mile": 4])
        // The two grinder entities became one code.
        let encoreCodes = Set((0..<t.count).compactMap { i in t.grinder[i] == "Baratza Encore" ? t.grinder.code(i) : nil })
        #expect(encoreCodes.count == 1)
        #expect((0..<t.count).filter { t.grinder[$0] == "Baratza Encore" }.count == 8)
        #expect(outcome.journal.grinders.filter { $0.displayName == "Baratza Encore" }.count == 1)
        #expect(outcome.journal.grinders.count == result.journal.grinders.count - 1)
        // Every grinder code still indexes the grinder table, and names agree with it.
        for i in 0..<t.count { if let c = t.grinder.code(i) { #expect(outcome.journal.grinders[Int(c)].displayName == t.grinder[i]) } }
        // Beans renamed, bags kept apart; their roaster follows the roaster aliases.
        #expect(outcome.journal.beans.filter { $0.name == "Colombia Nariño" }.count == 2)
        #expect(outcome.journal.beans.allSatisfy { $0.roaster != "Quijote Kaffee" })
        #expect(outcome.journal.beans.count == result.journal.beans.count)
        // Other columns untouched.
        #expect(t.grindSetting.values == result.journal.brews.grindSetting.values)
        #expect(t.id.count == result.journal.brews.id.count)
        // What was applied, and the alias that matched nothing.
        #expect(outcome.applied.map { "\($0.kind.rawValue) \($0.spelling)→\($0.target) \($0.brews)" } == [
            "roaster Quijote Kaffee→Quijote 5", "roaster Flying Roaster→Flying Roasters 1",
            "bean Colombia Narino→Colombia Nariño 1", "grinder Encore→Baratza Encore 3",
        ])
        #expect(outcome.unused.map(\.spelling) == ["Never Brewed"])
    }

    @Test func afterTheAliasesOnlyTheUnmergedNamesAreNoted() throws {
        let result = try NearDuplicatesTests.journal()
        let reviewed = result.reviewingNames(with: try NameAliases(toml: Self.file, file: "/tmp/x/aliases.toml"))
        let messages = reviewed.report.warnings.filter { $0.kind == .note }.map(\.message)
        #expect(messages.contains("\"Quijote Kaffee\" (5 brews) counted as roaster \"Quijote\" (aliases.toml)"))
        #expect(messages.contains("aliases.toml: no bean of this journal is spelled \"Never Brewed\""))
        // Santa Barbra is the one near-duplicate left.
        let left = messages.filter { $0.contains("may be one") }
        #expect(left.count == 1)
        #expect(left.first?.contains("\"Santa Barbara\" (2 brews) and \"Santa Barbra\" (1 brew)") == true)
    }

    /// The real 2020 Beanconqueror backup spells one roaster "Quijote Kaffee" and "Quijote": without aliases its year
    /// names another favourite and the import notes the pair; with them, Quijote is the favourite with the two
    /// spellings' brews together (counted here from the backup's JSON, not through the importer).
    @Test func realBackupsFavouriteRoasterOnceTheSpellingsAreMerged() throws {
        guard let peer = Repo.peerData else {
            Issue.record("../shared/peer-data is absent: the real backup cannot be read"); return
        }
        let url = peer.appendingPathComponent("beanconqueror/Beanconqueror_old.json")
        let raw = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var roasterOfBean: [String: String] = [:]
        for bean in raw["BEANS"] as! [[String: Any]] {
            let config = bean["config"] as! [String: Any]
            roasterOfBean[config["uuid"] as! String] = bean["roaster"] as? String
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var counts: [String: Int] = [:], seen = Set<String>()
        for brew in raw["BREWS"] as! [[String: Any]] {
            let config = brew["config"] as! [String: Any]
            // A repeated brew uuid is one brew (the importer keeps the first record and lists the rest).
            guard seen.insert(config["uuid"] as! String).inserted else { continue }
            let seconds = (config["unix_timestamp"] as! NSNumber).doubleValue
            guard calendar.component(.year, from: Date(timeIntervalSince1970: seconds)) == 2020,
                  let r = (brew["bean"] as? String).flatMap({ roasterOfBean[$0] }) else { continue }
            counts[r, default: 0] += 1
        }
        let quijote = counts["Quijote Kaffee", default: 0] + counts["Quijote", default: 0]
        let runnerUp = counts.filter { !$0.key.hasPrefix("Quijote") }.values.max() ?? 0
        #expect(quijote > runnerUp)

        var options = StatsOptions()
        options.timeZone = TimeZone(identifier: "UTC")!
        let imported = try importJournal(at: url)
        let before = imported.reviewingNames()
        #expect(before.report.warnings.contains { $0.message.contains("\"Quijote Kaffee\"") && $0.message.contains("may be one roaster") })
        #expect(BrewAnalysis(journal: before.journal, options: options).yearReview(2020).favouriteRoaster?.name != "Quijote")

        let aliases = try NameAliases(toml: "[roasters]\n\"Quijote Kaffee\" = \"Quijote\"\n", file: "aliases.toml")
        let after = imported.reviewingNames(with: aliases)
        let favourite = BrewAnalysis(journal: after.journal, options: options).yearReview(2020).favouriteRoaster
        #expect(favourite?.name == "Quijote")
        #expect(favourite?.brews == quijote)
        #expect(!after.report.warnings.contains { $0.message.contains("\"Quijote Kaffee\"") && $0.message.contains("may be one") })
    }
}

/// A name an aliases file gives is cleaned of control characters like every name a journal holds.
@Suite struct AliasControlCharacterTests {
    /// (A NUL cannot come through: the TOML parser ends a string at `\u0000`.)
    @Test func aTargetWithControlCodesIsCleaned() throws {
        let aliases = try NameAliases(toml: "[beans]\n\"Kochere\" = \"Koch\\u0007ere \\u001b[31m\"\n", file: "aliases.toml")
        #expect(aliases.target(of: "kochere", kind: .bean) == "Koch\u{FFFD}ere \u{FFFD}[31m")
    }
}
