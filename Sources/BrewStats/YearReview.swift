import BrewColumns

/// A calendar year of one journal in review: the counts people share, and what the grind data taught that year.
///
/// **The year** is the calendar year (1 January … 31 December) of the brews' local days in
/// ``StatsOptions/timeZone``, not the ISO week-numbering year: 1–3 January 2027 belong to ISO week 2026-W53 and to
/// the review of 2027. Only brews dated up to the year's last day are used (no look-ahead); undated brews are in no
/// year. The previous year is compared the same way.
///
/// Definitions (over the year's dated brews):
/// - ``brews``, ``previousBrews``: brews dated in the year and in the year before.
/// - ``rating``, ``previousRating``: the mean rating of the rated brews with its n; ``ratingChange`` only when both
///   years have enough rated brews (``EvidenceRules/compares(_:_:)``).
/// - ``brewDays``: distinct local days with at least one brew. ``longestStreak``: the longest run of consecutive
///   brew days inside the year (ties: the earliest run).
/// - ``hours``, ``weekdays``, ``months``: brews per local hour (0–23), ISO weekday (Monday first) and month;
///   ``favouriteHour``, ``busiestWeekday``, ``busiestMonth`` are the fullest slot (ties: the earliest).
/// - ``gramsUsed``: the sum of the doses logged (g; brews without a positive dose add nothing, ``dosedBrews`` counts
///   the others).
/// - ``favouriteRoaster``, ``mostBrewed``: the roaster and the coffee (``Coffees``: a bean name and its roaster, all
///   its bags together) with most brews (ties: name in UTF-8 order, then journal position). ``bestRated``: the
///   coffee with the highest mean rating among coffees with at least ``EvidenceRules/comparisonMinimumBrews`` rated
///   brews that year (ties: more rated brews, then label). For a coffee, ``Count/beanIndex`` and
///   ``BeanRating/beanIndex`` are its bag with most brews that year (ties: the first in the journal), and
///   ``Count/bags`` the bags brewed that year.
/// - ``sweetSpots``: the grind-versus-rating groups of the year's brews alone (grinder × method over all beans, and
///   each bean within it; ``BrewAnalysis/grindRating(curves:)``) whose sweet spot may be stated
///   (``GrindRatingGroup/statesSweetSpot``).
/// - ``journeys``: one ``DialInJourney`` per bag opened that year on a grinder × method.
public struct YearReview: Sendable {
    /// A name with its brew count (a roaster, a coffee).
    public struct Count: Sendable, Equatable {
        public let name: String
        public let brews: Int
        /// For a coffee, its most-brewed bag's index into ``Journal/beans``; `nil` for a roaster.
        public let beanIndex: Int?
        /// For a coffee, the bags of it brewed that year; 0 for a roaster.
        public var bags: Int = 0
    }

    /// A coffee's mean rating that year.
    public struct BeanRating: Sendable, Equatable {
        /// The coffee's most-brewed bag that year.
        public let beanIndex: Int
        public let name: String
        public let rating: MeanCount
    }

    /// The longest run of consecutive brew days.
    public struct Streak: Sendable, Equatable {
        public let days: Int
        public let first: Day
        public let last: Day
    }

    public let year: Int
    /// 1 January … 31 December of ``year``.
    public let span: ClosedRange<Day>
    public let brews: Int
    public let previousBrews: Int
    public let rating: MeanCount
    public let previousRating: MeanCount
    public let brewDays: Int
    public let longestStreak: Streak?
    /// Brews per local hour, 24 slots.
    public let hours: [Int]
    /// Brews per ISO weekday, Monday first, 7 slots.
    public let weekdays: [Int]
    /// Brews per month, January first, 12 slots.
    public let months: [Int]
    public let gramsUsed: Double
    public let dosedBrews: Int
    public let favouriteRoaster: Count?
    /// Every roaster with a brew that year and its brews, names in UTF-8 order (what a favourite is chosen from, and
    /// its runner-up).
    public let roasters: [Count]
    /// Every coffee with a brew that year, labels in UTF-8 order.
    public let coffees: [Count]
    public let mostBrewed: Count?
    public let bestRated: BeanRating?
    public let sweetSpots: [GrindRatingGroup]
    public let journeys: [DialInJourney]

    /// Whether the year has no brew: the review then says so and shows no statistic.
    public var isEmpty: Bool { brews == 0 }

    /// The change of the mean rating against the previous year, when both years have enough rated brews.
    public var ratingChange: Double? {
        guard EvidenceRules.compares(rating.n, previousRating.n), let a = rating.mean,
            let b = previousRating.mean else { return nil }
        return a - b
    }

    /// The hour (0–23) with most brews; ties the earliest; `nil` without brews.
    public var favouriteHour: Int? { Self.fullest(hours) }
    /// The ISO weekday (1 = Monday … 7 = Sunday) with most brews; ties the earliest.
    public var busiestWeekday: Int? { Self.fullest(weekdays).map { $0 + 1 } }
    /// The month (1–12) with most brews; ties the earliest.
    public var busiestMonth: Int? { Self.fullest(months).map { $0 + 1 } }

    /// The median of the journeys' ``DialInJourney/dialInBrews`` (type 7); `nil` without journeys.
    public var medianDialInBrews: Double? { median(journeys.map { Double($0.dialInBrews) }) }

    /// The index of the largest count (the first on ties); `nil` when every count is 0.
    static func fullest(_ counts: [Int]) -> Int? {
        guard let top = counts.max(), top > 0 else { return nil }
        return counts.firstIndex(of: top)
    }
}

extension BrewAnalysis {
    /// The review of calendar year `year` (see ``YearReview``). A year without brews gives an empty review.
    public func yearReview(_ year: Int) -> YearReview {
        let t = table
        let first = Day(year: year, month: 1, day: 1) ?? Day(index: 0)
        let last = Day(year: year, month: 12, day: 31) ?? Day(index: 0)
        let previousFirst = Day(year: year - 1, month: 1, day: 1) ?? Day(index: 0)
        let day = derived.localDay, calendar = derived.calendar
        var rows: [Int] = [], previousRatings: [Double] = [], previousBrews = 0
        for i in 0..<t.count where day.isValid(i) {
            let d = day.values[i]
            if d >= first.index && d <= last.index {
                rows.append(i)
            } else if d >= previousFirst.index
                && d < first.index {
                previousBrews += 1
                if let r = t.rating[i], r.isFinite { previousRatings.append(r) }
            }
        }
        var hours = [Int](repeating: 0, count: 24), weekdays = [Int](repeating: 0, count: 7),
            months = [Int](repeating: 0, count: 12)
        var daysSeen = [Bool](repeating: false, count: Int(last.index - first.index) + 1)
        var ratings: [Double] = [], doses: [Double] = []
        var roasterCounts = [Int](repeating: 0, count: t.roaster.dictionary.count)
        let coffees = Coffees(journal)
        var beanCounts = [Int](repeating: 0, count: journal.beans.count)
        var coffeeCounts = [Int](repeating: 0, count: coffees.labels.count)
        var coffeeRatings = [[Double]](repeating: [], count: coffees.labels.count)
        for i in rows {
            let d = Day(index: day.values[i])
            daysSeen[Int(d.index - first.index)] = true
            weekdays[d.isoWeekday - 1] += 1
            months[d.civil.month - 1] += 1
            let us = t.brewDate.values[i]
            let local = floorDiv(us, 1_000_000) + calendar.offsetSeconds(at: us)
            hours[Int(((local % 86_400) + 86_400) % 86_400 / 3_600)] += 1
            let rating = t.rating[i].flatMap { $0.isFinite ? $0 : nil }
            if let rating { ratings.append(rating) }
            if let dose = t.doseGrams[i], dose.isFinite, dose > 0 { doses.append(dose) }
            if let r = t.roaster.code(i) { roasterCounts[Int(r)] += 1 }
            if let b = t.bean.code(i), Int(b) < beanCounts.count {
                beanCounts[Int(b)] += 1
                let c = coffees.coffeeOfBean[Int(b)]
                coffeeCounts[c] += 1
                if let rating { coffeeRatings[c].append(rating) }
            }
        }
        let labels = coffees.labels
        /// A coffee's bag with most brews this year (ties: the first in the journal), and its bags brewed.
        func bag(_ c: Int) -> (index: Int, brewed: Int) {
            let members = coffees.bags[c]
            let top = members.max { a, b in beanCounts[a] != beanCounts[b] ? beanCounts[a] < beanCounts[b] : a > b }!
            return (top, members.filter { beanCounts[$0] > 0 }.count)
        }
        func mean(_ v: [Double]) -> MeanCount {
            MeanCount(mean: v.isEmpty ? nil : pairwiseSum(v) / Double(v.count), n: v.count)
        }
        /// The index with the largest count; ties by name, then position.
        func top(_ counts: [Int], name: (Int) -> String) -> Int? {
            counts.indices.filter { counts[$0] > 0 }.min { a, b in
                if counts[a] != counts[b] { return counts[a] > counts[b] }
                let na = name(a), nb = name(b)
                return na != nb ? nameLess(na, nb) : a < b
            }
        }
        let roaster = top(roasterCounts) { t.roaster.dictionary[$0] }
        let coffee = top(coffeeCounts) { labels[$0] }
        let rated = coffeeRatings.indices.filter { coffeeRatings[$0].count >= EvidenceRules.comparisonMinimumBrews }
            .map { YearReview.BeanRating(beanIndex: bag($0).index, name: labels[$0], rating: mean(coffeeRatings[$0])) }
        let best = rated.min { a, b in
            if a.rating.mean! != b.rating.mean! { return a.rating.mean! > b.rating.mean! }
            if a.rating.n != b.rating.n { return a.rating.n > b.rating.n }
            return a.name != b.name ? nameLess(a.name, b.name) : a.beanIndex < b.beanIndex
        }
        // The year's brews alone, for the sweet spots found that year.
        let yearAnalysis = rows.count == t.count ? self
            : BrewAnalysis(journal: journal.filtered(Selection(rows.map(Int32.init))), options: options)
        let spots = rows.isEmpty ? [] : yearAnalysis.grindRating().groups.filter(\.statesSweetSpot)
        return YearReview(year: year, span: first...last, brews: rows.count, previousBrews: previousBrews,
                          rating: mean(ratings), previousRating: mean(previousRatings),
                          brewDays: daysSeen.filter { $0 }.count,
                          longestStreak: YearReview.streak(daysSeen, from: first),
                          hours: hours, weekdays: weekdays, months: months,
                          gramsUsed: doses.isEmpty ? 0 : pairwiseSum(doses), dosedBrews: doses.count,
                          favouriteRoaster: roaster.map {
                              .init(name: t.roaster.dictionary[$0], brews: roasterCounts[$0], beanIndex: nil)
                          },
                          roasters: roasterCounts.indices.filter { roasterCounts[$0] > 0 }
                              .sorted { nameLess(t.roaster.dictionary[$0], t.roaster.dictionary[$1]) }
                              .map { .init(name: t.roaster.dictionary[$0], brews: roasterCounts[$0], beanIndex: nil) },
                          coffees: coffeeCounts.indices.filter { coffeeCounts[$0] > 0 }.sorted {
                              nameLess(labels[$0], labels[$1])
                          }
                              .map {
                                  .init(name: labels[$0], brews: coffeeCounts[$0], beanIndex: bag($0).index,
                                      bags: bag($0).brewed)
                              },
                          mostBrewed: coffee.map {
                              .init(name: labels[$0], brews: coffeeCounts[$0], beanIndex: bag($0).index,
                                  bags: bag($0).brewed)
                          },
                          bestRated: best, sweetSpots: spots,
                          journeys: dialInJourneys(through: last, openedFrom: first))
    }
}

extension YearReview {
    /// The longest run of `true` in `seen` (slot k is day `from + k`); ties the earliest; `nil` when none is set.
    static func streak(_ seen: [Bool], from start: Day) -> Streak? {
        var best: Streak?, runStart = -1
        for k in 0...seen.count {
            if k < seen.count && seen[k] {
                if runStart < 0 { runStart = k }
                continue
            }
            guard runStart >= 0 else { continue }
            let length = k - runStart
            if length > (best?.days ?? 0) {
                best = Streak(days: length, first: Day(index: start.index + Int32(runStart)),
                    last: Day(index: start.index + Int32(k - 1)))
            }
            runStart = -1
        }
        return best
    }
}
