import BrewSynth
import Foundation
import Testing
import TestSupport

/// Ratings peak near each grinder × bean sweet spot the generator reports.
@Suite struct SweetSpotTests {
    /// Least squares fit of y = a + b·x + c·x² by the normal equations (Cramer's rule), independent of the
    /// statistics code.
    static func quadratic(_ x: [Double], _ y: [Double]) -> (a: Double, b: Double, c: Double) {
        var s = [Double](repeating: 0, count: 5), t = [Double](repeating: 0, count: 3)
        for (xi, yi) in zip(x, y) {
            var p = 1.0
            for k in 0..<5 { s[k] += p; if k < 3 { t[k] += p * yi }; p *= xi }
        }
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let d = det(m)
        func replaced(_ col: Int) -> [[Double]] { m.enumerated().map { i, row in row.enumerated().map { j, v in j == col ? t[i] : v } } }
        return (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
    }

    @Test func ratingsPeakAtTheSweetSpot() {
        let g = JournalGenerator(GeneratorOptions(brewCount: 20_000, seed: 17))
        // Pooled over every pair: distance from the pair's sweet spot in the grinder's widths.
        var distance: [Double] = [], rating: [Double] = []
        var groups: [Int: (x: [Double], y: [Double])] = [:]
        for brew in g.brews {
            guard let gr = brew.grinder, let b = brew.bean, let s = brew.grindSetting, let r = brew.rating else { continue }
            let spot = g.sweetSpot(grinder: Int(gr), bean: Int(b))
            distance.append((s - spot) / g.sweetSpotWidth(grinder: Int(gr)))
            rating.append(r)
            groups[Int(gr) * 10_000 + Int(b), default: ([], [])].x.append(s)
            groups[Int(gr) * 10_000 + Int(b), default: ([], [])].y.append(r)
        }
        #expect(distance.count > 10_000)
        let fit = Self.quadratic(distance, rating)
        #expect(fit.c < -0.5, "ratings fall off quadratically (c = \(fit.c))")
        #expect(abs(-fit.b / (2 * fit.c)) < 0.2, "pooled vertex at the sweet spot")

        // Near brews rate better than far ones.
        func mean(_ keep: (Double) -> Bool) -> Double {
            let v = zip(distance, rating).filter { keep(abs($0.0)) }.map(\.1)
            return v.reduce(0, +) / Double(v.count)
        }
        #expect(mean { $0 < 0.5 } > mean { $0 >= 0.5 && $0 < 1 } + 0.3)
        #expect(mean { $0 >= 0.5 && $0 < 1 } > mean { $0 >= 1.5 } + 0.5)

        // Per pair with enough brews and spread, the fitted vertex lies within one width of the sweet spot
        // for most pairs (noise and rounding to half points blur a few).
        var checked = 0, near = 0
        for (key, v) in groups where v.x.count >= 40 && Set(v.x).count >= 5 {
            let gr = key / 10_000, b = key % 10_000
            let f = Self.quadratic(v.x, v.y)
            guard f.c < 0 else { checked += 1; continue }
            checked += 1
            if abs(-f.b / (2 * f.c) - g.sweetSpot(grinder: gr, bean: b)) <= g.sweetSpotWidth(grinder: gr) { near += 1 }
        }
        #expect(checked >= 20)
        #expect(Double(near) >= 0.8 * Double(checked), "\(near) of \(checked) pairs peak near their sweet spot")
    }

    @Test func settingsRespectTheGrinder() {
        let g = JournalGenerator(GeneratorOptions(brewCount: 3000, seed: 2))
        for brew in g.brews {
            guard let gr = brew.grinder, let s = brew.grindSetting else { continue }
            let grinder = g.grinders[Int(gr)]
            #expect(s >= grinder.settingMin && s <= grinder.settingMax)
            let steps = (s - grinder.settingMin) / grinder.settingStep
            #expect(abs(steps - steps.rounded()) < 1e-9, "\(s) is on the grinder's step \(grinder.settingStep)")
        }
    }
}
