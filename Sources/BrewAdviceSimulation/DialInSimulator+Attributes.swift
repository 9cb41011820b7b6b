import BrewAdvice
import Foundation

extension DialInSimulator.Scenario {
    /// ``mixedRoasts`` with the roast levels blanked: the same journals (the same draws), the advisor not told which
    /// bag is light or dark, so its prior is one population of every bag.
    public static let mixedRoastsBlanked: [DialInSimulator.Scenario] = mixedRoasts.map { told in
        var s = told
        s.roastLevelsTold = false
        s.name = (told.name ?? told.description) + ", roast levels blanked"
        return s
    }
}

extension DialInSimulator {
    /// The advisor on the journals mixing light and dark roasts, told the roast levels and with them blanked, over
    /// `bags` bags each (seeds `90_000 × (i + 1)` on, the same for both): its rating lost per brew, the ratio of the
    /// two, and each one's 80 % interval coverage of the true sweet spot.
    public static func roastTable(bags: Int, options: DialInOptions = DialInOptions())
        -> (markdown: String, rows: [(scenario: Scenario, told: Summary, blanked: Summary)]) {
        var md = "| scenario | rating lost per brew: roast levels told · blanked | told ÷ blanked | " +
            "80 % interval covers: told · blanked |\n"
        md += "| --- | --- | --- | --- |\n"
        var rows: [(scenario: Scenario, told: Summary, blanked: Summary)] = []
        for (i, pair) in zip(Scenario.mixedRoasts, Scenario.mixedRoastsBlanked).enumerated() {
            let seed = UInt64(90_000 * (i + 1))
            let told = DialInSimulator(scenario: pair.0, options: options).summarise(bags: bags, firstSeed: seed)
                .first { $0.policy == .advisor }!
            let blanked = DialInSimulator(scenario: pair.1, options: options).summarise(bags: bags, firstSeed: seed)
                .first { $0.policy == .advisor }!
            rows.append((pair.0, told, blanked))
            md += String(format: "| %@ | %.3f · %.3f | %.2f | %.0f %% · %.0f %% |\n", pair.0.description,
                         told.meanLoss, blanked.meanLoss, told.meanLoss / blanked.meanLoss,
                         100 * (told.coverage ?? .nan), 100 * (blanked.coverage ?? .nan))
        }
        return (md, rows)
    }
}
