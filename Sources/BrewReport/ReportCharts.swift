import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// The seven chart kinds of brewstats, as the CLI names them.
public enum ChartKind: String, Sendable, CaseIterable {
    case brewsPerWeek = "brews-per-week"
    case ratingTrend = "rating-trend"
    case extractionTrend = "extraction-trend"
    case grindRating = "grind-rating"
    case equipmentUsage = "equipment-usage"
    case controlChart = "control-chart"
    case restRating = "rest-rating"

    /// A one-line description for help texts.
    public var summary: String {
        switch self {
        case .brewsPerWeek: "brews per ISO week, last 26 weeks"
        case .ratingTrend: "weekly mean rating and its rolling mean"
        case .extractionTrend: "weekly mean extraction yield with the ideal 18–22 % band"
        case .grindRating: "grind setting vs rating with LOESS curve and sweet spot"
        case .equipmentUsage: "brews per method and per grinder"
        case .controlChart: "brewing control chart (EY vs TDS), filter or --espresso"
        case .restRating: "rating vs days off roast, with LOESS curve"
        }
    }
}

/// A chart of the report with the file stem it is written under (`brews-per-week` → `brews-per-week.png`).
public struct NamedChart: Sendable {
    public let stem: String
    public let title: String
    public let chart: Chart
}

/// Adapts the statistics layer's series to chart specs: the only place that knows both sides.
public enum ReportCharts {
    /// Every chart of a weekly report: the seven kinds, with one grind-vs-rating chart per group drawn
    /// (``ReportOptions/grindCharts`` groups with most brews, per-bean groups included) and both control charts.
    public static func all(_ report: WeeklyReport, options: ReportOptions) -> [NamedChart] {
        var charts: [NamedChart] = []
        for kind in ChartKind.allCases {
            switch kind {
            case .grindRating:
                let groups = grindGroups(report).prefix(max(0, options.grindCharts))
                if groups.isEmpty {
                    charts.append(NamedChart(stem: kind.rawValue, title: "Grind vs rating",
                                             chart: BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "—", method: "—", grindSettings: [], ratings: []))))
                }
                var naming = OutputNaming(reserved: [])
                for g in groups {
                    let slug = naming.name(for: URL(fileURLWithPath: slugText(([g.grinder, g.method] + (g.bean.map { [$0] } ?? [])).joined(separator: "-"))))
                    charts.append(NamedChart(stem: "grind-rating-\(slug)", title: WeeklyReport.sentence(g),
                                             chart: grindChart(g)))
                }
            case .controlChart:
                charts.append(NamedChart(stem: "control-chart", title: "Brewing control chart — filter",
                                         chart: chart(kind, report: report, options: options, espresso: false)))
                charts.append(NamedChart(stem: "control-chart-espresso", title: "Brewing control chart — espresso",
                                         chart: chart(kind, report: report, options: options, espresso: true)))
            default:
                charts.append(NamedChart(stem: kind.rawValue, title: kind.summary, chart: chart(kind, report: report, options: options)))
            }
        }
        return charts
    }

    /// One chart of `kind` for the report's data. For `grindRating`, the group with most brews (a filtered
    /// journal usually holds one grinder × method).
    public static func chart(_ kind: ChartKind, report: WeeklyReport, options: ReportOptions, espresso: Bool = false) -> Chart {
        let s = report.series
        let zone = options.stats.timeZone
        let starts = s.weeks.map { weekStart($0, zone) }
        switch kind {
        case .brewsPerWeek:
            let weeks = zip(s.weeks, s.brewsPerWeek).enumerated().map { i, w in WeekCount(weekStart: starts[i], label: w.0.label, count: w.1) }
            return BrewstatsCharts.brewsPerWeek(weeks, endingWeek: starts.last, weekCount: options.stats.chartWeeks, timeZone: zone)
        case .ratingTrend:
            let weekly = s.weeks.indices.compactMap { i in s.meanRating[i].map { WeeklyValue(weekStart: starts[i], value: $0, count: s.brewsPerWeek[i]) } }
            let rolling = s.weeks.indices.compactMap { i in s.rollingMeanRating[i].map { DatedValue(date: starts[i], value: $0) } }
            return BrewstatsCharts.ratingTrend(weekly: weekly, rolling: rolling, windowWeeks: options.stats.rollingWeeks, timeZone: zone)
        case .extractionTrend:
            let weekly = s.weeks.indices.compactMap { i in s.meanExtraction[i].map { WeeklyValue(weekStart: starts[i], value: $0, count: s.brewsPerWeek[i]) } }
            return BrewstatsCharts.extractionTrend(weekly: weekly, ideal: options.stats.filterIdeal.extraction, timeZone: zone)
        case .grindRating:
            guard let g = grindGroups(report).first else {
                return BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "—", method: "—", grindSettings: [], ratings: []))
            }
            return grindChart(g)
        case .equipmentUsage:
            let methods = report.usage.rows.filter { $0.kind == .method }.map { UsageCount(name: $0.name, count: $0.brews) }
            let grinders = report.usage.rows.filter { $0.kind == .grinder }.map { UsageCount(name: $0.name, count: $0.brews) }
            return BrewstatsCharts.equipmentUsage(methods: methods, grinders: grinders)
        case .controlChart:
            let xy = espresso ? s.controlEspresso : s.controlFilter
            let points = zip(xy.x, xy.y).map { ExtractionPoint(extraction: $0, tds: $1) }
            return BrewstatsCharts.brewingControlChart(points, kind: espresso ? .espresso : .filter(retention: options.stats.retentionFactor))
        case .restRating:
            let curve = zip(s.ratingByRoastAgeCurve.x, s.ratingByRoastAgeCurve.y).map { CurvePoint(x: $0, y: $1) }
            return BrewstatsCharts.ratingVsDaysOffRoast(days: s.ratingByRoastAge.x, ratings: s.ratingByRoastAge.y, loess: curve)
        }
    }

    /// Grind-vs-rating groups worth drawing (n ≥ 3), most brews first; ties by grinder, method, bean name.
    static func grindGroups(_ report: WeeklyReport) -> [GrindRatingGroup] {
        report.grindRating.groups.filter { $0.n >= 3 }.sorted {
            if $0.n != $1.n { return $0.n > $1.n }
            return ($0.grinder, $0.method, $0.bean ?? "") < ($1.grinder, $1.method, $1.bean ?? "")
        }
    }

    static func grindChart(_ g: GrindRatingGroup) -> Chart {
        let curve = g.curve.map { c in zip(c.x, c.y).map { CurvePoint(x: $0, y: $1) } } ?? []
        return BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: g.grinder, method: g.method, bean: g.bean,
                                                              grindSettings: g.grind, ratings: g.rating, loess: curve,
                                                              sweetSpot: g.sweetSpot, spearman: g.spearman))
    }

    /// Monday 00:00 of `week` in `zone`.
    static func weekStart(_ week: IsoWeek, _ zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = week.firstDay.civil
        return calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day)) ?? Date(timeIntervalSince1970: 0)
    }

    /// Lower-case ASCII-ish slug for file names (`Comandante C40-V60` → `comandante-c40-v60`).
    static func slugText(_ s: String) -> String {
        var out = ""
        var dash = false
        for ch in s.lowercased() {
            if ch.isLetter || ch.isNumber { out.append(ch); dash = false } else if !dash && !out.isEmpty { out.append("-"); dash = true }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "group" : String(out.prefix(60))
    }
}
