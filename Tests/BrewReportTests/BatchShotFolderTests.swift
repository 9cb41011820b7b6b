import BrewReport
import Foundation
import Testing
import TestSupport

/// A folder of shot files inside a batch tree is one journal, not a folder of journals.
@Suite struct BatchShotFolderTests {
    @Test func shotFolderIsOneJournal() throws {
        let tree = try Repo.scratch("batch-shots")
        defer { try? FileManager.default.removeItem(at: tree) }
        try Self.shotFolder(in: tree) { i in
            #"{"timestamp": \#(1752838911 + i * 60), "samples": [{"t": 0, "cp": \#(i)}, {"t": 100, "cp": 2}]}"#
        }
        try FileManager.default.copyItem(at: Repo.sample("journal.csv"), to: tree.appendingPathComponent("journal.csv"))
        let options = BatchOptions(inputs: [tree.path], out: tree.appendingPathComponent("out"))
        let inputs = try options.journalFiles().map { $0.url.lastPathComponent }
        #expect(inputs == ["espresso", "journal.csv"])
    }

    /// A shot journal's report in a batch has what `brewstats report` gives it: the shots section of index.html
    /// and shots.csv with a row per shot of the week.
    @Test func shotFolderReportHasItsShots() throws {
        let tree = try Repo.scratch("batch-shot-report")
        defer { try? FileManager.default.removeItem(at: tree) }
        // Three GaggiMate shots a day apart, 1 to 3 July 2025 (UTC), peaking at 7, 8 and 9 bar.
        try Self.shotFolder(in: tree) { i in
            #"{"timestamp": \#(1751371200 + i * 86_400), "samples": [{"t": 0, "cp": 1}, {"t": 10000, "cp": \#(7 + i)}, {"t": 25000, "cp": 6}]}"#
        }
        var options = BatchOptions(inputs: [tree.path], out: tree.appendingPathComponent("out"))
        options.jobs = 1
        options.report.stats.timeZone = TimeZone(identifier: "UTC")!
        let result = try BatchRunner.run(options)
        #expect(result.outcomes.map(\.status) == [.ok])
        let folder = tree.appendingPathComponent("out/espresso")
        let csv = try String(contentsOf: folder.appendingPathComponent("shots.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\r\n").count == 1 + 3)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("shots.csv"))
    }

    /// `tree/espresso/` holding `shot0.json` … `shot2.json`, shot `i` being `json(i)`.
    static func shotFolder(in tree: URL, _ json: (Int) -> String) throws {
        let shots = tree.appendingPathComponent("espresso")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        for i in 0 ..< 3 { try Data(json(i).utf8).write(to: shots.appendingPathComponent("shot\(i).json")) }
    }
}
