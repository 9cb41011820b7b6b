import Foundation
import Testing
import TestSupport

/// `inspect` on a shot folder: shots kept, rejected and duplicated, channels found, samples and sample rate.
@Suite struct InspectShotsTests {
    static var peerShots: URL? {
        let candidates = [Repo.peerData, Repo.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/peer-data")]
        return candidates.compactMap { $0?.appendingPathComponent("visualizer") }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The peer folder (its SOURCE.txt): 15 files besides SOURCE.txt. Three repeat another's series — the SEP CSV and
    /// the year.month.day `.shot` are the 20210921T085910 shot again, the v2 JSON the 20211019T100744 `.shot` — and the
    /// Beanconqueror upload is a one-brew journal with its flow profile, read with the folder (FolderJournal): 14 shot
    /// files and the upload's shot read, 12 kept, the 3 repeats rejected. The first Decent `.shot` has 100 samples.
    @Test(.enabled(if: CLI.available, "needs the binary"), .enabled(if: Self.peerShots != nil, "needs the real shot files in ../shared/peer-data/visualizer")) func inspectShotFolder() throws {
        let folder = try #require(Self.peerShots)
        let r = try CLI.run(["inspect", folder.path, "--tz", "UTC"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("beanconqueror_negative.json + visualizer (shot files)"))
        #expect(r.stdout.contains("shots         read 15, kept 12, rejected 3 (duplicates 3)"))
        #expect(r.stdout.contains("channels    time_s, pressure_bar"))
        #expect(r.stdout.contains("median rate"))
        #expect(r.stdout.contains("duplicate   ") && r.stdout.contains("20210921T085910.csv"))
        let j = try CLI.run(["inspect", folder.path, "--tz", "UTC", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])
        let shots = try #require(object["shots"] as? [String: Any])
        #expect(shots["read"] as? Int == 15 && shots["kept"] as? Int == 12 && shots["rejected"] as? Int == 3)
        let list = try #require(shots["shots"] as? [[String: Any]])
        let decent = try #require(list.first { ($0["file"] as? String)?.hasSuffix("20210921T085910.shot") == true })
        #expect(decent["samples"] as? Int == 100 && decent["format"] as? String == "decent-shot")
    }
}
