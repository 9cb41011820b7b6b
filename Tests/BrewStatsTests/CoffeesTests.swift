import BrewColumns
import BrewStats
import Foundation
import Testing

@Suite struct CoffeesTests {
    /// Beans (bags) with their brews in 2026: two bags of one coffee (two roast dates), a coffee of one bag with more
    /// brews than either bag, the same name from two roasters, and two bags told apart only by when they were added.
    static func journal() -> Journal {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let day = 86_400_000_000 as Int64
        let jan1: Int64 = 1_767_225_600_000_000  // 2026-01-01T00:00:00Z
        let beans: [(CoffeeBean, Int)] = [
            (CoffeeBean(name: "La Pastora", roaster: "Friedhats", roastDate: Day(year: 2026, month: 1, day: 2)), 5),
            (CoffeeBean(name: "Fazenda", roaster: "Friedhats", roastDate: Day(year: 2026, month: 1, day: 3)), 7),
            (CoffeeBean(name: "La Pastora", roaster: "Friedhats", roastDate: Day(year: 2026, month: 2, day: 1)), 4),
            (CoffeeBean(name: "Gatare", roaster: "A"), 2),
            (CoffeeBean(name: "Gatare", roaster: "B"), 1),
            (CoffeeBean(name: "Peru", roaster: "Quijote", roastDate: Day(year: 2026, month: 3, day: 1),
                        createdAt: Timestamp(microseconds: jan1 + 70 * day)), 1),
            (CoffeeBean(name: "Peru", roaster: "Quijote", roastDate: Day(year: 2026, month: 3, day: 1),
                        createdAt: Timestamp(microseconds: jan1 + 90 * day)), 1),
        ]
        var k: Int64 = 0
        for (bean, n) in beans {
            let code = b.addBean(bean)
            for _ in 0..<n {
                var row = BrewRow()
                row.brewDate = Timestamp(microseconds: jan1 + 10 * day + k * 3_600_000_000)
                row.method = m; row.bean = code; row.doseGrams = 15; row.rating = 4
                b.appendBrew(row)
                k += 1
            }
        }
        return b.finish()
    }

    @Test func coffeesGroupBagsAndLabelSharedNamesByRoaster() {
        let c = Coffees(Self.journal())
        #expect(c.labels == ["La Pastora", "Fazenda", "Gatare (A)", "Gatare (B)", "Peru"])
        #expect(c.coffeeOfBean == [0, 1, 0, 2, 3, 4, 4])
        #expect(c.bags == [[0, 2], [1], [3], [4], [5, 6]])
    }

    @Test func bagsAreToldApartByRoastOrPurchaseDateNeverANumberAlone() {
        let c = Coffees(Self.journal())
        #expect(c.bagLabels == ["roasted 2026-01-02", "", "roasted 2026-02-01", "", "", "added 2026-03-12", "added 2026-04-01"])
        let labels = BeanLabels.make(Self.journal())
        #expect(labels[5] == "Peru (Quijote, roasted 2026-03-01, added 2026-03-12)")
        #expect(labels[6] == "Peru (Quijote, roasted 2026-03-01, added 2026-04-01)")
        #expect(!labels.contains { $0.contains("#") })
    }

    @Test func theYearsMostBrewedCoffeeCountsEveryBag() {
        var o = StatsOptions()
        o.timeZone = TimeZone(identifier: "UTC")!
        let review = BrewAnalysis(journal: Self.journal(), options: o).yearReview(2026)
        // La Pastora: 5 + 4 brews over two bags, against Fazenda's 7 in one.
        #expect(review.mostBrewed?.name == "La Pastora")
        #expect(review.mostBrewed?.brews == 9)
        #expect(review.mostBrewed?.bags == 2)
        #expect(review.mostBrewed?.beanIndex == 0)
        #expect(review.favouriteRoaster?.name == "Friedhats" && review.favouriteRoaster?.brews == 16)
    }
}
