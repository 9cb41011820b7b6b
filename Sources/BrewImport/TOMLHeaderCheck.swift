/// A check of a mapping's TOML that runs before TOMLKit parses it, for the one malformed header that its parser
/// does not survive.
///
/// toml++ 3.4.0 (inside TOMLKit) parses a table header `[name]` by asserting that the name starts with a key
/// character (a letter, digit, `_`, `-`) or a quote; the assertion is compiled in (SwiftPM builds the C++ target
/// without `NDEBUG`), so a mapping file holding `[*x]`, `[ #` or a `[` at the end of a line aborted brewstats.
/// Found by the `fuzz-mapping-toml` target. This scan finds such a header first, so that it is refused like any
/// other TOML error, naming its line.
///
/// The scan follows TOML's lexical structure only as far as it must to know where a header can start: at the
/// beginning of a line, outside strings (basic, literal, both multi-line forms), comments and arrays spanning lines.
enum TOMLHeaderCheck {
    /// The 1-based line of the first table header (`[` or `[[` at the start of a statement) whose name does not
    /// start with a key character, a quote or `]` after optional blanks; `nil` when there is none.
    static func firstBadHeader(_ text: String) -> Int? {
        let b = Array(text.utf8)
        var i = 0, line = 1, depth = 0, lineStart = true
        func isKeyStart(_ c: UInt8) -> Bool {
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
                || c == 0x22 || c == 0x27 || c == 0x5D
        }
        /// Skips a string opened at `i` by `quote` (`"` escapes with `\`); counts the lines of a multi-line one.
        func skipString(_ quote: UInt8) {
            let multi = i + 2 < b.count && b[i + 1] == quote && b[i + 2] == quote
            i += multi ? 3 : 1
            while i < b.count {
                let c = b[i]
                if c == 0x5C && quote == 0x22 { i += 2; continue }
                if c == 0x0A {
                    if !multi { return }
                    line += 1
                } else if c == quote && (!multi || (i + 2 < b.count && b[i + 1] == quote && b[i + 2] == quote)) {
                    i += multi ? 3 : 1
                    return
                }
                i += 1
            }
        }
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x0A:
                line += 1; lineStart = true; i += 1
            case 0x20, 0x09, 0x0D:
                i += 1
            case 0x23:  // a comment, to the end of the line
                while i < b.count && b[i] != 0x0A { i += 1 }
            case 0x22, 0x27:
                lineStart = false
                skipString(c)
            case 0x5B:
                if lineStart && depth == 0 {
                    var j = i + 1
                    if j < b.count && b[j] == 0x5B { j += 1 }
                    while j < b.count && (b[j] == 0x20 || b[j] == 0x09) { j += 1 }
                    if j < b.count && !isKeyStart(b[j]) { return line }
                }
                depth += 1; lineStart = false; i += 1
            case 0x5D:
                depth = max(0, depth - 1); lineStart = false; i += 1
            default:
                lineStart = false; i += 1
            }
        }
        return nil
    }
}
