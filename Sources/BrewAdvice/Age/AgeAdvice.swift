import BrewColumns
import BrewStats
import Foundation

/// The bag age in the advice: when the earlier bags' rated brews and the bag's own show a drift of the sweet spot
/// with age (``AgeDrift/shows``), every brew is moved to where it would sit at the next brew's age and the model is
/// fitted on the moved brews, so its answer (next, best, interval) is for that age. Without the evidence nothing is
/// moved: the answer is today's, number for number.
///
/// Ages are ``BagAge`` days counted on UTC days (the advisor reads no time zone; a brew near midnight may count a
/// day apart from the report's local day). The next brew's day is the day of `asOf`, else the day after the bag's
/// latest brew (the next morning), else the day after the grinder × method's latest brew. A brew without an age
/// (undated, or its bean without a roast date) is left where it was; the bag itself must have a roast date and
/// every one of its rated brews an age. Taste and shot cues, and the map of settings brewed, are not moved.
struct AgeAdvice {
    let drift: AgeDrift
    /// The bag's age at the next brew, days.
    let nextAge: Double
    /// The earlier bags' and this bag's rated brews, moved to ``nextAge``.
    let history: [[BrewPoint]]
    let current: [BrewPoint]

    /// The ``BagAge`` of brew `row` of bean code `bean` (-1: none) on its UTC day; `nil` without a date or roast day.
    static func age(_ journal: Journal, row: Int, bean: Int) -> Double? {
        guard bean >= 0, journal.beans.indices.contains(bean), let t = journal.brews.brewDate[row] else { return nil }
        return age(of: journal.beans[bean], day: Int32(clamping: Self.utcDay(t)))
    }

    /// The UTC day (``Day`` index) of an instant in microseconds, rounding down.
    static func utcDay(_ us: Int64) -> Int64 {
        let d = us / 86_400_000_000
        return us % 86_400_000_000 < 0 ? d - 1 : d
    }

    /// The ``BagAge`` of `bean` on `day`; `nil` without a roast day.
    static func age(of bean: CoffeeBean, day: Int32) -> Double? {
        guard let roast = bean.roastDate else { return nil }
        return Double(BagAge.days(brewDay: day, roastDay: roast.index, frozen: bean.frozenDate?.index,
                                  thawed: bean.thawDate?.index))
    }

    /// The drift for bag slot `slot` (bean code + 1) with earlier slots `earlier` (the model's history, same
    /// order), or `nil` when the evidence shows none or the bag's next age is unknown.
    static func make(_ journal: Journal, brews: MethodBrews, slot: Int, earlier: [Int],
                     asOf: Timestamp?) -> AgeAdvice? {
        let bean = slot - 1
        guard bean >= 0, journal.beans.indices.contains(bean) else { return nil }
        func aged(_ s: Int) -> [AgedPoint] {
            guard brews.byBag.indices.contains(s) else { return [] }
            return zip(brews.byBag[s], brews.agesByBag[s]).compactMap { p, a in
                a.map { AgedPoint(setting: p.setting, rating: p.rating, age: $0) }
            }
        }
        let ownAges = brews.agesByBag.indices.contains(slot) ? brews.agesByBag[slot] : []
        guard ownAges.allSatisfy({ $0 != nil }) else { return nil }
        let day: Int64
        if let asOf {
            day = Self.utcDay(asOf.microseconds)
        } else {
            let last = brews.lastBrew.indices.contains(slot) ? brews.lastBrew[slot] : nil
            guard let latest = (last ?? brews.lastBrew.compactMap { $0 }.max { $0 < $1 })?.0, latest != .min
            else { return nil }
            day = Self.utcDay(latest) + 1
        }
        guard let nextAge = age(of: journal.beans[bean], day: Int32(clamping: day)),
              let drift = AgeDrift.fit(earlier.map(aged) + [aged(slot)]), drift.shows else { return nil }
        func moved(_ s: Int) -> [BrewPoint] {
            zip(brews.byBag[s], brews.agesByBag[s]).map { p, a in
                a.map { BrewPoint(setting: p.setting - drift.delta * ($0 - nextAge), rating: p.rating) } ?? p
            }
        }
        return AgeAdvice(drift: drift, nextAge: nextAge, history: earlier.map(moved), current: moved(slot))
    }
}

/// What the advice says of age (``DialInAdvice/age``): the drift learned and the bag's age at the next brew.
public struct AgeStatement: Sendable {
    public let drift: AgeDrift
    public let nextAge: Double
}

extension AgeStatement {
    /// The sentence `why` ends with: the drift in the dial's steps (clicks on a dial in thirds) per day of bag age,
    /// which way, over how many bags and rated brews, its 80 % interval, and the bag's age at the next brew.
    static func words(_ d: AgeDrift, nextAge: Double, scale: DialInScale) -> String {
        let unit = scale.notation == .thirds ? "clicks" : "steps"
        let perDay = d.delta / scale.unit
        let coarser = (perDay > 0) == scale.coarserIsHigher
        let (lo, hi) = d.interval80
        let sign = perDay < 0 ? -1.0 : 1.0
        let a = sign * lo / scale.unit, b = sign * hi / scale.unit
        func f(_ x: Double) -> String { String(format: "%.2f", x) }
        let days = Int(nextAge.rounded())
        return "Your bags ran about \(f(abs(perDay))) \(unit) \(coarser ? "coarser" : "finer") per day of age "
            + "(days off roast, less days frozen) over \(d.bags) bags and \(d.brews) rated brews "
            + "(80 %: \(f(min(a, b)))–\(f(max(a, b))) a day); this bag is \(days) day\(days == 1 ? "" : "s") "
            + "off roast at the next brew, and the advice is for that age."
    }
}
