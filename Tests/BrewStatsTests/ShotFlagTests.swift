import BrewColumns
import Testing
@testable import BrewStats

/// The flag rules, one shot built for each so that exactly its rule fires, and normal shots that fire none. The
/// norms are checked against medians computed here from the shots as built.
@Suite struct ShotFlagTests {
    /// A shot at 4 Hz: pressure ramps 0 → `pressure` bar over 4 s and holds (goal `goal(t)`), flow `flow(t)`, weight
    /// 0 until `drops` − 0.5 s, then 1 g/s to 1 g (0.5 g at `drops`), then linearly to `yield` at `duration`.
    struct Built {
        var drops = 8.0, duration = 30.0, yield = 36.0
        var pressure: (Double) -> Double = { min(9, 9 * $0 / 4) }
        var goal: (Double) -> Double = { _ in 9 }
        var flow: (Double) -> Double = { _ in 2 }

        var times: [Double] { stride(from: 0.0, through: duration + 1e-9, by: 0.25).map { $0 } }

        /// The weight at `t`: reaches 0.5 g at `drops` exactly (linear from 0 at drops − 0.5 s… to yield).
        func weight(_ t: Double) -> Double {
            let start = drops - 0.5
            guard t > start else { return 0 }
            // 1 g/s until 1 g (both samples around 0.5 g on that line, so the interpolated crossing is exact), then
            // a slope that ends at the yield.
            let slope = (yield - 1) / (duration - drops - 0.5)
            return t <= drops + 0.5 ? (t - start) : 1 + (t - drops - 0.5) * slope
        }

        func channels() -> [ShotChannel: [Float?]] {
            let t = times
            return [.time: t.map { Float($0) }, .pressure: t.map { Float(pressure($0)) },
                    .pressureGoal: t.map { Float(goal($0)) }, .flow: t.map { Float(flow($0)) },
                    .weight: t.map { Float(weight($0)) }]
        }
    }

    static func flagger(_ shots: [Built], ratings: [Double?], dose: Double = 18) -> (ShotFlagger, ShotMetrics) {
        var builder = ShotSamplesBuilder()
        for s in shots {
            let c = s.channels()
            builder.appendShot(count: c[.time]!.count, channels: c)
        }
        let samples = builder.finish()
        let metrics = ShotMetrics(samples, dose: shots.map { _ in dose }, yield: shots.map { _ in nil })
        let flagger = ShotFlagger(samples: samples, metrics: metrics, profiles: shots.map { _ in "Classic" },
                                  ratings: ratings, shots: Array(shots.indices))
        return (flagger, metrics)
    }

    @Test func eachRuleFiresOnItsShotAndNormalShotsFireNone() throws {
        let normal = [Built(drops: 8), Built(drops: 8.4), Built(drops: 7.6), Built(drops: 8.2)]
        var gusher = Built(drops: 3)
        gusher.pressure = { min(9, 9 * $0 / 2) }
        let choke = Built(drops: 20, duration: 32)
        let long = Built(drops: 8, duration: 50, yield: 36)
        let thin = Built(drops: 8, duration: 30, yield: 16)
        var channeling = Built(drops: 8)
        // From 15 s the pressure falls 9 → 7.5 bar over 1.5 s while the goal stays 9 and the flow rises 2 → 3 ml/s.
        channeling.pressure = { t in t < 4 ? 9 * t / 4 : t < 15 ? 9 : max(7.5, 9 - (t - 15)) }
        channeling.flow = { t in t < 15 ? 2 : min(3, 2 + (t - 15) * 0.7) }
        // A lever: the goal itself declines 9 → 6 bar and the flow rises — a profile, not channeling.
        var lever = Built(drops: 8)
        lever.goal = { t in t < 10 ? 9 : max(6, 9 - (t - 10) * 0.3) }
        lever.pressure = { t in t < 4 ? 9 * t / 4 : t < 10 ? 9 : max(6, 9 - (t - 10) * 0.3) }
        lever.flow = { t in t < 10 ? 2 : min(3, 2 + (t - 10) * 0.1) }

        let shots = normal + [gusher, choke, long, thin, channeling, lever]
        let ratings: [Double?] = [4, 4.5, 4, 3.5, 2, 1, nil, 4.5, 3, 4]
        let (flagger, metrics) = Self.flagger(shots, ratings: ratings)

        // The norm: the good shots are the rated ≥ 3.5 ones (normal four, thin, lever); medians computed here.
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2 }
        let good = [0, 1, 2, 3, 7, 9]
        let norm = try #require(flagger.norms["Classic"])
        #expect(norm.goodShots == good.count && norm.byRating)
        #expect(abs(norm.firstDrops! - median(good.map { shots[$0].drops })) < 1e-3)
        #expect(abs(norm.duration! - median(good.map { shots[$0].duration })) < 1e-6)
        #expect(abs(norm.ratio! - median(good.map { shots[$0].yield / 18 })) < 1e-3)
        // The built first drops are what the metric reads.
        for (i, s) in shots.enumerated() { #expect(abs(metrics.value(.firstDrops, of: i)! - s.drops) < 1e-3) }

        func kinds(_ i: Int) -> Set<ShotFlagKind> { Set(flagger.flags(of: i).map(\.kind)) }
        for i in normal.indices { #expect(kinds(i).isEmpty, "normal shot \(i): \(flagger.flags(of: i))") }
        #expect(kinds(4) == [.gusher])
        #expect(kinds(5) == [.choke])
        #expect(kinds(6) == [.time])
        #expect(kinds(7) == [.ratio])
        #expect(kinds(8) == [.channeling])
        #expect(kinds(9).isEmpty, "\(flagger.flags(of: 9))")
        // The reason states the value and the norm.
        #expect(flagger.flags(of: 4)[0].reason.contains("3.0 s"))
        let at = try #require(flagger.channelingAt(8, from: 0))
        #expect(at >= 14 && at <= 15.5)
    }

    /// Fewer than three shots of a profile: no norm, so nothing but channeling can fire.
    @Test func smallProfileHasNoNorm() {
        let (flagger, _) = Self.flagger([Built(drops: 3), Built(drops: 20)], ratings: [nil, nil])
        #expect(flagger.norms["Classic"]?.firstDrops == nil)
        #expect(flagger.flags(of: 0).isEmpty && flagger.flags(of: 1).isEmpty)
    }

    /// Profiles are held against their own norms: a Turbo shot at 8 s is normal among Turbo shots and a gusher
    /// nowhere, a Blooming shot at 24 s likewise.
    @Test func profilesKeepTheirOwnNorms() {
        var builder = ShotSamplesBuilder()
        let shots = [Built(drops: 8), Built(drops: 8.5), Built(drops: 7.5), Built(drops: 24), Built(drops: 25), Built(drops: 23)]
        for s in shots { let c = s.channels(); builder.appendShot(count: c[.time]!.count, channels: c) }
        let samples = builder.finish()
        let metrics = ShotMetrics(samples, dose: shots.map { _ in 18 }, yield: shots.map { _ in nil })
        let flagger = ShotFlagger(samples: samples, metrics: metrics,
                                  profiles: ["Turbo", "Turbo", "Turbo", "Blooming", "Blooming", "Blooming"],
                                  ratings: shots.map { _ in nil }, shots: Array(shots.indices))
        for i in shots.indices { #expect(!flagger.flags(of: i).contains { $0.kind == .gusher || $0.kind == .choke }) }
        #expect(abs(flagger.norms["Turbo"]!.firstDrops! - 8) < 1e-3)
        #expect(abs(flagger.norms["Blooming"]!.firstDrops! - 24) < 1e-3)
    }
}
