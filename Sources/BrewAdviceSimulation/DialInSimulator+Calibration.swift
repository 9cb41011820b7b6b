import BrewAdvice
import Foundation

extension DialInSimulator {
    /// What the advisor's words meant over many bags of one scenario: the 80 % interval's coverage of the true sweet
    /// spot, and per confidence word the bags stated with it and how many had the true sweet spot within one step
    /// (click, model unit) of the stated best.
    public struct Calibration: Sendable {
        public var scenario: String
        public var bags: Int
        public var coverage: Double
        /// Bags stated with each word, and of them those whose true sweet spot lay within one step of `best`.
        public var stated: [DialInEstimate.Confidence: Int]
        public var withinOneStep: [DialInEstimate.Confidence: Int]
        /// Share of bags whose best-rated setting lies inside the interval or whose answer says why not.
        public var bestRatedInside: Double

        /// The share of bags stated `word` with the truth within one step; `nil` when none was.
        public func rate(_ word: DialInEstimate.Confidence) -> Double? {
            guard let n = stated[word], n > 0 else { return nil }
            return Double(withinOneStep[word] ?? 0) / Double(n)
        }
    }

    /// The calibration of the advisor over `bags` bags from `firstSeed` on.
    public func calibration(bags: Int, firstSeed: UInt64) -> Calibration {
        var c = Calibration(scenario: scenario.description, bags: 0, coverage: 0, stated: [:], withinOneStep: [:],
            bestRatedInside: 0)
        var covered = 0, inside = 0
        for b in 0..<bags {
            guard let o = run(seed: firstSeed &+ UInt64(b))[.advisor] else { continue }
            c.bags += 1
            if let lo = o.low, let hi = o.high, lo <= o.trueSweetSpot, o.trueSweetSpot <= hi { covered += 1 }
            if o.bestRatedInside ?? true { inside += 1 }
            guard let word = o.confidence else { continue }
            c.stated[word, default: 0] += 1
            if let best = o.statedBest, abs(best - o.trueSweetSpot) <= 1 { c.withinOneStep[word, default: 0] += 1 }
        }
        c.coverage = Double(covered) / Double(max(1, c.bags))
        c.bestRatedInside = Double(inside) / Double(max(1, c.bags))
        return c
    }

    /// The calibration of every scenario of `scenarios` as a Markdown table (seeds as
    /// ``table(scenarios:bags:options:)`` does not share: `70_000 × (i + 1)` on), and a pooled row.
    public static func calibrationTable(scenarios: [Scenario], bags: Int, options: DialInOptions = DialInOptions())
        -> (markdown: String, rows: [Calibration]) {
        var rows: [Calibration] = []
        for (i, sc) in scenarios.enumerated() {
            rows.append(
                DialInSimulator(scenario: sc, options: options).calibration(bags: bags,
                    firstSeed: UInt64(70_000 * (i + 1))))
        }
        var pooled = Calibration(scenario: "**all, pooled**", bags: 0, coverage: 0, stated: [:], withinOneStep: [:],
            bestRatedInside: 0)
        for r in rows {
            pooled.coverage += r.coverage * Double(r.bags); pooled.bestRatedInside += r.bestRatedInside * Double(r.bags)
            pooled.bags += r.bags
            for (k, v) in r.stated { pooled.stated[k, default: 0] += v }
            for (k, v) in r.withinOneStep { pooled.withinOneStep[k, default: 0] += v }
        }
        pooled.coverage /= Double(max(1, pooled.bags)); pooled.bestRatedInside /= Double(max(1, pooled.bags))
        var md =
            "| scenario | 80 % interval covers | high: bags · true sweet spot within 1 step | medium: bags · within " +
                "1 step | low: bags · within 1 step | best-rated setting inside the interval (or said) |\n"
        md += "| --- | --- | --- | --- | --- | --- |\n"
        func cell(_ c: Calibration, _ w: DialInEstimate.Confidence) -> String {
            guard let r = c.rate(w) else { return "0 · —" }
            return "\(c.stated[w]!) · \(Int((100 * r).rounded())) %"
        }
        for r in rows + [pooled] {
            md += "| \(r.scenario) | \(Int((100 * r.coverage).rounded())) % | \(cell(r, .high)) | " +
                "\(cell(r, .medium)) | \(cell(r, .low)) | \(Int((100 * r.bestRatedInside).rounded())) % |\n"
        }
        return (md, rows)
    }
}
