import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// The curve running under the bag's own cups is said in plain words: a setting the bag rated more than half a point
/// above what the curve expects there is named in a note (and in `above_curve`); a curve that follows the cups is not
/// (the sample journal's case that is: brewstatsTests' DialInUnderCupSampleTests).
@Suite struct DialInUnderCupTests {
    /// The curve's value at `x`, interpolated between its points.
    static func curve(_ e: DialInEstimate, at x: Double) -> Double? {
        guard let j = e.curve.lastIndex(where: { $0.setting <= x }) else { return nil }
        let a = e.curve[j], b = e.curve[min(j + 1, e.curve.count - 1)]
        return b.setting > a.setting ? a.mean + (x - a.setting) / (b.setting - a.setting) * (b.mean - a.mean) : a.mean
    }

    /// A bag whose cups lie on one smooth peak, after earlier bags alike: no cup is half a point above the curve
    /// where it was brewed, and no note says so. Every setting named would be one the curve runs half a point under.
    @Test func aCurveThatFollowsTheCupsIsNotFlagged() throws {
        var bags: [(String, [(Double, Double)])] = []
        for (k, peak) in [24.0, 23, 25].enumerated() {
            bags.append(("Earlier \(k + 1)", [-4.0, -2, 0, 2, 4].map { (peak + $0, 4.5 - $0 * $0 / 8) }))
        }
        bags.append(("New Bag", [(20, 2.5), (22, 4.0), (24, 4.5), (26, 4.0)]))
        let j = DialInIntervalTests.journal(
            grinder: Grinder(name: "Test Clicks", settingMin: 0, settingMax: 40, settingStep: 1), bags: bags)
        let a = try DialInAdvisor.advise(journal: j, grinder: "Test Clicks", method: "V60", bean: "New Bag")
        for (x, r) in [(20.0, 2.5), (22, 4.0), (24, 4.5), (26, 4.0)] {
            let c = try #require(Self.curve(a.estimate, at: x))
            let listed = a.estimate.cupsAboveCurve.contains { $0.cup.setting == x }
            #expect(listed == (c < r - 0.5), "\(x): curve \(c), cup \(r)")
        }
        #expect(!a.notes.contains { $0.hasPrefix("the curve runs under") }, "\(a.notes)")
    }
}
