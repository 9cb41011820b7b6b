import BrewReport
import Foundation
import Testing
import TestSupport

/// A folder of shot files inside a batch tree is one journal, not a folder of journals.
@Suite struct BatchShotFolderTests {
    @Test func shotFolderIsOneJournal() throws {
        let tree = try Repo.scratch("batch-shots")
        defer { try? FileManager.default.removeItem(at: tree) }
        let shots = tree.appendingPathComponent("espresso")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        for i in 0 ..< 3 {
            let json = #"{"timestamp": \#(1752838911 + i * 60), "samples": [{"t": 0, "cp": \#(i)}, {"t": 100, "cp": 2}]}"#
            try Data(json.utf8).write(to: shots.appendingPathComponent("shot\(i).json"))
        }
        try FileManager.default.copyItem(at: Repo.sample("journal.csv"), to: tree.appendingPathComponent("journal.csv"))
        let options = BatchOptions(inputs: [tree.path], out: tree.appendingPathComponent("out"))
        let inputs = try options.journalFiles().map { $0.url.lastPathComponent }
        #expect(inputs == ["espresso", "journal.csv"])
    }
}
