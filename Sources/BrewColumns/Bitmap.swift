/// A validity bitmap in the Arrow manner: bit `i` is set when slot `i` holds a value.
///
/// A column with no bitmap has no nulls; a bitmap is only allocated once a builder sees its first null.
/// Bits are packed least-significant first into 64-bit words; bits past `count` are always clear.
public struct Bitmap: Sendable, Equatable {
    /// The packed words, `(count + 63) / 64` of them.
    public let words: [UInt64]
    /// The number of slots the bitmap describes.
    public let count: Int
    /// The number of set bits (valid slots), cached at construction.
    public let setCount: Int

    /// Creates a bitmap from packed words.
    ///
    /// - Precondition: `words.count == (count + 63) / 64` and no bit at or past `count` is set.
    public init(words: [UInt64], count: Int) {
        precondition(words.count == (count + 63) >> 6, "Bitmap: word count does not match slot count")
        self.words = words
        self.count = count
        self.setCount = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// Whether slot `i` is set. `i` must be in `0..<count`.
    @inlinable
    public func isSet(_ i: Int) -> Bool {
        (words[i >> 6] >> UInt64(i & 63)) & 1 == 1
    }
}

/// Accumulates bits one at a time and ends in ``finish()``.
///
/// The word being filled is kept apart and stored once full, so appending a bit touches no array.
public struct BitmapBuilder: Sendable {
    /// The full words.
    private var words: [UInt64] = []
    /// Bits `count & ~63 ..< count`, least significant first; the rest clear.
    private var current: UInt64 = 0
    public private(set) var count = 0

    public init(minimumCapacity: Int = 0) {
        words.reserveCapacity((minimumCapacity + 63) >> 6)
    }

    /// Makes room for `n` bits in all (never shrinks).
    public mutating func reserveCapacity(_ n: Int) { words.reserveCapacity((n + 63) >> 6) }

    /// Appends `n` set bits (used to back-fill a bitmap created lazily at the first null).
    public mutating func appendSet(count n: Int) {
        guard n > 0 else { return }
        var remaining = n
        // Fill the partial word first.
        while remaining > 0 && count & 63 != 0 { appendBit(true); remaining -= 1 }
        while remaining >= 64 {
            words.append(~0)
            remaining -= 64
            count += 64
        }
        while remaining > 0 { appendBit(true); remaining -= 1 }
    }

    /// Appends the low `n` bits of `bits` (bit 0 first), `n` in `1...64`; the bits above them are ignored.
    mutating func append(bits: UInt64, count n: Int) {
        precondition(n > 0 && n <= 64, "BitmapBuilder: 1 to 64 bits at a time")
        let bits = n == 64 ? bits : bits & ((1 << UInt64(n)) - 1)
        let used = count & 63
        current |= bits << UInt64(used)
        if used + n >= 64 {
            words.append(current)
            current = used == 0 ? 0 : bits >> UInt64(64 - used)  // the bits that did not fit
        }
        count += n
    }

    /// Whether bit `i` (in `0..<count`) is set.
    func isSet(_ i: Int) -> Bool {
        let word = i >> 6 < words.count ? words[i >> 6] : current
        return (word >> UInt64(i & 63)) & 1 == 1
    }

    /// Appends every bit of `other`, in order.
    mutating func append(contentsOf other: BitmapBuilder) {
        for word in other.words { append(bits: word, count: 64) }
        if other.count & 63 != 0 { append(bits: other.current, count: other.count & 63) }
    }

    /// The validity of `count` slots followed by `otherCount` more: `bits` (`nil`: all valid) followed by `other`
    /// (`nil`: all valid), left `nil` when both are. A builder's bitmap is created lazily, at its first null, so a
    /// side without one stands for set bits.
    static func concatenate(_ bits: inout BitmapBuilder?, count: Int, _ other: BitmapBuilder?, otherCount: Int,
                            capacity: Int) {
        if bits == nil {
            guard other != nil else { return }
            var made = BitmapBuilder(minimumCapacity: capacity)
            made.appendSet(count: count)
            bits = made
        }
        if let other { bits!.append(contentsOf: other) } else { bits!.appendSet(count: otherCount) }
    }

    /// Appends one bit.
    @inlinable
    public mutating func append(_ bit: Bool) {
        appendBit(bit)
    }

    @usableFromInline
    mutating func appendBit(_ bit: Bool) {
        current |= UInt64(bit ? 1 : 0) << UInt64(count & 63)
        count += 1
        if count & 63 == 0 {
            words.append(current)
            current = 0
        }
    }

    /// Ends the builder.
    public func finish() -> Bitmap {
        var all = words
        if count & 63 != 0 { all.append(current) }
        return Bitmap(words: all, count: count)
    }
}
