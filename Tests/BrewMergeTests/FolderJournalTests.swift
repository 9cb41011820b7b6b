import BrewColumns
import BrewImport
import BrewMerge
import BrewShots
import Foundation
import Testing
import TestSupport

/// A folder is one journal of everything readable in it; what cannot be read is named with its reason.
@Suite struct FolderJournalTests {
    /// The sample store, its own CSV export, two sample shots and a README in one folder.
    static func folder() throws -> URL {
        let folder = try Repo.scratch("folder-journal")
        let fm = FileManager.default
        try fm.copyItem(at: Repo.sample("journal.sqlite"), to: folder.appendingPathComponent("journal.sqlite"))
        try fm.copyItem(at: Repo.sample("journal.csv"), to: folder.appendingPathComponent("journal.csv"))
        let shots = try fm.contentsOfDirectory(atPath: Repo.sample("shots").path).filter { $0.hasSuffix(".json") }.sorted().prefix(2)
        for name in shots {
            try fm.copyItem(at: Repo.sample("shots").appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data("# notes\nnot a journal\n".utf8).write(to: folder.appendingPathComponent("README.md"))
        return folder
    }

    @Test func aStoreItsExportAndShotsAreOneJournalAndTheReadmeIsNamed() throws {
        let folder = try Self.folder()
        let result = try FolderJournal.load(folder, options: ImportOptions())
        // The export's brews, counted with the tests' own CSV reader: every one is a brew of the store (same id).
        let exported = TestCSV.rows(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8))
        let byID = result.matches.filter { $0.rule == .id }
        #expect(byID.count == exported.count)
        // The store's brews once, plus the two shots (none lies within the merge window of a journal brew with its dose).
        #expect(result.journal.result.journal.brews.count == exported.count + 2)
        #expect(result.journal.shots?.shots.count == 2)
        let notes = result.journal.result.report.warnings.map(\.message)
        #expect(notes.contains("README.md was not read: not a journal (no store, export, backup or shot data recognised)"))
        #expect(!notes.contains { $0.hasPrefix("files that are not shot files were not read") })
        #expect(result.journal.result.report.file.hasPrefix("journal.sqlite + journal.csv"))
    }

    /// A store named `.sqlite3` is a store like `.sqlite`: read first, so its values stand over the export's.
    @Test func aSqlite3StoreComesFirst() throws {
        let folder = try Repo.scratch("folder-sqlite3")
        let fm = FileManager.default
        try fm.copyItem(at: Repo.sample("journal.sqlite"), to: folder.appendingPathComponent("journal.sqlite3"))
        try fm.copyItem(at: Repo.sample("journal.csv"), to: folder.appendingPathComponent("journal.csv"))
        let result = try FolderJournal.load(folder, options: ImportOptions())
        #expect(result.journal.result.report.file.hasPrefix("journal.sqlite3 + journal.csv"))
    }

    @Test func aFolderOfShotFilesAloneReadsAsItAlwaysHas() throws {
        let alone = try FolderJournal.load(Repo.sample("shots"), options: ImportOptions())
        let direct = try importAnyJournal(at: Repo.sample("shots"))
        #expect(alone.matches.isEmpty)
        #expect(alone.journal.result.journal.brews.count == direct.result.journal.brews.count)
        #expect(alone.journal.result.report.file == direct.result.report.file)
    }

    @Test func aFolderWhereNothingReadsIsOneClearError() throws {
        let folder = try Repo.scratch("folder-nothing")
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        #expect(throws: ImportError.self) { try FolderJournal.load(folder, options: ImportOptions()) }
        do { _ = try FolderJournal.load(folder, options: ImportOptions()) } catch {
            #expect("\(error)".contains("no journal, export, backup or shot file in this folder could be read (notes.txt: "))
        }
    }
}
