import Foundation

/// A JSON object as read from a shot file: its keys and values in file order, looked up by a linear scan.
///
/// A shot file holds thousands of small objects (one per sample, ~10 keys each): a scan of ten short keys is
/// cheaper than hashing them into a dictionary. A repeated key: the first wins.
struct JSONObject {
    /// The members in file order (one allocation per object).
    var entries: [(key: String, value: Any)] = []

    /// The keys in file order.
    var keys: [String] { entries.map(\.key) }

    /// The value of `key`, or `nil`.
    subscript(key: String) -> Any? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }
}

/// A small JSON reader for shot files: the tree `JSONSerialization` gives, with ``JSONObject`` for objects
/// (`[Any]`, `String`, `NSNull`, `Bool` otherwise) and numbers as `Double`, at several times its speed on Linux (a
/// shot file is mostly thousands of small numbers, which this reads without an `NSNumber` each).
///
/// RFC 8259, with these limits: nesting deeper than 64 levels is refused (no shot format nests past 6); a
/// number is parsed exactly when it has at most 15 significant digits and a short exponent (every sensor value),
/// otherwise through `strtod`; `\\u` escapes, surrogate pairs included, are decoded. Trailing text other than
/// blanks is an error.
struct ShotJSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    /// The member paths read as ``JSONSamples`` (`elapsed`, `pressure.pressure`: keys from the root joined by
    /// `.`, through objects only).
    let sampleKeys: Set<String>
    /// The member paths read as ``JSONRecords`` (lists of per-sample objects), with what to read of each object.
    let recordKeys: [String: JSONRecordSpec]
    /// Each record spec's keys as bytes, compared with the file's keys without making a `String` of them.
    let recordKeyBytes: [String: [[UInt8]]]

    struct Failure: Error {
        var message: String
        /// The file is valid as far as it was read, but a list passed ``ShotLimits/maxSamples`` entries.
        var tooLong = false
    }

    /// Parses `data`'s one JSON value.
    ///
    /// A list at one of `sampleKeys` (member paths from the root object, see ``sampleKeys``) is read as
    /// ``JSONSamples`` instead of `[Any]`: the same values ``ShotRead/number(_:)`` gives for its entries, without
    /// a `String` or an `Any` per entry.
    ///
    /// A list at one of `recordKeys` is read as ``JSONRecords``: the columns of the members its spec names.
    static func parse(_ data: Data, sampleKeys: Set<String> = [],
                      recordKeys: [String: JSONRecordSpec] = [:]) throws(ShotRejection) -> Any {
        let result: Result<Any, Failure> = data.withUnsafeBytes { raw in
            var reader = ShotJSONReader(bytes: raw.bindMemory(to: UInt8.self), sampleKeys: sampleKeys,
                recordKeys: recordKeys)
            do {
                if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
                let value = try reader.root()
                reader.skipBlanks()
                guard reader.i == reader.bytes.count else {
                    throw Failure(message: "text after the JSON value at byte \(reader.i)")
                }
                return .success(value)
            } catch let f as Failure {
                return .failure(f)
            } catch {
                return .failure(Failure(message: "\(error)"))
            }
        }
        switch result {
        case .success(let v): return v
        case .failure(let f) where f.tooLong: throw ShotRejection(nil, f.message)
        case .failure(let f): throw ShotRejection(nil, "not valid JSON (\(f.message))")
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, sampleKeys: Set<String>, recordKeys: [String: JSONRecordSpec]) {
        self.bytes = bytes
        self.sampleKeys = sampleKeys
        self.recordKeys = recordKeys
        recordKeyBytes = recordKeys.mapValues { $0.keys.map { Array($0.utf8) } }
    }

    /// The file's one value; the root object tracks member paths when sample lists are looked for.
    private mutating func root() throws(Failure) -> Any {
        skipBlanks()
        if !sampleKeys.isEmpty || !recordKeys.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "{") {
            return try object(path: "")
        }
        return try value()
    }

    mutating func skipBlanks() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func fail(_ what: String) -> Failure { Failure(message: "\(what) at byte \(i)") }

    /// Refuses a list's next entry once it holds ``ShotLimits/maxSamples``: every list of a shot file is a series
    /// (or a list of per-sample objects), so a longer one cannot be a shot, and reading stops here rather than
    /// after the whole list is parsed and counted.
    func checkLength(_ count: Int) throws(Failure) {
        guard count >= ShotLimits.maxSamples else { return }
        throw Failure(message: "a list of more than the \(ShotLimits.maxSamples) samples a shot may have: "
                        + "reading stopped at byte \(i)", tooLong: true)
    }

    mutating func value() throws(Failure) -> Any {
        skipBlanks()
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(path: nil)
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        case UInt8(ascii: "n"): try literal("null"); return NSNull()
        default: return try number()
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw fail("unexpected character") }
            i += 1
        }
    }

    /// An object; `path` is its member path from the root when sample lists are looked for in it, else `nil`.
    private mutating func object(path: String?) throws(Failure) -> JSONObject {
        depth += 1
        guard depth <= 64 else { throw fail("nesting deeper than 64 levels") }
        defer { depth -= 1 }
        i += 1
        var out = JSONObject()
        out.entries.reserveCapacity(12)
        skipBlanks()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return out }
        while true {
            skipBlanks()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try string()
            skipBlanks()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            out.entries.append((key, try member(key, in: path)))
            skipBlanks()
            guard i < bytes.count else { throw fail("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return out }
            throw fail("expected ',' or '}'")
        }
    }

    /// The value of member `key` of an object at `path` (see ``object(path:)``): a ``JSONSamples`` when the
    /// member's path is one of ``sampleKeys``, ``JSONRecords`` when it is one of ``recordKeys``.
    private mutating func member(_ key: String, in path: String?) throws(Failure) -> Any {
        guard let path else { return try value() }
        skipBlanks()
        let member = path.isEmpty ? key : path + "." + key
        guard i < bytes.count else { return try value() }
        if bytes[i] == UInt8(ascii: "["), sampleKeys.contains(member) { return try samples() }
        if bytes[i] == UInt8(ascii: "["), let spec = recordKeys[member] {
            return try records(spec, keyBytes: recordKeyBytes[member] ?? [])
        }
        if bytes[i] == UInt8(ascii: "{") { return try object(path: member) }
        return try value()
    }

    private mutating func array() throws(Failure) -> [Any] {
        depth += 1
        guard depth <= 64 else { throw fail("nesting deeper than 64 levels") }
        defer { depth -= 1 }
        i += 1
        var out: [Any] = []
        skipBlanks()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return out }
        while true {
            try checkLength(out.count)
            out.append(try value())
            skipBlanks()
            guard i < bytes.count else { throw fail("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return out }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func string() throws(Failure) -> String {
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
        guard i < bytes.count else { throw fail("unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< i]), as: UTF8.self)
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start ..< i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { break }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800 ..< 0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                    bytes[i + 1] == UInt8(ascii: "u") {
                    let next = i
                    i += 2
                    let low = try hex4()
                    if (0xDC00 ..< 0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        // Not a low surrogate: the high one stands alone (U+FFFD below), and the next escape is
                        // read on its own.
                        i = next
                    }
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default: out.append(e)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30 ... 0x39: d = UInt32(b - 0x30)
            case 0x41 ... 0x46: d = UInt32(b - 0x41 + 10)
            case 0x61 ... 0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("bad \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private static let powers: [Double] = (0 ... 22).map { pow(10, Double($0)) }

    mutating func number() throws(Failure) -> Double {
        let start = i
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        // Up to 19 significant digits go into the mantissa; more (or a long exponent) take the strtod path.
        var mantissa: UInt64 = 0, significant = 0, scale = 0, inexact = false
        @inline(__always) func digit(_ d: UInt8, fraction: Bool) {
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                if mantissa != 0 { significant += 1 }
                if fraction { scale -= 1 }
            } else {
                inexact = true
                if !fraction { scale += 1 }
            }
        }
        let integerStart = i
        while i < bytes.count, bytes[i] &- 0x30 < 10 { digit(bytes[i] &- 0x30, fraction: false); i += 1 }
        guard i > integerStart else { throw fail("unexpected character") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < bytes.count, bytes[i] &- 0x30 < 10 { digit(bytes[i] &- 0x30, fraction: true); i += 1 }
            guard i > fractionStart else { throw fail("a number ends in '.'") }
        }
        var exponent = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                expNegative = bytes[i] == UInt8(ascii: "-"); i += 1
            }
            let expStart = i
            while i < bytes.count, bytes[i] &- 0x30 < 10 {
                exponent = min(exponent * 10 + Int(bytes[i] &- 0x30), 100_000); i += 1
            }
            guard i > expStart else { throw fail("a number's exponent has no digits") }
            if expNegative { exponent = -exponent }
        }
        let e = scale + exponent
        if !inexact && significant <= 15 && abs(e) <= 22 {
            // Exact: the mantissa and 10^|e| are exact doubles, and one division or multiplication rounds once.
            let m = Double(mantissa)
            let v = e < 0 ? m / Self.powers[-e] : m * Self.powers[e]
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< i]), as: UTF8.self)
        guard let v = Double(text) else { throw fail("bad number") }
        return v
    }
}
