import BrewHashing

/// The generator's pseudo-random source: xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64.
///
/// Deterministic on every platform: the same seed gives the same sequence, so the same seed and options give
/// the same journal, byte for byte. Never replaced by the system generator.
public struct SynthRandom: RandomNumberGenerator, Sendable {
    private var s0, s1, s2, s3: UInt64

    /// Seeds the four state words from SplitMix64 started at `seed` (any seed, 0 included, gives a
    /// non-zero state).
    public init(seed: UInt64) {
        var sm = SplitMix64(seed: seed)
        s0 = sm.next(); s1 = sm.next(); s2 = sm.next(); s3 = sm.next()
    }

    /// A generator for an independent stream: seeded from `seed` mixed with `stream`.
    public init(seed: UInt64, stream: UInt64) {
        self.init(seed: seed ^ (stream &* 0xD134_2543_DE82_EF95))
    }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        nextWord()
    }

    @usableFromInline
    mutating func nextWord() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform double in `[0, 1)` (the top 53 bits).
    public mutating func unit() -> Double {
        Double(nextWord() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `[lower, upper)`.
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * unit()
    }

    /// A uniform integer in `0..<n`; `n` must be positive. Uses Lemire's multiply-shift (bias below 2⁻³²
    /// for the small `n` the generator uses).
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "SynthRandom.below: n must be positive")
        return Int(((nextWord() >> 32) &* UInt64(n)) >> 32)
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A standard normal variate (Box–Muller; one of the pair is used so the stream stays simple).
    public mutating func normal() -> Double {
        let u1 = max(unit(), 0x1.0p-53)
        let u2 = unit()
        return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }

    /// A normal variate with the given mean and standard deviation.
    public mutating func normal(_ mean: Double, _ sd: Double) -> Double { mean + sd * normal() }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index drawn with probability proportional to `weights` (non-negative, not all zero).
    public mutating func weighted(_ weights: [Double]) -> Int {
        var total = 0.0
        for w in weights { total += w }
        var r = unit() * total
        for (i, w) in weights.enumerated() {
            r -= w
            if r < 0 { return i }
        }
        return weights.count - 1
    }
}
