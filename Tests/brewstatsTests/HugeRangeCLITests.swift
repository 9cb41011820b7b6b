import Foundation
import Testing
import TestSupport

/// A grinder recorded with a maximum setting of 10¹⁹ made `report` and `dial-in` die with status 132 (a trap in
/// the dial-in grid) and took a whole `batch` down with it. The range is now dropped at import with a warning, and a
/// batch lists a journal that fails with its reason and goes on.
@Suite struct HugeRangeCLITests {
    /// Runs `sqlite3 db sql`.
    func sqlite(_ db: URL, _ sql: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        p.arguments = [db.path, sql]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "sqlite3 \(sql)")
    }

    /// The sample store with every grinder's `ZSETTINGMAX` set to `value`.
    func bigStore(_ folder: URL, _ value: String = "1e19") throws -> URL {
        let big = folder.appendingPathComponent("big.sqlite")
        try FileManager.default.copyItem(at: Repo.sample("journal.sqlite"), to: big)
        try sqlite(big, "UPDATE ZGRINDER SET ZSETTINGMAX = \(value);")
        return big
    }

    @Test(.enabled(if: CLI.available), arguments: ["1e19", "9e999", "-9e999"])
    func reportAndDialInAnswerOnAHugeRange(_ value: String) throws {
        let folder = try Repo.scratch("e2e-huge-range")
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = try bigStore(folder, value)
        let dial = try CLI.run(["dial-in", big.path, "--grinder", "Comandante C40", "--method", "V60", "--json"])
        #expect(!dial.signalled && dial.status == 0, "\(dial.status): \(dial.stderr)")
        let report = try CLI.run(["report", big.path, "--out", folder.appendingPathComponent("r").path], timeout: 180)
        #expect(!report.signalled && report.status == 0, "\(report.status): \(report.stderr)")
        let inspect = try CLI.run(["inspect", big.path])
        #expect(inspect.status == 0 && inspect.stdout.contains("ZSETTINGMAX"), "\(inspect.stdout)")
    }

    /// `batch big.sqlite j.sqlite noise.sqlite`: `batch.csv` is written, the good journal and the one with the huge
    /// range are reported, the unreadable one is listed as failed with its reason, exit 3 (some failed).
    @Test(.enabled(if: CLI.available)) func aBatchSurvivesAHugeRangeAndAFailingJournal() throws {
        let folder = try Repo.scratch("e2e-huge-range-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let generated = try CLI.run(["generate", "--brews", "300", "--seed", "1", "--to", "sqlite",
                                     "-o", input.appendingPathComponent("j.sqlite").path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let big = input.appendingPathComponent("big.sqlite")
        try FileManager.default.copyItem(at: input.appendingPathComponent("j.sqlite"), to: big)
        try sqlite(big, "UPDATE ZGRINDER SET ZSETTINGMAX = 1e19;")
        try Data("SQLite format 3\u{0}".utf8 + Data(repeating: 0x41, count: 4000))
            .write(to: input.appendingPathComponent("noise.sqlite"))
        let out = folder.appendingPathComponent("b")
        let r = try CLI.run(["batch", big.path, input.appendingPathComponent("j.sqlite").path,
                             input.appendingPathComponent("noise.sqlite").path, "--out", out.path, "--quiet"], timeout: 300)
        #expect(!r.signalled && r.status == 3, "\(r.status): \(r.stderr)")
        let rows = TestCSV.records(text(out.appendingPathComponent("batch.csv"))).rows
        let status = Dictionary(uniqueKeysWithValues: rows.map { ($0["journal"] ?? "", $0["status"] ?? "") })
        #expect(status == ["big": "ok", "j": "ok", "noise": "failed"], "\(rows)")
        #expect(rows.first { $0["journal"] == "noise" }?["error"]?.isEmpty == false)
        let bigRow = try #require(rows.first { $0["journal"] == "big" })
        let jRow = try #require(rows.first { $0["journal"] == "j" })
        #expect(bigRow["brews_kept"] == jRow["brews_kept"] && bigRow["brews_kept"] != "0")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("big/index.html").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("combined/index.html").path))
    }
}
