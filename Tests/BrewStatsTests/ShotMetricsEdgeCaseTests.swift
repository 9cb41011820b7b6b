import BrewColumns
import Testing
import TestSupport
@testable import BrewStats

/// The shot metrics on small synthetic shots whose answers are worked out by hand in the comments: a full shot,
/// no scale and no flow sensor, a shot stopped in pre-infusion, an empty shot, nulls inside a series, scale
/// noise below zero.
@Suite struct ShotMetricsEdgeCaseTests {
    static func check(_ metrics: ShotMetrics, shot: Int, _ expected: [ShotMetric: Double?]) {
        for metric in ShotMetric.allCases {
            let want = expected[metric] ?? nil
            let got = metrics.value(metric, of: shot)
            if let want {
                #expect(got != nil && isClose(got!, want, relative: 1e-6, absolute: 1e-6),
                        "shot \(shot) \(metric.name): \(String(describing: got)) vs \(want)")
            } else {
                #expect(got == nil, "shot \(shot) \(metric.name) should be null, is \(String(describing: got))")
            }
        }
    }

    /// Six shots in one table, so the list layout's offsets are exercised too.
    static func table() -> (ShotSamples, dose: [Double?], yield: [Double?]) {
        var b = ShotSamplesBuilder()
        // 0: everything recorded.
        b.appendShot(count: 5, channels: [
            .time: [0, 1, 2, 3, 4], .pressure: [0, 1, 4, 8, 6], .flow: [4, 2, 2, 2, 1],
            .weight: [0, 0, 0.2, 1.2, 5], .basketTemperature: [92, 93, 94, 95, 93],
            .temperatureGoal: [93, 93, 93, 93, 93],
        ])
        // 1: no scale, no flow sensor, no temperatures (a lever with a pressure gauge); the brew has 18 g → 36 g.
        b.appendShot(count: 4, channels: [.time: [0, 2, 4, 6], .pressure: [1, 3, 9, 9]])
        // 2: stopped during pre-infusion: the pressure never reaches 2 bar, the scale stays at 0.
        b.appendShot(count: 3, channels: [.time: [0, 1, 2], .pressure: [0.5, 1, 1.5], .weight: [0, 0, 0]])
        // 3: empty.
        b.appendShot(count: 0, channels: [.time: []])
        // 4: nulls inside the series; mix temperature only.
        b.appendShot(count: 5, channels: [
            .time: [0, 1, 2, 3, 4], .pressure: [0, nil, 8, 8, 8], .flow: [2, 2, nil, 2, 2],
            .mixTemperature: [90, nil, 90, 93, 92], .temperatureGoal: [91, 91, 91, 91, 91],
        ])
        // 5: scale only (SEP CSV-like), with noise below zero; the brew's yield is 0 (missing).
        b.appendShot(count: 6, channels: [.time: [0, 1, 2, 3, 4, 5], .weight: [-0.2, 0.3, -0.1, 0.4, 2, 3]])
        return (b.finish(), [2.5, 18, nil, nil, nil, nil], [nil, 36, nil, nil, nil, 0])
    }

    @Test func everyShotOfTheTable() {
        let (samples, dose, yield) = Self.table()
        let m = ShotMetrics(samples, dose: dose, yield: yield)
        #expect(m.shotCount == 6)
        // 0: peak 8 → threshold max(0.75·8, 2) = 6, crossed between (2 s, 4) and (3 s, 8): 2 + 2/4 = 2.5 s.
        //    Scale 0.5 g between (2 s, 0.2) and (3 s, 1.2): 2.3 s. Final weight 5 → ⅓ = 5/3 between (3 s, 1.2)
        //    and (4 s, 5): 3 + (5/3 − 1.2)/3.8. Extraction phase from 2.5 s: samples 3 and 4 → pressure
        //    (8 + 6)/2 = 7, flow (2 + 1)/2 = 1.5, resistance 8/2² = 2 and 6/1² = 6 → 4. Water: 3 + 2 + 2 + 1.5.
        //    |T − goal| = 1, 0, 1, 2, 0 → trapezoids 0.5 + 0.5 + 1.5 + 1 = 3.5 over 4 s.
        Self.check(m, shot: 0, [
            .duration: 4, .peakPressure: 8, .preinfusion: 2.5, .firstDrops: 2.3, .extraction: 1.7,
            .thirdYield: 3 + (5.0 / 3 - 1.2) / 3.8, .meanPressure: 7, .meanFlow: 1.5, .peakFlow: 2,
            .meanResistance: 4, .water: 8.5, .yield: 5, .ratio: 2, .temperatureDeviation: 0.875,
        ])
        #expect(m.firstDropsSource(of: 0) == .scale)
        // 1: peak 9 → 6.75, between (2 s, 3) and (4 s, 9): 2 + 3.75/6 · 2 = 3.25 s, also first drops (no scale).
        //    Extraction from 3.25 s: samples at 4 and 6 s, both 9 bar. Yield and ratio from the brew.
        Self.check(m, shot: 1, [
            .duration: 6, .peakPressure: 9, .preinfusion: 3.25, .firstDrops: 3.25, .extraction: 2.75,
            .meanPressure: 9, .yield: 36, .ratio: 2,
        ])
        #expect(m.firstDropsSource(of: 1) == .pressure)
        // 2: never reaches 2 bar, the scale never 0.5 g: only duration and peak.
        Self.check(m, shot: 2, [.duration: 2, .peakPressure: 1.5])
        #expect(m.firstDropsSource(of: 2) == nil)
        // 3: empty: nothing.
        Self.check(m, shot: 3, [:])
        // 4: peak 8 → 6; the previous valid sample is (0 s, 0) (1 s is null): 0 + 6/8 · 2 = 1.5 s.
        //    Extraction from 1.5 s: pressure pairs (2,3), (3,4) → 8; flow only the pair (3,4) → 2 (slot 2 null);
        //    resistance 8/4 = 2 at 3 s and 4 s. Water: pairs (0,1) and (3,4) only → 2 + 2 = 4.
        //    |T − goal| = 1, –, 1, 2, 1: pairs (2,3) and (3,4) → (1.5 + 1.5) / 2 = 1.5 (the plain mean would be 1.25).
        Self.check(m, shot: 4, [
            .duration: 4, .peakPressure: 8, .preinfusion: 1.5, .firstDrops: 1.5, .extraction: 2.5,
            .meanPressure: 8, .meanFlow: 2, .peakFlow: 2, .meanResistance: 2, .water: 4, .temperatureDeviation: 1.5,
        ])
        // 5: negative weights are missing; 0.5 g between (3 s, 0.4) and (4 s, 2): 3 + 0.1/1.6 = 3.0625 s.
        //    Final weight 3 → ⅓ = 1 between the same samples: 3 + 0.6/1.6 = 3.375 s. The brew's yield 0 is
        //    missing, so the scale's 3 g is the yield. No pressure: no pre-infusion, no pressure metrics.
        Self.check(m, shot: 5, [
            .duration: 5, .firstDrops: 3.0625, .extraction: 1.9375, .thirdYield: 3.375, .yield: 3,
        ])
        #expect(m.firstDropsSource(of: 5) == .scale)
    }

    /// Without brew masses at all, yield falls back to the scale and ratio is null everywhere.
    @Test func withoutBrewMasses() {
        let (samples, _, _) = Self.table()
        let m = ShotMetrics(samples)
        #expect(m.value(.yield, of: 0) == 5)
        #expect(m.value(.yield, of: 1) == nil)
        #expect(m[.ratio].nullCount == 6)
    }

    /// P ÷ F² per sample: null at F = 0 and above 19 (9 / 0.5² = 36), slots aligned with the samples.
    @Test func resistanceSeries() {
        var b = ShotSamplesBuilder()
        b.appendShot(count: 3, channels: [.time: [0, 1, 2], .pressure: [9, 9, 9], .flow: [0, 0.5, 3]])
        b.appendShot(count: 2, channels: [.time: [0, 1], .pressure: [4, 2]])
        b.appendShot(count: 2, channels: [.time: [0, 1], .pressure: [4, nil], .flow: [2, 1]])
        let r = ShotMetrics.resistance(b.finish())
        #expect(r.count == 7)
        #expect((0 ..< 7).map { r[$0] } == [nil, nil, 1, nil, nil, 1, nil])
    }

    /// Coverage: valid slots ÷ samples; 0 without the channel, null for an empty shot; negatives do not count.
    @Test func channelCoverage() {
        let (samples, _, _) = Self.table()
        let weight = ShotMetrics.coverage(samples, .weight)
        // Shot 0: 5 of 5; 1: no scale; 2: 3 of 3 (zeros are valid readings); 3: empty; 4: no scale; 5: two of six
        // readings are negative → 4 of 6.
        #expect((0 ..< 6).map { weight[$0] } == [1, 0, 1, nil, 0, 4.0 / 6])
        let pressure = ShotMetrics.coverage(samples, .pressure)
        #expect(pressure[4] == 4.0 / 5) // 0, –, 8, 8, 8: the null is the only gap
    }
}
