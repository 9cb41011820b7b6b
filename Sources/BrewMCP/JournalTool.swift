import BrewColumns
import BrewImport
import BrewNames
import BrewStats
import MCP

extension BrewTool {
    /// `journal_overview`: what the journal holds, so that an assistant asks about names and days that exist — the
    /// sources read, the brews read, kept and rejected, the days they span, the names of each kind with their brews,
    /// the shots, and the import's notes.
    static let journalOverview = BrewTool(
        name: "journal_overview",
        title: "Journal overview",
        summary: """
            What the journal holds: its sources, brews read, kept and rejected, the first and last day with brews (in \
            the server's time zone), the roasters, beans, grinders and methods with their numbers of brews (most \
            brewed first), the espresso shots read, and the import's notes (near-duplicate names, estimated values, \
            files left out). Call it first to learn the names the other tools take.
            """,
        arguments: [
            Argument(name: "limit", kind: .integer,
                     summary: "At most this many names of each kind (default 50, 1–1000)."),
        ],
        answer: { arguments, served throws(MCPToolError) in
            let limit = arguments.integer("limit") ?? 50
            guard (1...1000).contains(limit) else {
                throw .invalidArgument(tool: "journal_overview",
                                       message: "'limit' must be from 1 to 1000, not \(limit)")
            }
            let result = served.result, report = result.report
            var options = StatsOptions()
            options.timeZone = served.timeZone
            let days = BrewAnalysis(journal: result.journal, options: options).dayRange()
            var names: [String: Value] = [:]
            for kind in NameKind.allCases {
                let counts = NameCounts(kind, in: result.journal)
                names[kind.rawValue + "s"] = .object([
                    "count": .count(counts.entries.count),
                    "listed": .array(counts.entries.prefix(limit).map {
                        .object(["name": .string($0.name), "brews": .count($0.brews)])
                    }),
                ])
            }
            return ToolAnswer(.object([
                "journal": .string(served.opened.name),
                "sources": .texts(served.opened.sources),
                "matched_across_sources": .count(served.opened.matches.count),
                "brews": .object(["read": .count(report.brews.read), "kept": .count(report.brews.kept),
                                  "rejected": .count(report.brews.rejected)]),
                "first_day": .text(days.map { "\($0.lowerBound)" }), "last_day": .text(days.map { "\($0.upperBound)" }),
                "time_zone": .string(served.timeZone.identifier), "zone_line": .text(served.zoneLine),
                "names": .object(names),
                "shots": .count(served.journal.shots?.kept ?? 0),
                "notes": .array(report.warnings.map { w in
                    .object(["kind": .string(w.kind.rawValue), "message": .string(w.message), "count": .count(w.count),
                             "column": .text(w.column)])
                }),
            ]))
        }
    )
}
