import BrewColumns

/// The derived quantities of journal-format §3, computed once per journal as columns beside the brew table.
///
/// Each column has one slot per brew; a slot is null where the quantity is undefined. Definitions (all
/// masses in g, TDS and EY in %):
/// - ``ratio``: espresso `yield ÷ dose`; every other category `water ÷ dose`; null when dose ≤ 0 or the
///   other mass is missing. ``espressoRatio`` and ``filterRatio`` hold the same values split by convention
///   (the other convention's slots null), because ratio statistics never mix the two (§4).
/// - ``beverageMass``: yield when present; otherwise, for non-espresso, `water − R × dose` with
///   R = ``StatsOptions/retentionFactor``; null for espresso without a yield or when a needed mass is missing.
/// - ``extractionYield``: `TDS × beverage mass ÷ dose`; null without TDS, beverage mass, or with dose ≤ 0;
///   null as well when outside ``StatsOptions/plausibleExtraction`` (0–35 % inclusive) — such brews are
///   implausible, excluded from every statistic, counted in ``implausibleExtractionCount`` and listed in
///   ``implausibleExtraction``.
/// - ``strength``: TDS.
/// - ``localDay``: the brew's calendar day (``Day`` index) in ``StatsOptions/timeZone``; null without a date.
/// - ``week``: the ``IsoWeek/index`` of ``localDay``.
/// - ``daysOffRoast``: local day of the brew − the bean's roast day (may be negative when the data says so);
///   null without either.
/// - ``zone``: the ``ControlChartZone/rawValue`` of (EY, TDS) against the category's ideal box; null where
///   the EY is null (missing or implausible).
///
/// Missing inputs are nulls; NaN inputs are treated as missing.
public struct DerivedColumns: Sendable {
    public let ratio: Float64Column
    public let espressoRatio: Float64Column
    public let filterRatio: Float64Column
    public let beverageMass: Float64Column
    public let extractionYield: Float64Column
    public let strength: Float64Column
    public let daysOffRoast: Float64Column
    public let localDay: Int32Column
    public let week: Int32Column
    public let zone: UInt8Column
    /// Brews whose EY was computed but fell outside the plausible range.
    public let implausibleExtraction: Selection
    /// `implausibleExtraction.count`.
    public var implausibleExtractionCount: Int { implausibleExtraction.count }
    /// The calendar used for ``localDay`` and ``week``.
    public let calendar: LocalCalendar
    /// The first and last week holding a dated brew; `nil` when no brew has a date.
    public let weekSpan: ClosedRange<IsoWeek>?

    /// Derives every column from `table` in one pass per column.
    public init(_ table: BrewTable, options: StatsOptions) {
        let n = table.count
        var span: ClosedRange<Int64>?
        let dates = table.brewDate
        for i in 0..<n where dates.isValid(i) {
            let t = dates.values[i]
            span = span.map { min($0.lowerBound, t)...max($0.upperBound, t) } ?? t...t
        }
        let calendar = LocalCalendar(timeZone: options.timeZone, span: span)
        self.calendar = calendar

        let category = table.category.values
        func read(_ c: Float64Column, _ i: Int) -> Double? {
            guard c.isValid(i) else { return nil }
            let v = c.values[i]
            return v.isNaN ? nil : v
        }

        var ratio = ColumnWriter<Double>(count: n), espresso = ColumnWriter<Double>(count: n)
        var filter = ColumnWriter<Double>(count: n), mass = ColumnWriter<Double>(count: n)
        var ey = ColumnWriter<Double>(count: n), zone = ColumnWriter<UInt8>(count: n)
        var implausible = [Int32]()
        let r = options.retentionFactor
        for i in 0..<n {
            let isEspresso = category[i] == MethodCategory.espresso.rawValue
            let dose = read(table.doseGrams, i)
            let water = read(table.waterGrams, i)
            let yield = read(table.yieldGrams, i)
            if let dose, dose > 0, let other = isEspresso ? yield : water {
                let q = other / dose
                ratio.set(i, q)
                if isEspresso { espresso.set(i, q) } else { filter.set(i, q) }
            }
            var bm: Double?
            if let yield { bm = yield } else if !isEspresso, let water, let dose { bm = water - r * dose }
            if let bm { mass.set(i, bm) }
            if let bm, let dose, dose > 0, let tds = read(table.tds, i) {
                let e = tds * bm / dose
                if options.plausibleExtraction.contains(e) {
                    ey.set(i, e)
                    let box = isEspresso ? options.espressoIdeal : options.filterIdeal
                    zone.set(i, ControlChartZone(ey: e, tds: tds, box: box).rawValue)
                } else {
                    implausible.append(Int32(i))
                }
            }
        }
        self.ratio = ratio.finish(); espressoRatio = espresso.finish(); filterRatio = filter.finish()
        beverageMass = mass.finish(); extractionYield = ey.finish(); self.zone = zone.finish()
        implausibleExtraction = Selection(implausible)
        strength = PrimitiveColumn(
            values: table.tds.values.map { $0.isNaN ? 0 : $0 },
            validity: table.tds.values.contains(where: \.isNaN)
                ? Bitmap.from(count: n) { table.tds.isValid($0) && !table.tds.values[$0].isNaN }
                : table.tds.validity)

        var day = ColumnWriter<Int32>(count: n), week = ColumnWriter<Int32>(count: n)
        var age = ColumnWriter<Double>(count: n)
        var firstWeek = Int32.max, lastWeek = Int32.min
        let roast = table.roastDate
        for i in 0..<n where dates.isValid(i) {
            let d = calendar.dayIndex(at: dates.values[i])
            let w = IsoWeek.index(ofDay: d)
            day.set(i, d); week.set(i, w)
            firstWeek = min(firstWeek, w); lastWeek = max(lastWeek, w)
            if roast.isValid(i) { age.set(i, Double(d - roast.values[i])) }
        }
        localDay = day.finish(); self.week = week.finish(); daysOffRoast = age.finish()
        weekSpan = firstWeek <= lastWeek ? IsoWeek(index: firstWeek)...IsoWeek(index: lastWeek) : nil
    }
}

/// Writes a column slot by slot in any order: values plus validity words, every slot null until set.
struct ColumnWriter<E: ColumnElement> {
    var values: [E]
    var words: [UInt64]
    let count: Int

    init(count: Int) {
        self.count = count
        values = Array(repeating: E.nullPlaceholder, count: count)
        words = Array(repeating: 0, count: (count + 63) >> 6)
    }

    mutating func set(_ i: Int, _ v: E) {
        values[i] = v
        words[i >> 6] |= 1 << UInt64(i & 63)
    }

    func finish() -> PrimitiveColumn<E> {
        PrimitiveColumn(values: values, validity: Bitmap(words: words, count: count))
    }
}

extension Bitmap {
    /// A bitmap of `count` slots with slot `i` set where `isSet(i)`.
    static func from(count: Int, _ isSet: (Int) -> Bool) -> Bitmap {
        var words = [UInt64](repeating: 0, count: (count + 63) >> 6)
        for i in 0..<count where isSet(i) { words[i >> 6] |= 1 << UInt64(i & 63) }
        return Bitmap(words: words, count: count)
    }
}
