/// The one writer of a CSV cell's text (RFC 4180), for every CSV brewstats writes: the report's summaries, the
/// import rejects, the merge's matches, the export's dropped fields, batch.csv and the synthetic shot files.
///
/// A cell is quoted when it holds a comma, a double quote, CR or LF (tested on the UTF-8 bytes, so a CRLF line
/// break is found too), its quotes doubled; any other text is written as it is. ``guarded(_:)`` applies the
/// formula guard (``CSVFormulaGuard``) first, for text cells; numbers are never guarded.
///
/// It lives here, beside the guard, in the lowest layer that every CSV writer sees.
public enum CSVField {
    /// `text`, quoted when it holds `,`, `"`, CR or LF.
    ///
    /// ```swift
    /// CSVField.quoted("a,b")      // "\"a,b\""
    /// CSVField.quoted("say \"hi\"")  // "\"say \"\"hi\"\"\""
    /// ```
    public static func quoted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A text cell: `text` with the formula guard (``CSVFormulaGuard/neutralised(_:)``), then ``quoted(_:)``.
    public static func guarded(_ text: String) -> String {
        quoted(CSVFormulaGuard.neutralised(text))
    }
}
