import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// `compare` of two sample shots and of two real files: the table's differences against values computed here from
/// the raw files (Foundation's parser), and the files written.
@Suite struct ShotComparisonTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func twoSampleShotsDifferAsTheirFilesSay() throws {
        let a = Repo.sample("shots/shot-00000.json"), b = Repo.sample("shots/shot-00001.json")
        let ra = try ShotSectionTests.series(a), rb = try ShotSectionTests.series(b)
        let ja = try importAnyJournal(at: a, options: ImportOptions(timeZone: utc))
        let jb = try importAnyJournal(at: b, options: ImportOptions(timeZone: utc))
        let comparison = ShotComparison([(ja, 0), (jb, 0)], timeZone: utc)
        #expect(comparison.shots.count == 2)
        func q(_ name: String) -> Int { ShotComparison.quantities.firstIndex(of: name)! }
        #expect(abs(comparison.difference(q("dose_g"), shot: 1)! - (rb.dose - ra.dose)) < 1e-9)
        #expect(abs(comparison.difference(q("yield_g"), shot: 1)! - (rb.out - ra.out)) < 1e-9)
        #expect(abs(comparison.difference(q("duration_s"), shot: 1)! - (rb.t.last! - ra.t.last!)) < 1e-4)
        #expect(abs(comparison.difference(q("yield_ratio"), shot: 1)! - (rb.out / rb.dose - ra.out / ra.dose)) < 1e-9)

        let folder = try Repo.scratch("compare")
        defer { try? FileManager.default.removeItem(at: folder) }
        try comparison.write(to: folder, theme: .monochrome)
        for name in ["compare.csv", "compare.md", "index.html", "compare.svg", "compare-dark.svg", "compare-phone.svg"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }
        let csv = try String(contentsOf: folder.appendingPathComponent("compare.csv"), encoding: .utf8)
        let dose = try #require(csv.split(separator: "\n").first { $0.hasPrefix("dose_g,") })
        #expect(dose == "dose_g,\(String(format: "%.3f", ra.dose)),\(String(format: "%.3f", rb.dose)),\(String(format: "%.3f", rb.dose - ra.dose))")
    }

    @Test func twoRealFiles() throws {
        let root = try #require(Repo.peerData)
        let a = root.appendingPathComponent("visualizer/20211019T100744.json")
        let b = root.appendingPathComponent("visualizer/gaggiuino-1020.json")
        let ja = try importAnyJournal(at: a, options: ImportOptions(timeZone: utc))
        let jb = try importAnyJournal(at: b, options: ImportOptions(timeZone: utc))
        let comparison = ShotComparison([(ja, 0), (jb, 0)], timeZone: utc)
        // Durations from the raw files: Decent's last `elapsed`, Gaggiuino's last `timeInShot` (ms).
        let decent = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: a)) as? [String: Any])
        let gaggiuino = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: b)) as? [String: Any])
        let d1 = Double("\((decent["elapsed"] as! [Any]).last!)")!
        let d2 = ((gaggiuino["datapoints"] as! [[String: Any]]).last!["timeInShot"] as! NSNumber).doubleValue / 1000
        let q = ShotComparison.quantities.firstIndex(of: "duration_s")!
        #expect(abs(comparison.difference(q, shot: 1)! - (d2 - d1)) < 1e-3)
        let folder = try Repo.scratch("compare-real")
        defer { try? FileManager.default.removeItem(at: folder) }
        try comparison.write(to: folder, theme: .monochrome)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("compare.svg").path))
    }
}
