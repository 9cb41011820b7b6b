/// What ``ShotJSONReader`` reads from a list of per-sample objects at one of its record keys: the members wanted, and
/// which of a member repeated within one object counts.
struct JSONRecordSpec: Sendable {
    /// The member names read, each into its own column (at most 64).
    let keys: [String]
    /// Whether the first of a member repeated within one object counts (GaggiMate's reader); else the last does, as
    /// in JSON readers generally.
    let firstWins: Bool
}

/// A JSON list of per-sample objects read by ``ShotJSONReader`` at one of its record keys (Gaggiuino's
/// `datapoints`, GaggiMate's `samples`): for each wanted member a column with one slot per entry of the list, each
/// slot as ``ShotRead/number(_:)`` reads the member's value (`nil` where the entry lacks it or is no object), without
/// an object, a `String` key or an `Any` per sample.
///
/// This reader's own code (not a JSON library's) because the general path cost a shot folder's report a quarter of
/// its CPU: a Gaggiuino or GaggiMate file took ten times as long to read as a Decent file of as many samples, every
/// sample being an object of a dozen members (`brewstats-bench --only shots`).
struct JSONRecords {
    /// Entries in the list, objects or not.
    var count: Int
    /// Per key of the spec (same order): its column, `nil` when no entry has the member.
    var columns: [[Double?]?]
}

extension ShotJSONReader {
    /// The list at `i` (its `[`) as ``JSONRecords`` of `spec`. An entry that is not an object is read whole with the
    /// usual checks and gives no value; members not wanted are read whole and dropped. A key with an escape is
    /// decoded before it is compared, so `"t\u0069me"` is the member `time`, as the general path reads it.
    mutating func records(_ spec: JSONRecordSpec, keyBytes: [[UInt8]]) throws(Failure) -> JSONRecords {
        depth += 1
        guard depth <= 64 else { throw fail("nesting deeper than 64 levels") }
        defer { depth -= 1 }
        i += 1
        var columns = [[Double?]?](repeating: nil, count: spec.keys.count)
        var row = [Double?](repeating: nil, count: spec.keys.count)
        var n = 0
        skipBlanks()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return JSONRecords(count: 0, columns: columns) }
        while true {
            skipBlanks()
            try checkLength(n)
            guard i < bytes.count else { throw fail("unexpected end") }
            var seen: UInt64 = 0
            if bytes[i] == UInt8(ascii: "{") {
                seen = try record(spec, keyBytes: keyBytes, into: &row)
            } else {
                _ = try value()
            }
            for k in 0..<spec.keys.count {
                if seen & (1 << UInt64(k)) != 0 {
                    if columns[k] == nil {
                        columns[k] = [Double?](repeating: nil, count: n)
                        columns[k]!.reserveCapacity(max(256, 2 * n))
                    }
                    columns[k]!.append(row[k])
                } else if columns[k] != nil {
                    columns[k]!.append(nil)
                }
            }
            n += 1
            skipBlanks()
            guard i < bytes.count else { throw fail("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return JSONRecords(count: n, columns: columns) }
            throw fail("expected ',' or ']'")
        }
    }

    /// One object at `i` (its `{`): the wanted members' values into `row`, and the mask of the keys it has.
    private mutating func record(
        _ spec: JSONRecordSpec, keyBytes: [[UInt8]], into row: inout [Double?]
    ) throws(Failure) -> UInt64 {
        depth += 1
        guard depth <= 64 else { throw fail("nesting deeper than 64 levels") }
        defer { depth -= 1 }
        i += 1
        var seen: UInt64 = 0
        skipBlanks()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return 0 }
        while true {
            skipBlanks()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let k = try wantedKey(spec, keyBytes: keyBytes)
            skipBlanks()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            if let k {
                let v = try sampleValue()
                let bit: UInt64 = 1 << UInt64(k)
                if !(spec.firstWins && seen & bit != 0) { row[k] = v }
                seen |= bit
            } else {
                _ = try value()
            }
            skipBlanks()
            guard i < bytes.count else { throw fail("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return seen }
            throw fail("expected ',' or '}'")
        }
    }

    /// The key at `i` (its opening quote), read past: its index among the spec's keys, or `nil` when it is not wanted.
    private mutating func wantedKey(_ spec: JSONRecordSpec, keyBytes: [[UInt8]]) throws(Failure) -> Int? {
        let start = i + 1
        var j = start
        while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\\") { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "\"") {
            i = j + 1
            let length = j - start
            for (k, key) in keyBytes.enumerated() where key.count == length {
                var same = true
                for m in 0..<length where bytes[start + m] != key[m] { same = false; break }
                if same { return k }
            }
            return nil
        }
        let key = try string()
        return spec.keys.firstIndex(of: key)
    }
}
