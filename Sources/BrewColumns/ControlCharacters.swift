/// Control characters in a journal's text values — names (a bean's, a grinder's, a method's, a roaster's, a shot's
/// profile), ids, and free text (notes, flavour tags, a pressure profile, a grind setting's text) — replaced by
/// U+FFFD when the journal is built: the one definition every importer and output relies on.
///
/// A text value reaches every output — CSV cells, HTML, Markdown tables, JSON and YAML exports, a bean page's file
/// name and title — and a NUL or another C0 control code (U+0000–U+001F) in it has no meaning there: a NUL ends a C
/// string (a PDF's text, a file name) and JSON can only carry it as `\u0000`, an escape code rewrites a terminal, a
/// carriage return breaks a Markdown row. Replacing them once, at import, keeps each output's escaping simple and
/// makes every output agree on the value; U+FFFD (the replacement character) shows the reader that something was
/// there, which dropping would hide.
///
/// What is kept (``Field``):
/// - **Names and ids** keep tab and line feed: they are plain text, and each output already escapes them as it
///   escapes any text.
/// - **Free text** keeps carriage return too: a note written on Windows breaks its lines with CR LF, and every
///   output that can hold a line break (a quoted CSV cell, a JSON string, HTML) holds it.
///
/// DEL (U+007F) and the C1 codes are left alone (they are printable in the outputs' encodings and escaped by the
/// command line's messages). The importer says how many values were changed, in one note of its report
/// (``JournalBuilder/replacedControls``).
public enum ControlCharacters {
    /// What a text value is, which decides what it keeps (see the type's discussion).
    public enum Field: Sendable {
        /// A name or an id: tab and line feed kept.
        case name
        /// Free text (notes, flavour tags, a pressure profile, a grind setting's text): tab, line feed and carriage
        /// return kept.
        case freeText
    }

    /// Whether `scalar` is replaced in a name or id: U+0000–U+001F except tab (U+0009) and line feed (U+000A).
    @inline(__always)
    public static func isReplaced(_ scalar: UInt32) -> Bool {
        scalar < 0x20 && scalar != 0x09 && scalar != 0x0A
    }

    /// Whether `scalar` is replaced in a value of kind `field`: ``isReplaced(_:)``, except that free text keeps
    /// carriage return (U+000D).
    @inline(__always)
    public static func isReplaced(_ scalar: UInt32, in field: Field) -> Bool {
        isReplaced(scalar) && !(field == .freeText && scalar == 0x0D)
    }

    /// `text` with each replaced control character (``isReplaced(_:in:)``) turned into U+FFFD, and whether any was.
    public static func cleaned(_ text: String, as field: Field = .name) -> (text: String, changed: Bool) {
        guard text.utf8.contains(where: { isReplaced(UInt32($0), in: field) }) else { return (text, false) }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(isReplaced(scalar.value, in: field) ? "\u{FFFD}" : scalar)
        }
        return (String(out), true)
    }

    /// Whether UTF-8 `bytes` hold a control character replaced in a value of kind `field` (in UTF-8, every byte
    /// below 0x20 is one such character, never part of a longer one).
    public static func occurs(in bytes: UnsafeBufferPointer<UInt8>, as field: Field = .name) -> Bool {
        bytes.contains { isReplaced(UInt32($0), in: field) }
    }
}
