import BrewStats

/// A way out of a refusal: what to ask for instead. The caller words it — the command line names its flag
/// (`try --week 2026-W47`), another caller its own control — so the report layer names no flag.
public enum ReportRemedy: Sendable, Equatable, CustomStringConvertible {
    /// A report of `week`, the nearest week with brews; with `orLastWeek`, or of the last complete week before today
    /// (it, or the week before it, has brews).
    case nearestWeek(IsoWeek, orLastWeek: Bool)
    /// Another week: the one asked for holds nothing the chart draws.
    case anotherWeek
    /// The other control chart: the espresso one (`toEspresso`), or the pour-over one.
    case otherControlChart(toEspresso: Bool)

    /// The remedy in plain words: `the nearest week with brews is 2026-W47, or the last complete week`.
    public var description: String {
        switch self {
        case let .nearestWeek(week, orLast):
            "the nearest week with brews is \(week.label)" + (orLast ? ", or the last complete week" : "")
        case .anotherWeek: "try another week"
        case let .otherControlChart(toEspresso): toEspresso ? "try the espresso chart" : "try the pour-over chart"
        }
    }
}
