import BrewCharts
import BrewColumns
import BrewPages
import BrewShots
import BrewStats
import Foundation

/// Two or three shots side by side: their settings and every metric in one table with each shot's difference from
/// the first, and their measured series (pressure, flow, weight, temperature, resistance) drawn over each other on the
/// time from the start of each shot, one line style per shot (``BrewCharts/BrewstatsCharts/shotOverlay(_:width:)``).
///
/// - **Rows.** `grind_setting` (a number; a grind written as text is shown in the header lines only), `dose_g`,
///   `rating`, then every ``BrewShots/ShotMetric`` (``BrewShots/ShotMetric/name``). A value is empty where the shot
///   has none.
/// - **Table.** ``ComparisonTable``: each shot's value and its difference from the first shot's.
/// - **Order.** Oldest first, whatever order they were given in: the last is the latest, every difference is from the
///   oldest.
/// - **Files.** `compare.csv` (`quantity`, `shot_1` …, `diff_2_1` …) and the page (``ComparePage``): `index.html`,
///   `compare.md` and the overlay's SVGs, each written atomically.
public struct ShotComparison: Sendable {
    /// One compared shot: where it comes from and its values.
    public struct Shot: Sendable {
        public let file: String
        /// When the shot started, local (`2026-11-13 06:40`); empty without a start.
        public let start: String
        public let profile: String
        public let bean: String
        public let grinder: String?
        public let grindText: String?
        /// `grind_setting`, `dose_g`, `rating`, then every metric (``quantities`` order).
        public let values: [Double?]
        let trace: ShotTrace
    }

    public let shots: [Shot]
    /// What the overlay's title calls the comparison (`Compared: Turbo 6 bar`).
    var heading = "Compared"

    /// The table's quantities, in row order.
    public static let quantities = ["grind_setting", "dose_g", "rating"] + ShotMetric.allCases.map(\.name)

    /// The comparison of `picked` shots: each a journal and the index of a shot in its shot table. Each journal's
    /// metrics are computed from its files (dose and yield from its brews).
    public init(_ picked: [(journal: ShotJournal, shot: Int)], timeZone: TimeZone) {
        var shots: [Shot] = []
        // Oldest first, whatever order the shots were given in (undated shots first, then as given): the last is the
        // latest, and every difference is from the oldest.
        func start(_ p: (journal: ShotJournal, shot: Int)) -> Int64 {
            guard let table = p.journal.shots, p.shot >= 0, p.shot < table.kept else { return .min }
            return table.shots[p.shot].start?.microseconds ?? .min
        }
        let picked = picked.enumerated().sorted {
            (start($0.element), $0.offset) < (start($1.element), $1.offset)
        }.map(\.element)
        for (k, pick) in picked.enumerated() {
            guard let table = pick.journal.shots, pick.shot >= 0, pick.shot < table.kept else { continue }
            let brews = pick.journal.result.journal.brews
            func mass(_ column: Float64Column) -> [Double?] {
                table.shots.map { $0.journalRow >= 0 && $0.journalRow < brews.count ? column[$0.journalRow] : nil }
            }
            let metrics = ShotMetrics(table.samples, dose: mass(brews.doseGrams), yield: mass(brews.yieldGrams),
                                      phaseStarts: table.phaseStarts)
            shots.append(Self.shot(pick.shot, of: pick.journal, metrics: metrics,
                                   resistance: ShotMetrics.resistance(table.samples),
                                   position: k, count: picked.count, timeZone: timeZone))
        }
        self.shots = shots
    }

    /// The comparison of `shots` of one journal, with the metrics and resistance already computed over its shot table
    /// (the report's shots section compares within its own figures).
    ///
    /// - Parameters:
    ///   - names: What the legend calls each shot before its start time (`Best`, `Last`); `1.`, `2.` … when `nil`.
    ///   - heading: What the overlay's title calls the comparison.
    init(_ journal: ShotJournal, shots picked: [Int], metrics: ShotMetrics, resistance: PrimitiveColumn<Float>,
         timeZone: TimeZone, names: [String]? = nil, heading: String = "Compared") {
        shots = picked.enumerated().map { k, shot in
            Self.shot(shot, of: journal, metrics: metrics, resistance: resistance, position: k, count: picked.count,
                      timeZone: timeZone, name: names?[k])
        }
        self.heading = heading
    }

    /// Shot `index` of `journal`'s shot table as the comparison's shot number `position + 1` of `count`.
    static func shot(_ index: Int, of journal: ShotJournal, metrics: ShotMetrics, resistance: PrimitiveColumn<Float>,
                     position: Int, count: Int, timeZone: TimeZone, name: String? = nil) -> Shot {
        let table = journal.shots!
        let brews = journal.result.journal.brews
        let record = table.shots[index]
        let row = record.journalRow, valid = row >= 0 && row < brews.count
        let labels = BeanLabels.make(journal.result.journal)
        var trace = ShotOverlays.trace(index, samples: table.samples, record: record, metrics: metrics,
                                       resistance: resistance, isLatest: position == count - 1, timeZone: timeZone)
        trace.label = (name.map { "\($0) · " } ?? "\(position + 1). ") + trace.label
        return Shot(file: URL(fileURLWithPath: record.file).lastPathComponent,
                    start: record.start.map { ShotSection.startText($0, timeZone) } ?? "",
                    profile: ShotFlagger.profileName(record.profile),
                    bean: (valid ? brews.bean.code(row).map { labels[Int($0)] } : nil) ?? "no bean",
                    grinder: valid ? brews.grinder[row] : nil, grindText: valid ? brews.grindText[row] : nil,
                    values: [valid ? brews.grindSetting[row] : nil, valid ? brews.doseGrams[row] : nil,
                             valid ? brews.rating[row]
                                 : nil] + ShotMetric.allCases.map { metrics.value($0, of: index) },
                    trace: trace)
    }

    /// Shot `k`'s value of quantity `q` minus shot 0's, `nil` where either is missing.
    public func difference(_ q: Int, shot k: Int) -> Double? { table.difference(q, item: k) }

    var table: ComparisonTable {
        ComparisonTable(item: "shot", quantities: Self.quantities, values: shots.map(\.values))
    }

    /// The overlay of the shots (their measured series from the start of each shot, one line style per shot).
    public var overlay: ShotOverlayInput {
        ShotOverlayInput(profile: heading + ": " + Array(Set(shots.map(\.profile))).sorted().joined(separator: " / "),
                         bean: Array(Set(shots.map(\.bean))).sorted().joined(separator: " / "),
                         shots: shots.map(\.trace))
    }

    /// `compare.csv` (``ComparisonTable/csv()``).
    public func csv() -> String { table.csv() }

    /// Writes the comparison's page (``ComparePage``: `index.html`, `compare.md`, the overlay's SVGs) and
    /// `compare.csv` as the folder `folder`, which appears whole and replaces only a folder brewstats wrote
    /// (``ComparePage/write(_:csv:to:theme:outputs:protecting:)``); the overlay as PNG or PDF too when `outputs` asks.
    ///
    /// - Parameter protecting: The comparison's inputs (shot files, the journal): `folder` must not be or hold one.
    public func write(
        to folder: URL, theme: Theme, outputs: ChartOutputs = ChartOutputs(), protecting: [URL] = []
    ) throws(ReportError) {
        try ComparePage.write(ComparePage.page(self), csv: csv(), to: folder, theme: theme, outputs: outputs,
            protecting: protecting)
    }
}
