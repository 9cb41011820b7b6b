import BrewColumns
import BrewShots
import BrewReport
import BrewStats
import Foundation
import MCP

extension BrewTool {
    /// `shots`: the espresso shots of a period with their metrics and flags — `report`'s shots section
    /// (``BrewReport/ShotSection``, the rows of `shots.csv`), each flag with the rule's reason and each profile's
    /// norm with the shots it is taken over.
    static let shots = BrewTool(
        name: "shots",
        title: "Shot metrics and flags",
        summary: """
            The espresso shots of a period (as period_summary chooses it; by default the days of the shots) in start \
            order: each shot's file, start, profile, bean, grinder, grind setting, dose and rating, its metrics \
            (duration, time to first drops and which rule gave it, pre-infusion, extraction, peak pressure, yield, \
            ratio, …; null where the file does not log what a metric needs) and its flags (gusher, choke, time, ratio, \
            channeling), each with its reason; each profile's norm (medians over its good shots, with their count). \
            Only shots with a journal file are read: a journal without shot files has none.
            """,
        arguments: periodArguments + [
            Argument(name: "profile", kind: .string,
                     summary: "Only the shots of this profile (by the beginning of its name, case ignored)."),
            Argument(name: "flagged_only", kind: .boolean,
                     summary: "Only the shots with at least one flag (default false)."),
            Argument(name: "limit", kind: .integer,
                     summary: "At most this many shots, the latest kept (default 100, 1–10000)."),
        ],
        exclusive: [periodNames],
        answer: { arguments, served throws(MCPToolError) in
            let limit = arguments.integer("limit") ?? 100
            guard (1...10_000).contains(limit) else {
                throw .invalidArgument(tool: "shots", message: "'limit' must be from 1 to 10000, not \(limit)")
            }
            guard let table = served.journal.shots, table.kept > 0 else {
                throw .noAnswer(tool: "shots",
                                message: "\(served.opened.name) holds no espresso shot files: "
                                    + "there are no shot metrics")
            }
            let (report, options) = try periodReport(arguments, served, shotProfile: arguments.string("profile"))
            guard let section = ShotSection.make(served.journal, report: report, options: options) else {
                throw .noAnswer(tool: "shots",
                                message: "\(served.opened.name) holds no espresso shot files: "
                                    + "there are no shot metrics")
            }
            var rows = section.rows
            if arguments.flag("flagged_only") { rows = rows.filter { !$0.flags.isEmpty } }
            let listed = rows.suffix(limit)
            return ToolAnswer(.object([
                "period": .text(report.period?.label),
                "journal_shots": .count(section.journalShots),
                "shots_in_period": .count(section.rows.count),
                "listed": .count(listed.count),
                "left_out": .object(["undated": .count(section.undatedLeftOut),
                                     "not_espresso": .count(section.notEspresso),
                                     "over_limit": .count(rows.count - listed.count)]),
                "profile_filter": .text(section.profileFilter),
                "shots": .array(listed.map { row($0, zone: served.timeZone) }),
                "norms": .array(section.norms.map { n in
                    .object(["profile": .string(n.profile), "shots": .count(n.shots), "good_shots": .count(n.goodShots),
                             "good_by_rating": .bool(n.byRating), "first_drops_s": .number(n.firstDrops),
                             "duration_s": .number(n.duration), "ratio": .number(n.ratio)])
                }),
            ]))
        }
    )

    /// One shot: what `shots.csv` holds, the flags with their reasons.
    static func row(_ r: ShotSection.Row, zone: TimeZone) -> Value {
        var metrics: [String: Value] = [:]
        for metric in ShotMetric.allCases { metrics[metric.name] = .number(r.value(metric)) }
        return .object([
            "file": .string(r.file), "started_at": .text(r.start.map { instant($0, zone) }),
            "format": .string(r.format.rawValue),
            "profile": .text(r.profile), "bean": .text(r.bean), "grinder": .text(r.grinder),
            "grind_setting": r.grindSetting.map { .number($0) } ?? .text(r.grindText), "dose_g": .number(r.dose),
            "rating": .number(r.rating), "metrics": .object(metrics),
            "first_drops_rule": .text(r.firstDropsRule.map { $0 == .scale ? "scale" : "pressure" }),
            "flags": .array(r.flags.map { .object(["kind": .string($0.kind.rawValue), "reason": .string($0.reason)]) }),
        ])
    }
}
