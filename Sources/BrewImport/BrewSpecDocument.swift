import Foundation
import Yams

/// One value of a BrewSpec document, whichever encoding it came from (YAML or JSON), with the line it starts on.
///
/// YAML scalars are typed by the YAML 1.1 core resolver Yams applies: a quoted scalar is always a string, an
/// unquoted `18.0` a number, `true` a boolean, `~`/empty a null. JSON values keep their JSON types. Object keys
/// keep the document's order (YAML) or are sorted (JSON, whose parser does not keep order), so the first schema
/// violation named for a brew is deterministic.
struct BrewSpecNode {
    enum Value {
        case object([(key: String, node: BrewSpecNode)])
        case array([BrewSpecNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    var value: Value
    /// The 1-based line the value starts on (YAML only; `nil` for JSON).
    var line: Int?

    /// The value of `key` in an object (the first, when a YAML mapping repeats a key); `nil` when absent or when
    /// this is not an object.
    subscript(key: String) -> BrewSpecNode? {
        guard case .object(let pairs) = value else { return nil }
        return pairs.first { $0.key == key }?.node
    }

    // Not inlined: inlined into `BrewSpecMapper.row`, these accessors make Swift 6.3's optimizer emit invalid
    // ownership SIL (the compiler aborts in release and fuzzer builds with "Found outside of lifetime use").
    @inline(never) var string: String? {
        switch value {
        case .string(let s): return s
        default: return nil
        }
    }
    @inline(never) var number: Double? {
        switch value {
        case .number(let v): return v
        default: return nil
        }
    }
    @inline(never) var array: [BrewSpecNode]? {
        switch value {
        case .array(let a): return a
        default: return nil
        }
    }
    var isObject: Bool { if case .object = value { true } else { false } }

    /// The JSON type name, for messages (`object`, `array`, `string`, `number`, `boolean`, `null`).
    var typeName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}

/// A BrewSpec document read into ``BrewSpecNode``s, with what a reject needs to show a brew's own text.
struct BrewSpecDocument {
    /// The most values a document may hold once YAML aliases are expanded: far above any brew log, and a bound on
    /// the memory an alias bomb (`a: &a [*b, *b, …]`) could claim.
    static let maxValues = 2_000_000

    /// The encoding Yams parses in: its default (`Parser.Encoding.default`, which `YAMS_DEFAULT_ENCODING` may
    /// override), read once per process rather than for each document, as Yams would (a copy of the environment
    /// each time). Kept as the raw value, which is `Sendable`.
    private static let yamlEncodingName = Parser.Encoding.default.rawValue
    private static var yamlEncoding: Parser.Encoding { Parser.Encoding(rawValue: yamlEncodingName) ?? .utf8 }

    /// The deepest nesting read: BrewSpec's own is 5 (`brews[i].coffee.origins[j].name`); far deeper is not a brew log,
    /// and is refused before any recursion could exhaust the stack.
    static let maxDepth = 64

    var root: BrewSpecNode
    /// Whether the text was YAML (line numbers known) rather than JSON.
    var isYAML: Bool
    /// The byte offset of the first ill-formed UTF-8 sequence, when the text was read with each such sequence
    /// replaced by U+FFFD; `nil` when it was well-formed.
    var repairedUTF8At: Int?
    /// The document's lines (YAML), for a rejected brew's record text.
    private var lines: [Substring] = []
    /// The `brews` elements as parsed JSON values (JSON), for a rejected brew's record text.
    private var jsonBrews: [Any] = []

    /// Parses `data`: JSON when its first non-blank byte is `{` or `[` and it parses as JSON, otherwise YAML (which
    /// also reads flow-style YAML such as `{brewspec_version: "1.0", …}`).
    ///
    /// - Throws: ``ImportError`` — ``ImportError/Kind/corrupt`` for text that is neither valid JSON nor valid YAML
    ///   (a YAML syntax error names its line and column), ``ImportError/Kind/notAJournal`` for an empty document
    ///   or one with more than ``maxValues`` values.
    init(_ data: Data, file: String) throws(ImportError) {
        repairedUTF8At = data.withUnsafeBytes { UTF8Bytes.firstInvalidOffset($0.bindMemory(to: UInt8.self)) }
        try Self.checkNesting(data, file: file)
        let text = String(decoding: data, as: UTF8.self)
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        if first == "{" || first == "[", let parsed = try? JSONSerialization.jsonObject(with: data) {
            var budget = Self.maxValues
            root = try Self.node(json: parsed, budget: &budget, file: file)
            isYAML = false
            if let o = parsed as? [String: Any], let brews = o["brews"] as? [Any] { jsonBrews = brews }
            return
        }
        let yamlNode: Yams.Node?
        do {
            yamlNode = try Yams.compose(yaml: text, .default, .default, Self.yamlEncoding)
        } catch let error as YamlError {
            throw Self.importError(error, file: file)
        } catch {
            throw ImportError(.corrupt, file: file, "not valid YAML or JSON: \(error)")
        }
        guard let yamlNode else {
            throw ImportError(.notAJournal, file: file, "empty document: not a BrewSpec document")
        }
        var budget = Self.maxValues
        root = try Self.node(yaml: yamlNode, budget: &budget, file: file)
        isYAML = true
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The source text of `brews[index]`: its YAML lines (from its first line to the line before the next brew or
    /// the end of the document), or its compact JSON.
    func recordText(brewAt index: Int, brews: [BrewSpecNode]) -> String? {
        if !isYAML { return index < jsonBrews.count ? JSONValue.recordText(jsonBrews[index]) : nil }
        guard let start = brews[index].line, start >= 1, start <= lines.count else { return nil }
        let end = index + 1 < brews.count ? (brews[index + 1].line ?? lines.count + 1) - 1 : lines.count
        var text = lines[(start - 1)..<max(start, min(end, lines.count))].joined(separator: "\n")
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    private static func importError(_ error: YamlError, file: String) -> ImportError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            return ImportError(.corrupt, file: file, location: "line \(mark.line), column \(mark.column)",
                               "not valid YAML: \(problem)\(detail)")
        case .reader(let problem, let offset, _, _):
            return ImportError(.corrupt, file: file, location: offset.map { "byte \($0)" },
                "not readable as YAML: \(problem)")
        default:
            return ImportError(.corrupt, file: file, "not valid YAML: \(error)")
        }
    }

    /// Refuses text whose brackets (`[`, `{`) nest deeper than ``maxDepth`` — the parsers recurse once per level.
    /// Brackets inside quoted strings count too (telling them apart would mean parsing): only a text with more than
    /// 64 unclosed brackets in a row is refused. (Block-style nesting, `- - - x`, is stopped by libyaml itself at
    /// 1,000 levels, with a syntax error.)
    private static func checkNesting(_ data: Data, file: String) throws(ImportError) {
        var depth = 0
        for b in data {
            if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                depth += 1
                if depth > maxDepth {
                    throw ImportError(.notAJournal, file: file,
                        "brackets nested more than \(maxDepth) deep: not a brew log")
                }
            } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
            }
        }
    }

    private static func spend(_ budget: inout Int, file: String) throws(ImportError) {
        budget -= 1
        if budget < 0 {
            throw ImportError(.notAJournal, file: file,
                              "more than \(maxValues) values (after YAML aliases are expanded): not a brew log")
        }
    }

    private static func node(yaml: Yams.Node, budget: inout Int, file: String) throws(ImportError) -> BrewSpecNode {
        try spend(&budget, file: file)
        let line = yaml.mark?.line
        switch yaml {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: yaml.tag.rawValue) {
            case .null: return BrewSpecNode(value: .null, line: line)
            case .bool: return BrewSpecNode(value: yaml.bool.map { .bool($0) } ?? .string(scalar.string), line: line)
            case .int, .float:
                return BrewSpecNode(value: yaml.float.map { .number($0) } ?? .string(scalar.string), line: line)
            // Strings, and YAML 1.1 timestamps (an unquoted `2026-02-21`): the text as written.
            default: return BrewSpecNode(value: .string(scalar.string), line: line)
            }
        case .mapping(let mapping):
            var pairs: [(key: String, node: BrewSpecNode)] = []
            for (key, value) in mapping {
                pairs.append((key.string ?? "\(key)", try node(yaml: value, budget: &budget, file: file)))
            }
            return BrewSpecNode(value: .object(pairs), line: line)
        case .sequence(let sequence):
            var items: [BrewSpecNode] = []
            for item in sequence { items.append(try node(yaml: item, budget: &budget, file: file)) }
            return BrewSpecNode(value: .array(items), line: line)
        case .alias:
            return BrewSpecNode(value: .null, line: line)
        }
    }

    private static func node(json: Any, budget: inout Int, file: String) throws(ImportError) -> BrewSpecNode {
        try spend(&budget, file: file)
        if json is NSNull { return BrewSpecNode(value: .null) }
        if JSONValue.isBool(json) { return BrewSpecNode(value: .bool((json as? NSNumber)?.boolValue ?? false)) }
        if let n = json as? NSNumber { return BrewSpecNode(value: .number(JSONNumber.double(n))) }
        if let s = json as? String { return BrewSpecNode(value: .string(s)) }
        if let a = json as? [Any] {
            var items: [BrewSpecNode] = []
            for item in a { items.append(try node(json: item, budget: &budget, file: file)) }
            return BrewSpecNode(value: .array(items))
        }
        if let o = json as? [String: Any] {
            var pairs: [(key: String, node: BrewSpecNode)] = []
            for key in o.keys.sorted() { pairs.append((key, try node(json: o[key]!, budget: &budget, file: file))) }
            return BrewSpecNode(value: .object(pairs))
        }
        return BrewSpecNode(value: .null)
    }
}
