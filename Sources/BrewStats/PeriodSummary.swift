import BrewColumns

/// A report period against the period before it (``ReportPeriod/previous``): what `week_summary.csv` and
/// `period_summary.csv` state, and the report's headline.
///
/// Rows of its CSV, in this order: `brews`, `mean_rating`, `mean_ey_pct`, `top_method`, `best_brew`; columns
/// `metric`, then this and the previous stretch, then `change` (this minus before, empty when either is missing, and
/// for the text rows). One type for every kind of period; what differs is a naming rule: the columns of a week are
/// `this_week`/`previous_week` (``weekHeader``), those of a month, a year or a range `this_period`/`previous_period`
/// (``periodHeader``), chosen by ``ReportPeriod`` (``header(for:)``).
public struct PeriodSummary: Sendable, Equatable {
    public let this: PeriodFigures
    public let previous: PeriodFigures
    /// The days compared: the whole period and the whole period before, or, for a partial period
    /// (``BrewAnalysis/periodSummary(_:through:)``), its first days and the same number of first days of the period
    /// before (1–22 November against 1–22 October).
    public var thisDays: ClosedRange<Day>
    public var previousDays: ClosedRange<Day>
    /// Whether only the first days of the two periods are compared.
    public var isPartial: Bool { thisDays != this.period.days }

    /// The CSV columns of a week's summary (`week_summary.csv`).
    public static let weekHeader = ["metric", "this_week", "previous_week", "change"]
    /// The CSV columns of a month's, a year's or a range's summary (`period_summary.csv`).
    public static let periodHeader = ["metric", "this_period", "previous_period", "change"]

    /// The naming rule of the columns: ``weekHeader`` for ``ReportPeriod/week(_:)``, ``periodHeader`` otherwise.
    public static func header(for period: ReportPeriod) -> [String] {
        if case .week = period { weekHeader } else { periodHeader }
    }

    /// The metric names of the rows, in order (the first column).
    public static let metrics = ["brews", "mean_rating", "mean_ey_pct", "top_method", "best_brew"]

    /// RFC 4180 text (see ``CSVCell``; numbers rounded to ``CSVPrecision``, a change to the precision of its
    /// metric, computed before rounding); `best_brew` cells are ``BestBrew/label``; columns by ``header(for:)`` of
    /// this period.
    public func csv() -> String {
        ComparisonCSV.write(header: Self.header(for: this.period), this: this, previous: previous)
    }

    /// `week_summary.csv` of a journal without dated brews (no week to report): the header and every metric,
    /// `brews` 0, the other cells empty.
    public static func emptyCSV() -> String {
        CSVWriter.write(header: weekHeader, rows: metrics.map { m in
            m == "brews" ? [.label(m), .integer(0), .integer(0), .integer(0)]
                : [.label(m), .text(nil), .text(nil), .text(nil)]
        })
    }
}

extension BrewAnalysis {
    /// The summary of the whole week `week` (default ``latestWeek``) against the whole week before:
    /// ``periodSummary(_:)`` of ``ReportPeriod/week(_:)``. `nil` when no week is given and no brew has a date.
    public func weekSummary(week: IsoWeek? = nil) -> PeriodSummary? {
        guard let week = week ?? latestWeek else { return nil }
        return periodSummary(.week(week))
    }

    /// The summary of `period` against ``ReportPeriod/previous``. Undated brews are in neither.
    public func periodSummary(_ period: ReportPeriod) -> PeriodSummary {
        periodSummary(period, through: nil)
    }

    /// The summary of `period`'s days up to `end` against as many first days of the period before: a period in
    /// progress or cut short by the journal is compared with the same span of the one before (1–22 November with
    /// 1–22 October; 1 January – 27 November 2026 with 1 January – 27 November 2025). A span longer than the period
    /// before (31 days of March against February) takes the whole period before. `end` outside the period, or `nil`,
    /// compares the whole periods.
    public func periodSummary(_ period: ReportPeriod, through end: Day?) -> PeriodSummary {
        let previous = period.previous
        guard let end, period.days.contains(end), end < period.lastDay else {
            return PeriodSummary(this: periodFigures(rows(in: period.days), period),
                                 previous: periodFigures(rows(in: previous.days), previous),
                                 thisDays: period.days, previousDays: previous.days)
        }
        let length = end.index - period.firstDay.index
        let previousEnd = Day(index: min(previous.lastDay.index, previous.firstDay.index + length))
        let thisDays = period.firstDay...end, previousDays = previous.firstDay...previousEnd
        return PeriodSummary(this: periodFigures(rows(in: thisDays), period),
                             previous: periodFigures(rows(in: previousDays), previous),
                             thisDays: thisDays, previousDays: previousDays)
    }

    /// The rows whose local day lies in `days`, in table order.
    public func rows(in days: ClosedRange<Day>) -> Selection {
        let d = derived.localDay
        let lo = days.lowerBound.index, hi = days.upperBound.index
        var out: [Int32] = []
        d.values.withUnsafeBufferPointer { v in
            // SAFETY: `v` has `d.count` slots and the loop reads below that.
            for i in 0..<v.count where v[i] >= lo && v[i] <= hi && d.isValid(i) { out.append(Int32(i)) }
        }
        return Selection(out)
    }

    /// The figures of the brews `rows`, as those of `period`.
    func periodFigures(_ rows: Selection, _ period: ReportPeriod) -> PeriodFigures {
        let t = table
        var counts = [Int](repeating: 0, count: t.method.dictionary.count)
        for r in rows.indices where t.method.codes.isValid(Int(r)) { counts[Int(t.method.codes.values[Int(r)])] += 1 }
        var top: Int?
        for m in counts.indices where counts[m] > 0 {
            guard let b = top else { top = m; continue }
            if counts[m] > counts[b]
                || (counts[m] == counts[b] && nameLess(t.method.dictionary[m], t.method.dictionary[b])) {
                top = m
            }
        }
        var best: BestBrew?
        for r in rows.indices.map(Int.init) where t.rating.isValid(r) && !t.rating.values[r].isNaN {
            let candidate = BestBrew(row: r, id: t.id[r], rating: t.rating.values[r],
                                     brewDate: t.brewDate[r].map(Timestamp.init(microseconds:)))
            guard let b = best else { best = candidate; continue }
            if candidate.rating != b.rating {
                if candidate.rating > b.rating { best = candidate }
                continue
            }
            let ct = candidate.brewDate?.microseconds ?? .max, bt = b.brewDate?.microseconds ?? .max
            if ct != bt {
                if ct < bt { best = candidate }
                continue
            }
            let ci = candidate.id ?? "", bi = b.id ?? ""
            if ci != bi, nameLess(ci, bi) { best = candidate }
        }
        var espresso: [Int] = [], filter: [Int] = []
        for r in rows.indices.map(Int.init) {
            if t.category.isValid(r) && t.category(at: r) == .espresso { espresso.append(r) } else { filter.append(r) }
        }
        let rated = MeanCount.of(t.rating, rows.indices.map(Int.init))
        return PeriodFigures(period: period, brews: rows.count, meanRating: Kernel.mean(t.rating, rows),
                             ratedBrews: rated.n,
                             meanExtraction: Kernel.mean(derived.extractionYield, rows),
                             espressoExtraction: .extraction(derived, t, espresso),
                             filterExtraction: .extraction(derived, t, filter),
                             topMethod: top.map { t.method.dictionary[$0] }, bestBrew: best)
    }
}
