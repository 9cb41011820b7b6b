import Foundation  // log, cos

/// The one seeded generator of brewstats: SplitMix64 (Steele, Lea & Flood 2014, the generator of Java's
/// `SplittableRandom`).
///
/// Definition: the state advances by the golden-ratio increment 0x9e3779b97f4a7c15 (wrapping) and each output is
/// the state passed through the mixing function `z = (z ^ (z >> 30)) × 0xbf58476d1ce4e5b9`,
/// `z = (z ^ (z >> 27)) × 0x94d049bb133111eb`, `z ^ (z >> 31)`. Any seed, 0 included, gives a full-period sequence
/// (2⁶⁴ outputs); the same seed gives the same sequence on every platform. It seeds the journal generator's
/// xoshiro256**, jitters chart points, drives the advisor's simulator and the tests' shape generators.
///
/// ```swift
/// var g = SplitMix64(seed: 0)
/// g.next()  // 0xe220a8397b1dcdaf
/// ```
@frozen
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The golden-ratio increment the state advances by.
    public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The generator's state: the seed plus the increment times the outputs drawn so far.
    public var state: UInt64

    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64 bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }

    /// SplitMix64's mixing function (a bijection of the 64-bit words): the output for a state.
    @inlinable
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1): the top 53 bits of the next output over 2⁵³.
    @inlinable
    public mutating func unitHalfOpen() -> Double { Double(next() >> 11) / 9_007_199_254_740_992 }

    /// Uniform in (0, 1): the top 53 bits of the next output, plus one half, over 2⁵³ (never 0, so its logarithm
    /// is finite).
    @inlinable
    public mutating func unit() -> Double { (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992 }

    /// A standard normal draw by Box–Muller, from two ``unit()`` draws.
    @inlinable
    public mutating func normal() -> Double {
        let r = (-2 * log(unit())).squareRoot()
        return r * cos(2 * Double.pi * unit())
    }
}
