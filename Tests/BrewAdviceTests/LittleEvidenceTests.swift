import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// Advice from little evidence: notes that name a setting, cues without any rating, a bag's own cup above what the
/// model expects.
@Suite struct LittleEvidenceTests {
    @Test func notesThatNameASetting() {
        #expect(TasteWords.namedSetting("kinda sour. try 17.5 grind") == 17.5)
        #expect(TasteWords.namedSetting("next 17.5") == 17.5)
        #expect(TasteWords.namedSetting("17,5 probieren") == 17.5)
        #expect(TasteWords.namedSetting("Next time 24, maybe") == 24)
        #expect(TasteWords.namedSetting("go to 3.25") == 3.25)
        // A number that is not a setting to try: a time, a dose, a count; two different numbers name none.
        #expect(TasteWords.namedSetting("brew time 28 s, 18 g in") == nil)
        #expect(TasteWords.namedSetting("sour") == nil)
        #expect(TasteWords.namedSetting("try 17 or try 18") == nil)
    }

    /// A stepless 0–50 dial (a Niche Zero), no earlier bag, one unrated brew at 18 whose note points finer.
    static let niche = DialInScale(lower: 0, upper: 50, step: nil, anchor: 0)

    @Test func cuesAloneStepFromTheLastSetting() {
        let model = DialInModel(scale: Self.niche, history: [])
        // Named: towards 17.5. No expected rating, no best, no curve.
        let named = model.estimate(current: [], cues: [GrindCue(setting: 18, towardsCoarser: -1, named: 17.5)], brewed: [18])
        #expect(named.verdict == .cuesOnly)
        #expect(abs(named.next - 17.5) < 1e-9, "\(named.next)")
        #expect(named.best == nil && named.low == nil && named.curve.isEmpty)
        #expect(named.confidence == .low)
        #expect(named.mapLow == 18 && named.mapHigh == 18)
        // Sour only: one model unit (50 / 40 = 1.25) finer at most, on the dial's resolution.
        let sour = model.estimate(current: [], cues: [GrindCue(setting: 18, towardsCoarser: -1)], brewed: [18])
        #expect(sour.next < 18 && sour.next >= 18 - 1.25 - 1e-9, "\(sour.next)")
        // Bitter on a Comandante (clicks): one click coarser.
        let c40 = DialInModel(scale: DialInScale(lower: 0, upper: 40, step: 1, anchor: 0), history: [])
        #expect(c40.estimate(current: [], cues: [GrindCue(setting: 24, towardsCoarser: 1)], brewed: [24]).next == 25)
    }

    /// Earlier bags peaking near 10 rated about 2.5, and a new bag whose one cup at 20 was rated 4.5: wherever the
    /// model's pick lies, a next setting expected more than a quarter point under 4.5 makes 20 the safe pick.
    @Test func neverBelowACupAlreadyBrewedWithoutSayingSo() {
        let scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)
        let history: [[BrewPoint]] = (0..<6).map { j in
            [8.0, 10, 12, 14].map { g in BrewPoint(setting: g + Double(j % 2), rating: 2.5 - abs(g - 10) * 0.2) }
        }
        let model = DialInModel(scale: scale, history: history)
        let e = model.estimate(current: [BrewPoint(setting: 20, rating: 4.5)], brewed: [20])
        if e.next != 20, e.nextExpected < 4.5 - 0.25 {
            #expect(e.safe == 20, "next \(e.next) (\(e.nextExpected)), safe \(e.safe)")
            #expect(e.belowCup == BrewPoint(setting: 20, rating: 4.5))
        }
        // The map is every brewed setting, this bag's included: 8–20 (earlier 8–15, the bag's 20).
        #expect(e.mapLow == 8 && e.mapHigh == 20, "\(e.mapLow)–\(e.mapHigh)")
        // Whatever happened, the model's pick is not left unexplained beside a better cup.
        #expect(e.nextExpected >= 4.5 - 0.25 || e.next == 20 || e.safe == 20)
    }
}
