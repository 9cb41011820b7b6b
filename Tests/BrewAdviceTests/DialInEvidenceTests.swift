import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// Taste words, dials in thirds, the grinder catalogue, the map, the robust step and espresso profiles.
@Suite struct DialInEvidenceTests {
    @Test func tasteWordsInFiveLanguagesPointTheRightWay() {
        for sour in ["Sour and thin", "zu sauer", "un poco agrio", "troppo acido", "aigre", "tart finish", "under-extracted",
                     "try finer", "gushing shot"] {
            #expect(TasteWords.direction([sour])?.towardsCoarser == -1, "\(sour)")
        }
        for bitter in ["Zu bitter", "harsh, astringent", "amargo", "amaro e secco", "amer", "over extracted", "Stalled drawdown. Try coarser",
                       "too fine?"] {
            #expect(TasteWords.direction([bitter])?.towardsCoarser == 1, "\(bitter)")
        }
        // Negated, cancelling, unrelated and processing words say nothing.
        for none in ["not sour at all", "nicht bitter", "sour and bitter", "dry process Ethiopia", "blueberry, jasmine", ""] {
            #expect(TasteWords.direction([none]) == nil, "\(none)")
        }
        // Weak and strong count half, and only without sour or bitter.
        #expect(TasteWords.direction(["watery"])! == (-1, 0.5))
        #expect(TasteWords.direction(["schwer"])! == (1, 0.5))
        #expect(TasteWords.direction(["weak but bitter"])! == (1, 1))
    }

    /// The Ode's dial: 31 settings written 1, 1.1, 1.2, 2, …, 11; 5.2 → 6 is one click.
    @Test func thirdsDialCountsClicks() {
        let s = DialInScale(lower: 1, upper: 11, step: 1.0 / 3, anchor: 1, notation: .thirds)
        #expect(s.settings.count == 31)
        #expect(s.settings.prefix(4) == [1, 1.1, 1.2, 2] && s.settings.last == 11)
        #expect(abs(s.units(6) - s.units(5.2) - 1) < 1e-9)
        #expect(abs(s.units(5.2) - 14) < 1e-9)
        // Off-dial decimals (an old suggestion of 6.45, 5.85) snap onto the dial; dial settings stay.
        #expect([6.1, 6.2].contains(s.snap(6.45)) && s.snap(5.85) == 6 && s.snap(4.25) == 4.2)
        #expect(s.settings.allSatisfy { s.snap($0) == $0 })
        #expect(s.text(6) == "6" && s.text(5.2) == "5.2")
        for c in 0...30 { #expect(abs(s.units(s.setting(units: Double(c))) - Double(c)) < 1e-9) }
    }

    @Test func catalogueKnowsCommonGrindersAndTheUserFileOverridesIt() throws {
        let c = GrinderCatalogue.builtIn
        for name in ["Comandante C40 MK4", "Fellow Ode Gen 2", "Niche Zero", "Baratza Encore", "1Zpresso JX-Pro",
                     "Eureka Mignon Specialità", "Kinu M47 Classic", "Timemore C2", "Timemore C3"] {
            #expect(c.spec(for: name) != nil, "\(name)")
        }
        #expect(c.spec(for: "Fellow Ode Gen 2")?.notation == .thirds)
        #expect(c.spec(for: "Niche Zero")?.step == nil && c.spec(for: "Comandante C40")?.step == 1)
        #expect(c.spec(for: "Krups blade") == nil)
        let user = try c.merging(toml: """
            [grinders."Comandante C40"]
            max = 50

            [grinders."Lagom P64"]
            min = 0
            max = 10
            step = 0.1
            coarser = "lower"
            """, file: "grinders.toml")
        #expect(user.spec(for: "Comandante C40")?.upper == 50 && user.spec(for: "Comandante C40")?.step == 1)
        #expect(user.spec(for: "Lagom P64")?.coarserIsHigher == false)
        #expect(throws: AdviceError.self) { try c.merging(toml: "[grinders.X]\nstep = -1\n", file: "g.toml") }
        #expect(throws: AdviceError.self) { try c.merging(toml: "[grinders.X]\nspeed = 3\n", file: "g.toml") }
        #expect(throws: AdviceError.self) { try c.merging(toml: "[grinders.X\n", file: "g.toml") }
    }

    @Test func theSampleGrindersFileParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("sample-data/grinders.toml"), encoding: .utf8)
        let c = try GrinderCatalogue.builtIn.merging(toml: text, file: "grinders.toml")
        #expect(c.entries.count > GrinderCatalogue.builtIn.entries.count)
    }

    /// A one-grinder journal with an espresso method: (bean, setting, rating, notes, profile, time).
    func shots(_ rows: [(String, Double, Double?, String, String?, Double?)]) -> Journal {
        var b = JournalBuilder()
        let g = b.addGrinder(Grinder(name: "Niche Zero", settingMin: 0, settingMax: 50, settingStep: 0))
        let m = b.addMethod(BrewMethod(name: "Espresso", category: .espresso))
        var beans: [String: Int32] = [:]
        for (i, r) in rows.enumerated() {
            var row = BrewRow()
            row.id = "s\(i)"
            row.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(i) * 3_600)
            row.method = m; row.grinder = g
            if beans[r.0] == nil { beans[r.0] = b.addBean(CoffeeBean(name: r.0)) }
            row.bean = beans[r.0]; row.grindSetting = r.1; row.rating = r.2; row.notes = r.3.isEmpty ? nil : r.3
            row.pressureProfile = r.4; row.brewTimeSeconds = r.5
            b.appendBrew(row)
        }
        return b.finish()
    }

    /// Unrated shots whose notes say sour move the suggestion finer than the same shots saying bitter.
    @Test func sourOnlyAndBitterOnlyBagsMoveTheRightWay() throws {
        var earlier: [(String, Double, Double?, String, String?, Double?)] = []
        for (bean, s) in [("A", 14.0), ("B", 15.0), ("C", 13.0), ("D", 14.0)] {
            for d in [-2.0, -1, 0, 1, 2] { earlier.append((bean, s + d, 4.5 - d * d / 4, "", nil, nil)) }
        }
        let sour = shots(earlier + [("New", 14, nil, "sour", nil, nil), ("New", 14, nil, "still sour, salty", nil, nil)])
        let bitter = shots(earlier + [("New", 14, nil, "bitter", nil, nil), ("New", 14, nil, "harsh and bitter", nil, nil)])
        let plain = shots(earlier + [("New", 14, nil, "", nil, nil)])
        let s = try DialInAdvisor.advise(journal: sour, grinder: "Niche Zero", method: "Espresso", bean: "New")
        let b = try DialInAdvisor.advise(journal: bitter, grinder: "Niche Zero", method: "Espresso", bean: "New")
        let p = try DialInAdvisor.advise(journal: plain, grinder: "Niche Zero", method: "Espresso", bean: "New")
        #expect(s.estimate.next < 14 && b.estimate.next > 14, "sour \(s.estimate.next), bitter \(b.estimate.next)")
        #expect(s.estimate.next < p.estimate.next && b.estimate.next > p.estimate.next)
        #expect(s.estimate.cues.count == 2 && s.estimate.cues.allSatisfy { $0.towardsCoarser == -1 })
    }

    /// Shots of two profiles are advised apart: a Turbo bag never borrows a Blooming bag's settings.
    @Test func profilesAreNeverPooled() throws {
        var rows: [(String, Double, Double?, String, String?, Double?)] = []
        for (bean, s) in [("A", 8.0), ("B", 9.0), ("C", 8.0)] {
            for d in [-1.0, 0, 1] { rows.append((bean, s + d, 4.5 - d * d / 2, "", "Turbo", 15)) }
        }
        for (bean, s) in [("D", 20.0), ("E", 21.0)] {
            for d in [-1.0, 0, 1] { rows.append((bean, s + d, 4.5 - d * d / 2, "", "Blooming", 40)) }
        }
        rows.append(("New", 20, 4, "", "Blooming", 40))
        let j = shots(rows)
        let blooming = try DialInAdvisor.advise(journal: j, grinder: "Niche Zero", method: "Espresso", bean: "New")
        #expect(blooming.profile == "Blooming")
        #expect(blooming.earlierPoints.flatMap { $0 }.allSatisfy { $0.setting >= 19 })
        #expect(blooming.estimate.next >= 17)
        var o = DialInOptions(); o.profile = "turbo"
        let turbo = try DialInAdvisor.advise(journal: j, grinder: "Niche Zero", method: "Espresso", bean: "A", options: o)
        #expect(turbo.profile == "Turbo")
        #expect((turbo.points + turbo.earlierPoints.flatMap { $0 }).allSatisfy { $0.setting <= 10 })
        #expect(turbo.estimate.next <= 12)
    }

    /// A shot far faster than the profile's good shots is a cue to grind finer, without a rating.
    @Test func aFastUnratedShotPointsFiner() throws {
        var rows: [(String, Double, Double?, String, String?, Double?)] = []
        for (bean, s) in [("A", 14.0), ("B", 15.0), ("C", 14.0)] {
            for d in [-1.0, 0, 1] { rows.append((bean, s + d, d == 0 ? 4.5 : 3.5, "", "Classic", 28 + 3 * -d)) }
        }
        rows.append(("New", 15, nil, "", "Classic", 12))
        let a = try DialInAdvisor.advise(journal: shots(rows), grinder: "Niche Zero", method: "Espresso", bean: "New")
        // The earlier bags' shots show a slope (3 s a step): the fast shot's time is evidence, not a direction cue.
        #expect(a.estimate.shotTime != nil && a.estimate.cues.isEmpty)
        #expect(a.estimate.next < 15)
        // Without a slope (each earlier bag shot at one setting) the time is a direction cue.
        let flat = rows.enumerated().filter { $0.offset % 3 == 1 || $0.element.0 == "New" }.map(\.element)
        let b = try DialInAdvisor.advise(journal: shots(flat), grinder: "Niche Zero", method: "Espresso", bean: "New")
        #expect(b.estimate.shotTime == nil)
        #expect(b.estimate.cues == [GrindCue(setting: 15, towardsCoarser: -1, fromShotTime: true)])
        #expect(b.estimate.next < 15)
    }

    /// A ruined brew rated 0 next to good ones counts as a probable mishap, not as the curve.
    @Test func aRuinedBrewIsDiscounted() {
        let scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)
        let history = [20.0, 22, 24, 23, 21].map { s in [-2.0, 0, 2].map { BrewPoint(setting: s + $0, rating: 4.4 - $0 * $0 / 6) } }
        let model = DialInModel(scale: scale, history: history)
        let e = model.estimate(current: [BrewPoint(setting: 22, rating: 4), BrewPoint(setting: 23, rating: 0), BrewPoint(setting: 24, rating: 4)])
        #expect(e.discounted == [BrewPoint(setting: 23, rating: 0)])
        #expect((21...25).contains(e.best ?? 0) && (e.bestExpected ?? 0) >= 3.5)
    }

    /// The map: suggestions stay within two steps of what the grinder × method has brewed.
    @Test func suggestionsStayOnTheMap() {
        let scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)
        let history = (0..<6).map { j in (0..<3).map { i in BrewPoint(setting: 20 + Double((i + j) % 5), rating: 4) } }
        let model = DialInModel(scale: scale, history: history)
        for current in [[BrewPoint(setting: 24, rating: 1)], [BrewPoint(setting: 20, rating: 1)], []] {
            let e = model.estimate(current: current)
            #expect((18...26).contains(e.next) && (18...26).contains(e.safe), "\(current): next \(e.next)")
            #expect(e.mapLow == 20 && e.mapHigh == 24)
        }
    }
}
