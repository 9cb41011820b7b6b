import BrewColumns
import BrewReport
import BrewStats
import Foundation
import MCP

extension BrewTool {
    /// `period_summary`: a week, a month, a year or a range of days against the period before, as `brewstats report`
    /// counts them — the figures of `week_summary.csv` (or `period_summary.csv`) and `totals.csv`, from the same
    /// ``BrewReport/PeriodReport`` the command builds with the same options (the period chosen as `report` chooses
    /// it, brews dated after the period left out, a partial period compared with the same first days before).
    static let periodSummary = BrewTool(
        name: "period_summary",
        title: "Period summary",
        summary: """
            A week, month, year or range of days against the period before, as `brewstats report` counts it: brews, \
            rated brews and the mean rating, mean extraction yield (all, espresso and filter apart, each with its n \
            and how many beverage masses are estimated), top method, best brew; totals (coffee ground, water, \
            beverage, brew time, each with the brews it counts; brew days and streaks); the days compared and why a \
            period is partial. Give one of week, month, year, or from and to; none gives the report's default (the \
            latest week with brews, or the last brew's year when the journal is weeks old).
            """,
        arguments: periodArguments,
        exclusive: [periodNames],
        answer: { arguments, served throws(MCPToolError) in
            let (report, _) = try periodReport(arguments, served)
            guard let period = report.period, let summary = report.periodSummary else {
                throw .noAnswer(tool: "period_summary",
                                message: "the journal has no dated brew: there is no period to summarise")
            }
            return ToolAnswer(.object([
                "journal": .string(served.opened.name),
                "period": .object([
                    "kind": .string(period.noun), "label": .string(period.label), "name": .string(period.name),
                    "first_day": .string("\(period.firstDay)"), "last_day": .string("\(period.lastDay)"),
                    "partial_reason": .text(report.partialReason), "overview_note": .text(report.overviewNote),
                ]),
                "compared_days": .object([
                    "this": .texts(["\(summary.thisDays.lowerBound)", "\(summary.thisDays.upperBound)"]),
                    "previous": .texts(["\(summary.previousDays.lowerBound)", "\(summary.previousDays.upperBound)"]),
                ]),
                "this": figures(summary.this, zone: served.timeZone),
                "previous": figures(summary.previous, zone: served.timeZone),
                "totals": report.totals.map(totals) ?? .null,
                "later_brews_left_out": .count(report.laterBrewsLeftOut),
                "time_zone": .string(served.timeZone.identifier),
            ]))
        }
    )

    /// The report of the period the arguments name, built as `brewstats report` builds it (``BrewReport/PeriodReport``:
    /// the period chosen as the command chooses it, the server's zone and today), with its options.
    static func periodReport(_ arguments: ToolArguments, _ served: ServedJournal,
                             shotProfile: String? = nil) throws(MCPToolError) -> (PeriodReport, ReportOptions) {
        let asked = try arguments.period()
        var options = ReportOptions()
        options.stats.timeZone = served.timeZone
        options.zoneLine = served.zoneLine
        options.readerDefaults = true
        options.now = served.now
        options.shotProfile = shotProfile
        options.period = asked.map { .named($0) }
            ?? ShotSpan.period(of: served.journal, timeZone: served.timeZone).map { .named($0) } ?? .latestWeek
        do throws(ReportError) {
            let report = try PeriodReport(journal: served.result.journal, journalName: served.opened.name,
                                          importReport: served.result.report, options: options)
            return (report, options)
        } catch {
            throw .noAnswer(tool: arguments.tool, message: "\(error)")
        }
    }

    /// The names of ``periodArguments``: one period at most.
    static let periodNames = ["week", "month", "year", "from", "to"]

    /// The arguments that choose a period, as `report`'s options do.
    static let periodArguments: [Argument] = [
        Argument(name: "week", kind: .string, summary: "An ISO week, e.g. 2026-W47.", pattern: "^[0-9]{4}-W[0-9]{2}$"),
        Argument(name: "month", kind: .string, summary: "A calendar month, e.g. 2026-11.",
                 pattern: "^[0-9]{4}-[0-9]{2}$"),
        Argument(name: "year", kind: .string, summary: "A calendar year, e.g. 2026.", pattern: "^[0-9]{4}$"),
        Argument(name: "from", kind: .string, summary: "The first day of a range, YYYY-MM-DD (with to).",
                 pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        Argument(name: "to", kind: .string, summary: "The last day of a range, YYYY-MM-DD (with from).",
                 pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
    ]

    /// A period's figures (``BrewStats/PeriodFigures``): the means with the n behind them, `null` without any.
    static func figures(_ f: PeriodFigures, zone: TimeZone) -> Value {
        func mean(_ m: MeanCount) -> Value {
            .object(["mean": .number(m.mean), "n": .count(m.n), "estimated_beverage": .count(m.estimated)])
        }
        return .object([
            "brews": .count(f.brews), "rated_brews": .count(f.ratedBrews), "mean_rating": .number(f.meanRating),
            "mean_ey_pct": .number(f.meanExtraction), "espresso_ey_pct": mean(f.espressoExtraction),
            "filter_ey_pct": mean(f.filterExtraction), "top_method": .text(f.topMethod),
            "best_brew": f.bestBrew.map { b in
                .object(["id": .text(b.id), "rating": .number(b.rating),
                         "brewed_at": .text(b.brewDate.map { instant($0, zone) })])
            } ?? .null,
        ])
    }

    /// A period's totals (``BrewStats/JournalTotals``), each sum with the brews it counts.
    static func totals(_ t: JournalTotals) -> Value {
        func sum(_ s: JournalTotals.Sum, _ unit: String) -> Value {
            .object(["value": .number(s.value), "unit": .string(unit), "brews_counted": .count(s.n)])
        }
        var object: [String: Value] = [
            "brews": .count(t.brews), "coffee_ground": sum(t.coffee, "g"), "water": sum(t.water, "g"),
            "beverage": sum(t.beverage, "g"), "brew_time": sum(t.brewTime, "s"), "brew_days": .count(t.brewDays),
            "longest_streak": .count(t.longestStreak), "current_streak": .count(t.currentStreak),
        ]
        if let money = t.money {
            object["money_spent"] = .object(money.mapValues {
                .object(["value": .number($0.value), "brews_counted": .count($0.n)])
            })
        }
        return .object(object)
    }

    /// An instant as ISO 8601 with the zone's offset.
    static func instant(_ t: Timestamp, _ zone: TimeZone) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = zone
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: t.date)
    }
}
