import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
import ZIPFoundation
@testable import BrewShots

/// A Beanconqueror backup zip whose brew has a brew graph: the graph becomes that brew's shot; the brews are
/// exactly what `importJournal` reads.
/// Reads the real peer files beside the repository (`../shared/peer-data`); skipped where they are absent.
@Suite(.enabled(if: Peer.root != nil, "needs ../shared/peer-data")) struct BeanconquerorBackupShotTests {
    @Test func flowProfileAttachesToItsBrew() throws {
        let folder = try Repo.scratch("bc-backup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = "6f1c1d2e-0000-4000-8000-000000000001", b = "6f1c1d2e-0000-4000-8000-000000000002"
        func brew(_ id: String, _ t: Int) -> String {
            #"{"config": {"uuid": "\#(id)", "unix_timestamp": \#(t)}, "grind_weight": 18, "brew_beverage_quantity": 36, "brew_time": 30, "rating": 4, "flow_profile": "brews/\#(id)_flow_profile.json"}"#
        }
        let main = #"{"BEANS": [], "MILL": [], "PREPARATION": [], "SETTINGS": [{}], "BREWS": [\#(brew(a, 1700000000)), \#(brew(b, 1700003600))]}"#
        let zip = folder.appendingPathComponent("Beanconqueror.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        func add(_ name: String, _ data: Data) throws {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count)) { pos, size in
                data.subdata(in: Int(pos) ..< Int(pos) + size)
            }
        }
        try add("Beanconqueror.json", Data(main.utf8))
        try add("brews/\(b)_flow_profile.json", try Data(contentsOf: try Peer.file("beanconqueror/flow-profiles/BeanconquerorFlowTestDataFourth.json")))
        try add("brews/6f1c1d2e-0000-4000-8000-00000000dead_flow_profile.json", Data("{}".utf8))
        let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
        let journal = try importAnyJournal(at: zip, options: options)
        let plain = try importJournal(at: zip, options: options)
        // The journal's report is the plain import's, with the shot reading's warnings added (the graph's scale
        // falls back to 0 g: ``ShotSeriesChecks``).
        let table = try #require(journal.shots)
        #expect(journal.result.report == plain.report.adding(table.warnings))
        #expect(table.warnings.map(\.column) == [ShotChannel.weight.name])
        #expect(table.read == 2 && table.kept == 1 && table.rejected == 1)
        let row = try #require(table.shots.first?.journalRow)
        #expect(journal.result.journal.brews.id[row]?.lowercased() == b && table.shots[0].brewID == journal.result.journal.brews.id[row])
        // BeanconquerorFlowTestDataFourth.json: 137 weight samples, 16 pressure samples.
        #expect(table.shots[0].sampleCount == 137 && table.shots[0].channels.has(.pressure))
    }
}

/// Beanconqueror's single-brew uploads: the brew is what `importJournal` reads; its `brewFlow` is the brew's shot.
/// Reads the real peer files beside the repository (`../shared/peer-data`); skipped where they are absent.
@Suite(.enabled(if: Peer.root != nil, "needs ../shared/peer-data")) struct BeanconquerorUploadShotTests {
    /// Sample counts read from each file's `brewFlow`: `weight` 1117, 1365, 332, 137; the last has no weight
    /// samples and 241 `pressureFlow` samples, which are then the time axis.
    @Test(arguments: [("beanconqueror_beverage_weight.json", 1117), ("beanconqueror_missing_values.json", 1365),
                      ("beanconqueror_real.json", 332), ("beanconqueror_temperature.json", 137),
                      ("beanconqueror_water_dispensed.json", 241)])
    func uploadFlowIsItsBrewsShot(_ name: String, _ samples: Int) throws {
        let url = try Peer.file("beanconqueror/visualizer-upload/\(name)")
        let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
        let journal = try importAnyJournal(at: url, options: options)
        let table = try #require(journal.shots)
        #expect(journal.result.report == (try importJournal(at: url, options: options)).report.adding(table.warnings))
        #expect(table.kept == 1, "\(table.rejects)")
        #expect(table.shots.first?.sampleCount == samples && table.shots.first?.journalRow == 0)
    }
}

/// A `.shot` whose `machine {…}` block is not valid Tcl is read up to that block (as Visualizer does).
@Suite struct DecentMachineBlockTests {
    @Test func readsUpToAnInvalidMachineBlock() throws {
        let folder = try Repo.scratch("machine-block")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "clock 1632207550\nespresso_elapsed {0.1 0.3 0.5}\nespresso_pressure {1.0 2.5 4.0}\nmachine {\n  version {x\n"
        let url = try write(text, "cut.shot", in: folder)
        let journal = try importAnyJournal(at: url, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        let table = try #require(journal.shots)
        #expect(table.kept == 1)
        #expect(table.samples.values(.pressure, of: 0) == [1.0, 2.5, 4.0])
    }
}

extension ImportReport {
    /// This report with `warnings` added.
    func adding(_ warnings: [ImportWarning]) -> ImportReport {
        var report = self
        report.warnings += warnings
        return report
    }
}
