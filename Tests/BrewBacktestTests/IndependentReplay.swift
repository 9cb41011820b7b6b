import BrewAdvice
import BrewColumns
import BrewHashing
import Foundation
@testable import BrewBacktest

/// A second replay written from docs/advisor.md's definitions alone: it asks the advisor itself before each brew and
/// does the scoring by hand, sharing no code with ``Backtest`` but the advisor's public API.
struct IndependentReplay {
    struct Bag {
        var grinder = 0, method = 0, bean = 0
        var profile: String?
        var rows: [Int] = []
        var advised: [Double?] = []
        var best = 0.0
        var bestSettings: [Double] = []
        var within = 0, userAt = 0
        var adviceAt: Int?
        var saved = 0
    }

    var bags: [Bag] = []

    init(_ journal: Journal) {
        let t = journal.brews
        var keys: [String] = []
        var byKey: [String: Bag] = [:]
        // Pairs whose espresso shots name a profile.
        var profiled = Set<String>()
        for i in 0..<t.count {
            guard let g = t.grinder.code(i), let m = t.method.code(i), journal.methods[Int(m)].category == .espresso,
                let p = t.pressureProfile[i], !p.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            if let s = t.grindSetting[i], s.isFinite, let r = t.rating[i], r.isFinite, t.brewDate[i] != nil,
                t.bean.code(i) != nil {
                profiled.insert("\(g)-\(m)")
            }
        }
        for i in 0..<t.count {
            guard let g = t.grinder.code(i), let m = t.method.code(i), let b = t.bean.code(i), t.brewDate[i] != nil,
                let s = t.grindSetting[i], s.isFinite, let r = t.rating[i], r.isFinite else { continue }
            var profile: String?
            if profiled.contains("\(g)-\(m)") {
                guard let p = t.pressureProfile[i]?.trimmingCharacters(in: .whitespaces), !p.isEmpty else { continue }
                profile = p
            }
            let key = "\(g)-\(m)-\(b)-\(profile?.lowercased() ?? "")"
            if byKey[key] == nil {
                keys.append(key)
                byKey[key] = Bag(grinder: Int(g), method: Int(m), bean: Int(b), profile: profile)
            }
            byKey[key]!.rows.append(i)
        }
        for key in keys {
            var bag = byKey[key]!
            bag.rows.sort { (t.brewDate[$0]!, $0) < (t.brewDate[$1]!, $1) }
            var options = DialInOptions()
            options.profile = bag.profile
            bag.advised = bag.rows.map { i in
                try? DialInAdvisor.advise(journal: journal, grinder: bag.grinder, method: bag.method, bean: bag.bean,
                                          asOf: Timestamp(microseconds: t.brewDate[i]! - 1),
                                          options: options).estimate.next
            }
            let scale = try! DialInAdvisor.advise(journal: journal, grinder: bag.grinder, method: bag.method,
                                                  bean: bag.bean, options: options).estimate.scale
            let ratings = bag.rows.map { t.rating[$0]! }, settings = bag.rows.map { t.grindSetting[$0]! }
            bag.best = ratings.max()!
            bag.bestSettings = Array(Set(bag.rows.indices.filter { ratings[$0] == bag.best }.map { settings[$0] }))
                .sorted()
            func distance(_ x: Double) -> Double {
                var d = Double.infinity
                for s in bag.bestSettings { d = min(d, abs(scale.units(x) - scale.units(s))) }
                return d
            }
            bag.within = 1 + ratings.firstIndex { $0 >= bag.best - 0.5 }!
            bag.userAt = 1 + settings.firstIndex { distance($0) <= 0.5 }!
            bag.adviceAt = bag.advised.firstIndex { $0 != nil && distance($0!) <= 0.5 }.map { $0 + 1 }
            bag.saved = bag.userAt - (bag.adviceAt ?? bag.rows.count + 1)
            bags.append(bag)
        }
    }

    /// The judged bags' mean saving and its 90 % percentile bootstrap interval (2000 resamples, seed 43), by hand.
    func summary(of judged: [Bag]) -> (mean: Double, low: Double, high: Double)? {
        guard !judged.isEmpty else { return nil }
        let x = judged.map { Double($0.saved) }
        var g = SplitMix64(seed: 43)
        var means: [Double] = []
        for _ in 0..<2000 {
            var s = 0.0
            for _ in x { s += x[Int(g.next() % UInt64(x.count))] }
            means.append(s / Double(x.count))
        }
        means.sort()
        func q(_ p: Double) -> Double {
            let h = Double(means.count - 1) * p, j = Int(h)
            return j + 1 < means.count ? means[j] + (h - Double(j)) * (means[j + 1] - means[j]) : means[j]
        }
        return (x.reduce(0, +) / Double(x.count), q(0.05), q(0.95))
    }
}
