/// A version-4 UUID drawn from ``SynthRandom``: 16 bytes kept as two words, formatted without Foundation.
public struct SynthUUID: Sendable, Hashable {
    /// Bytes 0–7 (big-endian order within the word).
    public let high: UInt64
    /// Bytes 8–15.
    public let low: UInt64

    /// Draws a random UUID and sets the version (4) and variant (RFC 4122) bits.
    public init(using rng: inout SynthRandom) {
        high = (rng.next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        low = (rng.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    }

    /// The 16 bytes in network order (how Core Data stores a UUID attribute as a BLOB).
    public var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            out[i] = UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * i))
            out[8 + i] = UInt8(truncatingIfNeeded: low >> UInt64(56 - 8 * i))
        }
        return out
    }

    /// The canonical upper-case form `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (as Foundation's `uuidString`).
    public var string: String {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        SynthFormat.appendUUID(self, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
