import BrewColumns
import Testing
@testable import BrewAdvice

/// Ranges no importer lets through any more (a grinder recorded as 0–10¹⁹ trapped `DialInGrid`'s `Int(_:)`) still
/// give an answer when a journal built in code holds them, and `grinders.toml` refuses them with the key and why.
@Suite struct HugeRangeAdviceTests {
    /// One grinder recorded as `min`–`max` in steps of `step`, one method, one bean, brews at 10–20 rated 3–4.5.
    func journal(min: Double, max: Double, step: Double, settings: [Double] = [10, 12, 14, 16, 18, 20]) -> Journal {
        var b = JournalBuilder()
        _ = b.addGrinder(Grinder(name: "Hostile", settingMin: min, settingMax: max, settingStep: step))
        _ = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        _ = b.addBean(CoffeeBean(name: "Kochere"))
        for (i, s) in settings.enumerated() {
            var row = BrewRow()
            row.id = "b\(i)"
            row.brewDate = Timestamp(microseconds: Int64(1_800_000_000 + i * 86_400) * 1_000_000)
            row.method = 0; row.grinder = 0; row.bean = 0
            row.grindSetting = s
            row.rating = 3 + Double(i % 4) / 2
            b.appendBrew(row)
        }
        return b.finish()
    }

    /// A grid over spans of 10¹⁹, 10³⁰⁸, ∞ and NaN model units: at most 201 sweet spots, no trap.
    @Test(arguments: [1e19, 1e308, Double.infinity, Double.nan, 0.2])
    func theGridIsBoundedForAnySpan(_ upper: Double) {
        let scale = DialInScale(lower: 0, upper: upper.isNaN ? 1 : upper, step: upper.isNaN ? .nan : 1, anchor: 0)
        let grid = DialInGrid(scale: scale, options: DialInOptions())
        #expect(grid.s.count >= 2 && grid.s.count <= 201)
        if upper.isFinite, upper <= 1e19 { #expect(grid.s.first == 0 && grid.s.last == upper) }
    }

    /// Records of 0–10¹⁹ step 1 (the reported crash), 0–10³⁰⁸, a step of 10⁻³⁰⁰ and a setting logged at 10¹⁹: the
    /// advisor answers with a setting inside the scale's range.
    @Test(arguments: [(0.0, 1e19, 1.0, [10.0, 12, 14, 16, 18, 20]), (0, 1e308, 1, [10, 12, 14, 16, 18, 20]),
                      (0, 40, 1e-300, [10, 12, 14, 16, 18, 20]), (0, 40, 1, [10, 12, 14, 16, 18, 1e19])])
    func theAdvisorAnswersOnAHugeRange(_ min: Double, _ max: Double, _ step: Double, _ settings: [Double]) throws {
        let advice = try DialInAdvisor.advise(journal: journal(min: min, max: max, step: step, settings: settings),
                                              grinder: 0, method: 0)
        let e = advice.estimate
        #expect(e.next >= e.scale.lower && e.next <= e.scale.upper)
        #expect(e.scale.settings.count <= DialInScale.maximumSettings + 1)
        _ = advice.curveSample()
    }

    /// A dial in thirds whose span is far past any dial: its settings stay a bounded list.
    @Test func aHugeDialInThirdsIsBounded() {
        let s = DialInScale(lower: 1, upper: 1e19, step: 1.0 / 3, anchor: 1, notation: .thirds)
        #expect(s.settings.count <= DialInScale.maximumSettings + 1)
    }

    /// `grinders.toml` with a minimum, maximum or step past the bounds (10¹⁹, ±∞, NaN), a maximum below the
    /// minimum, or more than 10⁶ steps: refused, naming the file, the grinder's key and the reason.
    @Test(arguments: [
        ("max = 1e19", "grinders.X.max", "beyond ±1,000,000"),
        ("min = 0\nmax = inf", "grinders.X.max", "not a finite number"),
        ("min = -inf\nmax = 4", "grinders.X.min", "not a finite number"),
        ("min = 0\nmax = nan", "grinders.X.max", "not a finite number"),
        ("step = nan", "grinders.X.step", "not a finite number"),
        ("min = 10\nmax = 0", "grinders.X", "min must be below max"),
        ("min = 0\nmax = 40\nstep = 1e-300", "grinders.X", "more than 1,000,000 steps"),
    ])
    func grindersFilePastTheBoundsIsRefused(_ body: String, key: String, reason: String) {
        do {
            _ = try GrinderCatalogue.builtIn.merging(toml: "[grinders.X]\n\(body)\n", file: "my-grinders.toml")
            Issue.record("accepted \(body)")
        } catch {
            let text = "\(error)"
            #expect(text.contains("my-grinders.toml") && text.contains(key) && text.contains(reason), "\(text)")
        }
    }

    /// At the bounds a file is read.
    @Test func grindersFileAtTheBoundsIsRead() throws {
        let c = try GrinderCatalogue.builtIn.merging(toml: "[grinders.X]\nmin = -1000000\nmax = 1000000\nstep = 2\n",
                                                     file: "g.toml")
        #expect(c.spec(for: "X")?.lower == -1_000_000 && c.spec(for: "X")?.upper == 1_000_000)
    }
}
