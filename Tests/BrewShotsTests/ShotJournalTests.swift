import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
import ZIPFoundation
@testable import BrewShots

/// Folders and zips of shots as one journal: mixed formats, duplicates, accounting, and the non-shot fallback.
/// Reads the real peer files beside the repository (`../shared/peer-data`); skipped where they are absent.
@Suite(.enabled(if: Peer.root != nil, "needs ../shared/peer-data")) struct ShotJournalTests {
    let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    /// The peer folder: 8 shot files (the SEP CSV is Visualizer's export of the `.shot`: a duplicate), SOURCE.txt
    /// not read; 7 kept, 1 rejected as that duplicate, `read == kept + rejected`.
    @Test func peerFolderMixedFormats() throws {
        let journal = try importAnyJournal(at: try Peer.file("visualizer"), options: options)
        let table = try #require(journal.shots)
        let report = journal.result.report
        #expect(report.format == .shots)
        // The folder's SOURCE.txt: 15 files; the SEP CSV and the year.month.day `.shot` repeat 20210921T085910.shot's
        // series, the v2 JSON repeats 20211019T100744.shot's, and the Beanconqueror upload is not a shot file.
        #expect(table.read == 15 && table.kept == 11 && table.rejected == 4)
        #expect(report.brews.read == report.brews.kept + report.brews.rejected)
        #expect(report.brews.kept == journal.result.journal.brews.count)
        #expect(table.duplicates.count == 3)
        let pairs = Set(table.duplicates.map { ($0.file as NSString).lastPathComponent + "=" + ($0.duplicateOf as NSString).lastPathComponent })
        #expect(pairs == ["20210921T085910.csv=20210921T085910.shot", "20210921T085910ymd.shot=20210921T085910.shot",
                          "20211019T100744.json=20211019T100744.shot"])
        // Every shot format but Beanconqueror's brew graphs is kept; the one Decent v2 JSON repeats its `.shot` twin,
        // which is read first, so it is the duplicate.
        #expect(Set(table.formats.keys) == Set(ShotFormat.allCases).subtracting([.beanconquerorFlow, .decentJSON, .decenza]))
        #expect(report.warnings.contains { $0.where?.hasSuffix("SOURCE.txt") == true })
        // Every shot's brew row is its own and the samples table has one entry per kept shot.
        #expect(table.samples.shotCount == 11 && Set(table.shots.map(\.journalRow)) == Set(0 ..< 11))
        // gaggimate-v0.json never passes 1.4 bar over its 25 s (10 ml/s through the group): a filter brew made on
        // the machine by docs/shots.md's rule, of the method "GaggiMate (filter)"; every other shot is espresso.
        let brews = journal.result.journal.brews
        let filter = table.shots.filter { brews.category[$0.journalRow] != MethodCategory.espresso.rawValue }
        #expect(filter.map { ($0.file as NSString).lastPathComponent } == ["gaggimate-v0.json"])
        #expect(filter.allSatisfy { brews.method[$0.journalRow]?.hasSuffix(" (filter)") == true })
    }

    /// A zip of three shot files of two formats plus a copy of one of them under another name.
    @Test func zipOfShotsWithADuplicate() throws {
        let folder = try Repo.scratch("shots-zip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("shots.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        for (name, source) in [("a.json", "visualizer/gaggiuino-1020.json"), ("b.shot.json", "visualizer/meticulous.shot.json"),
                               ("mirror/a-copy.json", "visualizer/gaggiuino-1020.json")] {
            try archive.addEntry(with: name, fileURL: try Peer.file(source))
        }
        let journal = try importAnyJournal(at: zip, options: options)
        let table = try #require(journal.shots)
        #expect(table.read == 3 && table.kept == 2 && table.rejected == 1)
        #expect(table.duplicates.map(\.file) == [zip.path + "/mirror/a-copy.json"])
        #expect(journal.result.report.rejects.first?.reason.contains("duplicate") == true)
    }

    /// A single shot file is a journal of one shot; a non-shot journal goes to `importJournal` unchanged.
    @Test func singleFileAndFallback() throws {
        let one = try importAnyJournal(at: try Peer.file("visualizer/meticulous.shot.json"), options: options)
        #expect(one.shots?.kept == 1 && one.result.journal.brews.count == 1)
        let bc = try importAnyJournal(at: try Peer.file("beanconqueror/Beanconqueror_old.json"), options: options)
        #expect(bc.shots == nil)
        #expect(bc.result.report.format == .beanconqueror)
        #expect(bc.result.journal.brews.count == (try importJournal(at: try Peer.file("beanconqueror/Beanconqueror_old.json"),
                                                                      options: options)).journal.brews.count)
    }

    /// GaggiMate notes in a separate file (same stem) supply the rating, dose and yield.
    @Test func gaggimateNotesAttach() throws {
        let folder = try Repo.scratch("shots-notes")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: try Peer.file("visualizer/gaggimate-v1.json"), to: folder.appendingPathComponent("000042.json"))
        try write(#"{"id": "000042", "rating": 4, "doseIn": "18.5", "doseOut": "40.1", "grindSetting": "7", "balanceTaste": "balanced"}"#,
                  "000042-notes.json", in: folder)
        let journal = try importAnyJournal(at: folder, options: options)
        let brews = journal.result.journal.brews
        #expect(journal.shots?.kept == 1)
        #expect(brews.rating[0] == 4 && brews.doseGrams[0] == 18.5 && brews.yieldGrams[0] == 40.1 && brews.grindSetting[0] == 7)
    }
}

/// A folder or zip without any shot file is not a journal.
@Suite struct NoShotsTests {
    @Test func folderAndZipWithoutShotsAreRefused() throws {
        let folder = try Repo.scratch("no-shots")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("just notes", "README.txt", in: folder)
        #expect(throws: ImportError.self) { try importAnyJournal(at: folder) }
        let zip = folder.appendingPathComponent("x.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        try archive.addEntry(with: "README.txt", fileURL: folder.appendingPathComponent("README.txt"))
        do {
            _ = try importAnyJournal(at: zip)
            Issue.record("a zip without shots was read")
        } catch {
            #expect(error.kind == .notAJournal)
        }
    }
}
