/// A JSON list of samples read by ``ShotJSONReader`` at one of its sample keys: each entry as
/// ``ShotRead/number(_:)`` reads it (a number; a string holding one, as Decent's JSON v2 writes every sample;
/// `nil` for anything else), kept as `Double?` without the `[Any]` in between.
struct JSONSamples {
    var values: [Double?]
}

extension ShotJSONReader {
    /// The list at `i` (its `[`) as ``JSONSamples``.
    ///
    /// A JSON number is read as ``number()`` reads it anywhere. A string without escapes that is a plain decimal
    /// (``ShotNumberText/exact(_:_:)``) is read from the bytes; any other string is made a `String` and read by
    /// ``ShotRead/number(_:)``, as is any other value (`null`, `true`, an object or a list: `nil`, after reading
    /// it whole with the usual checks). So every entry gets exactly the value the general path gives it.
    mutating func samples() throws(Failure) -> JSONSamples {
        depth += 1
        guard depth <= 64 else { throw fail("nesting deeper than 64 levels") }
        defer { depth -= 1 }
        i += 1
        var out: [Double?] = []
        out.reserveCapacity(256)
        skipBlanks()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return JSONSamples(values: out) }
        while true {
            skipBlanks()
            try checkLength(out.count)
            guard i < bytes.count else { throw fail("unexpected end") }
            out.append(try sampleValue())
            skipBlanks()
            guard i < bytes.count else { throw fail("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return JSONSamples(values: out) }
            throw fail("expected ',' or ']'")
        }
    }

    /// The value at `i` read as one sample: a number as ``number()`` reads it, a string by ``sampleString()``,
    /// anything else read whole and given to ``ShotRead/number(_:)``.
    mutating func sampleValue() throws(Failure) -> Double? {
        skipBlanks()
        guard i < bytes.count else { throw fail("unexpected end") }
        let b = bytes[i]
        if b == UInt8(ascii: "\"") { return try sampleString() }
        if b == UInt8(ascii: "-") || b &- 0x30 < 10 { return try number() }
        return ShotRead.number(try value())
    }

    /// The string at `i` (its opening quote) read as a sample: from the bytes when it is a plain decimal without
    /// escapes, else through a `String` and ``ShotRead/number(_:)``.
    private mutating func sampleString() throws(Failure) -> Double? {
        let start = i + 1
        var j = start
        while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\\") { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "\""), let v = ShotNumberText.exact(bytes, start ..< j) {
            i = j + 1
            return v
        }
        return ShotRead.number(try string())
    }
}
