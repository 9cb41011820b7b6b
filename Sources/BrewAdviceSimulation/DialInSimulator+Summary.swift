import BrewAdvice
import Foundation
import BrewStats

extension DialInSimulator {
    /// One policy's results over many bags of a scenario.
    public struct Summary: Sendable {
        public var policy: Policy
        public var bags: Int
        /// Median of |stated best − true sweet spot|, in steps.
        public var medianDistance: Double
        /// Mean over bags of the mean rating lost per brew.
        public var meanLoss: Double
        /// Share of bags whose interval covers the true sweet spot (the advisor only).
        public var coverage: Double?
        /// Every bag's |stated best − true sweet spot| in steps, ascending.
        public var distances: [Double]
        /// Every bag's mean rating lost per brew.
        public var losses: [Double]

        /// The summary of several summaries' bags pooled.
        public static func pooled(_ parts: [Summary]) -> Summary {
            let d = parts.flatMap(\.distances).sorted(), l = parts.flatMap(\.losses)
            let bags = parts.reduce(0) { $0 + $1.bags }
            let cov = parts.allSatisfy { $0.coverage != nil } && bags > 0
                ? parts.reduce(0.0) { $0 + $1.coverage! * Double($1.bags) } / Double(bags) : nil
            return Summary(policy: parts.first?.policy ?? .advisor, bags: bags,
                           medianDistance: DialInSimulator.median(d),
                           meanLoss: l.reduce(0, +) / Double(max(1, l.count)), coverage: cov, distances: d, losses: l)
        }
    }

    /// The simulator's results over `scenarios` as a Markdown table (one row per scenario and one pooled per noise
    /// level and overall): median |best − true| in steps and mean rating lost per brew for each policy, the
    /// advisor's loss as a share of hill climbing's, and the coverage of its interval.
    public static func table(
        scenarios: [Scenario] = Scenario.standard, bags: Int, options: DialInOptions = DialInOptions()
    )
        -> (markdown: String, pooled: [Policy: Summary]) {
        var rows: [(String, [Policy: Summary])] = []
        var all: [Policy: [Summary]] = [:], byNoise: [Double: [Policy: [Summary]]] = [:]
        for (i, sc) in scenarios.enumerated() {
            let summary = DialInSimulator(scenario: sc, options: options).summarise(bags: bags,
                firstSeed: UInt64(10_000 * (i + 1)))
            var row: [Policy: Summary] = [:]
            for s in summary {
                row[s.policy] = s
                all[s.policy, default: []].append(s)
                byNoise[sc.noise, default: [:]][s.policy, default: []].append(s)
            }
            rows.append(("noise \(sc.noise), width \(sc.width), spread \(sc.spread)"
                         + (sc.asymmetry == 1 ? "" : ", coarse side \(sc.asymmetry)×"), row))
        }
        for noise in byNoise.keys.sorted() {
            rows.append(("**noise \(noise), pooled**", byNoise[noise]!.mapValues { Summary.pooled($0) }))
        }
        let pooled = all.mapValues { Summary.pooled($0) }
        rows.append(("**all, pooled**", pooled))
        var md =
            "| scenario (steps) | median \\|best − true\\|: advisor · hill-climbing · repeat-best | rating lost per " +
                "brew: advisor · hill-climbing · repeat-best | advisor ÷ hill-climbing | 80 % interval covers |\n"
        md += "| --- | --- | --- | --- | --- |\n"
        for (name, r) in rows {
            let a = r[.advisor]!, h = r[.hillClimbing]!, b = r[.repeatBest]!
            md += String(format: "| %@ | %.2f · %.2f · %.2f | %.2f · %.2f · %.2f | %.2f | %.0f %% |\n", name,
                         a.medianDistance, h.medianDistance, b.medianDistance, a.meanLoss, h.meanLoss, b.meanLoss,
                         a.meanLoss / h.meanLoss, 100 * (a.coverage ?? .nan))
        }
        return (md, pooled)
    }

    /// The journal-shaped scenarios (``Scenario/journalShaped``) as a Markdown table: per scenario the advisor's and
    /// its baseline's (hill climbing on ratings; taste-stepping without ratings) median |best − true| in steps or
    /// clicks, their mean rating lost per brew, the ratio, and the coverage of the advisor's 80 % interval.
    public static func journalTable(scenarios: [Scenario] = Scenario.journalShaped, bags: Int,
                                    options: DialInOptions = DialInOptions()) -> (markdown: String,
                                    rows: [(Scenario, Summary, Summary)]) {
        var md =
            "| scenario | baseline | median \\|best − true\\| (steps): advisor · baseline | rating lost per brew: " +
                "advisor · baseline | advisor ÷ baseline | 80 % interval covers |\n"
        md += "| --- | --- | --- | --- | --- | --- |\n"
        var rows: [(Scenario, Summary, Summary)] = []
        for (i, sc) in scenarios.enumerated() {
            let sim = DialInSimulator(scenario: sc, options: options)
            let summary = sim.summarise(bags: bags, firstSeed: UInt64(50_000 * (i + 1)))
            let a = summary.first { $0.policy == .advisor }!, b = summary.first { $0.policy == sim.baseline }!
            rows.append((sc, a, b))
            md += String(format: "| %@ | %@ | %.2f · %.2f | %.2f · %.2f | %.2f | %.0f %% |\n", sc.description,
                         sim.baseline.rawValue,
                         a.medianDistance, b.medianDistance, a.meanLoss, b.meanLoss, a.meanLoss / b.meanLoss,
                         100 * (a.coverage ?? .nan))
        }
        return (md, rows)
    }

    /// Runs `bags` bags with seeds `firstSeed, firstSeed + 1, …` and summarises each policy.
    public func summarise(bags: Int, firstSeed: UInt64 = 1) -> [Summary] {
        var outcomes: [Policy: [Outcome]] = [:]
        for b in 0..<bags {
            for (policy, o) in run(seed: firstSeed &+ UInt64(b)) { outcomes[policy, default: []].append(o) }
        }
        return policies.map { Self.summary($0, outcomes[$0] ?? []) }
    }

    /// The summary of `policy`'s outcomes `os` (the coverage for the advisor only).
    static func summary(_ policy: Policy, _ os: [Outcome]) -> Summary {
        let distances = os.compactMap { o in o.statedBest.map { abs($0 - o.trueSweetSpot) } }.sorted()
        let covered = os.filter { o in
            guard let lo = o.low, let hi = o.high else { return false }
            return lo <= o.trueSweetSpot && o.trueSweetSpot <= hi
        }.count
        return Summary(policy: policy, bags: os.count, medianDistance: Self.median(distances),
                       meanLoss: os.map(\.meanLoss).reduce(0, +) / Double(max(1, os.count)),
                       coverage: policy == .advisor ? Double(covered) / Double(max(1, os.count)) : nil,
                       distances: distances, losses: os.map(\.meanLoss))
    }

    /// The median (mean of the middle two for an even count); NaN for none.
    static func median(_ values: [Double]) -> Double { BrewStats.median(values) ?? .nan }
}
