import BrewHashing
import Testing

/// SplitMix64 against the reference sequence (seed 1234567: 6457827717110365317, the vector of the generator's
/// published C code) and a Python transcription of the definition.
@Suite struct SplitMix64Tests {
    @Test func referenceSequences() {
        var g = SplitMix64(seed: 1_234_567)
        #expect(g.next() == 6_457_827_717_110_365_317)
        #expect(g.next() == 0x2c73_f084_5854_0fa5)
        var zero = SplitMix64(seed: 0)
        #expect([zero.next(), zero.next(), zero.next()] == [0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4, 0x06c4_5d18_8009_454f])
    }

    /// Seed 42's first output over 2⁵³ (Python: 0.7415648787718233 and, with the half, 0.7415648787718234).
    @Test func unitDraws() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
        #expect(a.unitHalfOpen() == 0.7415648787718233)
        #expect(b.unit() == 0.7415648787718234)
    }

    /// The same seed, the same sequence; the state after n draws is seed + n × increment.
    @Test func reproducible() {
        var a = SplitMix64(seed: 9), b = SplitMix64(seed: 9)
        for _ in 0 ..< 100 { #expect(a.next() == b.next()) }
        #expect(a.state == 9 &+ 100 &* SplitMix64.increment)
    }

    /// Box–Muller draws have mean ≈ 0 and variance ≈ 1 (10,000 draws: within 5 standard errors).
    @Test func normalMoments() {
        var g = SplitMix64(seed: 3)
        let n = 10_000
        let xs = (0 ..< n).map { _ in g.normal() }
        let mean = xs.reduce(0, +) / Double(n)
        let variance = xs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)
        #expect(abs(mean) < 5 / Double(n).squareRoot())
        #expect(abs(variance - 1) < 5 * (2 / Double(n)).squareRoot())
    }
}
