import Foundation
import MCP

/// One tool of the server: its name, what it answers, the arguments it takes (the input JSON schema) and the
/// function that answers a call.
///
/// A tool only reads the journal (``ServedJournal``): it never writes it nor any file. Its answer is one JSON object
/// (``ToolAnswer``): the figures with their evidence, the counts and intervals behind them, and `null` for what the
/// journal does not log.
struct BrewTool: Sendable {
    /// One argument: its JSON type, its words for the assistant, and, for text, the pattern it must match.
    struct Argument: Sendable {
        enum Kind: String, Sendable {
            case string, integer, number, boolean

            /// How a message names a value of this kind.
            var words: String {
                switch self {
                case .string: "a string"
                case .integer: "an integer"
                case .number: "a number"
                case .boolean: "true or false"
                }
            }
        }
        let name: String
        let kind: Kind
        let summary: String
        var pattern: String? = nil
        var required = false
    }

    let name: String
    let title: String
    let summary: String
    let arguments: [Argument]
    /// Groups of arguments of which one at most may be given (a week, a month, a year or a range).
    var exclusive: [[String]] = []
    let answer: @Sendable (ToolArguments, ServedJournal) throws(MCPToolError) -> ToolAnswer

    /// The definition `tools/list` gives: the input schema (an object of these properties, no others), marked
    /// read-only and closed-world.
    var definition: Tool {
        var properties: [String: Value] = [:]
        for a in arguments {
            var p: [String: Value] = ["type": .string(a.kind.rawValue), "description": .string(a.summary)]
            if let pattern = a.pattern { p["pattern"] = .string(pattern) }
            properties[a.name] = .object(p)
        }
        var schema: [String: Value] = ["type": "object", "properties": .object(properties),
                                       "additionalProperties": false]
        let required = arguments.filter(\.required).map { Value.string($0.name) }
        if !required.isEmpty { schema["required"] = .array(required) }
        return Tool(name: name, title: title, description: summary, inputSchema: .object(schema),
                    annotations: .init(title: title, readOnlyHint: true, destructiveHint: false, idempotentHint: true,
                                       openWorldHint: false))
    }

    /// Answers a call: the arguments checked against the schema (``ToolArguments``), then the tool's answer; a
    /// failure becomes a tool result with `isError` (the assistant reads why), never a crash.
    func call(_ values: [String: Value]?, on journal: ServedJournal) -> CallTool.Result {
        do throws(MCPToolError) {
            let arguments = try ToolArguments(values, for: self)
            return try answer(arguments, journal).result
        } catch {
            return CallTool.Result(content: [.text(text: error.description, annotations: nil, _meta: nil)],
                                   isError: true)
        }
    }
}
