import BrewHashing
import Testing
@testable import BrewAdvice
@testable import BrewAdviceSimulation

/// Bags whose sweet spot drifts with bag age (``DialInSimulator/Scenario/agingBags``, fixed seeds), the advisor told
/// the ages and the same journals with the roast dates removed: the drift is learned and cuts the rating lost; on
/// bags that do not drift, telling the ages costs nothing. The suite takes about 40 s of CPU in a debug build.
@Suite struct AgeSimulatorTests {
    /// Measured on these 40 bags: rating lost 0.415 told, 1.694 undated (0.24×); drift learned 0.155 ± 0.020; 80 %
    /// interval 75 % told, 50 % undated. Control: 0.440 · 0.438, learned −0.006 ± 0.035, 2 % of answers moved.
    static let bags = 40

    /// The targets: with the drift (0.15 steps a day), the rating lost told the ages below the one without; the drift
    /// learned at the last answer within 0.03 steps a day of the truth on average (its spread over the bags is
    /// printed with the table). The control: the drift learned within 0.03 of 0, and the rating lost told the ages
    /// at most 5 % above the one without (the answers differ only where a drift shows by chance).
    @Test func theDriftIsLearnedAndCutsTheRegret() throws {
        let t = DialInSimulator.ageTable(bags: Self.bags)
        print(t.markdown)
        let drifting = try #require(t.rows.first { $0.scenario.ageDrift == 0.15 })
        let control = try #require(t.rows.first { $0.scenario.ageDrift == 0 })
        #expect(drifting.told.meanLoss < drifting.undated.meanLoss,
                "lost \(drifting.told.meanLoss) told, \(drifting.undated.meanLoss) undated")
        #expect(drifting.learned.count == Self.bags && abs(drifting.learnedMean - 0.15) <= 0.03,
                "learned \(drifting.learnedMean) ± \(drifting.learnedSD) over \(drifting.learned.count)")
        #expect(control.told.meanLoss <= 1.05 * control.undated.meanLoss,
                "control lost \(control.told.meanLoss) told, \(control.undated.meanLoss) undated")
        #expect(abs(control.learnedMean) <= 0.03, "control learned \(control.learnedMean)")
    }

    /// The undated scenarios draw the same journals: hill climbing (which reads no age) brews the same settings, and
    /// the bag's true sweet spot is the same.
    @Test func undatedScenariosDrawTheSameJournals() {
        for (told, undated) in zip(DialInSimulator.Scenario.agingBags, DialInSimulator.Scenario.agingBagsUndated) {
            #expect(told.agesTold && !undated.agesTold && told.ageDrift == undated.ageDrift)
            for seed: UInt64 in [1, 2, 3] {
                let a = DialInSimulator(scenario: told).run(seed: seed)
                let b = DialInSimulator(scenario: undated).run(seed: seed)
                #expect(a[.hillClimbing]?.settings == b[.hillClimbing]?.settings)
                #expect(a[.advisor]?.trueSweetSpot == b[.advisor]?.trueSweetSpot)
                #expect(b[.advisor]?.ageDrift == nil && b[.advisor]?.answersMoved == 0)
            }
        }
    }

    /// Brewing days worked by hand: first brewed 5 days off roast over 20 days, 6 brews: a brew every 4 days, the
    /// next one 4 days after the last; over 14 days, 6 brews: gaps of 2.8 days on whole days.
    @Test func brewingDaysAreEvenlySpread() {
        let even = DialInSimulator.Brewing(first: 5, span: 20, count: 6)
        #expect((0...6).map { even.age($0) } == [5, 9, 13, 17, 21, 25, 29])
        let odd = DialInSimulator.Brewing(first: 3, span: 14, count: 6)
        #expect((0...5).map { odd.age($0) } == [3, 6, 9, 11, 14, 17])
    }

    /// A bag's sweet spot at age t is s + δ·(t − 10): 20 at 10 days, 23 at 30 days with 0.15 a day, kept in range.
    @Test func agedSweetSpotMovesByTheDay() {
        let sim = DialInSimulator(scenario: DialInSimulator.Scenario.agingBags[0])
        let bag = DialInSimulator.Bag(sweetSpot: 20, peak: 4.2, k: 0.16)
        #expect(sim.aged(bag, drift: 0.15, age: 10).sweetSpot == 20)
        #expect(abs(sim.aged(bag, drift: 0.15, age: 30).sweetSpot - 23) < 1e-12)
        #expect(sim.aged(bag, drift: 5, age: 30).sweetSpot == 40)
    }

    /// Where the drift shows, the answer is the model fitted on the brews moved by hand to the age asked about
    /// (setting − δ·(age − age asked)); the undated scenario answers from the brews as logged.
    @Test func theToldAnswerIsTheModelOnBrewsMovedByHand() throws {
        let sim = DialInSimulator(scenario: DialInSimulator.Scenario.agingBags[0])
        var rng = SplitMix64(seed: 7)
        let history: [[AgedPoint]] = (0..<6).map { _ in
            let spot = 20 + 2 * rng.normal()
            return (0..<8).map { i in
                let age = Double(4 + 3 * i), s = spot + 0.2 * (age - 10)
                let x = (s + 2.5 * rng.normal()).rounded()
                let r = 4.2 - (x - s) * (x - s) / 6.25 + 0.3 * rng.normal()
                return AgedPoint(setting: x, rating: (min(5, max(0, r)) * 2).rounded() / 2, age: age)
            }
        }
        let current = [AgedPoint(setting: 19, rating: 3.5, age: 5), AgedPoint(setting: 21, rating: 4, age: 9)]
        let flat = history.map { $0.map { BrewPoint(setting: $0.setting, rating: $0.rating) } }
        let used = flat.flatMap { $0.map(\.setting) }
        let plain = DialInModel(scale: sim.scale, history: flat, used: used)
        let told = sim.agedAnswer(plain, history: history, current: current, age: 13, used: used)
        let d = try #require(told.fit)
        #expect(told.moved && d.shows)
        func byHand(_ p: AgedPoint) -> BrewPoint {
            BrewPoint(setting: p.setting - d.delta * (p.age - 13), rating: p.rating)
        }
        let model = DialInModel(scale: sim.scale, history: history.map { $0.map(byHand) }, used: used)
        let expected = model.estimate(current: current.map(byHand), brewed: [19, 21])
        #expect(told.estimate.next == expected.next && told.estimate.bestRaw == expected.bestRaw)
        #expect(told.estimate.low == expected.low && told.estimate.high == expected.high)
        var undatedSim = sim
        undatedSim.scenario.agesTold = false
        let undated = undatedSim.agedAnswer(plain, history: history, current: current, age: 13, used: used)
        let logged = [BrewPoint(setting: 19, rating: 3.5), BrewPoint(setting: 21, rating: 4)]
        let asLogged = plain.estimate(current: logged, brewed: [19, 21])
        #expect(!undated.moved && undated.fit == nil)
        #expect(undated.estimate.next == asLogged.next && undated.estimate.bestRaw == asLogged.bestRaw)
    }
}
