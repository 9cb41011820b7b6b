import BrewColumns
import BrewStats
import Foundation
import Testing
import TestSupport

/// A bean's page figures against values computed by hand in the test.
@Suite struct BeanSummaryTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// Bag "Kochere" (250 g for 15.00 EUR, roasted 2026-11-01) brewed five times on V60 and twice after the page's
    /// last day; bag "Gayo" without weight or price.
    static func journal() -> Journal {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let c40 = b.addGrinder(Grinder(name: "C40"))
        let kochere = b.addBean(CoffeeBean(name: "Kochere", roaster: "Friedhats", roastDate: Day(year: 2026, month: 11, day: 1),
                                           bagWeightGrams: 250, bagPrice: 15, currency: "EUR"))
        let gayo = b.addBean(CoffeeBean(name: "Gayo"))
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        // (bean, day of November, dose, setting, rating)
        let brews: [(Int32, Int, Double?, Double?, Double?)] = [
            (kochere, 10, 15, 22, 3), (kochere, 11, 16, 24, 4.5), (kochere, 12, nil, 23, 4.5), (kochere, 13, 15, 21, nil),
            (kochere, 14, 14, nil, 2.25), (gayo, 12, 18, 20, 4),
            (kochere, 20, 15, 22, 5), (kochere, 21, 15, 22, 5),  // after the page's last day (15 Nov)
        ]
        for (k, (bean, day, dose, setting, rating)) in brews.enumerated() {
            var row = BrewRow()
            row.id = "\(k)"
            row.brewDate = Timestamp(cal.date(from: DateComponents(year: 2026, month: 11, day: day, hour: 7))!)
            row.bean = bean; row.method = v60; row.grinder = c40
            row.doseGrams = dose; row.grindSetting = setting; row.rating = rating; row.waterGrams = dose.map { $0 * 16 }
            b.appendBrew(row)
        }
        return b.finish()
    }

    @Test func figuresByHand() throws {
        var o = StatsOptions()
        o.timeZone = Self.zone
        let a = BrewAnalysis(journal: Self.journal(), options: o)
        let last = try #require(Day(year: 2026, month: 11, day: 15))
        let pages = a.beanSummaries([0, 1], through: last)
        let k = pages[0]
        #expect(k.brews == 5)  // the two later brews are not looked at
        #expect(k.ratings == [3, 4.5, 4.5, 2.25])
        #expect(isClose(k.rating.mean, (3 + 4.5 + 4.5 + 2.25) / 4))
        #expect(k.gramsUsed == 15 + 16 + 15 + 14)
        #expect(k.dosedBrews == 4)
        #expect(isClose(k.meanDose, 60.0 / 4))
        #expect(isClose(k.remainingGrams, 250 - 60))
        #expect(isClose(k.costPerKilogram, 15.0 / 250 * 1000))   // 60 EUR/kg
        #expect(isClose(k.costPerCup, 15.0 / 250 * 15))          // 0.90 EUR at the mean dose of 15 g
        // Ratings to the nearest half star: 2.25 rounds up to 2.5.
        var bins = [Int](repeating: 0, count: 11)
        bins[6] = 1; bins[9] = 2; bins[5] = 1
        #expect(k.ratingBins == bins)
        // Best: 4.5 twice; the most recent (12 Nov, setting 23) wins.
        #expect(k.best?.rating == 4.5 && k.best?.setting == 23)
        // One grinder × method, 3 brews with setting and rating (22/3, 24/4.5, 23/4.5): too few for a sweet spot.
        #expect(k.grindGroups.count == 1 && k.grindGroups[0].n == 3 && !k.grindGroups[0].statesSweetSpot)
        // Filter ratio: 3 rated brews with dose and water, all 1:16 — too few to say anything.
        let ratio = try #require(k.effects.first { $0.factor == .ratio && !$0.espresso })
        #expect(ratio.n == 3 && ratio.verdict == .tooFew)
        #expect(!k.effects.contains { $0.factor == .temperature })

        let g = pages[1]
        #expect(g.brews == 1 && g.gramsUsed == 18)
        #expect(g.remainingGrams == nil && g.costPerKilogram == nil && g.costPerCup == nil)
    }

    @Test func beansBrewedInTheWindowMostRecentFirst() throws {
        var o = StatsOptions()
        o.timeZone = Self.zone
        let a = BrewAnalysis(journal: Self.journal(), options: o)
        let d = { (day: Int) in Day(year: 2026, month: 11, day: day)! }
        #expect(a.beansBrewed(from: d(1), through: d(15), limit: 10) == [0, 1])   // Kochere last brewed on the 14th
        #expect(a.beansBrewed(from: d(1), through: d(12), limit: 10) == [1, 0])   // both at 07:00 on the 12th: label order
        #expect(a.beansBrewed(from: d(13), through: d(15), limit: 10) == [0])
        #expect(a.beansBrewed(from: d(1), through: d(15), limit: 1) == [0])
        #expect(a.beansBrewed(from: d(22), through: d(30), limit: 10).isEmpty)
    }
}
