import BrewAdvice

/// Why a back-test cannot be made.
public enum BacktestError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The grinder, method or bean named cannot be used (``BrewAdvice/AdviceError``: no match, ambiguous).
    case advice(AdviceError)
    /// No grinder × method of the journal (or none of the one asked for) has a dated brew with a bean, a numeric
    /// grind setting and a rating: nothing to replay.
    case nothingToReplay(scope: String)

    public var description: String {
        switch self {
        case .advice(let e): e.description
        case .nothingToReplay(let scope):
            "nothing to replay for \(scope): a back-test needs dated brews with a bean, a numeric grind setting and " +
                "a rating"
        }
    }
}
