/// Where an aliases file writes each table and each key: TOMLKit does not keep it, and messages name the line.
///
/// Built in one pass over the text, so that naming the line of every spelling costs a dictionary lookup: searching
/// the lines for each spelling again (as messages and the file-order sort once did) made a 2,500-line file take
/// 80 s. The text is the subset of TOML ``BrewColumns/MappingSyntax`` admits (checked before): a line is blank, a
/// comment, a `[table]` header or a `key = value` line, keys bare or quoted (`"…"` with TOML's escapes, `'…'`).
///
/// A key written twice in one table keeps its first line (TOML itself refuses the repeat).
struct AliasLines {
    /// The line of each table header, by the table's name.
    private var tables: [String: Int] = [:]
    /// For each table (`""` before the first header), the line of each key.
    private var keys: [String: [String: Int]] = [:]

    init(_ text: String) {
        var number = 0
        var table = ""
        for raw in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let b = Array(raw)
            var i = 0
            Self.blanks(b, &i)
            guard i < b.count, b[i] != 0x23 else { continue }
            if b[i] == 0x5B {
                i += 1
                Self.blanks(b, &i)
                guard let name = Self.key(b, &i) else { continue }
                table = name
                if tables[name] == nil { tables[name] = number }
            } else if let key = Self.key(b, &i), keys[table]?[key] == nil {
                keys[table, default: [:]][key] = number
            }
        }
    }

    /// The 1-based line of `key` in `table`, or `nil` when it is not written there.
    func line(of key: String, in table: String) -> Int? { keys[table]?[key] }

    /// The 1-based line of the header of `table` (or of a top-level key of that name), or `nil`.
    func line(ofTable table: String) -> Int? { tables[table] ?? keys[""]?[table] }

    private static func blanks(_ b: [UInt8], _ i: inout Int) {
        while i < b.count && (b[i] == 0x20 || b[i] == 0x09) { i += 1 }
    }

    /// The key starting at `i`, decoded (a basic string's escapes resolved), with `i` past it; `nil` when none.
    private static func key(_ b: [UInt8], _ i: inout Int) -> String? {
        guard i < b.count else { return nil }
        let quote = b[i]
        guard quote == 0x22 || quote == 0x27 else {
            let start = i
            while i < b.count, isBare(b[i]) { i += 1 }
            return i > start ? String(decoding: b[start..<i], as: UTF8.self) : nil
        }
        i += 1
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            if c == quote { i += 1; return String(decoding: out, as: UTF8.self) }
            if c == 0x5C, quote == 0x22, i + 1 < b.count {
                i += 1
                switch b[i] {
                case 0x62: out.append(0x08)
                case 0x74: out.append(0x09)
                case 0x6E: out.append(0x0A)
                case 0x66: out.append(0x0C)
                case 0x72: out.append(0x0D)
                case 0x75, 0x55:
                    let width = b[i] == 0x75 ? 4 : 8
                    let digits = b.dropFirst(i + 1).prefix(width)
                    guard digits.count == width, let v = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v) else { return nil }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    i += width
                default: out.append(b[i])  // \" and \\
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        return nil
    }

    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
    }
}
