import BrewCharts
import BrewShots
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// The shot overlays of a generated shot folder: groups partition the shots, the latest is the last started, and
/// each trace is aligned on the shot's own first-drops time.
@Suite struct ShotOverlaysTests {
    @Test func groupsPartitionTheShotsAndTheLatestIsTheLastStarted() throws {
        let folder = try Repo.scratch("shot-overlays")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shots = folder.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        _ = try ShotFolderWriter(format: .gaggiuino).write(ShotGenerator(count: 24, seed: 7), to: shots)
        let journal = try importAnyJournal(at: shots)
        let table = try #require(journal.shots)
        let groups = ShotOverlays.inputs(journal)
        #expect(!groups.isEmpty)
        // Every kept shot is in exactly one group.
        #expect(groups.map(\.shots.count).reduce(0, +) == table.kept)
        // Largest first.
        #expect(zip(groups, groups.dropFirst()).allSatisfy { $0.shots.count >= $1.shots.count })
        for group in groups {
            // Exactly one latest shot, and it is the last one.
            #expect(group.shots.filter(\.isLatest).count == 1)
            #expect(group.shots.last?.isLatest == true)
        }
        // The largest group's traces: times, first drops, pre-infusion and series match the table and the metrics,
        // shot by shot; every series the shot records is there (the full view's names).
        let metrics = ShotMetrics(table.samples, phaseStarts: table.phaseStarts)
        let biggest = groups[0]
        let byLength = Dictionary(grouping: table.shots.indices, by: { table.samples.range(of: $0).count })
        for trace in biggest.shots {
            let candidates = byLength[trace.time.count] ?? []
            #expect(!candidates.isEmpty)
            #expect(candidates.contains { i in
                metrics.value(.firstDrops, of: i) == trace.firstDrops
                    && metrics.value(.preinfusion, of: i) == trace.preinfusionEnd
                    && table.samples.values(.time, of: i).map { Double($0!) } == trace.time
                    && table.samples.values(.pressure, of: i).map { $0.map(Double.init) } == trace.values("Pressure")!.map { $0.isNaN ? nil : $0 }
                    && trace.series.map(\.name) == ShotViews.seriesNames(table.samples.channels(of: i))
            })
        }
        // A band exists where 3 shots reach, and the chart writes.
        if biggest.shots.count >= 3 {
            #expect(biggest.bands["Pressure"] != nil)
            let median = try #require(biggest.bands["Pressure"]?.median)
            #expect(median.contains { $0 != nil })
        }
        let svg = folder.appendingPathComponent("overlay.svg")
        try ShotOverlays.write(biggest, to: svg, theme: .monochrome)
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.hasPrefix("<?xml") || text.hasPrefix("<svg"))
    }

    /// The band's median at 5 s from the start is the median of the shots' values there, computed here by linear
    /// interpolation of each trace.
    @Test func bandMedianIsTheMedianOfTheShots() throws {
        func trace(_ level: Double, _ slope: Double, latest: Bool = false) -> ShotTrace {
            let time = stride(from: 0.0, through: 30, by: 0.5).map { $0 }
            return ShotTrace(label: "s", time: time, pressure: time.map { level + $0 * slope }, firstDrops: 5, isLatest: latest)
        }
        // Pressure at 5 s: 2 + 0.5 = 2.5, 3 + 0.6 = 3.6, 1 + 0.7 = 1.7, 4 + 0.53 = 4.53.
        let input = ShotOverlays.withBands(ShotOverlayInput(profile: "p", bean: "b", shots: [
            trace(2, 0.1), trace(3, 0.12), trace(1, 0.14), trace(4, 0.106, latest: true),
        ]))
        let band = try #require(input.bands["Pressure"])
        let five = try #require(band.grid.firstIndex { abs($0 - 5) < 1e-9 })
        // Median of {1.7, 2.5, 3.6, 4.53} = (2.5 + 3.6) / 2 = 3.05.
        #expect(abs(try #require(band.median[five]) - 3.05) < 1e-9)
    }
}
