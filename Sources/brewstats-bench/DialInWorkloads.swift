import BrewAdvice
import BrewAdviceSimulation
import Foundation

/// The dial-in advisor: `brewstats dial-in` on a 100,000-brew generated store (seed 7), process start to finish,
/// against the weekly report's single grind-vs-rating chart of the same grinder × method as a yardstick; and the
/// closed-loop simulator in process — the 12 standard scenarios (``DialInSimulator/Scenario/standard``) ×
/// `bagsPerScenario` bags, 6 brews each, for the advisor and both baselines on the same bags and noise. The
/// simulator's figures (median distance of the stated best from the true sweet spot, mean rating lost per brew,
/// the interval's coverage) go into the result's `extra` and its detail line, which the README quotes.
enum DialInWorkloads {
    static let bagsPerScenario = 100

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        var results: [WorkloadResult] = []
        let store = try ctx.journal(brews: 100_000, format: "sqlite", seed: 7)
        let ours = try ctx.measure("brewstats", [ctx.brewstats, "dial-in", store.path, "--grinder", "Comandante C40",
                                                 "--method", "V60"])
        let chart = try ctx.scratchFolder("dial-in")
        defer { try? FileManager.default.removeItem(at: chart) }
        let grind = try ctx.measure("chart grind-rating", [ctx.brewstats, "chart", "grind-rating", store.path,
                                                           "--grinder", "Comandante C40", "--method", "V60",
                                                           "-o", chart.appendingPathComponent("g.svg").path])
        results.append(WorkloadResult(
            family: "dial-in", name: "dial-in",
            detail: "100000-brew store, Comandante C40 × V60, process start to finish",
            ours: ours, references: [grind], target: "< 0.3 s"))

        // The simulator, in process.
        let began = Date()
        let (table, pooled) = DialInSimulator.table(bags: bagsPerScenario)
        let seconds = Date().timeIntervalSince(began)
        print(table)
        // Robustness: asymmetric curves, which the model does not assume (reported, not a target).
        print(DialInSimulator.table(scenarios: DialInSimulator.Scenario.asymmetric, bags: bagsPerScenario).markdown)
        // Journals shaped like real ones: thin histories with ruined brews, taste notes and shot times without
        // ratings, a stepless dial's two sides, the Ode's thirds (each against its own baseline).
        print(DialInSimulator.journalTable(bags: bagsPerScenario).markdown)
        // Espresso from shot times alone, against a barista going by the clock (docs/advisor.md, "Timed shots").
        print(DialInSimulator.journalTable(scenarios: DialInSimulator.Scenario.timedShots, bags: bagsPerScenario)
            .markdown)
        // Bags whose sweet spot drifts with age, told the ages and with the roast dates removed (docs/advisor.md,
        // "Age").
        print(DialInSimulator.ageTable(bags: bagsPerScenario).markdown)
        let a = pooled[.advisor]!, h = pooled[.hillClimbing]!, r = pooled[.repeatBest]!
        let extra = ["advisor_median_distance": a.medianDistance, "hill_climbing_median_distance": h.medianDistance,
                     "repeat_best_median_distance": r.medianDistance, "advisor_mean_loss": a.meanLoss,
                     "hill_climbing_mean_loss": h.meanLoss, "repeat_best_mean_loss": r.meanLoss,
                     "advisor_coverage": a.coverage ?? .nan]
        results.append(WorkloadResult(
            family: "dial-in", name: "dial-in simulator",
            detail: String(
                format: "12 scenarios × %d bags × 6 brews, in process; median " +
                    "distance of the best from the true sweet spot %.2f steps; "
                           + "rating lost %.2f vs hill-climbing %.2f (%.2f×); 80 %% interval covers %.0f %%",
                           bagsPerScenario, a.medianDistance, a.meanLoss, h.meanLoss, a.meanLoss / h.meanLoss,
                           100 * (a.coverage ?? .nan)),
            ours: Measurement(subject: "simulator", seconds: [seconds]), references: [],
            target: "median distance ≤ 1.5 steps; loss ≤ 0.8 × hill-climbing's", extra: extra))
        return results
    }
}
