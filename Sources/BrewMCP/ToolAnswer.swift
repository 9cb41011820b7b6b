import Foundation
import MCP

/// A tool's answer: one JSON object, given twice in the result as the protocol asks — as the text content (what an
/// assistant without structured output reads) and as the structured content — the same object both times.
struct ToolAnswer: Sendable {
    /// The object.
    let object: Value
    /// Its JSON text, keys sorted.
    let json: String

    /// An answer of `object`, written with sorted keys.
    init(_ object: Value) {
        self.object = object
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        json = (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// An answer whose text is `json` as a command already prints it (`dial-in --json`): the structured content is
    /// that text read back, so both hold the command's numbers to the digit.
    init(json: String) {
        self.json = json.hasSuffix("\n") ? String(json.dropLast()) : json
        object = (try? JSONDecoder().decode(Value.self, from: Data(self.json.utf8))) ?? .object([:])
    }

    /// The tool result: text and structured content, not an error.
    var result: CallTool.Result {
        let structured: Value? = object
        return CallTool.Result(content: [.text(text: json, annotations: nil, _meta: nil)],
                               structuredContent: structured, isError: false)
    }
}

extension Value {
    /// A number, or `null` when there is none (not logged, no brew to average) or it is not finite.
    static func number(_ x: Double?) -> Value {
        guard let x, x.isFinite else { return .null }
        return .double(x)
    }

    /// A count.
    static func count(_ n: Int) -> Value { .int(n) }

    /// A text, or `null`.
    static func text(_ s: String?) -> Value { s.map(Value.string) ?? .null }

    /// A list of texts.
    static func texts(_ list: [String]) -> Value { .array(list.map(Value.string)) }
}
