/// The subset of TOML a column mapping (BrewImport) and an aliases file (BrewNames) may use, checked before TOMLKit
/// parses it; here, in the lowest target both import.
///
/// toml++ 3.4.0 (inside TOMLKit) guards its parser with assertions that are compiled in (SwiftPM builds the C++
/// target without `NDEBUG`), and some malformed input reaches them: a table header `[*x]` or `[` at the end of a
/// line, an array `[[[}` — each aborted brewstats (found by the `fuzz-mapping-toml` target). A mapping needs very
/// little of TOML (``ColumnMapping``), so every line must be one of these before the text reaches the parser:
///
/// - blank, or a comment (`# …`);
/// - a table header `[name]` (a bare or quoted key; no `[[arrays]]`, no dotted names);
/// - `key = value`, the key bare (`A–Z a–z 0–9 _ -`) or quoted (`"…"`, `'…'`), the value a one-line string
///   (`"…"` with escapes, `'…'`), `true`, `false`, an integer, or a one-line array of such strings
///   (`["?", "n/a"]`, a mapping's `missing`: flat, strings only, an optional trailing comma);
///
/// each optionally followed by blanks and a comment, with no control character but tab. Anything else (nested or
/// multi-line arrays, arrays of other values, inline tables, multi-line strings,
/// dotted keys, floats, dates) is refused with the line's number, as an invalid mapping.
public enum MappingSyntax {
    /// The 1-based number of the first line outside the subset, or `nil` when every line is inside it.
    public static func firstUnsupportedLine(_ text: String) -> Int? {
        var number = 0
        // Split on the byte: as Characters, "\r\n" is one grapheme and would not split at "\n".
        for raw in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Array(raw)
            if line.last == 0x0D { line.removeLast() }
            // No control characters but tab, anywhere (TOML allows none in comments or strings either).
            if line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) || !isSupported(line) { return number }
        }
        return nil
    }

    private static func isSupported(_ b: [UInt8]) -> Bool {
        var i = 0
        func blanks() { while i < b.count && (b[i] == 0x20 || b[i] == 0x09) { i += 1 } }
        func isBare(_ c: UInt8) -> Bool {
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
        }
        /// A one-line basic (`"`, backslash escapes) or literal (`'`) string starting at `i`.
        func quoted() -> Bool {
            guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else { return false }
            let quote = b[i]
            i += 1
            while i < b.count {
                if b[i] == quote { i += 1; return true }
                if b[i] == 0x5C && quote == 0x22 { i += 1 }
                i += 1
            }
            return false
        }
        func key() -> Bool {
            if i < b.count, b[i] == 0x22 || b[i] == 0x27 { return quoted() }
            let start = i
            while i < b.count && isBare(b[i]) { i += 1 }
            return i > start
        }
        /// Blanks, then the end of the line or a comment.
        func end() -> Bool {
            blanks()
            return i == b.count || b[i] == 0x23
        }
        blanks()
        if i == b.count || b[i] == 0x23 { return true }
        if b[i] == 0x5B {
            i += 1
            blanks()
            guard key() else { return false }
            blanks()
            guard i < b.count, b[i] == 0x5D else { return false }
            i += 1
            return end()
        }
        guard key() else { return false }
        blanks()
        guard i < b.count, b[i] == 0x3D else { return false }
        i += 1
        blanks()
        guard i < b.count else { return false }
        if b[i] == 0x22 || b[i] == 0x27 {
            // Not a multi-line string: `""` or `''` followed by the same quote.
            if i + 2 < b.count, b[i + 1] == b[i], b[i + 2] == b[i] { return false }
            return quoted() && end()
        }
        if b[i] == 0x5B {
            // A flat one-line array of one-line strings.
            i += 1
            blanks()
            while i < b.count, b[i] != 0x5D {
                if i + 2 < b.count, b[i + 1] == b[i], b[i + 2] == b[i] { return false }
                guard quoted() else { return false }
                blanks()
                guard i < b.count else { return false }
                if b[i] == 0x2C { i += 1; blanks() } else if b[i] != 0x5D { return false }
            }
            guard i < b.count else { return false }
            i += 1
            return end()
        }
        for word in ["true", "false"] where b[i...].starts(with: Array(word.utf8)) {
            i += word.utf8.count
            return end()
        }
        if b[i] == 0x2B || b[i] == 0x2D { i += 1 }
        let digits = i
        while i < b.count && b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
        return i > digits && end()
    }
}
