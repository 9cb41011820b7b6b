import BrewColumns
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// The shot metrics of three real shot files, checked against numbers computed independently from the raw
/// arrays.
///
/// The expected numbers come from `tools/reference/shot_metrics_check.py` (plain Python, float64 loops, no
/// numpy, written from the definitions in the README's "Shot metrics" section, run once over the same files with
/// the same unit conversions as below); they are written here, never read back from our output. The series here
/// are built by hand from the files' raw arrays (JSONSerialization), so these tests do not depend on the
/// importers.
@Suite struct ShotMetricsRealShotTests {
    /// `../shared/peer-data/visualizer` beside the repository, or beside a folder of worktrees holding it.
    static let folder: URL? = {
        var url = Repo.root
        for _ in 0 ..< 3 {
            url = url.deletingLastPathComponent()
            let candidate = url.appendingPathComponent("shared/peer-data/visualizer")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static func object(_ name: String) throws -> [String: Any] {
        let url = try #require(folder).appendingPathComponent(name)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func number(_ any: Any?) -> Float? {
        if let n = any as? NSNumber { return n.floatValue }
        if let s = any as? String { return Float(s) }
        return nil
    }

    /// Checks `metrics` of shot 0 against `expected` (relative 1e-4: the table stores Float32 samples).
    static func check(_ metrics: ShotMetrics, _ expected: [ShotMetric: Double?]) {
        for (metric, want) in expected {
            let got = metrics.value(metric, of: 0)
            if let want {
                #expect(got != nil && isClose(got!, want, relative: 1e-4, absolute: 1e-4), "\(metric.name): \(String(describing: got)) vs \(want)")
            } else {
                #expect(got == nil, "\(metric.name) should be null, is \(String(describing: got))")
            }
        }
    }

    /// Decent JSON v2 (`elapsed` has 109 entries, every series 110: the first 109 are kept, Visualizer's
    /// min-of-lengths rule). Values are strings in the file. The brew's yield is `meta.out` (42.6 g); its dose
    /// `meta.in` is 0, so missing.
    @Test(.enabled(if: folder != nil, "needs the real shot files in ../shared/peer-data/visualizer")) func decentJSON() throws {
        let json = try Self.object("20211019T100744.json")
        let elapsed = try #require(json["elapsed"] as? [Any]).map { Self.number($0) }
        let n = elapsed.count
        func series(_ group: String, _ key: String) throws -> [Float?] {
            let values = try #require((json[group] as? [String: Any])?[key] as? [Any])
            return values.prefix(n).map { Self.number($0) }
        }
        var builder = ShotSamplesBuilder()
        builder.appendShot(count: n, channels: [
            .time: elapsed,
            .pressure: try series("pressure", "pressure"), .pressureGoal: try series("pressure", "goal"),
            .flow: try series("flow", "flow"), .flowGoal: try series("flow", "goal"),
            .weight: try series("totals", "weight"), .weightFlow: try series("flow", "by_weight"),
            .basketTemperature: try series("temperature", "basket"), .mixTemperature: try series("temperature", "mix"),
            .temperatureGoal: try series("temperature", "goal"),
        ])
        let samples = builder.finish()
        // By its pressure alone: the bump to 5.2 bar at 6.7 s falls back within a second (the bloom), so the
        // crossing of 5.0 bar that holds is the one at 13.0 s.
        let metrics = ShotMetrics(samples, dose: [nil], yield: [42.6])
        Self.check(metrics, [
            .duration: 26.999, .peakPressure: 6.66, .preinfusion: 12.98792857142857,
            .firstDrops: 7.767125, .extraction: 19.231875, .thirdYield: 18.089,
            .meanPressure: 6.104754912468737, .meanFlow: 2.5734251518399422, .peakFlow: 3.17,
            .meanResistance: 1.1589482156955884, .water: 80.36766000000003, .yield: 42.6, .ratio: nil,
            .temperatureDeviation: 0.48976330921906835,
        ])
        #expect(metrics.firstDropsSource(of: 0) == .scale)

        // With its phases (the `state_change` sign flips, read here): the bloom phase 6.029–11.249 s falls from
        // 5.2 to 2.0 bar, so pre-infusion ends at 11.249 s, where the pump starts again.
        let changes = try #require(json["state_change"] as? [Any]).prefix(n).map { Double(Self.number($0)!) }
        var phases: [Double] = [], sign = 0.0
        for i in 0 ..< n where changes[i] != 0 && (changes[i] > 0 ? 1.0 : -1.0) != sign {
            sign = changes[i] > 0 ? 1 : -1
            phases.append(Double(elapsed[i]!))
        }
        #expect(phases.count == 5)
        let phased = ShotMetrics(samples, dose: [nil], yield: [42.6], phaseStarts: [phases])
        Self.check(phased, [
            .preinfusion: 11.249, .firstDrops: 7.767125, .meanPressure: 5.779653650793651,
            .meanFlow: 2.3805149206349205, .peakFlow: 3.17, .meanResistance: 1.3348431221031638,
        ])
    }

    /// Gaggiuino: `timeInShot` in ms → s; `pumpFlow` is the flow, `shotWeight` the scale, `temperature` the
    /// basket. No brew yield (the scale's last weight, 47 g, is the yield); a dose of 18 g given by hand.
    @Test(.enabled(if: folder != nil, "needs the real shot files in ../shared/peer-data/visualizer")) func gaggiuino() throws {
        let points = try #require(try Self.object("gaggiuino-1020.json")["datapoints"] as? [[String: Any]])
        func series(_ key: String, scale: Float = 1) -> [Float?] { points.map { Self.number($0[key]).map { $0 * scale } } }
        var builder = ShotSamplesBuilder()
        builder.appendShot(count: points.count, channels: [
            .time: points.map { Self.number($0["timeInShot"]).map { $0 / 1000 } },
            .pressure: series("pressure"), .pressureGoal: series("targetPressure"),
            .flow: series("pumpFlow"), .flowGoal: series("targetPumpFlow"),
            .weight: series("shotWeight"), .weightFlow: series("weightFlow"),
            .basketTemperature: series("temperature"), .temperatureGoal: series("targetTemperature"),
        ])
        let metrics = ShotMetrics(builder.finish(), dose: [18], yield: [nil])
        Self.check(metrics, [
            .duration: 42.2, .peakPressure: 6.6, .preinfusion: 29.724999999999998,
            .firstDrops: 21.7, .extraction: 20.500000000000004, .thirdYield: 33.31666666666666,
            .meanPressure: 6.098790322580648, .meanFlow: 3.014112903225805, .peakFlow: 3.4,
            .meanResistance: 0.7398241617767005, .water: 93.23000000000005, .yield: 47, .ratio: 2.611111111111111,
            .temperatureDeviation: 1.0617857142857192,
        ])
        #expect(metrics.firstDropsSource(of: 0) == .scale)
    }

    /// GaggiMate v1: `t` in ms → s; `cp` pressure, `fl` pump flow, `ct` the (mix) temperature, `tt` its goal,
    /// `v` the scale — all zero in this file (no scale connected), so first drops comes from the pressure rule
    /// and there is no yield.
    @Test(.enabled(if: folder != nil, "needs the real shot files in ../shared/peer-data/visualizer")) func gaggimateWithoutScale() throws {
        let samples = try #require(try Self.object("gaggimate-v1.json")["samples"] as? [[String: Any]])
        func series(_ key: String) -> [Float?] { samples.map { Self.number($0[key]) } }
        var builder = ShotSamplesBuilder()
        builder.appendShot(count: samples.count, channels: [
            .time: samples.map { Self.number($0["t"]).map { $0 / 1000 } },
            .pressure: series("cp"), .pressureGoal: series("tp"), .flow: series("fl"), .flowGoal: series("tf"),
            .weight: series("v"), .mixTemperature: series("ct"), .temperatureGoal: series("tt"),
        ])
        let metrics = ShotMetrics(builder.finish())
        Self.check(metrics, [
            .duration: 22.823, .peakPressure: 3.887, .preinfusion: 9.665744722955145,
            .firstDrops: 9.665744722955145, .extraction: 13.157255277044856, .thirdYield: nil,
            .meanPressure: 3.7235729816025542, .meanFlow: 2.358150714611526, .peakFlow: 6.801,
            .meanResistance: 2.178682214978307, .water: 57.612749999999984, .yield: nil, .ratio: nil,
            .temperatureDeviation: 0.5559422139178781,
        ])
        #expect(metrics.firstDropsSource(of: 0) == .pressure)
    }
}
