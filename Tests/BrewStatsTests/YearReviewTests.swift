import BrewColumns
import BrewStats
import Foundation
import Testing
import TestSupport

/// The year in review against an independent computation: the brews are kept as plain values and filtered,
/// counted and bucketed with Foundation's `Calendar` in the test.
@Suite struct YearReviewTests {
    /// One generated brew as the test knows it.
    struct Plain {
        let date: Date
        let bean: Int
        let grinder: Int
        let method: Int
        let setting: Double?
        let rating: Double?
        let dose: Double?
    }

    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let roasters = ["Flying Roasters", "Quijote", "Quijote", "Machhörndl"]

    /// A journal of `count` brews between 2025-11-01 and 2027-02-28 (random local times), with the plain copy.
    static func journal(seed: UInt64, count: Int) -> (Journal, [Plain]) {
        var rng = TestRNG(seed: seed)
        var b = JournalBuilder()
        let methods = [b.addMethod(BrewMethod(name: "V60", category: .pourOver)), b.addMethod(BrewMethod(name: "Espresso", category: .espresso))]
        let grinders = [b.addGrinder(Grinder(name: "Comandante")), b.addGrinder(Grinder(name: "Niche"))]
        var beans: [Int32] = []
        for (k, roaster) in roasters.enumerated() {
            beans.append(b.addBean(CoffeeBean(name: "Bean \(k)", roaster: roaster, roastDate: Day(year: 2025, month: 10, day: 20))))
        }
        let start = Date(timeIntervalSince1970: 1_761_955_200)  // 2025-11-01T00:00:00Z
        let end = Date(timeIntervalSince1970: 1_803_859_200)    // 2027-02-28T00:00:00Z
        var plain: [Plain] = []
        // A run of brews on 1–3 January 2027 (ISO week 2026-W53) and 31 December 2026, so the year's edges matter.
        let edges = [1_798_700_000.0, 1_798_760_000, 1_798_840_000, 1_798_930_000, 1_799_000_000]
        for k in 0..<count {
            let t = k < edges.count ? edges[k] : start.timeIntervalSince1970
                + Double(rng.next() % UInt64(end.timeIntervalSince1970 - start.timeIntervalSince1970))
            let bean = Int(rng.next() % 4), grinder = Int(rng.next() % 2), method = Int(rng.next() % 2)
            let setting: Double? = rng.next() % 7 == 0 ? nil : Double(10 + rng.next() % 8)
            let rating: Double? = rng.next() % 5 == 0 ? nil : Double(rng.next() % 11) / 2
            let dose: Double? = rng.next() % 6 == 0 ? nil : Double(14 + rng.next() % 6)
            let p = Plain(date: Date(timeIntervalSince1970: t), bean: bean, grinder: grinder, method: method,
                          setting: setting, rating: rating, dose: dose)
            plain.append(p)
            var row = BrewRow()
            row.id = "b\(k)"
            row.brewDate = Timestamp(p.date)
            row.bean = beans[bean]; row.grinder = grinders[grinder]; row.method = methods[method]
            row.grindSetting = setting; row.rating = rating; row.doseGrams = dose
            b.appendBrew(row)
        }
        return (b.finish(), plain)
    }

    static var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = zone
        return c
    }

    func analysis(_ journal: Journal) -> BrewAnalysis {
        var o = StatsOptions()
        o.timeZone = Self.zone
        return BrewAnalysis(journal: journal, options: o)
    }

    @Test(arguments: [2026, 2027])
    func countsAgreeWithCalendar(year: Int) {
        let (journal, plain) = Self.journal(seed: 0x5EED + UInt64(year), count: 900)
        let review = analysis(journal).yearReview(year)
        let cal = Self.calendar
        let inYear = plain.filter { cal.component(.year, from: $0.date) == year }
        let before = plain.filter { cal.component(.year, from: $0.date) == year - 1 }
        #expect(review.brews == inYear.count)
        #expect(review.previousBrews == before.count)
        let ratings = inYear.compactMap(\.rating)
        #expect(review.rating.n == ratings.count)
        #expect(isClose(review.rating.mean, ratings.reduce(0, +) / Double(ratings.count)))
        let previous = before.compactMap(\.rating)
        if EvidenceRules.compares(ratings.count, previous.count) {
            let thisMean: Double = ratings.reduce(0, +) / Double(ratings.count)
            let lastMean: Double = previous.reduce(0, +) / Double(previous.count)
            #expect(isClose(review.ratingChange, thisMean - lastMean))
        }
        #expect(isClose(review.gramsUsed, inYear.compactMap(\.dose).reduce(0, +)))
        // Days, hours, weekdays, months from Foundation's calendar.
        let days = Set(inYear.map { cal.startOfDay(for: $0.date) })
        #expect(review.brewDays == days.count)
        var hours = [Int](repeating: 0, count: 24), weekdays = [Int](repeating: 0, count: 7), months = [Int](repeating: 0, count: 12)
        for p in inYear {
            hours[cal.component(.hour, from: p.date)] += 1
            weekdays[(cal.component(.weekday, from: p.date) + 5) % 7] += 1  // Sunday = 1 → 6
            months[cal.component(.month, from: p.date) - 1] += 1
        }
        #expect(review.hours == hours)
        #expect(review.weekdays == weekdays)
        #expect(review.months == months)
        #expect(review.favouriteHour == hours.firstIndex(of: hours.max()!))
        #expect(review.busiestMonth == months.firstIndex(of: months.max()!)! + 1)
        // The longest run of consecutive days, walking the calendar.
        var longest = 0, run = 0
        var day = cal.date(from: DateComponents(year: year, month: 1, day: 1))!
        while cal.component(.year, from: day) == year {
            run = days.contains(day) ? run + 1 : 0
            longest = max(longest, run)
            day = cal.date(byAdding: .day, value: 1, to: day)!
        }
        #expect(review.longestStreak?.days == longest)
        // Most-brewed bean and favourite roaster (ties by name).
        var beanCounts = [Int](repeating: 0, count: 4)
        for p in inYear { beanCounts[p.bean] += 1 }
        let topBean = beanCounts.indices.max { (beanCounts[$0], -$0) < (beanCounts[$1], -$1) }!
        #expect(review.mostBrewed?.name == "Bean \(topBean)")
        #expect(review.mostBrewed?.brews == beanCounts[topBean])
        var roasterCounts: [String: Int] = [:]
        for p in inYear { roasterCounts[Self.roasters[p.bean], default: 0] += 1 }
        let topRoaster = roasterCounts.max { ($0.value, $1.key) < ($1.value, $0.key) }!
        #expect(review.favouriteRoaster?.name == topRoaster.key)
        #expect(review.favouriteRoaster?.brews == topRoaster.value)
    }

    /// 2027 begins on a Friday: 1–3 January lie in ISO week 2026-W53 but belong to the review of 2027.
    @Test func firstDaysOfTheYearInThePreviousIsoYear() {
        let (journal, plain) = Self.journal(seed: 7, count: 5)
        let review = analysis(journal).yearReview(2027)
        let jan = plain.filter { Self.calendar.component(.year, from: $0.date) == 2027 }
        #expect(jan.count == 4)
        #expect(IsoWeek(containing: Day(year: 2027, month: 1, day: 2)!).label == "2026-W53")
        #expect(review.brews == jan.count)
        let streak = review.longestStreak
        #expect(streak?.days == 3)
        #expect(streak?.first.description == "2027-01-01")
        #expect(streak?.last.description == "2027-01-03")
        #expect(analysis(journal).yearReview(2026).brews == 1)
    }

    @Test func yearWithoutBrewsIsAnHonestEmptyReview() {
        let (journal, _) = Self.journal(seed: 3, count: 200)
        let review = analysis(journal).yearReview(2031)
        #expect(review.isEmpty)
        #expect(review.brews == 0 && review.brewDays == 0 && review.gramsUsed == 0)
        #expect(review.longestStreak == nil && review.favouriteHour == nil && review.busiestWeekday == nil)
        #expect(review.mostBrewed == nil && review.favouriteRoaster == nil && review.bestRated == nil)
        #expect(review.rating.mean == nil && review.ratingChange == nil)
        #expect(review.journeys.isEmpty && review.sweetSpots.isEmpty)
        #expect(analysis(.empty).yearReview(2026).isEmpty)
    }

    /// Dial-in journeys against a hand-made bag: ratings 2, 3, 4.5, 4.25 on settings 20, 18, 16, 17.
    @Test func dialInJourneyByHand() {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver)), g = b.addGrinder(Grinder(name: "C40"))
        let bean = b.addBean(CoffeeBean(name: "Kochere"))
        let old = b.addBean(CoffeeBean(name: "Old bag"))
        let cal = Self.calendar
        let brews: [(Int32, Int, Double, Double)] = [(old, 1, 12, 3), (old, 2, 13, 4),  // opened 2025: left out
                                                     (bean, 5, 20, 2), (bean, 6, 18, 3), (bean, 7, 16, 4.5), (bean, 8, 17, 4.25),
                                                     (old, 40, 14, 5)]
        for (k, (which, dayOfYear, setting, rating)) in brews.enumerated() {
            var row = BrewRow()
            let year = which == old && dayOfYear < 10 ? 2025 : 2026
            row.id = "\(k)"
            row.brewDate = Timestamp(cal.date(from: DateComponents(year: year, month: 1, day: dayOfYear, hour: 8))!)
            row.bean = which; row.method = m; row.grinder = g; row.grindSetting = setting; row.rating = rating
            b.appendBrew(row)
        }
        let review = analysis(b.finish()).yearReview(2026)
        #expect(review.journeys.count == 1)
        let j = review.journeys[0]
        #expect(j.bean == "Kochere" && j.ratedBrews == 4)
        #expect(j.first.rating == 2 && j.best.rating == 4.5)
        #expect(j.ratingGap == 2.5)
        #expect(j.settingDistance == 4)
        #expect(j.dialInBrews == 3)  // the third brew (4.5) is the first within 0.25 of 4.5
        #expect(review.medianDialInBrews == 3)
    }
}
