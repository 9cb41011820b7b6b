import Foundation

extension BacktestSummary {
    /// The verdict in one sentence, with the number of bags it rests on and its interval: what the page leads with and
    /// `dial-in --backtest` prints.
    ///
    /// "Too thin to judge: 2 bags with 3 or more replayed brews and advice (5 needed)." · "Over 7 bags the advice
    /// pointed at the setting of each bag's best-rated cup 1.4 brews sooner than it was brewed (90 % bootstrap
    /// interval 0.6 to 2.3)."
    public func sentence(_ options: BacktestOptions) -> String {
        let interval = "\(Self.percentWords(level)) bootstrap interval \(Self.signed(low)) to \(Self.signed(high))"
        let over = "Over \(Self.count(judged, "bag"))"
        let pointed = "the advice pointed at the setting of each bag's best-rated cup"
        switch verdict {
        case .tooThin:
            return "Too thin to judge: \(Self.count(judged, "bag")) with \(options.minimumBrews) or more replayed " +
                "brews and advice (\(options.minimumBags) needed)."
        case .sooner:
            return "\(over) \(pointed) \(Self.decimal(meanSaved ?? 0)) brews sooner on average than it was brewed " +
                "(\(interval))."
        case .later:
            return "\(over) \(pointed) \(Self.decimal(-(meanSaved ?? 0))) brews later on average than it was brewed " +
                "(\(interval))."
        case .unclear:
            return "\(over) no clear difference: \(pointed) \(Self.signed(meanSaved)) brews sooner on average than " +
                "it was brewed, and the \(interval) holds zero."
        }
    }

    /// What every statement of the back-test compares, said once.
    public static let comparisonWords = "The comparison is the distance of each setting from the bag's own " +
        "best-rated settings: it does not say that a cup nobody brewed would have been rated higher."

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    static func decimal(_ x: Double) -> String { String(format: "%.1f", x) }
    static func signed(_ x: Double?) -> String {
        guard let x else { return "—" }
        let text = decimal(x)
        return text == "-0.0" ? "0.0" : text.replacingOccurrences(of: "-", with: "−")
    }
    public static func percentWords(_ level: Double) -> String { "\(Int((level * 100).rounded())) %" }
}
