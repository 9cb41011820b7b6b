/// The formula-injection guard every CSV brewstats writes applies to its text cells.
///
/// A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)`, `@SUM(…)`),
/// and some read a leading tab or carriage return the same way once they strip it. Such a cell is written with a
/// leading `'`, which spreadsheets show as text and do not evaluate (the OWASP "CSV injection" advice).
///
/// It lives here, in the lowest layer, because both the importer (its rejects file) and the statistics layer (the
/// report's summary CSVs) write CSVs and neither depends on the other.
public enum CSVFormulaGuard {
    /// `text` with a leading `'` when its first character is `=`, `+`, `-`, `@`, tab or CR; otherwise `text`.
    /// The empty string is returned as is.
    public static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        switch first {
        case "=", "+", "-", "@", "\t", "\r": return "'" + text
        default: return text
        }
    }
}
