import Foundation

/// A tiny RFC 4180 reader for the tests' own checks (quoted fields may hold commas, doubled quotes and line
/// ends; CRLF or LF; a leading BOM is dropped). Kept apart from the importer on purpose: the tests must not
/// read our outputs with the code under test.
public enum TestCSV {
    public static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text.unicodeScalars)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        var fieldStarted = false
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { quoted = false }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" && field.isEmpty {
                quoted = true
                fieldStarted = true
            } else if c == "," {
                row.append(field); field = ""; fieldStarted = true
            } else if c == "\r" || c == "\n" {
                if c == "\r", i + 1 < chars.count, chars[i + 1] == "\n" { i += 1 }
                row.append(field); field = ""
                rows.append(row); row = []
                fieldStarted = false
            } else {
                field.unicodeScalars.append(c)
                fieldStarted = true
            }
            i += 1
        }
        if fieldStarted || !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    /// Rows as dictionaries keyed by the header.
    public static func records(_ text: String) -> (header: [String], rows: [[String: String]]) {
        let all = parse(text)
        guard let header = all.first else { return ([], []) }
        let rows = all.dropFirst().map { r in
            Dictionary(uniqueKeysWithValues: header.enumerated().map { ($0.element, $0.offset < r.count ? r[$0.offset] : "") })
        }
        return (header, rows)
    }

    /// Rows as dictionaries keyed by the header, without the header itself.
    public static func rows(_ text: String) -> [[String: String]] { records(text).rows }
}
