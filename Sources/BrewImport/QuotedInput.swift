/// Shortens a piece of the input that a message quotes (a header name, a mapping value, an archive entry name), so
/// that one message stays one short line whatever the input holds.
///
/// A quoted value of at most ``limit`` characters is returned as is; a longer one is its first ``limit``
/// characters, then `… (N bytes)` with N the whole value's length in UTF-8 bytes, so the reader still learns how
/// large it was. A 50 MB value in a mapping file thus costs about 80 characters of the message, not 50 MB.
///
/// Control characters are left to the printer (the command line shows them as `\u{…}`); only the length is
/// bounded here. Characters are Unicode extended grapheme clusters, so an accented letter or a flag is never cut.
public enum QuotedInput {
    /// The most characters a message quotes from the input.
    public static let limit = 60

    /// `text`, or its first ``limit`` characters followed by `… (N bytes)`.
    public static func short(_ text: String) -> String {
        // `utf8.count` is O(1) for native strings; a value this short in bytes is short in characters too.
        if text.utf8.count <= limit { return text }
        var end = text.startIndex, kept = 0
        while kept < limit, end < text.endIndex {
            end = text.index(after: end)
            kept += 1
        }
        guard end < text.endIndex else { return text }
        return String(text[..<end]) + "… (\(text.utf8.count) bytes)"
    }
}
