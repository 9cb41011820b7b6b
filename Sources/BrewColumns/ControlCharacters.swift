/// Control characters in the names a journal gives (a bean's, a grinder's, a method's, a roaster's) and in brew
/// ids: replaced by U+FFFD when the journal is built.
///
/// A name reaches every output — CSV cells, HTML, Markdown tables, a bean page's file name and title — and a NUL
/// or another C0 control code (U+0000–U+001F) in it has no meaning there: a NUL ends a C string (a PDF's text, a
/// file name), an escape code rewrites a terminal, a carriage return breaks a Markdown row. Replacing them once, at
/// import, keeps each output's escaping simple and makes every output agree on the name; U+FFFD (the replacement
/// character) shows the reader that something was there, which dropping would hide. Tab and line feed are kept:
/// they are plain text, and each output already escapes them as it escapes any text. DEL (U+007F) and the C1 codes
/// are left alone (they are printable in the outputs' encodings and escaped by the command line's messages).
/// The importer says how many values were changed, in a note of its report.
public enum ControlCharacters {
    /// Whether `scalar` is replaced: U+0000–U+001F except tab (U+0009) and line feed (U+000A).
    @inline(__always)
    public static func isReplaced(_ scalar: UInt32) -> Bool {
        scalar < 0x20 && scalar != 0x09 && scalar != 0x0A
    }

    /// `text` with each replaced control character (``isReplaced(_:)``) turned into U+FFFD, and whether any was.
    public static func cleaned(_ text: String) -> (text: String, changed: Bool) {
        guard text.utf8.contains(where: { isReplaced(UInt32($0)) }) else { return (text, false) }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(isReplaced(scalar.value) ? "\u{FFFD}" : scalar)
        }
        return (String(out), true)
    }

    /// Whether UTF-8 `bytes` hold a replaced control character (in UTF-8, every byte below 0x20 is one).
    public static func occurs(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { isReplaced(UInt32($0)) }
    }
}
