/// A bag's age at a brew (docs/definitions.md, "Bag age"): the days off roast, less the days the bag spent in the
/// freezer before the brew. Written once here; the derived ``DerivedColumns/bagAge`` column, the rest charts, the bean
/// page and the dial-in advisor's drift with age all use it.
///
/// With the brew's local day `b`, the roast day `r`, the freezing day `f` and the thawing day `t` (``Day`` indices):
/// - days off roast = `b − r` (negative when the data says the brew came first);
/// - days frozen = the days of `[f, t)` that fall in `[r, b)`: `max(0, min(t, b) − max(f, r))`, with `t = b` when the
///   bag has no thawing day (brewed from the freezer, or still frozen: every day since `f` counts as frozen);
/// - bag age = days off roast − days frozen.
///
/// Edge cases: no freezing day gives no days frozen (a thawing day alone says nothing of when the bag went in); a
/// thawing day before the freezing day is a contradiction and counts no days frozen; a brew on the freezing day has
/// spent none of its age frozen (the day is counted from the freezing day on). Beanconqueror's own age counts one
/// day per 90 frozen; this definition counts none.
public enum BagAge {
    /// The brew's days off roast, `brewDay − roastDay`.
    @inlinable
    public static func daysOffRoast(brewDay: Int32, roastDay: Int32) -> Int32 { brewDay - roastDay }

    /// The days of `[frozen, thawed ?? brewDay)` inside `[roastDay, brewDay)`; 0 without a freezing day or when the
    /// thawing day comes before it.
    @inlinable
    public static func daysFrozen(brewDay: Int32, roastDay: Int32, frozen: Int32?, thawed: Int32?) -> Int32 {
        guard let frozen else { return 0 }
        if let thawed, thawed < frozen { return 0 }
        let end = min(thawed ?? brewDay, brewDay), start = max(frozen, roastDay)
        return max(0, end - start)
    }

    /// The bag age in days: days off roast less days frozen.
    @inlinable
    public static func days(brewDay: Int32, roastDay: Int32, frozen: Int32? = nil, thawed: Int32? = nil) -> Int32 {
        daysOffRoast(brewDay: brewDay, roastDay: roastDay)
            - daysFrozen(brewDay: brewDay, roastDay: roastDay, frozen: frozen, thawed: thawed)
    }
}
