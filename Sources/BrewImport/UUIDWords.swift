/// The 128 bits of a UUID written `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, as two 64-bit words (first half high).
struct UUIDWords: Hashable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The words of a UUID in its 36-character text form, hex digits in either case; `nil` for any other text.
    /// `lowercase` tells whether any digit was a lower-case `a`–`f` (the text is then not canonical).
    ///
    /// Eight hex digits are checked and converted at a time (``hex8(_:bad:lower:)``).
    @inline(__always)
    init?(text p: UnsafeBufferPointer<UInt8>, lowercase: inout Bool) {
        guard p.count == 36, let base = p.baseAddress else { return nil }
        // SAFETY: every byte read below is under index 36, the buffer's length.
        guard base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"),
              base[23] == UInt8(ascii: "-") else { return nil }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func load64(_ k: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
        }
        @inline(__always) func load32(_ k: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt32.self)))
        }
        var bad: UInt64 = 0, lower: UInt64 = 0
        let a = Self.hex8(load64(0), bad: &bad, lower: &lower)
        let b = Self.hex8(load32(9) | load32(14) << 32, bad: &bad, lower: &lower)
        let c = Self.hex8(load32(19) | load32(24) << 32, bad: &bad, lower: &lower)
        let d = Self.hex8(load64(28), bad: &bad, lower: &lower)
        guard bad == 0 else { return nil }
        lowercase = lower != 0
        self.high = a << 32 | b
        self.low = c << 32 | d
    }

    /// The value of eight ASCII hex digits packed in a word (first digit in the lowest byte, the most
    /// significant nibble of the result). Sets bits of `bad` when a byte is not a hex digit and of `lower` when
    /// one is a lower-case letter.
    @inline(__always)
    static func hex8(_ v: UInt64, bad: inout UInt64, lower: inout UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Per byte, for bytes below 0x80 (no carries between bytes): bit 7 set when the byte is ≥ lo / > hi.
        @inline(__always) func atLeast(_ x: UInt64, _ lo: UInt8) -> UInt64 { (x &+ ones &* UInt64(0x80 - lo)) & highs }
        @inline(__always) func above(_ x: UInt64, _ hi: UInt8) -> UInt64 { (x &+ ones &* UInt64(0x7F - hi)) & highs }
        let folded = v | 0x2020_2020_2020_2020
        let digit = atLeast(v, 0x30) & ~above(v, 0x39)
        let letter = atLeast(folded, 0x61) & ~above(folded, 0x66)
        bad |= (v & highs) | ((digit | letter) ^ highs)
        lower |= (letter >> 2) & v & 0x2020_2020_2020_2020
        // '0'…'9' → low nibble; 'A'…'F'/'a'…'f' → low nibble (1…6) + 9.
        var x = (v & 0x0F0F_0F0F_0F0F_0F0F) &+ (letter >> 7) &* 9
        x = ((x << 4) | (x >> 8)) & 0x00FF_00FF_00FF_00FF
        x = ((x << 8) | (x >> 16)) & 0x0000_FFFF_0000_FFFF
        return ((x << 16) | (x >> 32)) & 0xFFFF_FFFF
    }

    /// The words of a UUID's 16 bytes (a Core Data `ZID` blob, `UUID.uuid`'s order: the first byte is the most
    /// significant of ``high``).
    ///
    /// - Precondition: `raw.count == 16`.
    @inline(__always)
    init(bytes raw: UnsafeRawBufferPointer) {
        precondition(raw.count == 16, "UUIDWords: a UUID has 16 bytes")
        high = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        low = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    /// The canonical text, `UUID.uuidString`'s upper-case form, written to `out[0..<36]`.
    ///
    /// Eight digits at a time (``hexDigits(_:)``), then placed around the dashes with whole-word stores.
    func write(to out: UnsafeMutablePointer<UInt8>) {
        let a = Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)),
            b = Self.hexDigits(UInt32(truncatingIfNeeded: high))
        let c = Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32)),
            d = Self.hexDigits(UInt32(truncatingIfNeeded: low))
        let raw = UnsafeMutableRawPointer(out)
        let dash = UInt8(ascii: "-")
        // SAFETY: every store below lies in `out[0..<36]`: 8 digits, dash, 4, dash, 4, dash, 4, dash, 12.
        raw.storeBytes(of: a.littleEndian, toByteOffset: 0, as: UInt64.self)
        out[8] = dash
        raw.storeBytes(of: UInt32(truncatingIfNeeded: b).littleEndian, toByteOffset: 9, as: UInt32.self)
        out[13] = dash
        raw.storeBytes(of: UInt32(truncatingIfNeeded: b >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
        out[18] = dash
        raw.storeBytes(of: UInt32(truncatingIfNeeded: c).littleEndian, toByteOffset: 19, as: UInt32.self)
        out[23] = dash
        raw.storeBytes(of: UInt32(truncatingIfNeeded: c >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
        raw.storeBytes(of: d.littleEndian, toByteOffset: 28, as: UInt64.self)
    }

    /// The eight upper-case hex digits of `x` as ASCII bytes packed in a word, the most significant digit in the
    /// lowest byte (the first in memory once stored little-endian).
    @inline(__always)
    static func hexDigits(_ x: UInt32) -> UInt64 {
        // Spread the nibbles one per byte, least significant nibble in the highest byte.
        var v = UInt64(x)
        v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
        v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
        v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
        v = v.byteSwapped
        // Per byte: '0' + n, plus 7 more for n ≥ 10 ('A' = '9' + 8).
        let letters = ((v &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return v &+ 0x3030_3030_3030_3030 &+ letters &* 7
    }
}

/// A 36-byte buffer for an id re-spelt in canonical form (``UUIDWords/write(to:)``), owned for an import's duration.
final class UUIDTextBuffer {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 36)
    deinit { pointer.deallocate() }

    /// The whole buffer: the id last written.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: pointer, count: 36) }
}
