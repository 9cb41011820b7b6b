import BrewColumns
import BrewReport
import BrewShots
import BrewStats
import Foundation
import MCP

extension BrewTool {
    /// `compare_brews`: two or three brews side by side — `brewstats compare brews`' table
    /// (``BrewReport/BrewComparison``, the rows of its `compare.csv`): each brew's settings and outcomes, and each
    /// later brew's difference from the first (oldest first).
    static let compareBrews = BrewTool(
        name: "compare_brews",
        title: "Compare brews",
        summary: """
            Two or three brews side by side, oldest first, as `brewstats compare brews` tabulates them: grind setting, \
            dose, water, yield, brew time, water temperature, days off roast, brew ratio, TDS, extraction yield, \
            rating, acidity, body, sweetness (null where not logged), and each later brew's difference from the first \
            (null where either value is missing; no ratio difference between espresso and other methods). Give \
            brews (two or three ids, comma-separated), or bean, method and/or grinder for the latest dated brews they \
            keep (without any: the journal's latest brews).
            """,
        arguments: [
            Argument(name: "brews", kind: .string,
                     summary: "Two or three brew ids, comma-separated "
                         + "(as journal_overview or period_summary name them)."),
            Argument(name: "bean", kind: .string,
                     summary: "The latest brews of this bean (matched as the report's --bean matches)."),
            Argument(name: "method", kind: .string, summary: "The latest brews of this method."),
            Argument(name: "grinder", kind: .string, summary: "The latest brews of this grinder."),
            Argument(name: "latest", kind: .integer, summary: "How many latest brews: 2 (default) or 3."),
        ],
        answer: { arguments, served throws(MCPToolError) in
            let journal = served.result.journal
            var stats = StatsOptions()
            stats.timeZone = served.timeZone
            let latest = arguments.integer("latest") ?? 2
            guard (2...3).contains(latest) else {
                throw .invalidArgument(tool: "compare_brews", message: "'latest' must be 2 or 3, not \(latest)")
            }
            let filter = JournalFilter(grinder: arguments.string("grinder"), method: arguments.string("method"),
                                       bean: arguments.string("bean"))
            let comparison: BrewComparison
            if let list = arguments.string("brews") {
                guard filter.isEmpty else {
                    throw .invalidArgument(tool: "compare_brews",
                                           message: "brews picks brews by id: leave out bean, method and grinder")
                }
                let ids = list.split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                guard (2...3).contains(ids.count) else {
                    throw .invalidArgument(tool: "compare_brews",
                                           message: "'brews' must be two or three ids, comma-separated, "
                                               + "not \(ids.count)")
                }
                let rows = Kernel.firstRows(journal.brews.id, matching: ids)
                if let k = rows.firstIndex(where: { $0 == nil }) {
                    throw .noAnswer(tool: "compare_brews",
                                    message: "no brew with id '\(ids[k])' in \(served.opened.name)")
                }
                comparison = BrewComparison(journal, rows: rows.compactMap { $0 }, options: stats)
            } else {
                do throws(ReportError) {
                    comparison = try BrewComparison.latest(journal, count: latest, filter: filter, options: stats)
                } catch {
                    throw .noAnswer(tool: "compare_brews", message: "\(error)")
                }
            }
            let quantities = BrewComparison.quantities
            return ToolAnswer(.object([
                "quantities": .texts(quantities),
                "brews": .array(comparison.brews.enumerated().map { k, b in
                    let (values, differences) = compared(quantities, row: k, values: b.values) {
                        comparison.difference($0, brew: k)
                    }
                    return .object([
                        "id": .text(b.id), "date": .string(b.date), "bean": .string(b.bean),
                        "method": .string(b.method), "category": .text(b.category?.rawString),
                        "grinder": .text(b.grinder), "grind_text": .text(b.grindText),
                        "notes": .text(b.notes), "flavor_tags": .text(b.flavorTags), "values": values,
                        "difference_from_first": differences,
                    ])
                }),
            ]))
        }
    )
}

extension BrewTool {
    /// `compare_shots`: the journal's two or three latest espresso shots (of a profile) side by side —
    /// `brewstats compare shots --journal`'s table (``BrewReport/ShotComparison``, the rows of its `compare.csv`).
    static let compareShots = BrewTool(
        name: "compare_shots",
        title: "Compare shots",
        summary: """
            The journal's two or three latest shots (of a profile, by the beginning of its name), oldest first, as \
            `brewstats compare shots --journal` tabulates them: grind setting, dose, rating and every shot metric \
            (null where the file does not log what it needs), and each later shot's difference from the first.
            """,
        arguments: [
            Argument(name: "profile", kind: .string,
                     summary: "Only shots of this profile (by the beginning of its name, case ignored)."),
            Argument(name: "latest", kind: .integer, summary: "How many latest shots: 2 (default) or 3."),
        ],
        answer: { arguments, served throws(MCPToolError) in
            let latest = arguments.integer("latest") ?? 2
            guard (2...3).contains(latest) else {
                throw .invalidArgument(tool: "compare_shots", message: "'latest' must be 2 or 3, not \(latest)")
            }
            guard let table = served.journal.shots, table.kept > 0 else {
                throw .noAnswer(tool: "compare_shots", message: "\(served.opened.name) holds no shots")
            }
            let profile = arguments.string("profile")
            let matching = table.shots.indices.filter {
                profile == nil
                    || ShotFlagger.profileName(table.shots[$0].profile).lowercased().hasPrefix(profile!.lowercased())
            }
            let chosen = ShotOverlays.startOrder(matching, table).suffix(latest)
            guard chosen.count >= 2 else {
                throw .noAnswer(tool: "compare_shots",
                                message: "fewer than two shots\(profile.map { " of profile '\($0)'" } ?? "") "
                                    + "in \(served.opened.name)")
            }
            let comparison = ShotComparison(chosen.map { (served.journal, $0) }, timeZone: served.timeZone)
            let quantities = ShotComparison.quantities
            return ToolAnswer(.object([
                "quantities": .texts(quantities),
                "shots": .array(comparison.shots.enumerated().map { k, s in
                    let (values, differences) = compared(quantities, row: k, values: s.values) {
                        comparison.difference($0, shot: k)
                    }
                    return .object([
                        "file": .string(s.file), "start": .string(s.start), "profile": .string(s.profile),
                        "bean": .string(s.bean),
                        "grinder": .text(s.grinder), "grind_text": .text(s.grindText), "values": values,
                        "difference_from_first": differences,
                    ])
                }),
            ]))
        }
    )
}

extension BrewTool {
    /// One row of a comparison (`compare_brews`, `compare_shots`) as the tools answer it: its values by quantity name,
    /// and for a later row (`row` > 0) its difference from the first by quantity name (`null` for the first row).
    ///
    /// - Parameters:
    ///   - values: The row's values, one per quantity, in the order of `quantities`.
    ///   - difference: The difference of the quantity at an index from the first row's.
    static func compared(_ quantities: [String], row: Int, values: [Double?],
                         difference: (Int) -> Double?) -> (values: Value, differences: Value) {
        var named: [String: Value] = [:], differences: [String: Value] = [:]
        for (q, name) in quantities.enumerated() {
            named[name] = .number(values[q])
            if row > 0 { differences[name] = .number(difference(q)) }
        }
        return (.object(named), row > 0 ? .object(differences) : .null)
    }
}
