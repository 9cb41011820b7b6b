import BrewColumns
import Testing
import TestSupport
@testable import BrewStats

/// Time to first drops on synthetic shots whose scale bumps before the real flow (docs/shots.md: the first
/// crossing of 0.5 g after which the cup keeps filling). The answers are worked out by hand in the comments; the
/// sample times are multiples of 1/8 s so that the `Float32` time channel holds them exactly.
@Suite struct ShotFirstDropsTests {
    /// Samples at `hz` from 0 to `end` s, the weight given by `weight(t)`.
    static func shot(hz: Double, end: Double, weight: (Double) -> Float?) -> ShotSamples {
        let times = stride(from: 0.0, through: end, by: 1 / hz).map { $0 }
        var b = ShotSamplesBuilder()
        b.appendShot(count: times.count, channels: [.time: times.map { Float($0) }, .weight: times.map(weight)])
        return b.finish()
    }

    /// A Decent shot (4 Hz): the scale jumps to 0.6 g at 3 s while the machine fills, drifts down to −1.2 g by
    /// 10 s through the soak, and the cup fills from 27 s at 2 g/s from −1.2 g: w(t) = −1.2 + 2(t − 27). The bump
    /// never gains a gram and falls to 0.45 g at 4.5 s, 1.5 s after its crossing: passed over. The real crossing: w(27.75) = 0.3, w(28) = 0.8 → 27.75 + 0.2/0.5 × 0.25
    /// = 27.85 s. The old rule (the first reading at 0.5 g) gave 2.75 + 0.5/0.6 × 0.25 ≈ 2.958 s.
    @Test func decentBumpWhileFilling() {
        let samples = Self.shot(hz: 4, end: 40) { t in
            switch t {
            case ..<3: 0
            case ..<4: 0.6
            case ..<10: Float(0.6 - 1.8 * (t - 4) / 6)
            case ..<27: -1.2
            default: Float(-1.2 + 2 * (t - 27))
            }
        }
        let m = ShotMetrics(samples)
        #expect(m.firstDropsSource(of: 0) == .scale)
        let drops = m.value(.firstDrops, of: 0)
        #expect(drops != nil && isClose(drops!, 27.85, relative: 0, absolute: 1e-4), "\(String(describing: drops))")
        #expect(isClose(m.value(.extraction, of: 0)!, 40 - 27.85, relative: 0, absolute: 1e-4))
        // The yield is the scale's last weight all the same: −1.2 + 2 × 13 = 24.8 g.
        #expect(isClose(m.value(.yield, of: 0)!, 24.8, relative: 0, absolute: 1e-4))
    }

    /// A Beanconqueror flow (8 Hz): 0.1 g to 1.375 s, a bump to −23 g at 1.5 s (the cup lifted) and 2 g from
    /// 1.625 s to 2 s, then a tare to 0 g until the cup fills from 20 s at 2 g/s. The 2 g reading holds no
    /// 3 s (back to 0 at 2.125 s) and never gains: passed over. The real flow reads 0.25 g at 20.125 s and
    /// 0.5 g at 20.25 s → 20.25 s. The old rule gave 1.375 + 0.4/1.9 × 0.25 ≈ 1.43 s.
    @Test func beanconquerorBumpBeforeTheCup() {
        let samples = Self.shot(hz: 8, end: 40) { t in
            switch t {
            case ..<1.4: 0.1
            case ..<1.6: -23
            case ..<2.1: 2
            case ..<20: 0
            default: Float(2 * (t - 20))
            }
        }
        let m = ShotMetrics(samples)
        #expect(m.firstDropsSource(of: 0) == .scale)
        let drops = m.value(.firstDrops, of: 0)
        #expect(drops != nil && isClose(drops!, 20.25, relative: 0, absolute: 1e-4), "\(String(describing: drops))")
    }

    /// A bump that stays (a drop of water left on the scale at 0.6 g from 3 s) does not wait for the real flow
    /// at 27 s: it gains nothing within 10 s. Once the cup fills (2 g/s from 27 s: 0.6 + 2(t − 27)), the weight
    /// never fell below 0.5 g, so no later crossing exists: no scale first drops, and with no pressure channel
    /// nothing stands in. The scale still gives the yield, 0.6 + 2 × 13 = 26.6 g.
    @Test func aBumpThatStaysIsNoFirstDrops() {
        let samples = Self.shot(hz: 4, end: 40) { t in t < 3 ? 0 : (t < 27 ? 0.6 : Float(0.6 + 2 * (t - 27))) }
        let m = ShotMetrics(samples)
        #expect(m.value(.firstDrops, of: 0) == nil)
        #expect(m.firstDropsSource(of: 0) == nil)
        #expect(isClose(m.value(.yield, of: 0)!, 26.6, relative: 0, absolute: 1e-4))
    }

    /// A slow start (a lever, 0.4 g/s from 5 s: w = 0.4(t − 5)) takes 2.5 s more than the 3 s hold to gain its
    /// gram (1.5 g at 8.75 s) and is first drops all the same, at its crossing: 0.5 g at 6.25 s.
    @Test func aSlowStartIsFirstDrops() {
        let samples = Self.shot(hz: 4, end: 30) { t in t < 5 ? 0 : Float(0.4 * (t - 5)) }
        let drops = ShotMetrics(samples).value(.firstDrops, of: 0)
        #expect(drops != nil && isClose(drops!, 6.25, relative: 0, absolute: 1e-4), "\(String(describing: drops))")
    }

    /// A shot stopped 1 s after its crossing keeps it when the weight gained the gram by then: 0 g to 2 s, then
    /// 3 g/s (w = 3(t − 2)) to the end at 3 s → 0.5 g at 2 + 1/6 s, 1.5 g at 2.5 s.
    @Test func aShotStoppedSoonAfterNeedsOnlyTheGain() {
        let samples = Self.shot(hz: 8, end: 3) { t in t < 2 ? 0 : Float(3 * (t - 2)) }
        let drops = ShotMetrics(samples).value(.firstDrops, of: 0)
        #expect(drops != nil && isClose(drops!, 2 + 1.0 / 6, relative: 0, absolute: 1e-4), "\(String(describing: drops))")
    }
}
