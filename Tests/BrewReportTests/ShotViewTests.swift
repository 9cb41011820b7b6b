import BrewCharts
import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// The full shot view of every real shot file of the peer data draws every series the file holds. The series of
/// each file are listed here by hand from its raw keys (a goal of −1 throughout, or a sensor that never reports,
/// is no series), and each must be a named line of the chart.
@Suite struct ShotViewTests {
    let utc = TimeZone(identifier: "UTC")!

    static let decentAll = ["Pressure", "Pressure goal", "Flow", "Flow goal", "Weight flow", "Weight", "Basket",
                            "Temperature goal", "Mix", "Resistance"]
    /// File → the series it holds, and the phases it marks.
    static let files: [(String, [String], Int)] = [
        ("visualizer/20211019T100744.json", decentAll, 5),
        ("visualizer/20211019T100744.shot", decentAll, 5),
        ("visualizer/20210921T085910.shot", decentAll, -1),
        ("visualizer/gaggiuino-1020.json", ["Pressure", "Pressure goal", "Flow", "Flow goal", "Weight flow", "Weight",
                                            "Basket", "Temperature goal", "Resistance"], 0),
        ("visualizer/meticulous.shot.json", ["Pressure", "Pressure goal", "Flow", "Flow goal", "Weight flow", "Weight",
                                             "Mix", "Resistance"], -1),
        ("visualizer/pressensor.csv", ["Pressure", "Weight", "Mix"], 0),
        ("visualizer/20210921T085910.csv", ["Pressure", "Flow", "Weight flow", "Weight", "Basket", "Mix", "Resistance"], 0),
    ]

    /// The phases of the real Decent JSON shot: its `state_change` list flips sign at these samples (read here
    /// with Foundation's parser), each the start of a step.
    @Test func decentPhasesAreItsStateChanges() throws {
        let url = try ViewPeer.file("visualizer/20211019T100744.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let elapsed = (root["elapsed"] as! [Any]).map { Double("\($0)")! }
        let changes = (root["state_change"] as! [Any]).map { Double("\($0)")! }
        var starts: [Double] = [], sign = 0.0
        for i in elapsed.indices where changes[i] != 0 && (changes[i] > 0 ? 1.0 : -1.0) != sign {
            sign = changes[i] > 0 ? 1 : -1
            starts.append(elapsed[i])
        }
        let journal = try importAnyJournal(at: url, options: ImportOptions(timeZone: utc))
        let record = try #require(journal.shots?.shots.first)
        #expect(record.phases.map(\.start) == starts)
        #expect(record.phases.map(\.name) == starts.indices.map { "step \($0 + 1)" })
    }

    @Test(arguments: files)
    func viewDrawsEverySeriesOfTheFile(_ file: (String, [String], Int)) throws {
        let journal = try importAnyJournal(at: try ViewPeer.file(file.0), options: ImportOptions(timeZone: utc))
        let table = try #require(journal.shots)
        #expect(table.kept == 1, "\(file.0)")
        let input = try #require(ShotViews.input(journal, shot: 0, timeZone: utc))
        #expect(input.series.map(\.name) == file.1, "\(file.0)")
        let chart = BrewstatsCharts.shotView(input)
        var drawn: Set<String> = []
        for panel in chart.panels.isEmpty ? [chart] : chart.panels {
            for mark in panel.marks { if case .line(let line) = mark, let label = line.label { drawn.insert(label) } }
        }
        for name in file.1 { #expect(drawn.contains(name), "\(file.0): \(name) not drawn") }
        if file.2 >= 0 { #expect(input.phases.count == file.2, "\(file.0)") }
        // Time from the start of the shot, not from first drops.
        #expect(input.time.first.map { $0 >= 0 && $0 < 1 } ?? false)
    }
}

/// The real peer files beside the repository.
enum ViewPeer {
    static func file(_ path: String) throws -> URL { try #require(Repo.peerData, "peer-data not found").appendingPathComponent(path) }
}
