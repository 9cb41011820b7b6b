import Foundation
import Testing
import TestSupport

/// The year in review of the real 2020 Beanconqueror backup, run without options, as a new user would: it names the
/// tie for the busiest weekday, the favourite roaster that depends on a name merge the import suspects, and the
/// favourite hour in the backup's own zone (its dates carry +01:00 in winter and +02:00 in summer: Central European
/// time). Each is counted here from the raw JSON (a brew id given twice counted once), with the offsets worked out by hand: not with the importer.
@Suite(.serialized) struct OwnZoneReviewTests {
    static var backup: URL? { Repo.peerData?.appendingPathComponent("beanconqueror/Beanconqueror_old.json") }

    /// Brews per roaster, per local weekday (Monday 0) and per local hour, counted from the file.
    static func counts(_ url: URL) throws -> (roasters: [String: Int], weekdays: [Int], hours: [Int]) {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var roasterOf: [String: String] = [:]
        for bean in root["BEANS"] as? [[String: Any]] ?? [] {
            if let id = (bean["config"] as? [String: Any])?["uuid"] as? String { roasterOf[id] = bean["roaster"] as? String }
        }
        // Central European Summer Time began on 29 March 2020 at 01:00 UTC (the last Sunday of March).
        let summer = 1_585_443_600
        var roasters: [String: Int] = [:], weekdays = [Int](repeating: 0, count: 7), hours = [Int](repeating: 0, count: 24)
        // A brew id given twice is one brew: the first record with it counts (docs/formats.md, Beanconqueror).
        var seen = Set<String>()
        for brew in root["BREWS"] as? [[String: Any]] ?? [] {
            guard let config = brew["config"] as? [String: Any], let t = config["unix_timestamp"] as? Int,
                  seen.insert(config["uuid"] as? String ?? UUID().uuidString).inserted else { continue }
            let local = t + (t >= summer ? 7200 : 3600)
            // 1970-01-01 was a Thursday (Monday-first index 3).
            weekdays[((local / 86_400) + 3) % 7] += 1
            hours[(local % 86_400) / 3600] += 1
            if let bean = brew["bean"] as? String, let r = roasterOf[bean], !r.isEmpty { roasters[r, default: 0] += 1 }
        }
        return (roasters, weekdays, hours)
    }

    @Test(.enabled(if: CLI.available && OwnZoneReviewTests.backup.map { FileManager.default.fileExists(atPath: $0.path) } == true,
                   "needs the built binary and ../shared/peer-data"))
    func theBackupsReviewNamesTheTieTheMergeAndTheLocalHour() throws {
        let url = try #require(Self.backup)
        let c = try Self.counts(url)
        let out = try Repo.scratch("own-zone").appendingPathComponent("review")
        let r = try CLI.run(["review", url.path, "--out", out.path], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        // The page escapes the apostrophe (&#39;); read as text, it is one.
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            .replacingOccurrences(of: "&#39;", with: "'")
        // The zone, named.
        #expect(html.contains("Days and times of day in Europe/Berlin: the zone of the journal's own dates (+01:00, +02:00)"))
        // The busiest weekday: every weekday with the most brews, named.
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let top = try #require(c.weekdays.max())
        let tied = names.indices.filter { c.weekdays[$0] == top }.map { names[$0] }
        #expect(tied.count == 2, "the backup's busiest weekdays: \(tied) (\(c.weekdays))")
        #expect(html.contains("<strong>Busiest weekday</strong>: <span class=\"statement\">\(tied.joined(separator: " and ")), \(top) brews each (a tie)</span>"))
        // The favourite roaster: the two spellings of Quijote together beat the first roaster alone.
        let quijote = (c.roasters["Quijote Kaffee"] ?? 0) + (c.roasters["Quijote"] ?? 0)
        let first = try #require(c.roasters.filter { !$0.key.hasPrefix("Quijote") }.max { $0.value < $1.value })
        #expect(quijote > first.value && (c.roasters["Quijote Kaffee"] ?? 0) < first.value)
        #expect(html.contains("Quijote, if ‘Quijote Kaffee’ and ‘Quijote’ are one roaster (\(quijote) brews); otherwise \(first.key) (\(first.value) brews)"))
        // The favourite hour, local.
        let most = try #require(c.hours.max())
        let hours = c.hours.indices.filter { c.hours[$0] == most }.map { String(format: "%02d:00–%02d:00", $0, ($0 + 1) % 24) }
        let said = hours.count == 1 ? "\(hours[0]), \(most) brews"
            : hours.dropLast().joined(separator: ", ") + " and \(hours.last!), \(most) brews each (a tie)"
        #expect(html.contains("<strong>Favourite hour</strong>: <span class=\"statement\">\(said)"))
        // Its runner-up is worded as an hour too.
        if hours.count == 1, let second = c.hours.filter({ $0 < most }).max(), let h = c.hours.firstIndex(of: second) {
            #expect(html.contains(String(format: "runner-up: %02d:00–%02d:00 (%d)", h, (h + 1) % 24, second)))
        }
    }
}
