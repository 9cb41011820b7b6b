import BrewCharts
import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// The full shot view and the overlay of every real shot file of the peer data (the 15 files of `visualizer/`, every
/// one a shot file of Visualizer's test folder) draw every series the file holds. The series of each file are
/// listed here by hand from its raw keys and values (a goal of −1 throughout, or a sensor that never reports, is no
/// series; a GaggiMate `v` of 0 throughout is no scale, so neither `v` nor `vf` is a series; resistance wherever
/// pressure and flow are), and each must be a named line of both charts. Skipped when the peer data is absent (a
/// checkout without `../shared/peer-data`): the files are not part of the repository.
@Suite(.enabled(if: Repo.peerData != nil, "the real shot files of ../shared/peer-data are not on this machine"))
struct ShotViewTests {
    let utc = TimeZone(identifier: "UTC")!

    static let decentAll = ["Pressure", "Pressure goal", "Flow", "Flow goal", "Weight flow", "Weight", "Basket",
                            "Temperature goal", "Water at the group", "Resistance"]
    /// File → the series it holds, and the phases it marks (−1: not checked here).
    static let files: [(String, [String], Int)] = [
        ("visualizer/20211019T100744.json", decentAll, 5),
        ("visualizer/20211019T100744.shot", decentAll, 5),
        ("visualizer/20210921T085910.shot", decentAll, -1),
        // The same shot with its roast date written year.month.day.
        ("visualizer/20210921T085910ymd.shot", decentAll, -1),
        // `espresso_flow_goal` is −1 throughout.
        ("visualizer/brackets.shot", ["Pressure", "Pressure goal", "Flow", "Weight flow", "Weight", "Basket",
                                      "Temperature goal", "Water at the group", "Resistance"], -1),
        // `espresso_pressure_goal` is −1 throughout (a flow profile).
        ("visualizer/empty_flow.shot", ["Pressure", "Flow", "Flow goal", "Weight flow", "Weight", "Basket",
                                        "Temperature goal", "Water at the group", "Resistance"], -1),
        ("visualizer/gaggiuino-1020.json", ["Pressure", "Pressure goal", "Flow", "Flow goal", "Weight flow", "Weight",
                                            "Basket", "Temperature goal", "Resistance"], 0),
        // cp, fl, tt, ct; tp and tf 0 throughout (goals the profile does not set: not drawn); `v` 0 throughout: no
        // scale.
        ("visualizer/gaggimate-v0.json", ["Pressure", "Flow", "Temperature goal", "Water at the group", "Resistance"], 0),
        // tp 0–4 bar; tf 0 throughout (not drawn).
        ("visualizer/gaggimate-v1.json", ["Pressure", "Pressure goal", "Flow", "Temperature goal", "Water at the group", "Resistance"], 0),
        ("visualizer/meticulous.shot.json", ["Pressure", "Pressure goal", "Flow", "Flow goal", "Weight flow", "Weight",
                                             "Water at the group", "Resistance"], -1),
        // SEP CSV layout: the moment rows fill pressure, current_total_shot_weight and water_temperature_in only.
        ("visualizer/pressensor.csv", ["Pressure", "Weight", "Water at the group"], 0),
        ("visualizer/pressensor_short.csv", ["Pressure", "Weight", "Water at the group"], 0),
        // Only current_total_shot_weight.
        ("visualizer/sharebrew_tsp.csv", ["Weight"], 0),
        ("visualizer/20210921T085910.csv", ["Pressure", "Flow", "Weight flow", "Weight", "Basket", "Water at the group", "Resistance"], 0),
        // A Beanconqueror upload: `brewFlow.weight` and `realtimeFlow`; its `pressureFlow` is empty.
        ("visualizer/beanconqueror_negative.json", ["Weight flow", "Weight"], 0),
    ]

    /// The list above names every file of the peer data's `visualizer/` folder but its SOURCE.txt: a file added there
    /// must be listed.
    @Test func everyRealShotFileIsListed() throws {
        let folder = try ViewPeer.file("visualizer")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "SOURCE.txt" }
        #expect(Set(names.map { "visualizer/" + $0 }) == Set(Self.files.map(\.0)))
    }

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

    /// The overlay of the file's profile × bean (one shot) draws the same series, with their values.
    @Test(arguments: files)
    func overlayDrawsEverySeriesOfTheFile(_ file: (String, [String], Int)) throws {
        let journal = try importAnyJournal(at: try ViewPeer.file(file.0), options: ImportOptions(timeZone: utc))
        let groups = ShotOverlays.inputs(journal, timeZone: utc)
        #expect(groups.count == 1, "\(file.0)")
        let input = try #require(groups.first)
        #expect(input.seriesKinds.map(\.name) == file.1, "\(file.0)")
        let chart = BrewstatsCharts.shotOverlay(input)
        var drawn: [String: [Double]] = [:]
        for panel in chart.panels.isEmpty ? [chart] : chart.panels {
            for mark in panel.marks {
                if case .line(let line) = mark, let label = line.label, case .numbers(let y) = line.y { drawn[label] = y }
            }
        }
        let samples = try #require(journal.shots?.samples)
        let pressure = samples.values(.pressure, of: 0)
        for name in file.1 {
            #expect(drawn[name] != nil, "\(file.0): \(name) not drawn in the overlay")
        }
        // The pressure line is the file's pressure, sample by sample (shots here are under 1,500 samples).
        if let line = drawn["Pressure"] {
            #expect(line.count == pressure.count)
            #expect(zip(line, pressure).allSatisfy { a, b in b.map { Double($0) == a } ?? a.isNaN }, "\(file.0)")
        }
    }
}

/// The real peer files beside the repository.
enum ViewPeer {
    static func file(_ path: String) throws -> URL { try #require(Repo.peerData, "peer-data not found").appendingPathComponent(path) }
}
