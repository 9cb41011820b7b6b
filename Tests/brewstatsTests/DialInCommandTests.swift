import Foundation
import Testing
import TestSupport

@Suite struct DialInCommandTests {
    /// The bag and its usable brews, from the raw CSV export: the latest C40 × V60 brew's bean (roaster + name),
    /// and that bag's brews there with a grind setting and a rating.
    @Test(.enabled(if: CLI.available)) func jsonAnswersForTheLatestBag() throws {
        let text = try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8)
        let rows = TestCSV.rows(text).filter { $0["grinder"] == "Comandante C40" && $0["method"] == "V60" }
        let iso = ISO8601DateFormatter()
        let latest = try #require(rows.max { iso.date(from: $0["brewed_at"]!)! < iso.date(from: $1["brewed_at"]!)! })
        let bag = rows.filter { $0["bean"] == latest["bean"] && $0["roaster"] == latest["roaster"] }
        let usable = bag.filter { !($0["grind_setting"] ?? "").isEmpty && !($0["rating"] ?? "").isEmpty }

        let r = try CLI.run(["dial-in", Repo.sample("journal.csv").path, "--grinder", "comandante c40", "--method", "v60", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["grinder"] as? String == "Comandante C40" && object["method"] as? String == "V60")
        #expect((object["bean"] as? String)?.hasPrefix(latest["bean"]!) == true)
        #expect(object["brews"] as? Int == usable.count)
        let next = try #require(object["next"] as? [String: Any])
        let setting = try #require(next["grind_setting"] as? Double)
        #expect(setting == setting.rounded() && (0...40).contains(setting))
        let best = try #require(object["best"] as? [String: Any])
        #expect(best["level"] as? Double == 0.8)
        #expect((object["why"] as? String)?.isEmpty == false)
    }

    @Test(.enabled(if: CLI.available)) func unknownNamesAndEmptyPairsExitOne() throws {
        let journal = Repo.sample("journal.sqlite").path
        // An unknown name lists the journal's names, the closest first; the beginning of one name picks it.
        let r = try CLI.run(["dial-in", journal, "--grinder", "Nitche", "--method", "V60"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no grinder matches 'Nitche'; the journal has: Niche Zero, "), "\(r.stderr)")
        let prefix = try CLI.run(["dial-in", journal, "--grinder", "comandante", "--method", "v60"])
        #expect(prefix.status == 0 && prefix.stdout.hasPrefix("Comandante C40 × V60"), "\(prefix.stderr)")
        let none = try CLI.run(["dial-in", journal, "--grinder", "Krups blade grinder", "--method", "V60"])
        #expect(none.status == 1 && none.stderr.contains("nothing to dial in from"))
        let usage = try CLI.run(["dial-in", journal, "--grinder", "Comandante C40", "--method", "V60", "-o", "x.gif"])
        #expect(usage.status == 64)
    }
}
