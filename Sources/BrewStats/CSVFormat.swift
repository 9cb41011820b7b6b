import BrewColumns

/// One cell of a summary CSV. Formatting is fixed so the same journal gives byte-identical files:
///
/// - ``number(_:)``: the shortest decimal that reads back as the same `Double` (Swift's `description`,
///   `.` decimal point), with a trailing `.0` dropped (`4.0` → `4`) and `-0` written `0`; exponent forms
///   (`1e-05`) appear only for very small or large magnitudes. `nil` or a non-finite value is an empty cell —
///   never `0`, `NaN` or `inf` text.
/// - ``integer(_:)``: decimal digits; `nil` → empty.
/// - ``timestamp(_:)``: ISO 8601 in UTC, `2026-11-16T06:42:00Z`, with `.ffffff` only when the instant has
///   a fractional second; `nil` → empty.
/// - ``text(_:)``: user text (names, ids). A cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading
///   `'` so spreadsheets do not evaluate it; numbers are never text cells, so they stay numbers.
/// - ``label(_:)``: fixed vocabulary the engine writes itself (`method`, `2026-W47`), written as is.
///
/// Every cell is then quoted per RFC 4180 when it holds a comma, a double quote, CR or LF (quotes doubled).
public enum CSVCell: Sendable, Equatable {
    case number(Double?)
    case integer(Int?)
    case timestamp(Timestamp?)
    case text(String?)
    case label(String)

    /// The cell's text before RFC 4180 quoting.
    public var rendered: String {
        switch self {
        case .number(let v): return v.map(CSVCell.format) ?? ""
        case .integer(let v): return v.map { String($0) } ?? ""
        case .timestamp(let t): return t.map(CSVCell.isoUTC) ?? ""
        case .text(let s): return s.map(CSVCell.neutralised) ?? ""
        case .label(let s): return s
        }
    }

    /// The number format described above; `""` for NaN and infinities.
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "" }
        if v == 0 { return "0" }
        var s = v.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// `text` with a leading `'` when it starts with `=`, `+`, `-`, `@`, tab or CR (formula injection guard).
    public static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        switch first {
        case "=", "+", "-", "@", "\t", "\r": return "'" + text
        default: return text
        }
    }

    /// ISO 8601 UTC: `YYYY-MM-DDTHH:MM:SSZ`, or `…SS.ffffffZ` with a fractional second.
    public static func isoUTC(_ t: Timestamp) -> String {
        let us = t.microseconds
        let seconds = floorDiv(us, 1_000_000)
        let micro = us - seconds * 1_000_000
        let day = Day(index: Int32(floorDiv(seconds, 86_400)))
        let sod = seconds - Int64(day.index) * 86_400
        let hh = sod / 3600, mm = (sod % 3600) / 60, ss = sod % 60
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var out = "\(day)T\(two(hh)):\(two(mm)):\(two(ss))"
        if micro != 0 {
            let digits = String(micro)
            out += "." + String(repeating: "0", count: 6 - digits.count) + digits
        }
        return out + "Z"
    }
}

/// RFC 4180 output: a header row, then one row per record; fields quoted only when needed; every line
/// ends in CRLF (including the last).
public enum CSVWriter {
    /// The CSV text of `header` and `rows`.
    public static func write(header: [String], rows: [[CSVCell]]) -> String {
        var out = ""
        out.reserveCapacity(64 * (rows.count + 1))
        appendLine(header, to: &out)
        for row in rows { appendLine(row.map(\.rendered), to: &out) }
        return out
    }

    static func appendLine(_ fields: [String], to out: inout String) {
        for (k, f) in fields.enumerated() {
            if k > 0 { out += "," }
            out += quoted(f)
        }
        out += "\r\n"
    }

    /// `field`, quoted when it holds `,`, `"`, CR or LF.
    public static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
