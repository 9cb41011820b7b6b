import BrewColumns

/// Cells of a CSV row as bytes (RFC 4180): a field is quoted when it holds a comma, a quote, CR or LF, with inner
/// quotes doubled; a missing value is an empty field.
///
/// A CSV export is the file people open in a spreadsheet and share, so by default a text cell a spreadsheet would
/// run as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(1)`, a tab- or CR-led `=`) is written with the formula guard,
/// a leading `'` (``BrewColumns/CSVFormulaGuard``), which brewstats' CSV reader removes again: an export read back
/// gives the journal's own text. Numbers are never guarded (`-5` stays `-5`). With `guarded` false (`export
/// --raw-cells`) text is written as it is.
struct CSVCells {
    var out: [UInt8]
    /// Whether text cells get the formula guard (see the type's discussion).
    let guarded: Bool
    private var first = true

    init(into out: [UInt8], guarded: Bool = true) {
        self.out = out
        self.guarded = guarded
    }

    mutating func endRow() {
        out.append(0x0A)
        first = true
    }

    @inline(__always) private mutating func separate() {
        if first { first = false } else { out.append(0x2C) }
    }

    mutating func empty() { separate() }

    mutating func text(_ value: String?) {
        separate()
        guard var value else { return }
        value.withUTF8 { appendField($0) }
    }

    mutating func bytes(_ column: StringColumn, _ i: Int) {
        separate()
        guard column.isValid(i) else { return }
        column.bytes.withUnsafeBufferPointer { all in
            appendField(UnsafeBufferPointer(rebasing: all[Int(column.offsets[i])..<Int(column.offsets[i + 1])]))
        }
    }

    mutating func number(_ value: Double?) {
        separate()
        guard let value, value.isFinite else { return }
        DecimalText.append(value, to: &out)
    }

    mutating func number(_ column: Float64Column, _ i: Int) {
        separate()
        guard column.isValid(i) else { return }
        let v = column.values[i]
        guard v.isFinite else { return }
        DecimalText.append(v, to: &out)
    }

    mutating func raw(_ bytes: [UInt8]) {
        separate()
        out.append(contentsOf: bytes)
    }

    private mutating func appendField(_ p: UnsafeBufferPointer<UInt8>) {
        var needsQuotes = false
        for b in p where b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D {
            needsQuotes = true
            break
        }
        let guardMark = guarded && CSVFormulaGuard.needsGuard(p)
        guard needsQuotes else {
            if guardMark { out.append(0x27) }
            out.append(contentsOf: p)
            return
        }
        out.append(0x22)
        if guardMark { out.append(0x27) }
        for b in p {
            if b == 0x22 { out.append(0x22) }
            out.append(b)
        }
        out.append(0x22)
    }
}
