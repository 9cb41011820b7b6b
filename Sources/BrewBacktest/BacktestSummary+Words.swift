import Foundation

extension BacktestSummary {
    /// The verdict in one sentence, with the number of bags it rests on and its interval: what the page leads with and
    /// `dial-in --backtest` prints.
    ///
    /// "Too thin to judge: 2 bags with 3 or more replayed brews and advice (5 needed)." · "Over 7 bags the advice
    /// pointed at the setting of each bag's best-rated cup 1.4 brews sooner than it was brewed (90 % bootstrap
    /// interval 0.6 to 2.3)." A later verdict is said in brews later, its interval too ("… 1.2 brews later … (90 %
    /// bootstrap interval 0.4 to 2.0)").
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
            // Said as brews later, so the interval is of the brews later too: the saving's interval negated.
            let later = "\(Self.percentWords(level)) bootstrap interval \(Self.signed(high.map { -$0 })) to " +
                "\(Self.signed(low.map { -$0 }))"
            return "\(over) \(pointed) \(Self.decimal(-(meanSaved ?? 0))) brews later on average than it was brewed " +
                "(\(later))."
        case .unclear:
            return "\(over) no clear difference: \(pointed) \(Self.signed(meanSaved)) brews sooner on average than " +
                "it was brewed, and the \(interval) holds zero."
        }
    }

    /// The verdict in a few words, for a table's cell: "sooner", "later", "no clear difference", "too thin".
    public var verdictWords: String {
        switch verdict {
        case .tooThin: "too thin"
        case .sooner: "sooner"
        case .later: "later"
        case .unclear: "no clear difference"
        }
    }

    /// The mean saving as the page's lead figure states it: "Brews sooner" with the saving, or "Brews later" with the
    /// brews later when the mean is below zero, and its interval in the same direction (`nil` without one).
    public var leadFigure: (label: String, mean: Double?, low: Double?, high: Double?) {
        guard let mean = meanSaved, mean < 0 else { return ("Brews sooner", meanSaved, low, high) }
        return ("Brews later", -mean, high.map { -$0 }, low.map { -$0 })
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
