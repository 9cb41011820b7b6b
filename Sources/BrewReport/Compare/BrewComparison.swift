import BrewColumns
import BrewPages
import BrewStats
import Foundation

/// Two or three brews side by side — for brews without telemetry (no shot file): their settings and outcomes in
/// one table with each brew's difference from the first (``ComparisonTable``), and what each brew is above it.
///
/// - **Which brews.** ``latest(_:count:filter:options:)``: the latest `count` dated brews a filter keeps (`--bean`,
///   `--method`, `--grinder`, as the report's filters match names), oldest first; or ``init(_:rows:options:)`` with
///   brews picked by id (``Kernel/firstRows(_:matching:)``).
/// - **Rows.** ``quantities``: the settings (grind setting when a number, dose, water, yield, brew time, water
///   temperature, days off roast), then the outcomes (brew ratio, TDS, extraction yield, rating and the three
///   tasting scores). Derived values follow docs/definitions.md (``DerivedColumns``): `brew_ratio` is yield ÷ dose for
///   espresso and water ÷ dose for every other method; `extraction_yield_pct` is empty where implausible.
/// - **Ratios of two conventions.** When the brews mix espresso and other methods, `brew_ratio`'s differences are
///   left empty and the Markdown says why: yield ÷ dose minus water ÷ dose is no difference of anything.
/// - **Files.** `compare.csv` and the page (``ComparePage``): `index.html` and `compare.md`, each written atomically;
///   no chart (there are no curves to draw).
public struct BrewComparison: Sendable {
    /// One compared brew: what it is, and its values (``quantities`` order).
    public struct Brew: Sendable {
        public let id: String?
        /// Local date and time, `2026-11-20 08:14` (empty without a date).
        public let date: String
        public let bean: String
        public let method: String
        public let category: MethodCategory?
        public let grinder: String?
        public let grindText: String?
        public let notes: String?
        public let flavorTags: String?
        public let values: [Double?]
    }

    public let brews: [Brew]

    /// The table's quantities, in row order.
    public static let quantities = ["grind_setting", "dose_g", "water_g", "yield_g", "brew_time_s", "water_temp_c",
                                    "days_off_roast", "brew_ratio", "tds_pct", "extraction_yield_pct", "rating",
                                    "acidity", "body", "sweetness"]

    /// The brews at `rows` of `journal`, in that order; their derived values are computed with `options` (the time
    /// zone for days off roast and local dates, the retention factor for the beverage mass).
    public init(_ journal: Journal, rows: [Int], options: StatsOptions) {
        let picked = journal.filtered(Selection(rows.map(Int32.init)))
        let d = BrewAnalysis(journal: picked, options: options).derived
        let t = picked.brews
        let labels = BeanLabels.make(picked)
        // The columns of ``quantities``, in order.
        let columns: [Float64Column] = [t.grindSetting, t.doseGrams, t.waterGrams, t.yieldGrams, t.brewTimeSeconds,
                                        t.waterTemperature, d.daysOffRoast, d.ratio, d.strength, d.extractionYield,
                                        t.rating, t.acidity, t.body, t.sweetness]
        brews = (0..<t.count).map { i in
            Brew(id: t.id[i],
                        date: t.brewDate[i].map { Format.minute(Timestamp(microseconds: $0), options.timeZone) } ?? "",
                        bean: t.bean.code(i).map { labels[Int($0)] } ?? "no bean",
                        method: t.method[i] ?? "no method",
                        category: t.category[i].flatMap(MethodCategory.init(rawValue:)), grinder: t.grinder[i],
                        grindText: t.grindText[i], notes: t.notes[i], flavorTags: t.flavorTags[i],
                        values: columns.map { $0[i].flatMap { $0.isNaN ? nil : $0 } })
        }
    }

    /// The latest `count` dated brews of `journal` that `filter` keeps (oldest first), compared.
    ///
    /// - Throws: ``ReportError/noMatch(filter:value:known:)`` from the filter, or ``ReportError/noBrews(what:)`` when
    ///   fewer than two dated brews are left.
    public static func latest(
        _ journal: Journal, count: Int, filter: JournalFilter, options: StatsOptions
    ) throws(ReportError) -> BrewComparison {
        let kept = try filter.apply(to: journal, timeZone: options.timeZone)
        let rows = Kernel.latestRows(kept.brews.brewDate, count: count)
        guard rows.count >= 2 else {
            let what = filter.isEmpty ? "" : " (\(filter.description))"
            throw .noBrews(
                what: "to compare\(what): a comparison needs two or three dated brews, and " +
                    "\(rows.count == 0 ? "none is" : "one is") there")
        }
        return BrewComparison(kept, rows: rows, options: options)
    }

    /// Whether the brews' ratios follow one convention (all espresso, or none).
    var ratiosComparable: Bool { Set(brews.map { $0.category == .espresso }).count <= 1 }

    var table: ComparisonTable {
        let ratio = Self.quantities.firstIndex(of: "brew_ratio")!
        return ComparisonTable(item: "brew", quantities: Self.quantities, values: brews.map(\.values),
                               noDifference: ratiosComparable ? [] : [ratio])
    }

    /// Brew `k`'s value of quantity `q` minus brew 0's, `nil` where either is missing (and for `brew_ratio` across
    /// espresso and other methods).
    public func difference(_ q: Int, brew k: Int) -> Double? { table.difference(q, item: k) }

    /// `compare.csv` (``ComparisonTable/csv()``).
    public func csv() -> String { table.csv() }

    /// Writes the comparison's page (``ComparePage``: `index.html`, `compare.md`) and `compare.csv` as the folder
    /// `folder`, which appears whole and replaces only a folder brewstats wrote
    /// (``ComparePage/write(_:csv:to:theme:outputs:protecting:)``).
    ///
    /// - Parameter protecting: The journal compared from: `folder` must not be or hold it.
    public func write(to folder: URL, protecting: [URL] = []) throws(ReportError) {
        try ComparePage.write(ComparePage.page(self), csv: csv(), to: folder, theme: .monochrome,
                              outputs: ChartOutputs(),
                              protecting: protecting)
    }
}
