import Foundation
import Testing
import TestSupport

/// `inspect` on a shot folder: shots kept, rejected and duplicated, channels found, samples and sample rate.
@Suite struct InspectShotsTests {
    static var peerShots: URL? {
        let candidates = [Repo.peerData, Repo.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/peer-data")]
        return candidates.compactMap { $0?.appendingPathComponent("visualizer") }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The peer folder: 8 shot files, the SEP CSV a duplicate of the `.shot`; the Decent `.shot` has 100 samples.
    @Test(.enabled(if: CLI.available && Self.peerShots != nil)) func inspectShotFolder() throws {
        let folder = try #require(Self.peerShots)
        let r = try CLI.run(["inspect", folder.path, "--tz", "UTC"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("format        shots"))
        #expect(r.stdout.contains("shots         read 8, kept 7, rejected 1 (duplicates 1)"))
        #expect(r.stdout.contains("channels    time_s, pressure_bar"))
        #expect(r.stdout.contains("median rate"))
        #expect(r.stdout.contains("duplicate   ") && r.stdout.contains("20210921T085910.csv"))
        let j = try CLI.run(["inspect", folder.path, "--tz", "UTC", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])
        let shots = try #require(object["shots"] as? [String: Any])
        #expect(shots["read"] as? Int == 8 && shots["kept"] as? Int == 7 && shots["rejected"] as? Int == 1)
        let list = try #require(shots["shots"] as? [[String: Any]])
        let decent = try #require(list.first { ($0["file"] as? String)?.hasSuffix(".shot") == true })
        #expect(decent["samples"] as? Int == 100 && decent["format"] as? String == "decent-shot")
    }
}
