import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// The new bag's prior from its roast level (``AttributePrior``): the predictive recomputed by enumerating every
/// value's centre jointly, the prior centring on the bags like the new one, and today's prior exactly when there is
/// nothing to go on.
@Suite struct AttributePriorTests {
    let scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)

    /// Bags of 5 brews at s − 4 … s + 4, rated 4.5 − (g − s)²/6.25 rounded to halves.
    func bags(_ spots: [Double]) -> [[BrewPoint]] {
        spots.map { s in
            [-4.0, -2, 0, 2, 4].map { d in BrewPoint(setting: s + d, rating: ((4.5 - d * d / 6.25) * 2).rounded() / 2) }
        }
    }

    /// The model's 80 % interval of a new bag's sweet spot before its first brew, and its midpoint.
    func priorInterval(_ model: DialInModel) -> (low: Double, high: Double, mid: Double) {
        let i = model.earlierInterval!
        return (i.low, i.high, (i.low + i.high) / 2)
    }

    /// The factorised sums of ``AttributePrior/predictive`` against the joint sum over `(μ, τ, ω)` and every
    /// group's centre `θ` at once, on a small grid of 5 centres and 2 spreads: 3 groups (a value with 2 bags, a value
    /// with 1, a bag of unknown value).
    @Test func predictiveMatchesJointEnumeration() {
        let grid = DialInGrid(scale: DialInScale(lower: 0, upper: 8, step: 1, anchor: 0), options: DialInOptions())
        let M = 5, T = 2, S = grid.s.count, taus = [1.0, 2.5]
        let mus = (0..<M).map { 8 * Double($0) / 4 }
        var kernels: [[Double]] = []
        for m in 0..<M {
            for t in 0..<T {
                let k = grid.s.map { exp(-0.5 * pow(($0 - mus[m]) / taus[t], 2)) }
                let z = k.reduce(0, +)
                kernels.append(k.map { $0 / z })
            }
        }
        let centres = [1.5, 2.5, 6.0, 4.0]
        let logA = centres.map { c in (0..<(M * T)).map { i in -pow(mus[i / T] - c, 2) / (2 * (1 + taus[i % T])) } }
        let values: [Int?] = [0, 0, 1, nil]
        let tauWeights = [log(0.7), log(0.3)]
        let options = DialInOptions()
        let fit = AttributePrior.predictive(logA: logA, values: values, newValue: 1, kernels: kernels, grid: grid,
                                            tauWeights: tauWeights, options: options)
        // The prior on ω by hand: half-Cauchy(3) density times the share of the axis of each point.
        let o = AttributePrior.omegas
        let omegaW = o.indices.map { i -> Double in
            let share = (i == 0 ? 0 : (o[i] - o[i - 1]) / 2) + (i == o.count - 1 ? (o[i] - o[i - 1]) / 2
                : (o[i + 1] - o[i]) / 2)
            return share / (1 + (o[i] / 3) * (o[i] / 3))
        }
        func pTheta(_ th: Int, _ m: Int, _ oi: Int) -> Double {
            if o[oi] == 0 { return th == m ? 1 : 0 }
            let w = mus.map { exp(-0.5 * pow(($0 - mus[m]) / o[oi], 2)) }
            return w[th] / w.reduce(0, +)
        }
        var ps = [Double](repeating: 0, count: S), total = 0.0, shift = 0.0, spread = 0.0
        for m in 0..<M { for t in 0..<T { for oi in o.indices {
            for a in 0..<M { for b in 0..<M { for c in 0..<M {
                // Group of value 0 at a (bags 0 and 1), value 1 at b (bag 2), the unknown bag at c.
                let w = exp(tauWeights[t]) * omegaW[oi] * pTheta(a, m, oi) * pTheta(b, m, oi) * pTheta(c, m, oi)
                    * exp(logA[0][a * T + t] + logA[1][a * T + t] + logA[2][b * T + t] + logA[3][c * T + t])
                guard w > 0 else { continue }
                total += w; shift += w * (mus[b] - mus[m]); spread += w * o[oi]
                for i in 0..<S { ps[i] += w * kernels[b * T + t][i] }
            } } }
        } } }
        for i in 0..<S { #expect(abs(fit.ps[i] - ps[i] / total) < 1e-9, "s[\(i)]") }
        #expect(abs(fit.shift - shift / total) < 1e-9, "shift \(fit.shift) vs \(shift / total)")
        #expect(abs(fit.spread - spread / total) < 1e-9, "ω \(fit.spread) vs \(spread / total)")
    }

    /// Four light bags peaking at 16 and four dark at 24: a dark bag's prior centres near 24, a light one's near
    /// 16, both narrower than the blanked prior's, which centres between.
    @Test func priorCentresOnBagsLikeIt() {
        let history = bags([16, 24, 16, 24, 16, 24, 16, 24])
        let attributes = (0..<8).map { BagAttributes(roastLevel: $0 % 2 == 0 ? .light : .dark) }
        let dark = DialInModel(scale: scale, history: history, attributes: attributes,
                               bag: BagAttributes(roastLevel: .dark))
        let light = DialInModel(scale: scale, history: history, attributes: attributes,
                                bag: BagAttributes(roastLevel: .light))
        let blanked = DialInModel(scale: scale, history: history)
        let d = priorInterval(dark), l = priorInterval(light), b = priorInterval(blanked)
        #expect(abs(d.mid - 24) <= 1.5, "dark \(d)")
        #expect(abs(l.mid - 16) <= 1.5, "light \(l)")
        #expect(abs(b.mid - 20) <= 1.5, "blanked \(b)")
        #expect(d.high - d.low < b.high - b.low && l.high - l.low < b.high - b.low, "\(d) \(l) \(b)")
        let e = dark.estimate(current: []).attributeEffect
        // Shrunk towards 0, but 4 bags each side at 4 steps from the mean are clear evidence.
        #expect(e != nil && e!.shiftUnits > 3 && e!.shiftUnits <= 4.2, "\(String(describing: e))")
        #expect(e?.bags == 4 && e?.knownBags == 8 && e?.value == "dark")
        #expect(light.estimate(current: []).attributeEffect!.shiftUnits < -3)
        #expect(blanked.estimate(current: []).attributeEffect == nil)
    }

    /// Without the new bag's roast level, without an earlier bag of it, or with one roast level among the earlier
    /// bags, the prior is the one population's exactly.
    @Test func nothingToGoOnIsTodaysPrior() {
        let history = bags([16, 24, 17, 23, 19])
        let plain = DialInModel(scale: scale, history: history)
        let mixed = (0..<5).map { BagAttributes(roastLevel: $0 % 2 == 0 ? .light : .dark) }
        let allLight = (0..<5).map { _ in BagAttributes(roastLevel: .light) }
        let cases = [
            DialInModel(scale: scale, history: history, attributes: mixed, bag: nil),
            DialInModel(scale: scale, history: history, attributes: mixed, bag: BagAttributes(roastLevel: .medium)),
            DialInModel(scale: scale, history: history, attributes: allLight, bag: BagAttributes(roastLevel: .light)),
            DialInModel(scale: scale, history: history, attributes: [], bag: BagAttributes(roastLevel: .dark)),
        ]
        let brews = [BrewPoint(setting: 20, rating: 3.5), BrewPoint(setting: 22, rating: 4)]
        let want = plain.estimate(current: brews)
        for (i, model) in cases.enumerated() {
            #expect(model.prior.logS == plain.prior.logS, "case \(i)")
            let got = model.estimate(current: brews)
            #expect(got.next == want.next && got.low == want.low && got.high == want.high, "case \(i)")
            #expect(got.attributeEffect == nil, "case \(i)")
        }
    }

    /// `dial-in` on a journal whose beans carry roast levels: `why` names the effect, `--json` carries it.
    @Test func adviceNamesTheEffect() throws {
        var b = JournalBuilder()
        let grinder = b.addGrinder(Grinder(name: "Comandante C40", settingMin: 0, settingMax: 40, settingStep: 1))
        let method = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        var day = 0
        func brew(_ bean: Int32, _ g: Double, _ r: Double) {
            var row = BrewRow()
            day += 1
            row.id = "b\(day)"
            row.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(day) * 86_400)
            row.method = method; row.grinder = grinder; row.bean = bean
            row.grindSetting = g; row.rating = r
            b.appendBrew(row)
        }
        for (i, s) in [16.0, 24, 16, 24, 16, 24].enumerated() {
            let bean = b.addBean(CoffeeBean(name: "Bag \(i)", roastLevel: s < 20 ? .light : .dark))
            for p in bags([s])[0] { brew(bean, p.setting, p.rating) }
        }
        let new = b.addBean(CoffeeBean(name: "New dark", roastLevel: .dark))
        brew(new, 22, 3.5)
        let journal = b.finish()
        let a = try DialInAdvisor.advise(journal: journal, grinder: 0, method: 0, bean: Int(new))
        #expect(a.why.contains("dark roasts peaked"), "\(a.why)")
        #expect(a.why.contains("steps coarser than your bags' mean (over your 3 dark bags of 6"), "\(a.why)")
        let object = try JSONSerialization.jsonObject(with: Data(a.json.utf8)) as! [String: Any]
        let effect = object["attribute_effect"] as! [String: Any]
        #expect(effect["value"] as? String == "dark" && effect["bags"] as? Int == 3)
        #expect(effect["towards"] as? String == "coarser" && (effect["shift"] as! Double) > 2)
    }
}
