import Foundation
import GRDB

/// Small, independent readers of the three encodings (not the importers'), for checking the writers.
enum TestCSV {
    /// Parses RFC 4180 text: fields split on commas, quoted fields may hold commas, doubled quotes and line
    /// breaks; records end at LF or CRLF; a trailing line break adds no record.
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var chars = Array(text.unicodeScalars)[...]
        if chars.first == "\u{FEFF}" { chars = chars.dropFirst() }
        var i = chars.startIndex
        while i < chars.endIndex {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.endIndex && chars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 }
                    else { quoted = false; afterQuote = true }
                } else { field.unicodeScalars.append(c) }
            } else if c == "\"" && field.isEmpty && !afterQuote {
                quoted = true
            } else if c == "," {
                record.append(field); field = ""; afterQuote = false
            } else if c == "\r" && i + 1 < chars.endIndex && chars[i + 1] == "\n" {
                // CRLF: handled at the LF.
            } else if c == "\n" {
                record.append(field); records.append(record); record = []; field = ""; afterQuote = false
            } else {
                field.unicodeScalars.append(c)
            }
            i += 1
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    /// Rows as dictionaries keyed by header name.
    static func rows(_ text: String) -> [[String: String]] {
        let records = parse(text)
        guard let header = records.first else { return [] }
        return records.dropFirst().map { r in
            Dictionary(uniqueKeysWithValues: zip(header, r).map { ($0, $1) })
        }
    }
}

enum TestStore {
    /// Every row of `table`, ordered by `Z_PK`, as database values (for comparing stores).
    static func dump(_ path: String, table: String) throws -> [[DatabaseValue]] {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1").map { Array($0.databaseValues) }
        }
    }
}

/// Parses `2026-11-16T07:42:00+01:00` or `…Z` / `…SS.mmmZ` to seconds since 1970 (independent of the writers).
func testParseISO(_ s: String) -> Double? {
    let f = ISO8601DateFormatter()
    f.formatOptions = s.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
    return f.date(from: s)?.timeIntervalSince1970
}

/// The 16 bytes of a UUID string, via Foundation.
func testUUIDBytes(_ s: String) -> [UInt8]? {
    guard let u = UUID(uuidString: s) else { return nil }
    return withUnsafeBytes(of: u.uuid) { Array($0) }
}
