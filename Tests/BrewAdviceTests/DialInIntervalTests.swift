import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// The sweet spot's interval as the user reads it: its ends printed at the dial's own precision, and whether the
/// bag's best-rated setting lies inside it decided on those printed ends.
@Suite struct DialInIntervalTests {
    /// A one-grinder, one-method journal of `bags` (bean name and its brews: setting and rating), brewed in order.
    static func journal(grinder: Grinder, method: String = "V60", bags: [(String, [(Double, Double)])]) -> Journal {
        var b = JournalBuilder()
        let g = b.addGrinder(grinder)
        let m = b.addMethod(BrewMethod(name: method, category: .pourOver))
        var i = 0
        for (bean, brews) in bags {
            let id = b.addBean(CoffeeBean(name: bean))
            for (setting, rating) in brews {
                var row = BrewRow()
                row.id = "b\(i)"
                row.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(i) * 3_600)
                row.method = m; row.grinder = g; row.bean = id
                row.grindSetting = setting; row.rating = rating
                b.appendBrew(row)
                i += 1
            }
        }
        return b.finish()
    }

    /// Earlier bags on a stepless dial of tenths (0–10, suggested every 0.1), peaking around 3.4, then a bag whose
    /// best cup is `best` and whose other cups are `others`.
    static func tenths(best: (Double, Double), others: [(Double, Double)]) -> Journal {
        var bags: [(String, [(Double, Double)])] = []
        for (j, peak) in [3.4, 3.3, 3.5, 3.4, 3.2, 3.6].enumerated() {
            let brews = [-0.6, -0.3, 0, 0.3, 0.6].map { d -> (Double, Double) in
                let x = ((peak + d) * 10).rounded() / 10
                return (x, ((4.4 - 4 * d * d) * 2).rounded() / 2)
            }
            bags.append(("Earlier \(j + 1)", brews))
        }
        bags.append(("New Bag", others + [best]))
        return journal(grinder: Grinder(name: "Test Stepless", settingMin: 0, settingMax: 10, settingStep: 0), bags: bags)
    }

    /// The text of the `best:` line's interval: "3.2–3.5" from "best: 3.4, 80 % interval 3.2–3.5 (…)".
    static func printedInterval(_ report: String) -> (String, String)? {
        guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix("best: ") }),
              let r = line.range(of: "interval ") else { return nil }
        let rest = line[r.upperBound...].prefix { $0 != " " }
        let ends = rest.split(separator: "–")
        return ends.count == 2 ? (String(ends[0]), String(ends[1])) : nil
    }

    /// On a dial of tenths every interval end is one of the dial's settings and is printed with at most one decimal,
    /// and the best-rated setting is called outside exactly when it lies outside the printed ends — for a best cup at
    /// each setting from 2.6 to 4.4.
    @Test func intervalIsPrintedAtTheDialsPrecision() throws {
        var outsideSeen = 0, insideSeen = 0
        for tenth in 26...44 {
            let x = Double(tenth) / 10
            let j = Self.tenths(best: (x, 4.5), others: [(3.4, 3.5), (((x + 3.4) / 2 * 10).rounded() / 10, 3.5)])
            let a = try DialInAdvisor.advise(journal: j, grinder: "Test Stepless", method: "V60", bean: "New Bag")
            let e = a.estimate
            #expect(e.scale.resolution == 0.1)
            let lo = try #require(e.low), hi = try #require(e.high)
            // The printed ends read back as the numbers stated, at most one decimal, on the dial's grid of tenths.
            let (loText, hiText) = try #require(Self.printedInterval(a.textReport), "\(a.textReport)")
            #expect(Double(loText) == lo && Double(hiText) == hi, "\(loText)–\(hiText) against \(lo)–\(hi)")
            for t in [loText, hiText] {
                #expect(t.split(separator: ".").dropFirst().first.map { $0.count <= 1 } ?? true, "\(t)")
            }
            #expect(abs(lo * 10 - (lo * 10).rounded()) < 1e-9 && abs(hi * 10 - (hi * 10).rounded()) < 1e-9)
            // Outside exactly when the printed ends leave the bag's best cup out.
            let printedOutside = x < Double(loText)! - 1e-9 || x > Double(hiText)! + 1e-9
            #expect((e.bestRatedOutside != nil) == printedOutside,
                    "best cup \(x), interval \(loText)–\(hiText), said outside: \(e.bestRatedOutside != nil)")
            #expect(a.why.contains("lies outside") == printedOutside, "\(a.why)")
            if printedOutside { outsideSeen += 1 } else { insideSeen += 1 }
        }
        // The family holds both cases, so both directions of the rule were checked.
        #expect(outsideSeen > 0 && insideSeen > 0, "\(outsideSeen) outside, \(insideSeen) inside")
    }

    /// A dial of whole steps (Comandante-like clicks): the interval is whole clicks, never "21.9–25.8".
    @Test func clicksAreWholeNumbers() throws {
        var bags: [(String, [(Double, Double)])] = []
        for (j, peak) in [24.0, 23, 25, 22, 26].enumerated() {
            bags.append(("Earlier \(j + 1)", [-4.0, -2, 0, 2, 4].map { (peak + $0, 4.3 - $0 * $0 / 9) }))
        }
        bags.append(("New Bag", [(28, 4.0), (30, 2.0)]))
        let j = Self.journal(grinder: Grinder(name: "Test Clicks", settingMin: 0, settingMax: 40, settingStep: 1),
                             bags: bags)
        let a = try DialInAdvisor.advise(journal: j, grinder: "Test Clicks", method: "V60", bean: "New Bag")
        let (loText, hiText) = try #require(Self.printedInterval(a.textReport), "\(a.textReport)")
        #expect(!loText.contains(".") && !hiText.contains("."), "\(loText)–\(hiText)")
        #expect(Double(loText) == a.estimate.low && Double(hiText) == a.estimate.high)
    }
}
