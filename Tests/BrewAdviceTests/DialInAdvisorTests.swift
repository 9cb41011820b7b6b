import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// A small journal built brew by brew: one grinder, two methods, bags as beans.
struct JournalSketch {
    var builder = JournalBuilder()
    var grinder: Int32 = 0, v60: Int32 = 0, aeropress: Int32 = 0
    var beans: [String: Int32] = [:]
    var day = 0

    init(grinder: Grinder = Grinder(name: "Comandante C40", settingMin: 0, settingMax: 40, settingStep: 1)) {
        self.grinder = builder.addGrinder(grinder)
        v60 = builder.addMethod(BrewMethod(name: "V60", category: .pourOver))
        aeropress = builder.addMethod(BrewMethod(name: "AeroPress", category: .immersion))
    }

    mutating func bean(_ name: String, roaster: String? = nil) -> Int32 {
        if let b = beans[name] { return b }
        let b = builder.addBean(CoffeeBean(name: name, roaster: roaster)); beans[name] = b; return b
    }

    /// Appends a brew one day after the previous one.
    mutating func brew(_ bean: String?, _ setting: Double?, _ rating: Double?, method: Int32? = nil) {
        var row = BrewRow()
        day += 1
        row.id = "b\(day)"
        row.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(day) * 86_400)
        row.method = method ?? v60
        row.grinder = grinder
        row.bean = bean.map { self.bean($0) }
        row.grindSetting = setting
        row.rating = rating
        builder.appendBrew(row)
    }

    /// Three earlier bags peaking near 20, 22 and 24 (ratings 4.5 − (g − s)²/9, rounded to halves).
    mutating func history() {
        for (name, s) in [("Old A", 20.0), ("Old B", 22.0), ("Old C", 24.0)] {
            for g in [s - 4, s - 2, s, s + 2, s + 4] {
                brew(name, g, ((4.5 - (g - s) * (g - s) / 9) * 2).rounded() / 2)
            }
        }
    }

    mutating func finish() -> Journal { builder.finish() }
}

@Suite struct DialInAdvisorTests {
    @Test func namesMatchIgnoringCaseAndUnknownNamesListKnownOnes() throws {
        var j = JournalSketch(); j.history()
        let journal = j.finish()
        let a = try DialInAdvisor.advise(journal: journal, grinder: "  comandante c40 ", method: "v60")
        #expect(a.grinder == "Comandante C40" && a.method == "V60")
        #expect(throws: AdviceError.noMatch(what: "grinder", value: "Niche", known: ["Comandante C40"])) {
            try DialInAdvisor.advise(journal: journal, grinder: "Niche", method: "V60")
        }
        let error = AdviceError.noMatch(what: "method", value: "Chemex", known: ["AeroPress", "V60"])
        #expect(throws: error) { try DialInAdvisor.advise(journal: journal, grinder: "Comandante C40", method: "Chemex") }
        #expect("\(error)" == "no method matches 'Chemex'; the journal has: AeroPress, V60")
    }

    @Test func noBrewsOnTheGrinderAndMethodIsRefusedNamingMethodsThatHaveSome() {
        var j = JournalSketch(); j.history()
        let journal = j.finish()
        #expect(throws: AdviceError.noBrews(grinder: "Comandante C40", method: "AeroPress", methodsOnGrinder: ["V60"])) {
            try DialInAdvisor.advise(journal: journal, grinder: "Comandante C40", method: "AeroPress")
        }
    }

    @Test func withoutABeanTheLatestBagIsAdvisedAndEarlierBagsInformIt() throws {
        var j = JournalSketch(); j.history()
        j.brew("New", 28, 3)
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60")
        #expect(a.bean == "New")
        #expect(a.points == [BrewPoint(setting: 28, rating: 3)])
        #expect(a.estimate.earlierBags == 3 && a.earlierBrews == 15)
        // Most recently brewed earlier bag first.
        #expect(a.earlierPoints.first?.first?.setting == 20)
        // One brew at 28 rated 3, earlier bags peaking 20–24: the next step goes finer, inside the dial.
        let e = a.estimate
        #expect(e.next < 28 && e.scale.settings.contains(e.next))
        #expect(e.earlierPeakLow! < 22 && e.earlierPeakHigh! > 22)
        #expect(a.why.hasPrefix("1 rated brew of this bag on 1 setting; from "))
        #expect(a.why.contains(" on this grinder × method, a new bag is expected to peak "))
        #expect(a.why.contains("your best so far is 28 (3.0)"))
    }

    @Test func aNewBeanIsAnsweredFromEarlierBags() throws {
        var j = JournalSketch(); j.history()
        _ = j.bean("Unopened")
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60", bean: "unopened")
        #expect(a.points.isEmpty && a.estimate.brews == 0)
        // The three bags' peaks average 22: a new bag starts there.
        #expect(abs(a.estimate.next - 22) <= 1)
        #expect(a.why.hasPrefix("No rated brews of this bag yet"))
        #expect(a.why.contains("Start at"))
    }

    @Test func noEarlierBagsAndNoBrewsStartsMidRange() throws {
        let scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)
        let e = DialInEngine.estimate(scale: scale, current: [], history: [])
        #expect(e.next == 20 && e.brews == 0 && e.earlierBags == 0 && e.earlierPeakLow == nil)
        // A bag whose only brew has no setting is answered from the one other bag, brewed at 12.
        var j = JournalSketch()
        j.brew("Only", nil, 4)
        j.brew("Other", 12, 4)
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60", bean: "Only")
        #expect(a.points.isEmpty && a.unset == 1 && a.estimate.earlierBags == 1)
        #expect(a.estimate.next == 12)
    }

    @Test func allRatingsEqualSaysNothingTellsSettingsApart() throws {
        var j = JournalSketch(); j.history()
        for g in [21.0, 23, 25] { j.brew("Flat", g, 4) }
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60")
        #expect(a.estimate.allRatingsEqual)
        #expect(a.why.contains("All 3 ratings are 4.0, so nothing tells the settings apart yet"))
        #expect(a.estimate.verdict == .peak)   // too few brews to state that grind does not matter
    }

    @Test func ratingsIndependentOfGrindAreSaidSoWithoutInventingAPeak() throws {
        var j = JournalSketch()
        // 12 brews over 6 settings across the whole dial, ratings 3.5–4.5 in no relation to the setting.
        let ratings = [4.0, 3.5, 4.5, 4.0, 3.5, 4.5, 4.5, 4.0, 3.5, 4.0, 4.5, 3.5]
        for (i, r) in ratings.enumerated() { j.brew("Forgiving", [4.0, 10, 16, 22, 28, 34][i % 6], r) }
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60")
        #expect(a.estimate.verdict == .noDependence, "Bayes factor \(a.estimate.flatBayesFactor ?? .nan)")
        #expect(a.estimate.best == nil && a.estimate.low == nil)
        #expect((a.estimate.flatBayesFactor ?? 0) > 3)
        #expect(a.why.contains("do not depend on grind"))
        // The best-rated setting so far (ties: the later brew): 4.5 last at setting 28.
        #expect(a.estimate.next == 28)
    }

    @Test func aClearPeakIsNotCalledFlat() throws {
        var j = JournalSketch()
        for g in [14.0, 17, 20, 23, 26, 29, 20, 23] { j.brew("Peaked", g, ((4.5 - (g - 21) * (g - 21) / 9) * 2).rounded() / 2) }
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60")
        #expect(a.estimate.verdict == .peak)
        let best = try #require(a.estimate.bestRaw)
        #expect(abs(best - 21) < 1.5)
        // The interval's ends and the stated best are dial settings (each the nearest to its value), so the stated
        // best lies inside the interval, at an end at worst.
        let stated = try #require(a.estimate.best)
        #expect(a.estimate.low! <= stated && stated <= a.estimate.high! && a.estimate.low! < a.estimate.high!)
    }

    @Test func missingRatingsAreLeftOutAndCounted() throws {
        var j = JournalSketch(); j.history()
        j.brew("New", 22, 4); j.brew("New", 24, nil); j.brew("New", nil, nil)
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60")
        #expect(a.points.count == 1 && a.unrated == 2)
        // Out of the rating fit, but counted: 2 of the bag's 18 brews here (15 earlier + 3) — not most, so no warning.
        #expect(a.notes.contains("2 brews on this grinder × method without a rating: out of the rating fit, their taste notes and shot times still count"))
        #expect(a.total == 18 && a.unratedWarning == nil)
    }

    @Test func asOfLeavesLaterBrewsOut() throws {
        var full = JournalSketch(); full.history()
        full.brew("New", 28, 3)
        let cutoff = Timestamp(unixSeconds: 1_700_000_000 + Double(full.day) * 86_400)
        full.brew("New", 25, 4); full.brew("Newer", 20, 4)
        var cut = JournalSketch(); cut.history()
        cut.brew("New", 28, 3)
        let a = try DialInAdvisor.advise(journal: full.finish(), grinder: 0, method: 0, bean: nil, asOf: cutoff)
        let b = try DialInAdvisor.advise(journal: cut.finish(), grinder: 0, method: 0, bean: nil)
        #expect(a.bean == "New" && a.points == b.points)
        #expect(a.estimate.next == b.estimate.next && a.estimate.bestRaw == b.estimate.bestRaw)
        #expect(a.json == b.json)
    }

    @Test func halfStepAndSteplessGrindersSuggestDialableSettings() throws {
        var half = JournalSketch(grinder: Grinder(name: "Ode", settingMin: 1, settingMax: 11, settingStep: 0.5))
        for (g, r) in [(4.0, 3.5), (5.5, 4.5), (7.0, 3.0)] { half.brew("Bag", g, r) }
        let a = try DialInAdvisor.advise(journal: half.finish(), grinder: "Ode", method: "V60")
        #expect(a.estimate.scale.step == 0.5)
        #expect((a.estimate.next - 1).truncatingRemainder(dividingBy: 0.5) == 0 && (1...11).contains(a.estimate.next))

        var free = JournalSketch(grinder: Grinder(name: "Stepless", settingMin: 0, settingMax: 10, settingStep: 0))
        for (g, r) in [(3.3, 3.5), (4.7, 4.5), (6.1, 3.0)] { free.brew("Bag", g, r) }
        let b = try DialInAdvisor.advise(journal: free.finish(), grinder: "Stepless", method: "V60")
        #expect(b.estimate.scale.step == nil)
        let tenths = b.estimate.next * 10
        #expect(abs(tenths - tenths.rounded()) < 1e-9 && (0...10).contains(b.estimate.next))
        #expect(b.notes.contains { $0.contains("stepless") })
    }

    @Test func aGrinderWithoutRangeMetadataUsesTheLoggedSettings() throws {
        var j = JournalSketch(grinder: Grinder(name: "Mystery", settingMin: .nan, settingMax: .nan, settingStep: 1))
        for (g, r) in [(60.0, 3.0), (64, 4.5), (68, 3.5)] { j.brew("Bag", g, r) }
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Mystery", method: "V60")
        #expect(!a.estimate.scale.rangeFromMetadata)
        #expect(a.estimate.scale.lower == 56 && a.estimate.scale.upper == 72)
        #expect((56...72).contains(a.estimate.next))
        #expect(a.notes.contains { $0.contains("no range that fits the logged settings") })
    }

    @Test func jsonHoldsTheAdvice() throws {
        var j = JournalSketch(); j.history()
        j.brew("New", 28, 3); j.brew("New", 24, 4)
        let a = try DialInAdvisor.advise(journal: j.finish(), grinder: "Comandante C40", method: "V60")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(a.json.utf8)) as? [String: Any])
        #expect(object["grinder"] as? String == "Comandante C40" && object["bean"] as? String == "New")
        #expect(object["brews"] as? Int == 2 && object["why"] as? String == a.why)
        let next = try #require(object["next"] as? [String: Any])
        #expect(next["grind_setting"] as? Double == a.estimate.next)
        let best = try #require(object["best"] as? [String: Any])
        #expect(best["level"] as? Double == 0.8)
        #expect(best["grind_setting"] as? Double == a.estimate.best)
        #expect(abs((best["low"] as? Double ?? .nan) - a.estimate.low!) <= 0.005)
        #expect(Set(object.keys).isSuperset(of: ["grinder", "method", "bean", "brews", "next", "best", "why"]))
    }
}
