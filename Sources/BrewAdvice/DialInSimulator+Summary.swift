import Foundation

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
    }

    /// Runs `bags` bags with seeds `firstSeed, firstSeed + 1, …` and summarises each policy.
    public func summarise(bags: Int, firstSeed: UInt64 = 1) -> [Summary] {
        var outcomes: [Policy: [Outcome]] = [:]
        for b in 0..<bags {
            for (policy, o) in run(seed: firstSeed &+ UInt64(b)) { outcomes[policy, default: []].append(o) }
        }
        return Policy.allCases.map { p in
            let os = outcomes[p] ?? []
            let distances = os.compactMap { o in o.statedBest.map { abs($0 - o.trueSweetSpot) / scenario.step } }.sorted()
            let covered = os.filter { o in
                guard let lo = o.low, let hi = o.high else { return false }
                return lo <= o.trueSweetSpot && o.trueSweetSpot <= hi
            }.count
            return Summary(policy: p, bags: os.count, medianDistance: Self.median(distances),
                           meanLoss: os.map(\.meanLoss).reduce(0, +) / Double(max(1, os.count)),
                           coverage: p == .advisor ? Double(covered) / Double(max(1, os.count)) : nil)
        }
    }

    /// The median (mean of the middle two for an even count); NaN for none.
    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}
