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
public struct BitmapBuilder: Sendable {
    private var words: [UInt64] = []
    public private(set) var count = 0

    public init(minimumCapacity: Int = 0) {
        words.reserveCapacity((minimumCapacity + 63) >> 6)
    }

    /// Appends `n` set bits (used to back-fill a bitmap created lazily at the first null).
    public mutating func appendSet(count n: Int) {
        guard n > 0 else { return }
        var remaining = n
        // Fill the partial last word first.
        let used = count & 63
        if used != 0 {
            let take = min(64 - used, remaining)
            let mask: UInt64 = take == 64 ? ~0 : ((1 << UInt64(take)) - 1) << UInt64(used)
            words[words.count - 1] |= mask
            remaining -= take
            count += take
        }
        while remaining >= 64 {
            words.append(~0)
            remaining -= 64
            count += 64
        }
        if remaining > 0 {
            words.append((1 << UInt64(remaining)) - 1)
            count += remaining
        }
    }

    /// Appends one bit.
    @inlinable
    public mutating func append(_ bit: Bool) {
        appendBit(bit)
    }

    @usableFromInline
    mutating func appendBit(_ bit: Bool) {
        if count & 63 == 0 { words.append(0) }
        if bit { words[words.count - 1] |= 1 << UInt64(count & 63) }
        count += 1
    }

    /// Ends the builder.
    public func finish() -> Bitmap {
        Bitmap(words: words, count: count)
    }
}
