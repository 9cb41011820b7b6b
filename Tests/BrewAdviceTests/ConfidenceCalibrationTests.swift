@testable import BrewAdviceSimulation
import BrewHashing
import Foundation
import Testing
@testable import BrewAdvice

/// The confidence words and the 80 % interval measured on simulated bags (deterministic seeds), the journal that
/// mixes light and dark roasts included: "high" means the true sweet spot lies within one step of `best` in at least
/// 80 % of the bags so stated, "medium" in at least 50 %; the bag's best-rated setting lies inside its interval
/// unless the answer says why.
@Suite struct ConfidenceCalibrationTests {
    /// Light and dark roasts: half the bags' sweet spots `roastOffset` finer, half coarser (two groups).
    @Test func mixedRoastsFormTwoGroups() {
        var sc = DialInSimulator.Scenario.mixedRoasts[1]
        sc.spread = 0.01
        var rng = SplitMix64(seed: 3)
        let sim = DialInSimulator(scenario: sc)
        let spots = (0..<200).map { _ in sim.drawBag(&rng).sweetSpot }
        let fine = spots.filter { abs($0 - 17) < 0.1 }.count, coarse = spots.filter { abs($0 - 23) < 0.1 }.count
        #expect(fine + coarse == 200 && fine > 70 && coarse > 70, "\(fine) fine, \(coarse) coarse")
    }

    @Test func wordsMeanWhatTheySay() {
        let scenarios = DialInSimulator.Scenario.standard + DialInSimulator.Scenario.mixedRoasts
            + DialInSimulator.Scenario.mixedRoastsBlanked
        let t = DialInSimulator.calibrationTable(scenarios: scenarios, bags: 24)
        print(t.markdown)
        var high = (0, 0), medium = (0, 0)
        for r in t.rows {
            high.0 += r.withinOneStep[.high] ?? 0; high.1 += r.stated[.high] ?? 0
            medium.0 += r.withinOneStep[.medium] ?? 0; medium.1 += r.stated[.medium] ?? 0
            #expect(r.bestRatedInside >= 0.9, "\(r.scenario): best-rated setting inside (or said) in \(r.bestRatedInside)")
        }
        // Target 80 %: "high" needs 90 % of the sweet spot's posterior within one step of the best; measured 30 of 33
        // (91 %) on these seeds (the earlier rule, an interval of at most 2 steps, 78 %).
        #expect(high.1 > 0, "no bag was called high")
        if high.1 > 0 { #expect(Double(high.0) / Double(high.1) >= 0.8, "high: \(high.0) of \(high.1)") }
        if medium.1 > 0 { #expect(Double(medium.0) / Double(medium.1) >= 0.5, "medium: \(medium.0) of \(medium.1)") }
    }
}
