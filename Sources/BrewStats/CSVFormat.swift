import BrewColumns
import Foundation

/// One cell of a summary CSV (its text quoted by BrewColumns' ``CSVField``). Formatting is fixed so the same journal
/// gives byte-identical files:
///
/// - ``number(_:)``: the shortest decimal that reads back as the same `Double` (Swift's `description`,
///   `.` decimal point), with a trailing `.0` dropped (`4.0` → `4`) and `-0` written `0`; exponent forms
///   (`1e-05`) appear only for very small or large magnitudes. `nil` or a non-finite value is an empty cell —
///   never `0`, `NaN` or `inf` text.
/// - ``integer(_:)``: decimal digits; `nil` → empty.
/// - ``decimal(_:places:)``: a number rounded to its meaningful precision (``CSVPrecision``), written with
///   exactly that many decimals (`19.30`, `4.00`), `.` decimal point, `-0.00` written `0.00`; `nil` or a
///   non-finite value is an empty cell. The summaries write every measured quantity this way.
/// - ``timestamp(_:)``: ISO 8601 in UTC, `2026-11-16T06:42:00Z`, with `.ffffff` only when the instant has
///   a fractional second; `nil` → empty.
/// - ``localTime(_:_:)``: ISO 8601 local time with its offset in the given zone, `2026-11-16T07:42:00+01:00`
///   (`.ffffff` only with a fractional second). It names the same instant as the UTC form; where the zone's
///   offset is not whole minutes (local mean time before 1900) the UTC form is written instead. `nil` → empty.
/// - ``text(_:)``: user text (names, ids). A cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading
///   `'` so spreadsheets do not evaluate it; numbers are never text cells, so they stay numbers.
/// - ``label(_:)``: fixed vocabulary the engine writes itself (`method`, `2026-W47`), written as is.
///
/// Every cell is then quoted per RFC 4180 when it holds a comma, a double quote, CR or LF (quotes doubled).
public enum CSVCell: Sendable, Equatable {
    case number(Double?)
    case decimal(Double?, places: Int)
    case integer(Int?)
    case timestamp(Timestamp?)
    case localTime(Timestamp?, TimeZone)
    case text(String?)
    case label(String)

    /// The cell's text before RFC 4180 quoting.
    public var rendered: String {
        switch self {
        case .number(let v): return v.map(CSVCell.format) ?? ""
        case .decimal(let v, let places): return v.map { CSVCell.fixed($0, places: places) } ?? ""
        case .integer(let v): return v.map { String($0) } ?? ""
        case .timestamp(let t): return t.map(CSVCell.isoUTC) ?? ""
        case .localTime(let t, let zone): return t.map { CSVCell.isoLocal($0, zone) } ?? ""
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

    /// `v` with exactly `places` decimals (`%.Nf`: correctly rounded from the binary value, ties to even on
    /// exact halves); `-0.00` is written `0.00`; `""` for NaN and infinities.
    ///
    /// Formatted by the C library's `vsnprintf` into a stack buffer, as Foundation's `String(format:)` formats `%f`
    /// but without its format-string parsing and `NSString` per call: `shots.csv` of 10,000 shots writes 170,000
    /// such cells, and `String(format:)` was 2.7 % of a shot folder's report (`brewstats-bench --only shots`).
    public static func fixed(_ v: Double, places: Int) -> String {
        guard v.isFinite else { return "" }
        // More than 40 places (no cell has them) would not fit the buffer: Foundation formats those.
        guard places <= 40 else { return trimmedNegativeZero(String(format: "%.\(places)f", v)) }
        let p = Int32(max(0, places))
        // The largest finite double has 309 integer digits: room for them, the point, 40 places and the sign.
        let s: String = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            let n = withVaList([p, v]) { vsnprintf(buffer.baseAddress!, 400, "%.*f", $0) }
            guard n > 0, n < 400 else { return String(format: "%.\(p)f", v) }
            return String(
                decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(n)).bindMemory(to: UInt8.self),
                          as: UTF8.self)
        }
        return trimmedNegativeZero(s)
    }

    /// `-0.00` as `0.00`; any other text as it is.
    private static func trimmedNegativeZero(_ s: String) -> String {
        guard s.hasPrefix("-"), s.utf8.dropFirst().allSatisfy({ $0 == 48 || $0 == 46 }) else { return s }
        return String(s.dropFirst())
    }

    /// `text` with a leading `'` when it starts with `=`, `+`, `-`, `@`, tab or CR (formula injection guard).
    public static func neutralised(_ text: String) -> String {
        CSVFormulaGuard.neutralised(text)
    }

    /// ISO 8601 UTC: `YYYY-MM-DDTHH:MM:SSZ`, or `…SS.ffffffZ` with a fractional second.
    public static func isoUTC(_ t: Timestamp) -> String {
        wallClock(t.microseconds) + "Z"
    }

    /// ISO 8601 local time with offset in `zone`: `YYYY-MM-DDTHH:MM:SS+hh:mm` (`+00:00` for UTC), or
    /// `…SS.ffffff+hh:mm` with a fractional second; the UTC form when the offset is not whole minutes.
    public static func isoLocal(_ t: Timestamp, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: t.date)
        guard offset % 60 == 0 else { return isoUTC(t) }
        let (local, overflow) = t.microseconds.addingReportingOverflow(Int64(offset) * 1_000_000)
        guard !overflow else { return isoUTC(t) }
        let minutes = abs(offset) / 60
        let hh = minutes / 60, mm = minutes % 60
        return wallClock(local) + (offset < 0 ? "-" : "+") + (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "")
            + "\(mm)"
    }

    /// `YYYY-MM-DDTHH:MM:SS[.ffffff]` of microseconds since 1970-01-01T00:00:00, without a zone.
    static func wallClock(_ us: Int64) -> String {
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
        return out
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
    public static func quoted(_ field: String) -> String { CSVField.quoted(field) }
}

/// The decimals each kind of quantity is written with in the summary CSVs: its meaningful precision (the
/// README's precision table). A rating is logged in half steps and a mean of ratings is read to hundredths;
/// an EY to tenths, written to hundredths; TDS to hundredths of a percent, written to thousandths.
public enum CSVPrecision {
    /// `share_pct`: 0.1 percentage point.
    public static let sharePercent = 1
    /// Ratings and their means on the 0–5 scale (`mean_rating`).
    public static let rating = 2
    /// Brew ratios (`ratio_*`, `median_ratio_*`): hundredths (`16.67` for 1:16.67).
    public static let ratio = 2
    /// Extraction yield in percent (`*_ey_pct`).
    public static let extractionPercent = 2
    /// TDS in percent (`tds_mean_pct`).
    public static let tdsPercent = 3
    /// Times in seconds (`brew_time_median_s`): tenths, a median of whole seconds is at most a half.
    public static let seconds = 1
    /// Correlation coefficients (`pearson_r`, `spearman_rho`).
    public static let correlation = 3
    /// OLS slope in rating points per grind unit (`slope_rating_per_unit`).
    public static let slope = 4
    /// OLS intercept in rating points (`intercept_rating`).
    public static let intercept = 3
    /// Grind settings (`sweet_spot_setting`): hundredths, enough for a 0.25-step grinder's grid.
    public static let grindSetting = 2
}
