import BrewCharts
import BrewColumns
import BrewPages
import BrewStats
import Foundation

/// The year in review as text and charts, for its page (``YearReviewPage``): the figures (label, value, detail),
/// the favourites as findings, the lessons of the year, and the two small charts.
struct YearReviewText {
    let review: YearReview
    let analysis: BrewAnalysis

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `a brew` / `12 brews`.
    static func brews(_ n: Int) -> String { "\(n) brew\(n == 1 ? "" : "s")" }

    /// The headline figures; a single tile saying so for a year without brews.
    var figures: [Headline] {
        let r = review, last = r.year - 1
        guard !r.isEmpty else {
            return [
                Headline(label: "Brews", value: "0",
                    detail: "none dated in \(r.year)" + (r.previousBrews > 0 ? "; \(r.previousBrews) in \(last)" : ""))]
        }
        var out = [Headline(label: "Brews", value: "\(r.brews)",
                            detail: r.previousBrews == 0 ? "none in \(last)"
                                : "\(Format.change(Double(r.brews - r.previousBrews), decimals: 0)) " +
                                    "vs \(last) (\(r.previousBrews))")]
        out.append(Headline.mean(label: "Mean rating", this: r.rating, previous: r.previousRating, decimals: 2,
                                 unit: "",
                                 changeUnit: "", what: "rated")
            .renamingWeeks(this: "\(r.year)", last: "\(last)"))
        out.append(Headline(label: "Brew days", value: "\(r.brewDays)",
                            detail: r.longestStreak.map {
                                "longest streak \($0.days) day\($0.days == 1 ? "" : "s") " +
                                    "(\(ReportPeriod.span($0.first, $0.last)))"
                            } ?? ""))
        out.append(Headline(label: "Beans used", value: Format.number(r.gramsUsed / 1000, decimals: 2) + " kg",
                            detail: "the doses of \(Self.brews(r.dosedBrews))"))
        return out
    }

    /// The sweet spots found that year, as findings.
    var sweetSpots: [Finding] {
        review.sweetSpots.map { g in
            GrindFinding.of(g,
                grinder: analysis.journal.grinders.indices.contains(g.grinderIndex)
                    ? analysis.journal.grinders[g.grinderIndex] : nil)
        }
    }

    /// `07:00–08:00`, the local hour `h` (0–23).
    static func hourText(_ h: Int) -> String { String(format: "%02d:00–%02d:00", h, (h + 1) % 24) }

    /// The year's favourites as findings that qualify themselves
    /// (``BrewPages/Finding/winner(subject:among:noun:kind:minimum:merges:name:)``): the favourite roaster (qualified
    /// by the spellings the import suspects are one roaster, `roasterMerges`), the most-brewed and best-rated coffee,
    /// the favourite hour, the busiest month and weekday (ties name every tied slot).
    func findings(roasterMerges: [[String]]) -> [Finding] {
        let r = review
        var out: [Finding] = []
        let roasters = r.roasters.map { (name: $0.name, count: $0.brews) }
        out.append(
            roasters.isEmpty
                ? .notMade(
                    subject: "Favourite roaster", "no brew names a roaster: add the roaster to a bean to see one")
                   : Finding.winner(subject: "Favourite roaster", among: roasters, kind: "roaster",
                       merges: roasterMerges))
        let coffees = r.coffees.map { (name: $0.name, count: $0.brews) }
        var coffee = coffees.isEmpty ? .notMade(subject: "Most-brewed coffee", "no brew names a bean")
            : Finding.winner(subject: "Most-brewed coffee", among: coffees)
        if let m = r.mostBrewed, m.bags > 1, coffee.qualifiers.isEmpty {
            coffee.facts.append(Text("over \(m.bags) bags"))
        }
        out.append(coffee)
        if let b = r.bestRated {
            out.append(Finding(subject: "Best-rated coffee",
                               statement: Text(
                                   "\(b.name), a mean of \(Format.number(b.rating.mean, decimals: 2)) of 5"),
                               evidence: Evidence(n: b.rating.n, noun: "rated brews",
                                   details: [
                                       "among coffees with \(EvidenceRules.comparisonMinimumBrews) " +
                                           "or more rated brews this year"])))
        } else {
            out.append(
                .notMade(subject: "Best-rated coffee",
                    "no coffee has \(EvidenceRules.comparisonMinimumBrews) " +
                        "rated brews this year: rate your brews to see one"))
        }
        out.append(Finding.winner(subject: "Favourite hour",
                                  among: (0..<24).map { (name: "\($0)", count: r.hours[$0]) },
                                  name: { Self.hourText(Int($0) ?? 0) }))
        out.append(
            Finding.winner(subject: "Busiest month",
                among: (0..<12).map { (name: Self.monthNames[$0], count: r.months[$0]) }))
        out.append(
            Finding.winner(subject: "Busiest weekday",
                among: (0..<7).map { (name: Self.weekdayNames[$0], count: r.weekdays[$0]) }))
        return out
    }

    /// What the sweet-spot list says when it is empty.
    var noSweetSpot: String {
        "No grinder × method (or bean within one) states a sweet spot from this year's brews: " +
            "\(EvidenceRules.sweetSpotRuleText), with a clear peak inside the settings tried."
    }

    /// The dial-in line: the median number of brews, over how many bags, with the definition.
    var dialInSummary: String {
        let j = review.journeys
        guard let median = review.medianDialInBrews else {
            return "No bag opened this year has two rated brews on one grinder × method, so no dial-in is measured."
        }
        let tol = Format.number(DialInJourney.tolerance, decimals: 2)
        let bags = Set(j.map(\.beanIndex)).count
        // The median is over bag × grinder × method pairs; the bags are how many bags those pairs come from.
        let over = j.count == bags ? "\(bags) bag\(bags == 1 ? "" : "s") opened this year"
            : "\(j.count) bag × grinder × method pairs (\(bags) bag\(bags == 1 ? "" : "s") opened this year)"
        return "Dialing in took a median of \(Format.number(median, decimals: median.rounded() == median ? 0 : 1)) " +
            "brew\(median == 1 ? "" : "s") over \(over): the rated brews up to the first one within \(tol) of the " +
                "bag's best rating on that grinder × method (1: the first brew was already there)."
    }

    static let journeyHeader = ["Bean", "Grinder × method", "First", "Best", "Gap", "Setting moved", "Brews to dial in"]

    /// One row per journey: first and best rating with their settings, the gap, the setting distance, the count.
    /// At most this many journeys are listed: those with most rated brews (ties: the review's order).
    static let journeyRowLimit = 12

    /// The journeys listed: the ``journeyRowLimit`` with most rated brews, in the review's order.
    var listedJourneys: [DialInJourney] {
        let j = review.journeys
        guard j.count > Self.journeyRowLimit else { return j }
        let keep =
            Set(j.indices.sorted { (j[$0].ratedBrews, -$0) > (j[$1].ratedBrews, -$1) }.prefix(Self.journeyRowLimit))
        return j.indices.filter(keep.contains).map { j[$0] }
    }

    /// Says how many journeys the list leaves out; `nil` when it lists them all.
    var journeysLeftOut: String? {
        let n = review.journeys.count - listedJourneys.count
        return n > 0 ? "The \(Self.journeyRowLimit) with most rated brews are listed; \(n) more count in the median."
            : nil
    }

    var journeyRows: [[String]] {
        listedJourneys.map { j in
            let grinder = analysis.journal.grinders.indices.contains(j.grinderIndex)
                ? analysis.journal.grinders[j.grinderIndex] : nil
            func at(_ b: BeanProgress.Brew) -> String {
                Format.number(
                    b.rating,
                    decimals: 1) + (b.setting.map { " at " + GrindSetting.text($0, grinder: grinder, observed: [$0]) }
                        ?? "")
            }
            let moved = j.settingDistance.map { Format.number($0, decimals: $0.rounded() == $0 ? 0 : 2) } ?? "—"
            return [j.bean, "\(j.grinder) × \(j.method)", at(j.first), at(j.best),
                    Format.number(j.ratingGap, decimals: 2), moved,
                    "\(j.dialInBrews) of \(j.ratedBrews)"]
        }
    }

    /// Brews per weekday, Monday first.
    var weekdayChart: Chart {
        BeanCharts.counts(title: "Brews per weekday", subtitle: "\(review.year) · \(Self.brews(review.brews))",
                          categories: Self.weekdayNames.map { String($0.prefix(3)) },
                          values: review.weekdays.map(Double.init),
                          axis: "Weekday")
    }

    /// Brews per month.
    var monthChart: Chart {
        BeanCharts.counts(title: "Brews per month", subtitle: "\(review.year) · \(Self.brews(review.brews))",
                          categories: Self.monthNames.map { String($0.prefix(3)) },
                          values: review.months.map(Double.init),
                          axis: "Month")
    }
}

extension Headline {
    /// This headline with "this week"/"last week" worded as the years `this` and `last`.
    func renamingWeeks(this: String, last: String) -> Headline {
        func swap(_ s: String) -> String {
            s.replacingOccurrences(of: "this week", with: "in \(this)").replacingOccurrences(of: "rated last week",
                with: "rated in \(last)")
                .replacingOccurrences(of: "last week", with: last)
        }
        return Headline(label: label, value: value, detail: swap(detail))
    }
}
