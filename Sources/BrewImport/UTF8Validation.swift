/// UTF-8 checks over bytes, for text fields read straight from a mapped file.
enum UTF8Bytes {
    /// Whether `p` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
    @inline(__always)
    static func isValid(_ p: UnsafeBufferPointer<UInt8>) -> Bool { firstInvalidOffset(p) == nil }

    /// The offset of the first byte that starts an ill-formed sequence (see ``isValid(_:)``), or `nil` when `p` is
    /// well-formed UTF-8.
    static func firstInvalidOffset(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = p.count
        while i < n {
            let b = p[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n, (low...high).contains(p[i + 1]) else { return i }
            for k in 2..<max(2, length) where p[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    /// A `String` of bytes known to be, or repaired into, UTF-8; `valid` tells which.
    static func string(_ p: UnsafeBufferPointer<UInt8>) -> (text: String, valid: Bool) {
        (String(decoding: p, as: UTF8.self), isValid(p))
    }

    /// `canonicalID` over bytes: a UUID (any case, with hyphens) upper-cased, anything else as written.
    static func canonicalID(_ p: UnsafeBufferPointer<UInt8>) -> String {
        guard p.count == 36 else { return String(decoding: p, as: UTF8.self) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { out in
            for i in 0..<36 {
                let b = p[i]
                switch i {
                case 8, 13, 18, 23:
                    if b != UInt8(ascii: "-") { return String(decoding: p, as: UTF8.self) }
                    out[i] = b
                default:
                    switch b {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): out[i] = b
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): out[i] = b - 32
                    default: return String(decoding: p, as: UTF8.self)
                    }
                }
            }
            return String(decoding: UnsafeBufferPointer(out), as: UTF8.self)
        }
    }

    /// 16 bytes as `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (what `UUID.uuidString` writes); any other length as
    /// plain upper-case hex.
    static func hexUUID(_ p: UnsafeBufferPointer<UInt8>) -> String {
        let digits: StaticString = "0123456789ABCDEF"
        let dashes = p.count == 16
        let length = p.count * 2 + (dashes ? 4 : 0)
        return String(unsafeUninitializedCapacity: length) { out in
            digits.withUTF8Buffer { d in
                var o = 0
                for (i, byte) in p.enumerated() {
                    if dashes && (i == 4 || i == 6 || i == 8 || i == 10) { out[o] = UInt8(ascii: "-"); o += 1 }
                    out[o] = d[Int(byte >> 4)]
                    out[o + 1] = d[Int(byte & 0xF)]
                    o += 2
                }
                return o
            }
        }
    }
}
