import BrewCharts
import BrewColumns
import BrewShots
import BrewStats
import Foundation

/// The shots section of a report: the report period's espresso shots with every ``ShotMetric``, the overlay of
/// the period's main profile × bean groups, and a shot metric against rating.
///
/// - **Which shots.** A journal read with its shots (``BrewShots/importAnyJournal(at:options:)`` returned a shot
///   table with kept shots) gets the section; any other journal gets none, and no file of it
///   (``make(_:report:options:)`` returns `nil`). The section holds the shots whose brew is dated on a day of the
///   report period (``PeriodReport/period``, in the report's time zone), the same days the report's week summary
///   counts; later shots are never used. Shots without a date cannot be placed in a period: they are left out and
///   counted (``undatedLeftOut``). A report without a period (a journal with no dated brew) takes every shot.
/// - **Profile.** With ``ReportOptions/shotProfile``, only the shots of that profile (by the beginning of its
///   name, case-insensitive): the rows, the norms, the overlays and the metric-vs-rating chart.
/// - **Order.** Start order (``ShotOverlays/startOrder(_:_:)``): the rows of `shots.csv`, the table and the chart.
/// - **Metrics.** ``BrewShots/ShotMetrics`` over the shot table, with each shot's brew dose and yield (so the yield is
///   the drink weight the file states, else the scale's last weight; the ratio needs a dose).
/// - **Overlays.** The period's shots grouped by profile × bean (``ShotOverlays``); the ``overlayLimit`` groups
///   with most shots get a chart, the others are counted (``groupsLeftOut``).
/// - **Metric vs rating.** Time to first drops against the brew's rating, per bean
///   (``BrewCharts/BrewstatsCharts/shotMetricVsRating(_:)``).
public struct ShotSection: Sendable {
    /// One shot of the period, as `shots.csv` and the tables show it.
    public struct Row: Sendable {
        /// The shot's index in the journal's shot table.
        public let shot: Int
        /// The shot file, relative to the journal folder (or `archive.zip/entry`, or the file's own name).
        public let file: String
        public let format: ShotFormat
        /// When the shot started, when its file says.
        public let start: Timestamp?
        public let profile: String?
        /// The bean's label in the journal (``BrewStats/BeanLabels``), `nil` when the shot names none.
        public let bean: String?
        public let grinder: String?
        /// The grind setting as a number, else as the file's text; `nil` when none.
        public let grindSetting: Double?
        public let grindText: String?
        public let dose: Double?
        /// The brew's rating, 0–5.
        public let rating: Double?
        /// Every metric, indexed by ``BrewShots/ShotMetric/rawValue``.
        public let metrics: [Double?]
        /// Which rule gave ``BrewShots/ShotMetric/firstDrops`` (`nil` when it is undefined).
        public let firstDropsRule: ShotFirstDropsSource?

        /// What went wrong, each flag with its reason (``BrewShots/ShotFlagger``); empty for a shot that went as its
        /// profile's good shots do.
        public internal(set) var flags: [ShotFlag] = []

        /// The shot's value of `metric`.
        public func value(_ metric: ShotMetric) -> Double? { metrics[metric.rawValue] }
    }

    /// The period's shots, in start order.
    public let rows: [Row]
    /// Each profile's norm over the period's shots (``BrewShots/ShotFlagger``), most shots first.
    public let norms: [ShotNorm]
    /// Every kept shot of the journal.
    public let journalShots: Int
    /// Shots without a date, left out of a report that has a period.
    public let undatedLeftOut: Int
    /// The period's shots that are not espresso (filter brews made on the machine, brew graphs of filter brews):
    /// left out of the rows, norms and flags, counted here.
    public let notEspresso: Int
    /// Those filter brews made on the machine (``notEspresso`` of them, start order), with their own metrics (flow,
    /// first drops and the extraction phase from it, docs/shots.md) and no flag: the page lists them as filter
    /// brews, apart from the shots. The profile filter (``ReportOptions/shotProfile``) does not apply to them.
    public let filterRows: [Row]
    /// The overlay of each of the period's main profile × bean groups, most shots first.
    public let overlays: [ShotOverlayInput]
    /// The last shot of each drawn group against the group's best-rated shot (``LastAgainstBest``), in overlay order.
    public let comparisons: [LastAgainstBest]
    /// Profile × bean groups of the period beyond ``overlayLimit``, and their shots: counted, not drawn.
    public let groupsLeftOut: (groups: Int, shots: Int)
    /// Time to first drops against rating, per bean, over the period's shots.
    public let metricRating: ShotMetricRatingInput
    /// The chart formats the report writes (file extensions, in the report's order), for the Markdown links.
    public let imageExtensions: [String]
    /// The profile the section is limited to (``ReportOptions/shotProfile``), `nil` for every profile.
    public let profileFilter: String?
    /// `week`, `month`, `year`, `period`: how the text names the report period.
    public let noun: String
    let timeZone: TimeZone

    /// How many profile × bean overlays a report draws (the groups with most shots in the period).
    public static let overlayLimit = 3
    /// How many shots the tables of `index.html` and `report.pdf` list (all are in `shots.csv`); the Markdown
    /// summary lists ``markdownRowLimit``.
    public static let tableRowLimit = 30
    public static let markdownRowLimit = 10
    /// The file stem of the metric-vs-rating chart; the overlays are `shot-overlay-1`, `shot-overlay-2`, ….
    public static let ratingStem = ReportFiles.shotRatingStem

    /// The section of `journal`'s shots for `report`, or `nil` when the journal holds no kept shot.
    public static func make(_ journal: ShotJournal, report: PeriodReport, options: ReportOptions) -> ShotSection? {
        guard let table = journal.shots, table.kept > 0 else { return nil }
        return ShotSection(journal, table: table, period: report.period, noun: report.noun, options: options)
    }

    init(_ journal: ShotJournal, table: ShotTable, period: ReportPeriod?, noun: String, options: ReportOptions) {
        let zone = options.stats.timeZone
        let brews = journal.result.journal.brews
        let calendar = LocalCalendar(timeZone: zone)
        var selected: [Int] = []
        var undated = 0
        for (i, record) in table.shots.enumerated() {
            let row = record.journalRow
            let date = row >= 0 && row < brews.count ? brews.brewDate[row] : nil
            guard let period else { selected.append(i); continue }
            guard let date else { undated += 1; continue }
            if period.days.contains(Day(index: calendar.dayIndex(at: date))) { selected.append(i) }
        }
        // Espresso only: a filter brew made on the machine (a brew of another category: a shot file's filter method,
        // docs/shots.md, or a Beanconqueror pour-over's graph) gets no espresso row, norm or flag; it is counted.
        let espresso = selected.filter { table.isEspresso($0, brews: brews) }
        notEspresso = selected.count - espresso.count
        let kept = Set(espresso)
        let filterShots = ShotOverlays.startOrder(selected.filter { !kept.contains($0) }, table)
        selected = espresso
        if let wanted = options.shotProfile?.lowercased() {
            selected = selected.filter {
                ShotFlagger.profileName(table.shots[$0].profile).lowercased().hasPrefix(wanted)
            }
        }
        profileFilter = options.shotProfile
        selected = ShotOverlays.startOrder(selected, table)

        // The metrics need the brews' masses, one slot per shot of the table.
        func mass(_ column: Float64Column) -> [Double?] {
            table.shots.map { $0.journalRow >= 0 && $0.journalRow < brews.count ? column[$0.journalRow] : nil }
        }
        // A brew graph of another brew (``BrewShots/ShotRecord/otherBrew``) gets no dose: its yield ratio is blank.
        let doses = zip(table.shots, mass(brews.doseGrams)).map { $0.otherBrew == nil ? $1 : nil }
        let metrics = ShotMetrics(table.samples, dose: doses, yield: mass(brews.yieldGrams),
            phaseStarts: table.phaseStarts)
        let labels = BeanLabels.make(journal.result.journal)
        let root = journal.result.report.file
        func row(_ i: Int) -> Row {
            let record = table.shots[i]
            let r = record.journalRow
            let valid = r >= 0 && r < brews.count
            return Row(shot: i, file: ShotSection.relative(record.file, to: root), format: record.format,
                       start: record.start,
                       profile: record.profile.flatMap { $0.isEmpty ? nil : $0 },
                       bean: valid ? brews.bean.code(r).map { labels[Int($0)] } : nil,
                       grinder: valid ? brews.grinder[r] : nil,
                       grindSetting: valid ? brews.grindSetting[r] : nil, grindText: valid ? brews.grindText[r] : nil,
                       dose: valid ? brews.doseGrams[r] : nil, rating: valid ? brews.rating[r] : nil,
                       metrics: ShotMetric.allCases.map { metrics.value($0, of: i) },
                       firstDropsRule: metrics.firstDropsSource(of: i))
        }
        let built = selected.map(row)
        filterRows = filterShots.map(row)
        let ratings = table.shots.map {
            $0.journalRow >= 0 && $0.journalRow < brews.count ? brews.rating[$0.journalRow] : nil
        }
        (rows, norms) = ShotSection.flagged(built, table: table, metrics: metrics, ratings: ratings)
        journalShots = table.kept
        undatedLeftOut = period == nil ? 0 : undated
        // Only the drawn groups get their series and bands; the others are counted.
        let groups = ShotOverlays.groups(journal, shots: selected)
        let resistance = ShotMetrics.resistance(table.samples)
        overlays = groups.prefix(ShotSection.overlayLimit).map {
            ShotOverlays.input(journal, group: $0, metrics: metrics, resistance: resistance, timeZone: zone)
        }
        comparisons = ShotSection.lastAgainstBest(journal, groups: Array(groups.prefix(ShotSection.overlayLimit)),
                                                  ratings: ratings, metrics: metrics, resistance: resistance,
                                                  timeZone: zone)
        let rest = groups.dropFirst(ShotSection.overlayLimit)
        groupsLeftOut = (rest.count, rest.map(\.shots.count).reduce(0, +))
        metricRating = ShotSection.profileRating(rows)
        imageExtensions = options.formats.map(\.fileExtension)
        self.noun = noun
        timeZone = zone
    }

    /// `file` relative to the journal folder `root` when it lies inside it, else its last path component.
    static func relative(_ file: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if file.hasPrefix(prefix), file.count > prefix.count { return String(file.dropFirst(prefix.count)) }
        return URL(fileURLWithPath: file).lastPathComponent
    }

    /// The section's charts, in the order the report shows them: the overlays (`shot-overlay-1` …), each followed by
    /// its group's last shot against the best (`shot-compare-1`, ``comparisons``), then time to first drops against
    /// rating. Empty when the period has no shot.
    public var charts: [NamedChart] {
        guard !rows.isEmpty else { return [] }
        var charts: [NamedChart] = []
        for (k, input) in overlays.enumerated() {
            charts.append(NamedChart(stem: ReportFiles.shotOverlayPrefix + "\(k + 1)",
                                     title: "Shots — \(input.profile) · \(input.bean)",
                                     chart: BrewstatsCharts.shotOverlay(input)))
            if let c = comparisons.first(where: { $0.group == k + 1 }) {
                charts.append(
                    NamedChart(stem: c.stem, title: c.title, chart: BrewstatsCharts.shotOverlay(c.comparison.overlay)))
            }
        }
        charts.append(NamedChart(stem: ShotSection.ratingStem, title: "\(metricRating.metric) vs rating",
                                 chart: BrewstatsCharts.shotMetricVsRating(metricRating)))
        return charts
    }

    /// Whether `stem` names one of the section's charts (the report lists them in the shots section, not among
    /// the brew charts).
    public static func isShotChart(_ stem: String) -> Bool {
        stem == ratingStem || ReportFiles.shotStemPrefixes.contains { stem.hasPrefix($0) }
    }

    /// The header of `shots.csv`.
    public static var csvHeader: [String] {
        ["file", "started_at", "format", "profile", "bean", "grinder", "grind_setting", "dose_g", "rating"]
            + ShotMetric.allCases.map(\.name) + ["first_drops_rule", "flags"]
    }

    /// `shots.csv`: one row per shot of the period (start order) with every metric; metrics at 3 decimals, an
    /// undefined metric empty; `first_drops_rule` is `scale`, `pressure` or empty; `flags` the rules that fired
    /// (``BrewShots/ShotFlagKind``, `;`-separated), empty for none. The header alone when the
    /// period has no shot.
    public func csv() -> String {
        CSVWriter.write(header: ShotSection.csvHeader, rows: rows.map { row in
            var cells: [CSVCell] = [
                .text(row.file), .localTime(row.start, timeZone), .label(row.format.rawValue), .text(row.profile),
                .text(row.bean), .text(row.grinder),
                row.grindSetting.map { .number($0) } ?? .text(row.grindText), .number(row.dose), .number(row.rating),
            ]
            cells += ShotMetric.allCases.map { .decimal(row.value($0), places: 3) }
            cells.append(.label(row.firstDropsRule.map(ShotSection.ruleName) ?? ""))
            cells.append(.label(row.flags.map(\.kind.rawValue).joined(separator: ";")))
            return cells
        })
    }

    /// `scale` or `pressure`: the rule that gave first drops.
    static func ruleName(_ rule: ShotFirstDropsSource) -> String {
        switch rule {
        case .scale: "scale"
        case .pressure: "pressure"
        }
    }
}
