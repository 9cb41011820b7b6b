/// Greedy line breaking of running text with the layout's ``TextMeasuring``.
///
/// Break opportunities are runs of spaces and tabs (consumed at the break), and the boundaries around wide
/// (CJK) characters, which are set without spaces. A word wider than the whole line is broken between
/// grapheme clusters, taking the longest prefix that fits (at least one cluster, so progress is guaranteed
/// even when a single character is wider than the line). A newline (LF, CR LF, or any Unicode line separator) always
/// ends a line; an empty line in the input gives an empty line in the output. Lines never carry leading or trailing
/// spaces.
struct LineBreaker {
    let measurer: any TextMeasuring

    /// A piece of text between break opportunities.
    private struct Token {
        var text: String
        /// Whether a space separates this token from the previous one on the same line.
        var spaceBefore: Bool
    }

    /// The lines of `text` set in `style` within `width` points.
    ///
    /// Text that is empty or only whitespace gives no lines.
    func lines(_ text: String, style: TextStyle, width: Double) -> [String] {
        guard text.contains(where: { !$0.isWhitespace }) else { return [] }
        var result: [String] = []
        for hardLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let tokens = Self.tokens(hardLine)
            if tokens.isEmpty {
                result.append("")
                continue
            }
            result.append(contentsOf: wrap(tokens, style: style, width: width))
        }
        // Leading and trailing blank lines carry no meaning in a block.
        while result.first == "" { result.removeFirst() }
        while result.last == "" { result.removeLast() }
        return result
    }

    private func wrap(_ tokens: [Token], style: TextStyle, width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for token in tokens {
            let candidate = line.isEmpty ? token.text : line + (token.spaceBefore ? " " : "") + token.text
            if fits(candidate, style: style, width: width) {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // The token starts a fresh line; break it between characters while it is too wide.
            var rest = Substring(token.text)
            while !rest.isEmpty, !fits(String(rest), style: style, width: width) {
                let prefix = longestFittingPrefix(rest, style: style, width: width)
                lines.append(String(prefix))
                rest = rest[prefix.endIndex...]
            }
            line = String(rest)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private func fits(_ text: String, style: TextStyle, width: Double) -> Bool {
        measurer.measure(text, style: style).width <= width
    }

    /// The longest non-empty prefix of `word` (in whole grapheme clusters) that fits, or its first cluster.
    private func longestFittingPrefix(_ word: Substring, style: TextStyle, width: Double) -> Substring {
        let characters = Array(word)
        var low = 1
        var high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            if fits(String(characters[0..<mid]), style: style, width: width) { low = mid } else { high = mid - 1 }
        }
        return word.prefix(low)
    }

    private static func tokens(_ line: Substring) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var spaceBefore = false
        var pendingSpace = false
        func flush() {
            if !current.isEmpty { tokens.append(Token(text: current, spaceBefore: spaceBefore)) }
            current = ""
        }
        for character in line {
            if character == " " || character == "\t" {
                flush()
                pendingSpace = true
            } else if isWide(character) {
                flush()
                tokens.append(Token(text: String(character), spaceBefore: pendingSpace && !tokens.isEmpty))
                pendingSpace = false
            } else {
                if current.isEmpty {
                    spaceBefore = pendingSpace && !tokens.isEmpty
                    // A narrow word right after a wide character joins it without a space.
                    pendingSpace = false
                }
                current.append(character)
            }
        }
        flush()
        return tokens
    }

    /// Whether `character` is a wide East Asian character (CJK ideographs, kana, Hangul, full-width forms),
    /// between which lines may break.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
