import BrewColumns

extension MethodCategory {
    /// Whether a brew of this category is drawn on a brewing control chart: espresso on the espresso chart;
    /// pour-over only on the filter chart, whose ideal box (SCA, EY 18–22 %, TDS 1.15–1.35 %) is defined for drip
    /// and pour-over brewing. Immersion and other methods (French press, AeroPress, Moka pot) are on neither.
    public func isOnControlChart(espresso: Bool) -> Bool {
        espresso ? self == .espresso : self == .pourOver
    }
}

/// The selections (``Selection``: row indices, ascending) the report's scatter charts draw: the one statement of which
/// brews feed the brewing control chart and the rest chart, for the report, the single charts and their tests alike.
///
/// A row is *dated in* a period when its local day (``DerivedColumns/localDay``) lies in the period's days; with no
/// period every row is. Edge cases: an empty journal, or one whose brews lack the values, gives an empty selection.
extension BrewAnalysis {
    /// Whether row `i` is dated in `period` (always `true` when `period` is `nil`; `false` for an undated brew
    /// otherwise).
    public func isDated(_ i: Int, in period: ReportPeriod?) -> Bool {
        guard let p = period else { return true }
        let d = derived.localDay
        return d.isValid(i) && d.values[i] >= p.firstDay.index && d.values[i] <= p.lastDay.index
    }

    /// The rows with an extraction yield and a TDS (``DerivedColumns/extractionYield`` and
    /// ``DerivedColumns/strength`` both valid, so the EY is plausible), dated in `period`: the brews a control chart
    /// could draw, of any method category.
    public func measuredRows(in period: ReportPeriod? = nil) -> Selection {
        let e = derived.extractionYield, s = derived.strength
        return Selection(
            (0..<Int32(journal.brews.count)).filter {
                e.isValid(Int($0)) && s.isValid(Int($0)) && isDated(Int($0), in: period)
            })
    }

    /// The rows the brewing control chart draws: ``measuredRows(in:)`` whose method category is on the chart
    /// (``MethodCategory/isOnControlChart(espresso:)``).
    public func controlChartRows(espresso: Bool, in period: ReportPeriod? = nil) -> Selection {
        let t = journal.brews
        return measuredRows(in: period).filter { t.category(at: $0).isOnControlChart(espresso: espresso) }
    }

    /// The rows the rating-vs-days-off-roast chart draws: a bag age (``BagAge``) and a finite rating, dated in
    /// `period`, among `rows` (every row when `nil`; a bean page passes the bean's brews), in their order.
    public func restChartRows(in period: ReportPeriod? = nil, among rows: Selection? = nil) -> Selection {
        let t = journal.brews, d = derived.bagAge
        return (rows ?? Selection.all(t.count)).filter { i in
            d.isValid(i) && t.rating.isValid(i) && t.rating.values[i].isFinite && isDated(i, in: period)
        }
    }

    /// What a rest chart's note says of the freezer at `rows` (``restChartRows(in:among:)``): `nil` when no drawn
    /// brew's bag spent a day frozen before it, else how many brews' days exclude days frozen, and how many at most.
    public func frozenDaysNote(_ rows: Selection) -> String? {
        let age = derived.bagAge, off = derived.daysOffRoast
        var brews = 0, most = 0.0
        for r in rows.indices {
            let i = Int(r)
            guard age.isValid(i), off.isValid(i), off.values[i] > age.values[i] else { continue }
            brews += 1
            most = max(most, off.values[i] - age.values[i])
        }
        guard brews > 0 else { return nil }
        return "Days off roast leave out the days the bag was frozen (\(brews) brew\(brews == 1 ? "" : "s"), " +
            "up to \(Int(most)) day\(most == 1 ? "" : "s") frozen)."
    }

    /// The LOESS curve of ratings against days off roast (the values at ``restChartRows(in:)``), with the analysis'
    /// LOESS options (``StatsOptions/loessFraction``, ``StatsOptions/loessIterations``, the δ as
    /// ``StatsOptions/loessDeltaFraction`` of the days' span). A chart draws it only where
    /// ``EvidenceRules/drawsCurve(x:)`` allows a curve (enough brews on enough distinct days).
    public func restCurve(days: [Double], ratings: [Double]) -> LoessCurve {
        let span = (days.max() ?? 0) - (days.min() ?? 0)
        return loess(x: days, y: ratings, frac: options.loessFraction, iterations: options.loessIterations,
                     delta: options.loessDeltaFraction * span)
    }
}
