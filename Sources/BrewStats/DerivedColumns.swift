import BrewColumns

/// The derived quantities of docs/definitions.md, computed once per journal as columns beside the brew table (the
/// mass formulas are stated once, in DerivedColumns+Definitions.swift).
///
/// Each column has one slot per brew; a slot is null where the quantity is undefined. Definitions (all
/// masses in g, TDS and EY in %):
/// - ``ratio``: espresso `yield ÷ dose`; every other category `water ÷ dose`; null when dose ≤ 0 or the
///   other mass is missing. ``espressoRatio`` and ``filterRatio`` hold the same values split by convention
///   (the other convention's slots null), because ratio statistics never mix the two (docs/definitions.md). They share
///   ``ratio``'s value storage and differ only in validity, so a null slot of one holds the other's ratio
///   rather than the placeholder; kernels read only valid slots (8 MB less per million brews, each).
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
/// - ``bagAge``: ``BagAge/days(brewDay:roastDay:frozen:thawed:)`` of the local day and the bean's roast, freezing and
///   thawing days: days off roast less the days frozen; null where ``daysOffRoast`` is. It shares ``daysOffRoast``'s
///   column when no brew's bean logs a freezing day.
/// - ``zone``: the ``ControlChartZone/rawValue`` of (EY, TDS) against the category's ideal box; null where
///   the EY is null (missing or implausible).
///
/// Missing inputs are nulls; NaN inputs are treated as missing. A quantity whose inputs are null in every slot (a
/// projected import that read no masses, or no TDS) is not computed: it is that null column, sharing one
/// all-null buffer with the others.
public struct DerivedColumns: Sendable {
    public let ratio: Float64Column
    public let espressoRatio: Float64Column
    public let filterRatio: Float64Column
    public let beverageMass: Float64Column
    public let extractionYield: Float64Column
    public let strength: Float64Column
    public let daysOffRoast: Float64Column
    /// The bag age at each brew (days off roast less days frozen, ``BagAge``).
    public let bagAge: Float64Column
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

    /// Derives every column from `table` in one pass over the rows, in row chunks across the cores.
    public init(_ table: BrewTable, options: StatsOptions) {
        let n = table.count
        let dates = table.brewDate
        var span: ClosedRange<Int64>?
        dates.values.withUnsafeBufferPointer { v in
            // SAFETY: `v` is the date column's own buffer of n values; only i < n is read.
            var lo = Int64.max, hi = Int64.min
            for i in 0..<n where dates.isValid(i) {
                let t = v[i]
                if t < lo { lo = t }
                if t > hi { hi = t }
            }
            if lo <= hi { span = lo...hi }
        }
        let calendar = LocalCalendar(timeZone: options.timeZone, span: span)
        self.calendar = calendar

        // Quantities whose inputs are null in every slot (a projected import reads no masses, or no TDS) are null in
        // every slot: they are neither computed nor given working buffers, and share one all-null column per type.
        let hasMasses = !(table.doseGrams.isAllNull && table.waterGrams.isAllNull && table.yieldGrams.isAllNull)
        let hasEY = hasMasses && !table.tds.isAllNull
        let hasAge = !table.roastDate.isAllNull
        let ratio = hasMasses ? SharedColumn<Double>(n) : nil, mass = hasMasses ? SharedColumn<Double>(n) : nil
        let espresso = hasMasses ? SharedBits(n) : nil, filter = hasMasses ? SharedBits(n) : nil
        let ey = hasEY ? SharedColumn<Double>(n) : nil, zone = hasEY ? SharedColumn<UInt8>(n) : nil
        let age = hasAge ? SharedColumn<Double>(n) : nil
        let hasFreezes = hasAge && !table.frozenDate.isAllNull
        let bag = hasFreezes ? SharedColumn<Double>(n) : nil
        let day = SharedColumn<Int32>(n), week = SharedColumn<Int32>(n)
        let r = options.retentionFactor, plausible = options.plausibleExtraction
        let espressoBox = options.espressoIdeal, filterBox = options.filterIdeal
        let espressoCode = MethodCategory.espresso.rawValue

        let chunks = parallelChunks(n) { rows -> (implausible: [Int32], weeks: ClosedRange<Int32>?) in
            var implausible = [Int32]()
            var firstWeek = Int32.max, lastWeek = Int32.min
            let category = Reader(table.category), dose = Reader(table.doseGrams), water = Reader(table.waterGrams)
            let yield = Reader(table.yieldGrams), tds = Reader(table.tds), date = Reader(table.brewDate)
            let roast = Reader(table.roastDate), frozen = Reader(table.frozenDate), thawed = Reader(table.thawDate)
            var segment: (start: Int64, end: Int64, offset: Int64) = (1, 0, 0)
            for i in rows {
                if let ratio, let mass, let espresso, let filter {
                    let isEspresso = category.value(i) == espressoCode
                    let d = dose.present(i), w = water.present(i), y = yield.present(i)
                    if let d, d > 0, let other = isEspresso ? y : w {
                        let q = other / d
                        ratio.set(i, q)
                        if isEspresso { espresso.set(i) } else { filter.set(i) }
                    }
                    if let bm = Self.beverageMass(yield: y, water: w, dose: d, isEspresso: isEspresso, retention: r) {
                        mass.set(i, bm)
                        if let ey, let zone, let d, d > 0, let t = tds.present(i) {
                            let e = Self.extractionYield(tds: t, beverageMass: bm, dose: d)
                            if plausible.contains(e) {
                                ey.set(i, e)
                                zone.set(i,
                                    ControlChartZone(ey: e, tds: t, box: isEspresso ? espressoBox : filterBox).rawValue)
                            } else {
                                implausible.append(Int32(i))
                            }
                        }
                    }
                }
                guard date.isValid(i) else { continue }
                let t = date.value(i)
                if t < segment.start || t >= segment.end { segment = calendar.segment(at: t) }
                let local = Int32(floorDiv(floorDiv(t, 1_000_000) + segment.offset, 86_400))
                let wk = IsoWeek.index(ofDay: local)
                day.set(i, local); week.set(i, wk)
                if wk < firstWeek { firstWeek = wk }
                if wk > lastWeek { lastWeek = wk }
                if let age, roast.isValid(i) {
                    let r = roast.value(i)
                    age.set(i, Double(BagAge.daysOffRoast(brewDay: local, roastDay: r)))
                    if let bag {
                        bag.set(i, Double(BagAge.days(brewDay: local, roastDay: r,
                                                      frozen: frozen.isValid(i) ? frozen.value(i) : nil,
                                                      thawed: thawed.isValid(i) ? thawed.value(i) : nil)))
                    }
                }
            }
            return (implausible, firstWeek <= lastWeek ? firstWeek...lastWeek : nil)
        }
        // Each column is copied out and its working buffer freed at once, so at most one column exists twice.
        var nullDoubles: Float64Column?  // made at the first quantity that is not computed
        func noDoubles() -> Float64Column {
            if let nullDoubles { return nullDoubles }
            let column = Float64Column.nulls(count: n)
            nullDoubles = column
            return column
        }
        if let ratio, let mass, let espresso, let filter {
            let ratios = ratio.finishAndRelease()
            self.ratio = ratios
            espressoRatio = PrimitiveColumn(values: ratios.values, validity: espresso.finishAndRelease())
            filterRatio = PrimitiveColumn(values: ratios.values, validity: filter.finishAndRelease())
            beverageMass = mass.finishAndRelease()
        } else {
            self.ratio = noDoubles(); espressoRatio = noDoubles(); filterRatio = noDoubles(); beverageMass = noDoubles()
        }
        if let ey, let zone {
            extractionYield = ey.finishAndRelease(); self.zone = zone.finishAndRelease()
        } else {
            extractionYield = noDoubles(); self.zone = .nulls(count: n)
        }
        implausibleExtraction = Selection(chunks.flatMap(\.implausible))
        // Strength is the TDS column itself (shared storage) unless it holds NaN, which becomes null here.
        strength = !table.tds.values.contains(where: \.isNaN) ? table.tds : PrimitiveColumn(
            values: table.tds.values.map { $0.isNaN ? 0 : $0 },
            validity: Bitmap.from(count: n) { table.tds.isValid($0) && !table.tds.values[$0].isNaN })
        localDay = day.finishAndRelease(); self.week = week.finishAndRelease()
        daysOffRoast = age?.finishAndRelease() ?? noDoubles()
        bagAge = bag?.finishAndRelease() ?? daysOffRoast
        let weeks = chunks.compactMap(\.weeks)
        if let lo = weeks.map(\.lowerBound).min(), let hi = weeks.map(\.upperBound).max() {
            weekSpan = IsoWeek(index: lo)...IsoWeek(index: hi)
        } else {
            weekSpan = nil
        }
    }
}

/// A column under construction that row chunks of ``parallelChunks(_:_:)`` fill concurrently: values plus
/// validity words, every slot null until set.
///
/// SAFETY (why `@unchecked Sendable`): chunks own disjoint row ranges whose boundaries are multiples of 64,
/// so no two threads write the same value slot or validity word; the column is read (``finish()``) only after
/// every chunk has returned, and freed (``release()``) once.
private final class SharedColumn<E: ColumnElement>: @unchecked Sendable {
    let values: UnsafeMutableBufferPointer<E>
    let words: UnsafeMutableBufferPointer<UInt64>
    let count: Int

    init(_ count: Int) {
        self.count = count
        values = .allocate(capacity: count)
        values.initialize(repeating: E.nullPlaceholder)
        words = .allocate(capacity: (count + 63) >> 6)
        words.initialize(repeating: 0)
    }

    @inline(__always) func set(_ i: Int, _ v: E) {
        values[i] = v
        words[i >> 6] |= 1 << UInt64(i & 63)
    }

    func finish() -> PrimitiveColumn<E> {
        PrimitiveColumn(values: Array(values), validity: Bitmap(words: Array(words), count: count))
    }

    func release() { values.deallocate(); words.deallocate() }

    /// ``finish()``, then ``release()``: the column, its working buffers freed. Call once, after every chunk.
    func finishAndRelease() -> PrimitiveColumn<E> {
        let column = finish()
        release()
        return column
    }
}

/// A validity bitmap under construction that row chunks of ``parallelChunks(_:_:)`` fill concurrently, every
/// slot null until set; the same SAFETY argument as ``SharedColumn`` (chunk boundaries are multiples of 64).
private final class SharedBits: @unchecked Sendable {
    let words: UnsafeMutableBufferPointer<UInt64>
    let count: Int

    init(_ count: Int) {
        self.count = count
        words = .allocate(capacity: (count + 63) >> 6)
        words.initialize(repeating: 0)
    }

    @inline(__always) func set(_ i: Int) { words[i >> 6] |= 1 << UInt64(i & 63) }

    /// The bitmap, its working buffer freed. Call once, after every chunk.
    func finishAndRelease() -> Bitmap {
        let bitmap = Bitmap(words: Array(words), count: count)
        words.deallocate()
        return bitmap
    }
}

/// Reads of one column inside a row loop: its values and validity words (`nil`: no nulls), held directly so
/// the loop tests a bit instead of going through optionals.
private struct Reader<E: ColumnElement> {
    let values: [E]
    let words: [UInt64]?

    init(_ column: PrimitiveColumn<E>) {
        values = column.values
        words = column.validity?.words
    }

    @inline(__always) func isValid(_ i: Int) -> Bool {
        guard let words else { return true }
        return (words[i >> 6] >> UInt64(i & 63)) & 1 == 1
    }

    @inline(__always) func value(_ i: Int) -> E { values[i] }
}

extension Reader where E == Double {
    /// The value when valid and not NaN.
    @inline(__always) func present(_ i: Int) -> Double? {
        guard isValid(i) else { return nil }
        let v = values[i]
        return v.isNaN ? nil : v
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
