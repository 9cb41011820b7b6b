/// The formula-injection guard every CSV brewstats writes applies to its text cells, and its inverse, which our own
/// CSV readers apply to every cell they read.
///
/// A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)`, `@SUM(…)`),
/// and some read a leading tab or carriage return the same way once they strip it. Such a cell is written with a
/// leading `'`, which spreadsheets show as text and do not evaluate (the OWASP "CSV injection" advice).
///
/// **Exact round trips.** The guard is an escape, not a loss: a text that already starts with one or more `'`
/// followed by one of those characters (`'=x`, `''+1`) gets one more `'` too, so ``restored(_:)`` — one `'` removed
/// from a cell that starts with `'`s and then a guarded character — gives back every text exactly. A cell without
/// that shape (`'quoted'`, `'5`, `-5` written as a number) is read as it is. Numbers are never guarded: a writer
/// guards text cells only, so a negative number stays `-5`.
///
/// It lives here, in the lowest layer, because the importer (its rejects file, its CSV reader), the statistics layer
/// (the report's summary CSVs) and the exporter all write or read CSVs and none depends on the others.
public enum CSVFormulaGuard {
    /// Whether a cell starting with UTF-8 byte `byte` is guarded: `=`, `+`, `-`, `@`, tab or CR.
    @inline(__always)
    public static func isTrigger(_ byte: UInt8) -> Bool {
        byte == 0x3D || byte == 0x2B || byte == 0x2D || byte == 0x40 || byte == 0x09 || byte == 0x0D
    }

    /// Whether a text cell of UTF-8 `bytes` is written with a leading `'`: its first byte after any leading `'`s is
    /// a trigger (``isTrigger(_:)``).
    @inline(__always)
    public static func needsGuard(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count, bytes[i] == 0x27 { i += 1 }
        return i < bytes.count && isTrigger(bytes[i])
    }

    /// `text` with a leading `'` when it needs the guard (``needsGuard(_:)``); otherwise `text`. The empty string is
    /// returned as is.
    public static func neutralised(_ text: String) -> String {
        var text = text
        let guarded = text.withUTF8 { needsGuard($0) }
        return guarded ? "'" + text : text
    }

    /// The number of leading bytes a reader drops from the cell of UTF-8 `bytes`: 1 when the cell was guarded (one
    /// or more `'`s, then a trigger), else 0.
    @inline(__always)
    public static func guardLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.count >= 2, bytes[0] == 0x27 else { return 0 }
        var i = 1
        while i < bytes.count, bytes[i] == 0x27 { i += 1 }
        return i < bytes.count && isTrigger(bytes[i]) ? 1 : 0
    }

    /// The text a guarded cell was written from: `cell` without one leading `'` when it was guarded
    /// (``guardLength(_:)``), else `cell`. `restored(neutralised(t)) == t` for every `t`.
    public static func restored(_ cell: String) -> String {
        var cell = cell
        let n = cell.withUTF8 { guardLength($0) }
        return n == 0 ? cell : String(cell.dropFirst(n))
    }
}
