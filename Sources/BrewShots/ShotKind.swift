import BrewColumns
import BrewStats
import Foundation

/// What a recorded shot is for the statistics, decided from its file alone (docs/shots.md, "Shots that are not
/// espresso").
///
/// Rules, in this order:
/// - **cleaning**: the file says the machine ran a cleaning or calibration cycle (Decent's `beverage_type`
///   `cleaning` or `calibrate`, any case: the words of Decent's cleaning, test and calibration profiles, which
///   Decenza's rows keep), or the profile's name holds `clean`, `flush` (a backflush too), `descal` or `rinse`, any
///   case — a flush, cleaning cycle or calibration run is not a shot to learn from;
/// - **aborted**: under ``abortedSeconds`` (10 s) long and under ``abortedGrams`` (5 g) in the cup (the brew's
///   yield, else the scale's last weight; a scale that never reached 0.5 g is 0 g; a shot without a weight is not
///   judged) — a shot stopped by hand at once, or a failed start;
/// - **filter**: the file says the machine made a filter brew (Decent's `beverage_type` `filter` or `pourover`),
///   or it is at least 10 s long (``BrewStats/ShotMetricRules/filterMinimumDuration``) with a pressure channel
///   whose valid samples never pass ``filterPressure`` (2 bar), or a yield past ``filterRatio`` (5) × the dose — a
///   filter brew made on the machine;
/// - otherwise **espresso**.
///
/// Cleaning and aborted shots are left out of the journal: listed with the reason among the import's rejects, so
/// they reach no statistic, flag or advice. A filter shot stays a brew, of the machine's filter method
/// (``filterMethodName(_:)``, category ``BrewColumns/MethodCategory/other``): out of the espresso statistics, the
/// shot section's flags and norms, and the espresso advice, and named in the import's warnings.
enum ShotKind: Equatable {
    case espresso
    /// A filter brew made on the machine, with the rule that says so.
    case filter(String)
    /// Not a shot to learn from (cleaning, aborted), with why.
    case leftOut(String)

    static let abortedSeconds = 10.0
    static let abortedGrams = 5.0
    static let filterPressure = 2.0
    static let filterRatio = 5.0
    static let cleaningWords = ["clean", "flush", "descal", "rinse"]
    /// Decent's `beverage_type` values of a filter brew made on the machine (its profiles' own words).
    static let filterBeverages: Set<String> = ["filter", "pourover"]
    /// Decent's `beverage_type` values of a run that is not a drink: `cleaning` (its forward-flush and clean
    /// profiles, `Cleaning/Forward flush`) and `calibrate` (its test and calibration profiles, `Test/Flow
    /// calibration`), as de1app's `profiles/*.tcl` and Decenza's `resources/profiles/*.json` write them.
    static let cleaningBeverages: [String: String] = ["cleaning": "a cleaning cycle", "calibrate": "a calibration"]

    /// `v` with one decimal: `8.2`.
    static func one(_ v: Double) -> String { String(format: "%.1f", v) }

    /// The method a filter brew made on `machine` is counted under: `Decent DE1 (filter)`.
    static func filterMethodName(_ machine: String) -> String { machine + " (filter)" }

    /// The kind of `shot`, whose validated series is `series`; `yield` is the brew's (the drink weight, else the
    /// scale's last weight of at least 0.5 g).
    static func of(_ shot: ParsedShot, _ series: ShotSeries, yield: Double?) -> ShotKind {
        if let beverage = shot.beverageType?.lowercased(), let what = cleaningBeverages[beverage] {
            return .leftOut("a cleaning shot (its file says the machine ran \(what): beverage_type \(beverage)),"
                + " not a shot to learn from: left out of statistics and advice")
        }
        let profile = (shot.profile ?? "").lowercased()
        if let word = cleaningWords.first(where: { profile.contains($0) }) {
            let what = ["clean": "cleaning", "flush": "flushing", "descal": "descaling", "rinse": "rinsing"][word]
                ?? word
            return .leftOut("a cleaning shot (its profile '\(shot.profile ?? "")' names \(what)),"
                + " not a shot to learn from: left out of statistics and advice")
        }
        let duration = series.channels[.time]?.last.flatMap { $0 }.map(Double.init) ?? 0
        // The cup's weight must be known (a drink weight, or a scale that reached first drops; a scale that stays
        // under 0.5 g counts as 0 g): a shot without one is not judged aborted.
        let grams = yield ?? (series.channels[.weight] != nil ? 0 : nil)
        if let grams, duration < abortedSeconds, grams < abortedGrams {
            return .leftOut("an aborted shot (\(one(duration)) s, \(one(grams)) g: under "
                + "\(Int(abortedSeconds)) s and \(Int(abortedGrams)) g), left out of statistics and advice")
        }
        if let beverage = shot.beverageType?.lowercased(), filterBeverages.contains(beverage) {
            return .filter("its file says the machine made \(beverage == "filter" ? "a filter brew" : "a pour-over")"
                + " (beverage_type \(beverage))")
        }
        if duration >= ShotMetricRules.filterMinimumDuration, let pressure = series.channels[.pressure] {
            let valid = pressure.compactMap { $0 }.filter { $0 >= 0 }
            if let peak = valid.max(), Double(peak) <= filterPressure {
                return .filter("its pressure never passes \(Int(filterPressure)) bar (peak \(one(Double(peak))) bar)")
            }
        }
        if let yield, let dose = shot.dose, dose > 0, yield / dose > filterRatio {
            return .filter("its yield is \(one(yield / dose)) × the dose (past 1:\(Int(filterRatio)))")
        }
        return .espresso
    }
}
