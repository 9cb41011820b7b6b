import Foundation
import Testing
@testable import BrewAdvice
@testable import BrewAdviceSimulation
import BrewHashing

/// The timed-shot scenarios (``DialInSimulator/Scenario/timedShots``, fixed seeds): earlier bags rated and timed,
/// the new bag's six shots timed and unrated, against a barista going by the clock.
@Suite struct ShotTimeSimulatorTests {
    /// The targets of docs/advisor.md: median |best − true| ≤ 1 step, rating lost ≤ 0.6 × by-clock's, and the 80 %
    /// interval covering 75–85 % of 100 bags (binomial s.d. 4 points) — with every shot on its line; with one shot in
    /// twenty choked or gushing, at most 1.25 steps and 0.75 × by-clock's loss, 70–90 % coverage.
    @Test func timedShotsBeatTheClock() {
        let t = DialInSimulator.journalTable(scenarios: DialInSimulator.Scenario.timedShots, bags: 100)
        print(t.markdown)
        let (_, a, clock) = t.rows[0]
        #expect(clock.policy == .byClock)
        #expect(a.medianDistance <= 1.0, "median \(a.medianDistance)")
        #expect(a.meanLoss <= 0.6 * clock.meanLoss, "loss \(a.meanLoss) vs \(clock.meanLoss)")
        #expect((0.75...0.85).contains(a.coverage ?? 0), "coverage \(a.coverage ?? .nan)")
        let (_, o, oClock) = t.rows[1]
        #expect(o.medianDistance <= 1.25, "median \(o.medianDistance)")
        #expect(o.meanLoss <= 0.75 * oClock.meanLoss, "loss \(o.meanLoss) vs \(oClock.meanLoss)")
        #expect((0.7...0.9).contains(o.coverage ?? 0), "coverage \(o.coverage ?? .nan)")
    }

    /// The barista steps finer under 25 s, coarser over 31 s, and stays between.
    @Test func theClockStepsByTheWindow() {
        let sim = DialInSimulator(scenario: DialInSimulator.Scenario.timedShots[0])
        #expect(sim.clockStep([], start: 20) == 20)
        #expect(sim.clockStep([TimedShot(setting: 20, seconds: 22)], start: 0) == 19)
        #expect(sim.clockStep([TimedShot(setting: 20, seconds: 33)], start: 0) == 21)
        #expect(sim.clockStep([TimedShot(setting: 20, seconds: 28)], start: 0) == 20)
    }
}
