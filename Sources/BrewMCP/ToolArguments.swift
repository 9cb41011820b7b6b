import BrewColumns
import BrewNames
import BrewStats
import Foundation
import MCP

/// A call's arguments, checked against its tool's schema: no unknown name (the names it takes are listed, with the
/// closest first), every required one given, each of its JSON type; one at most of each exclusive group.
///
/// The readers below check the values as the command line checks its options: a date is `YYYY-MM-DD` naming a day
/// that exists (``BrewColumns/Day/init(flag:)``), a week `YYYY-Www` (``BrewStats/IsoWeek/init(label:)``), a month
/// and a year as `report --month` and `--year` read them.
struct ToolArguments: Sendable {
    let tool: String
    private let values: [String: Value]

    init(_ values: [String: Value]?, for tool: BrewTool) throws(MCPToolError) {
        self.tool = tool.name
        let values = values ?? [:]
        let known = Set(tool.arguments.map(\.name))
        for name in values.keys.sorted() where !known.contains(name) {
            let takes = tool.arguments.map(\.name).sorted {
                NameMatching.editDistance($0, name) < NameMatching.editDistance($1, name)
            }
            throw .invalidArgument(tool: tool.name, message: "unknown argument '\(name)'"
                + (takes.isEmpty ? "; this tool takes none" : "; this tool takes: " + takes.joined(separator: ", ")))
        }
        for a in tool.arguments {
            guard let v = values[a.name], v != Value.null else {
                if a.required {
                    throw .invalidArgument(tool: tool.name, message: "'\(a.name)' is required: \(a.summary)")
                }
                continue
            }
            let fits = switch a.kind {
            case .string: v.stringValue != nil
            case .integer: v.intValue != nil
            case .number: v.intValue != nil || v.doubleValue != nil
            case .boolean: v.boolValue != nil
            }
            guard fits else {
                throw .invalidArgument(tool: tool.name,
                                       message: "'\(a.name)' must be \(a.kind.words), not \(Self.json(v))")
            }
        }
        for group in tool.exclusive {
            let given = group.filter { values[$0] != nil && values[$0] != Value.null }
            // from and to are one choice, the range.
            let choices = Set(given.map { $0 == "to" ? "from" : $0 })
            if choices.count > 1 {
                throw .invalidArgument(tool: tool.name,
                                       message: given.joined(separator: " and ")
                                           + " exclude each other: give one period")
            }
        }
        self.values = values.filter { $0.value != Value.null }
    }

    /// A value as JSON text, for messages (`"7"`, `7`, `[1,2]`).
    static func json(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    /// The text of `name`, `nil` when not given; an empty or blank text counts as not given.
    func string(_ name: String) -> String? {
        guard let s = values[name]?.stringValue, !s.allSatisfy(\.isWhitespace) else { return nil }
        return s
    }

    /// The flag `name`, false when not given.
    func flag(_ name: String) -> Bool { values[name]?.boolValue ?? false }

    /// The integer of `name`, `nil` when not given.
    func integer(_ name: String) -> Int? { values[name]?.intValue }

    /// The day of `name` (`YYYY-MM-DD`), `nil` when not given.
    ///
    /// - Throws: ``MCPToolError/invalidArgument(tool:message:)`` for a text that is not a day that exists.
    func day(_ name: String) throws(MCPToolError) -> Day? {
        guard let text = string(name) else { return nil }
        guard let day = Day(flag: text) else {
            throw .invalidArgument(tool: tool,
                                   message: "'\(name)' must be a date YYYY-MM-DD that exists, not '\(text)'")
        }
        return day
    }

    /// The period the arguments `week`, `month`, `year` or `from` and `to` name, `nil` when none is given: read as
    /// `report --week`, `--month`, `--year` and `--from/--to` read theirs.
    ///
    /// - Throws: ``MCPToolError/invalidArgument(tool:message:)``: a week, month or year that does not exist, `from`
    ///   without `to` (or the other way), `from` after `to`.
    func period() throws(MCPToolError) -> ReportPeriod? {
        do throws(StatsError) {
            if let week = string("week") { return .week(try IsoWeek(label: week)) }
            if let month = string("month") { return try ReportPeriod(month: month) }
            if let year = string("year") { return try ReportPeriod(year: year) }
        } catch {
            throw .invalidArgument(tool: tool, message: "\(error)")
        }
        let from = try day("from"), to = try day("to")
        switch (from, to) {
        case (nil, nil): return nil
        case let (from?, to?):
            guard from <= to else {
                throw .invalidArgument(tool: tool, message: "from \(from) is after to \(to): "
                                           + "the range runs from the earlier day to the later one")
            }
            return .range(from, to)
        case (nil, _?): throw .invalidArgument(tool: tool, message: "'to' needs 'from'")
        case (_?, nil): throw .invalidArgument(tool: tool, message: "'from' needs 'to'")
        }
    }
}
