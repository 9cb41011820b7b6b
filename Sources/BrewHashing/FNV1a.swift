/// The one stable hash of brewstats: 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
///
/// Stable means the same bytes give the same value on every platform and in every run (Swift's `Hasher` is seeded
/// per process), so it can name a shard, fingerprint a file or a shot series, and shift an anonymised journal's
/// dates the same way each time. Definition: start from the offset basis; for each byte, `h = (h ^ byte) × prime`
/// (wrapping). The empty input hashes to the offset basis.
///
/// ```swift
/// FNV1a.hash("a")  // 0xaf63dc4c8601ec8c
/// ```
@frozen
public struct FNV1a: Sendable {
    /// The offset basis: the hash of no bytes.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The FNV prime for 64 bits, 2⁴⁰ + 2⁸ + 0xb3.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of the bytes combined so far.
    public var value: UInt64

    /// A hash of no bytes, or one started from `basis` (a keyed variant: the basis mixed with a length or a salt).
    @inlinable
    public init(basis: UInt64 = FNV1a.offsetBasis) { value = basis }

    /// Combines one byte.
    @inlinable @inline(__always)
    public mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Combines the bytes in order.
    @inlinable
    public mutating func combine(bytes: some Sequence<UInt8>) {
        for b in bytes { combine(b) }
    }

    /// Combines the eight bytes of `x`, least significant first (its little-endian bytes on every platform).
    @inlinable
    public mutating func combine(littleEndian x: UInt64) {
        var x = x
        for _ in 0 ..< 8 { value = (value ^ (x & 0xFF)) &* Self.prime; x >>= 8 }
    }

    /// Combines a whole 64-bit word in one step, `h = (h ^ word) × prime`: the word-at-a-time variant for in-process
    /// hash tables (not FNV-1a over the word's bytes; its values are never stored or compared across runs).
    @inlinable @inline(__always)
    public mutating func combine(word: UInt64) {
        value = (value ^ word) &* Self.prime
    }

    /// FNV-1a of `s`'s UTF-8 bytes.
    @inlinable
    public static func hash(_ s: String) -> UInt64 {
        var h = FNV1a()
        h.combine(bytes: s.utf8)
        return h.value
    }
}
