/// The subset of TOML a column mapping may use, and its reader.
///
/// A mapping needs very little of TOML (``ColumnMapping``), and every line must be one of these:
///
/// - blank, or a comment (`# …`);
/// - a table header `[name]` (a bare or quoted key; no `[[arrays]]`, no dotted names);
/// - `key = value`, the key bare (`A–Z a–z 0–9 _ -`) or quoted (`"…"` with escapes, `'…'`), the value a one-line
///   string (`"…"` with TOML's escapes `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`, or `'…'` taken as written),
///   `true`, `false` or a decimal integer (no leading zero, within 64 bits);
///
/// each optionally followed by blanks and a comment, with no control character but tab. Anything else (arrays,
/// inline tables, multi-line strings, dotted keys, floats, dates) is refused with the line's number, as are a key
/// given twice in one table and a table given twice. Inside the subset the reading is TOML 1.0's.
///
/// **Why not TOMLKit.** The mapping was once parsed by TOMLKit 0.6.0 (toml++ 3.4.0) after this check, which has two
/// faults a fuzzer showed: toml++ guards its parser with assertions that are compiled in (SwiftPM builds the C++
/// target without `NDEBUG`), and malformed input reached them (a table header `[*x]` or `[` at the end of a line,
/// an array `[[[}`: each aborted brewstats); and TOMLKit never frees a parsed document (`TOMLTable` has no
/// `deinit`, so the `toml::table` it allocates with `new` is never deleted, and every `keys` call leaks a `malloc`ed
/// array of `strdup`ed keys): about 1.6 kB lost per mapping read, unbounded for a long-lived caller. The subset is
/// small enough to read here in full, so the mapping no longer reaches either.
enum MappingSyntax {
    /// A value a mapping line may give.
    enum Value: Equatable {
        case string(String)
        case bool(Bool)
        case integer(Int64)

        var string: String? { if case .string(let s) = self { s } else { nil } }
        var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    }

    /// One `key = value` line: the table it is in (`nil` before the first header), its key, value and 1-based line.
    struct Entry: Equatable {
        var table: String?
        var key: String
        var value: Value
        var line: Int
    }

    /// Why a mapping is not inside the subset: the 1-based line and what is wrong there.
    struct Failure: Error, Equatable {
        var line: Int
        var message: String
    }

    /// The 1-based number of the first line outside the subset, or `nil` when every line is inside it.
    static func firstUnsupportedLine(_ text: String) -> Int? {
        do throws(Failure) {
            _ = try parse(text)
            return nil
        } catch {
            return error.line
        }
    }

    /// The mapping's tables and entries, in the order written.
    ///
    /// - Returns: the table headers (in order) and every `key = value` line.
    /// - Throws: ``Failure`` at the first line outside the subset, or the first repeated key or table.
    static func parse(_ text: String) throws(Failure) -> (tables: [String], entries: [Entry]) {
        var tables: [String] = []
        var entries: [Entry] = []
        var current: String?
        var seen: Set<[String?]> = []  // [table, key] of each entry; [name] of each table
        var number = 0
        // Split on the byte: as Characters, "\r\n" is one grapheme and would not split at "\n".
        for raw in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Array(raw)
            if line.last == 0x0D { line.removeLast() }
            // No control characters but tab, anywhere (TOML allows none in comments or strings either).
            guard !line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                throw Failure(line: number, message: "a control character")
            }
            var reader = LineReader(bytes: line)
            switch reader.line() {
            case .none:
                throw Failure(line: number, message: reader.problem ?? "not a [table], a key = value line or a comment")
            case .blank?:
                continue
            case .table(let name)?:
                guard seen.insert([name]).inserted, !seen.contains([nil, name]) else {
                    throw Failure(line: number, message: "[\(name)] is defined twice")
                }
                tables.append(name)
                current = name
            case .entry(let key, let value)?:
                guard seen.insert([current, key]).inserted, current != nil || !seen.contains([key]) else {
                    throw Failure(line: number, message: "'\(key)' is defined twice")
                }
                entries.append(Entry(table: current, key: key, value: value, line: number))
            }
        }
        return (tables, entries)
    }

    /// What one line holds.
    private enum Line {
        case blank
        case table(String)
        case entry(String, Value)
    }

    /// Reads one line (without its line end) of the subset.
    private struct LineReader {
        let bytes: [UInt8]
        var i = 0
        /// Set when a string or integer is malformed, for a more precise message.
        var problem: String?

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The line's content, or `nil` when it is outside the subset.
        mutating func line() -> Line? {
            blanks()
            if i == bytes.count || bytes[i] == 0x23 { return .blank }
            if bytes[i] == 0x5B {
                i += 1
                blanks()
                guard let name = key() else { return nil }
                blanks()
                guard i < bytes.count, bytes[i] == 0x5D else { return nil }
                i += 1
                return end() ? .table(name) : nil
            }
            guard let name = key() else { return nil }
            blanks()
            guard i < bytes.count, bytes[i] == 0x3D else { return nil }
            i += 1
            blanks()
            guard let value = value(), end() else { return nil }
            return .entry(name, value)
        }

        private mutating func blanks() { while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 } }

        /// Blanks, then the end of the line or a comment.
        private mutating func end() -> Bool {
            blanks()
            return i == bytes.count || bytes[i] == 0x23
        }

        private static func isBare(_ c: UInt8) -> Bool {
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
        }

        private mutating func key() -> String? {
            if i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 { return quoted() }
            let start = i
            while i < bytes.count && Self.isBare(bytes[i]) { i += 1 }
            return i > start ? String(decoding: bytes[start ..< i], as: UTF8.self) : nil
        }

        private mutating func value() -> Value? {
            guard i < bytes.count else { return nil }
            if bytes[i] == 0x22 || bytes[i] == 0x27 {
                // Not a multi-line string: `""` or `''` followed by the same quote.
                if i + 2 < bytes.count, bytes[i + 1] == bytes[i], bytes[i + 2] == bytes[i] { return nil }
                return quoted().map(Value.string)
            }
            for (word, value) in [("true", true), ("false", false)] where bytes[i...].starts(with: word.utf8) {
                i += word.utf8.count
                return .bool(value)
            }
            return integer().map(Value.integer)
        }

        /// A decimal integer: an optional sign, then `0` or digits not starting with `0`, within `Int64`.
        private mutating func integer() -> Int64? {
            var negative = false
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { negative = bytes[i] == 0x2D; i += 1 }
            let start = i
            var magnitude: UInt64 = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[i] - 0x30))
                guard !o1, !o2 else { problem = "an integer outside 64 bits"; return nil }
                magnitude = sum
                i += 1
            }
            guard i > start else { return nil }
            guard i - start == 1 || bytes[start] != 0x30 else { problem = "an integer with a leading zero"; return nil }
            if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }

        /// A one-line basic (`"`, with escapes) or literal (`'`) string starting at `i`.
        private mutating func quoted() -> String? {
            guard i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 else { return nil }
            let quote = bytes[i]
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let c = bytes[i]
                i += 1
                if c == quote { return String(decoding: out, as: UTF8.self) }
                guard c == 0x5C, quote == 0x22 else { out.append(c); continue }
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "r"): out.append(0x0D)
                case 0x22, 0x5C: out.append(e)
                case UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let digits = e == UInt8(ascii: "u") ? 4 : 8
                    guard i + digits <= bytes.count,
                          let code = UInt32(String(decoding: bytes[i ..< i + digits], as: UTF8.self), radix: 16),
                          bytes[i ..< i + digits].allSatisfy({ Self.isHex($0) }),
                          let scalar = Unicode.Scalar(code) else {
                        problem = "an escape \\\(Character(Unicode.Scalar(e))) that is not a Unicode scalar value"
                        return nil
                    }
                    i += digits
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    problem = "an unknown escape in a string"
                    return nil
                }
            }
            problem = problem ?? "an unterminated string"
            return nil
        }

        private static func isHex(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
        }
    }
}
