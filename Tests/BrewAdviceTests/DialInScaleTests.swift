import BrewColumns
import Testing
@testable import BrewAdvice

@Suite struct DialInScaleTests {
    @Test func wholeStepGrinderKeepsItsRange() {
        let s = DialInScale.make(grinder: Grinder(settingMin: 0, settingMax: 40, settingStep: 1), observed: [18, 22, 24])
        #expect(s.lower == 0 && s.upper == 40 && s.step == 1 && s.rangeFromMetadata)
        #expect(s.settings.count == 41)
        #expect(s.snap(23.4) == 23 && s.snap(-3) == 0 && s.snap(45) == 40)
        #expect(s.text(24) == "24")
    }

    @Test func halfStepGrinderFromOne() {
        let s = DialInScale.make(grinder: Grinder(settingMin: 1, settingMax: 11, settingStep: 0.5), observed: [4.5, 5, 6.5])
        #expect(s.step == 0.5 && s.anchor == 1)
        #expect(s.settings.first == 1 && s.settings.last == 11 && s.settings.count == 21)
        #expect(s.snap(5.2) == 5 && s.snap(5.3) == 5.5)
        #expect(s.text(5.5) == "5.5" && s.text(5) == "5")
    }

    /// A stepless grinder with no record (an EK43 from a Decent shot file) logged at 2.1 and 2.4: the range comes
    /// from the brews, 2.1 − 0.2 to 2.4 + 0.2 (the pad is the larger of half the extent, 0.15, and two tenths), and
    /// suggestions follow the precision the settings were logged at, every 0.1, not every 0.01 of a 0.7 range.
    @Test func aSteplessRangeFromTheBrewsIsSuggestedAtTheLoggedPrecision() {
        let s = DialInScale.make(grinder: nil, observed: [2.1, 2.4])
        #expect(s.step == nil && !s.rangeFromMetadata && s.loggedPrecision == 0.1)
        #expect(abs(s.lower - 1.9) < 1e-9 && abs(s.upper - 2.6) < 1e-9)
        #expect(s.resolution == 0.1)
        #expect(s.settings.map { ($0 * 10).rounded() } == [19, 20, 21, 22, 23, 24, 25, 26])
        #expect(s.snap(2.38) == 2.4 && s.snap(2.04) == 2.0)
        #expect(DialInScale.loggedPrecision([14, 15]) == 1 && DialInScale.loggedPrecision([1.15, 2]) == 0.01)
        #expect(DialInScale.loggedPrecision([1.1234]) == 0.001 && DialInScale.loggedPrecision([.nan]) == nil)
        // A grinder with its own range keeps the range's resolution (0–50 → 0.5) whatever was logged.
        let niche = DialInScale.make(grinder: Grinder(settingMin: 0, settingMax: 50, settingStep: 0), observed: [14.3, 15.1])
        #expect(niche.loggedPrecision == nil && niche.resolution == 0.5)
    }

    @Test func steplessConfidenceIsAWidthOnTheDial() {
        #expect(DialInAdvice.dialWidth(0.157) == "0.16" && DialInAdvice.dialWidth(1.26) == "1.3")
        #expect(DialInAdvice.dialWidth(12.4) == "12" && DialInAdvice.dialWidth(0.5) == "0.5")
    }

    @Test func quarterStepsPrintTwoDecimals() {
        let s = DialInScale.make(grinder: Grinder(settingMin: 0, settingMax: 10, settingStep: 0.25), observed: [3.25, 3.5])
        #expect(s.text(3.25) == "3.25" && s.text(3.5) == "3.5")
    }

    /// A CSV export's grinder carries the contract's default step of 1; settings logged on quarters are advised on
    /// the quarter grid, as the report's findings state them (one grid rule, ``SettingGrid``).
    @Test func quarterSettingsUnderADefaultRecordAreAdvisedOnTheQuarterGrid() {
        let s = DialInScale.make(grinder: Grinder(settingMin: 0, settingMax: 40, settingStep: 1), observed: [2.75, 3, 3.25])
        #expect(s.step == 0.25 && s.anchor == 0)
        #expect(s.snap(3.4) == 3.5 && s.snap(3.1) == 3)
        #expect(s.text(s.snap(3.2)) == "3.25")
    }

    /// A hostile log (setting 10¹² on a whole-step grinder) widens the range to 10¹² settings: the candidates stay
    /// at most ``DialInScale/maximumSettings`` + 1, ascending and inside the range, and snapping a far value is one
    /// step of arithmetic, not a walk over the distance.
    @Test func aHugeRangeStaysBounded() {
        let s = DialInScale(lower: 0, upper: 1e12, step: 1, anchor: 0)
        let settings = s.settings
        #expect(settings.count <= DialInScale.maximumSettings + 1 && settings.count > 1000)
        #expect(settings.first == 0 && settings.last! <= 1e12)
        #expect(zip(settings, settings.dropFirst()).allSatisfy { $0 < $1 })
        #expect(s.snap(5e15) == 1e12 && s.snap(-5e15) == 0 && s.snap(.nan) == 0)
        #expect(s.snap(123_456.4) == 123_456)
        // A half-step scale whose top is off the grid snaps down onto it.
        let h = DialInScale(lower: 0, upper: 10.2, step: 0.5, anchor: 0)
        #expect(h.snap(11) == 10 && h.snap(10.2) == 10)
    }

    @Test func settingsOffTheRecordedGridMakeTheGrinderStepless() {
        // The record says step 1, but 3.3 and 4.7 are logged: no step fits, so suggestions go every resolution.
        let s = DialInScale.make(grinder: Grinder(settingMin: 0, settingMax: 10, settingStep: 1), observed: [3.3, 4.7, 5.1])
        // Range from the brews: 3.3–5.1 padded by 0.9 → 2.4–6.0; a hundredth of 3.6 → 0.05, but the settings were
        // logged to 0.1, so suggestions go every 0.1.
        #expect(s.step == nil)
        #expect(abs(s.lower - 2.4) < 1e-9 && abs(s.upper - 6.0) < 1e-9)
        #expect(abs(s.resolution - 0.1) < 1e-12)
        #expect(abs(s.unit - 0.09) < 1e-12)
        #expect(s.snap(4.66) == 4.7)
    }

    @Test func aRecordWhoseStepDoesNotFitIsNotTrustedForTheRange() {
        // An importer's default 0–40 step 1 for a grinder logged at 1.15–4.5: the brews decide (span 3.35,
        // padded by 1.675 each side, not below 0).
        let s = DialInScale.make(grinder: Grinder(), observed: [1.15, 1.2, 4.5])
        #expect(s.step == nil && !s.rangeFromMetadata)
        #expect(s.lower == 0 && abs(s.upper - 6.175) < 1e-9)
    }

    @Test func loggedSettingsBeyondTheRangeWidenIt() {
        let s = DialInScale.make(grinder: Grinder(settingMin: 0, settingMax: 40, settingStep: 1), observed: [38, 42, 44])
        #expect(s.upper == 44 && s.lower == 0)
    }

    @Test func noValidRangeIsTakenFromTheBrews() {
        let g = Grinder(settingMin: 5, settingMax: 5, settingStep: 1)
        let s = DialInScale.make(grinder: g, observed: [10, 14])
        // Observed 10–14, padded by max(half the span, two steps) = 2 each side.
        #expect(s.lower == 8 && s.upper == 16 && !s.rangeFromMetadata)
        let none = DialInScale.make(grinder: nil, observed: [])
        #expect(none.lower == 0 && none.upper == 40 && none.step == 1)
    }
}
