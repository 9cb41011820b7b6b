import BrewAdvice
import BrewColumns
import BrewImport
import BrewStats
import Foundation

/// Everything one report shows — of an ISO week, a month, a year or a range of days (``period``) — computed once
/// from an imported journal; the writers only format it.
///
/// The summaries cover the whole journal up to the period's end (docs/definitions.md), except the comparison, which
/// sets the period beside the period before it. A week's trend charts span ``StatsOptions/chartWeeks`` weeks ending at
/// the report week; a longer period's, the period and the period before by its bucket.
public struct PeriodReport: Sendable {
    public let journalName: String
    public let importReport: ImportReport?
    public let analysis: BrewAnalysis
    /// The report's period: the week, month, year or range of days asked for (``ReportOptions/period``),
    /// or the week of the latest dated brew; `nil` only when the journal has no dated brew
    /// and no period was asked for.
    public let period: ReportPeriod?
    /// The report week: ``period`` when it is a ``ReportPeriod/week(_:)``; `nil` in the report of a month, a year or
    /// a range of days, and when there is no period.
    public var week: IsoWeek? { if case .week(let w)? = period { w } else { nil } }
    /// The days of the report period the data covers (its first day … the last covered day).
    public let coveredDays: ClosedRange<Day>?
    /// Why the period is partial (`in progress` or `journal ends`), or `nil` for a complete period.
    public let partialReason: String?

    public let usage: EquipmentUsageSummary
    public let weekly: WeeklySummary
    public let methodStats: MethodStatsSummary
    public let grindRating: GrindRatingSummary
    /// The report period against the period before, over the days the headline compares: for a partial period, its
    /// covered days against as many first days of the period before (``BrewAnalysis/periodSummary(_:through:)``).
    public let periodSummary: PeriodSummary?
    /// What the comparison file (``comparisonFile``) states: a week's is the whole week against the whole week
    /// before, whether or not the week is partial; a month's, a year's or a range's is ``periodSummary``. `nil`
    /// without a period.
    public let comparison: PeriodSummary?
    /// The report period's totals (``JournalTotals``), the current streak ending at the last covered day.
    public let totals: JournalTotals?
    /// Each bean brewed in the report week, on each grinder × method it was brewed with that week, as known at the
    /// week's end (``BrewAnalysis/beanProgress(week:)``): what the report leads with.
    public let periodBeans: [BeanProgress]
    /// Bean × grinder × method combinations brewed in a month, a year or a range that ``periodBeans`` leaves out: a
    /// period report lists the ``periodBeanLimit`` with most brews in the period (a weekly report lists all).
    public let beansLeftOut: Int
    /// The dial-in advisor's answer for each of ``periodBeans`` (same order; `nil` where it has none, and in a period
    /// report past the first ``ReportOptions/grindCharts`` beans, those it draws dial-in charts for), from the brews
    /// the report uses — so a past week's "next" is what the advisor would have said at that week's end.
    public let periodAdvice: [DialInAdvice?]
    /// Brews dated after the report week that the report left out (no look-ahead; see
    /// ``ReportOptions/includeLaterBrews``).
    public let laterBrewsLeftOut: Int
    /// Brews dated after the report week that the report used because ``ReportOptions/includeLaterBrews`` asked
    /// for them (0 otherwise).
    public let laterBrewsIncluded: Int
    /// Why the report covers the year of the journal's last brew rather than its latest week, when no period was asked
    /// and the latest brews are more than ``staleDays`` days before today; `nil` otherwise.
    public let overviewNote: String?
    /// A journal whose last brew is more than this many days before today opens on its overview (``overviewNote``).
    public static let staleDays: Int32 = 28
    /// The shots section (``ShotSection``), set when the journal was read with its shots; `nil` for every other
    /// journal.
    public var shots: ShotSection?

    /// Builds the report of `journal`.
    ///
    /// - Parameters:
    ///   - journalName: How the report names the journal (usually the file name).
    ///   - importReport: The import's report, whose warnings and rejects the report lists.
    /// - Throws: ``ReportError/noBrews(what:)`` when a week was asked for and the journal has no brew in it
    ///   nor in the week before (an empty report would say nothing). A month, a year or a range of days without
    ///   brews is no error: its report is written, empty, and says so (``emptyNote``).
    public init(
        journal: Journal, journalName: String, importReport: ImportReport?, options: ReportOptions
    ) throws(ReportError) {
        self.journalName = journalName
        self.importReport = importReport
        let calendar = LocalCalendar(timeZone: options.stats.timeZone)
        let today = calendar.day(of: Timestamp(options.now))
        // 1. The period asked for, known before the journal is read — except the latest week, which needs it.
        let asked = PeriodReport.askedPeriod(options, today: today)
        // 2. No look-ahead: the report of a period uses only brews dated up to its last day (undated brews cannot be
        // placed and stay in), unless the options ask for every brew.
        var source = journal
        var later = 0, included = 0
        if let lastDay = asked?.period.lastDay {
            if options.includeLaterBrews {
                included = PeriodReport.countAfter(journal, day: lastDay, calendar: calendar)
            } else {
                let cut = PeriodReport.cut(journal, after: lastDay, calendar: calendar)
                source = cut.journal
                later = cut.leftOut
            }
        }
        laterBrewsLeftOut = later
        laterBrewsIncluded = included
        let analysis = BrewAnalysis(journal: source, options: options.stats)
        self.analysis = analysis
        // 3. The period itself: the one asked for, or the latest dated brew's week — or, when the journal's latest
        //    brews are weeks old, its overview: the year of its last brew (a first report of an old journal is not its
        //    last, partial week).
        var period = asked?.period ?? analysis.latestWeek.map(ReportPeriod.week)
        var overview: String?
        if options.readerDefaults, asked == nil, let last = analysis.dayRange()?.upperBound,
            today.index - last.index > PeriodReport.staleDays,
           let year = analysis.latestYear {
            period = .year(year)
            overview =
                "The journal's latest brews are from \(last), weeks before today: this report covers \(year), the " +
                    "year of its last brew (a week, a month or a range of days can be asked for instead)."
        }
        self.period = period
        overviewNote = overview
        let isWeek = if case .week? = period { true } else { false }
        if asked?.named == true, case .week(let week)? = period,
           analysis.weekSummary(week: week).map({ $0.this.brews + $0.previous.brews }) == 0 {
            // The message says what the whole journal covers, later brews included.
            let whole = later == 0 ? analysis : BrewAnalysis(journal: journal, options: options.stats)
            throw .noBrews(in: week, analysis: whole, today: today)
        }
        // 4. The days it covers, and why it is partial.
        let lastBrewDay = analysis.dayRange()?.upperBound
        let coverage = period.map {
            PeriodReport.coverage($0, today: today, lastBrew: lastBrewDay, latest: asked == nil)
        }
        coveredDays = coverage?.days
        partialReason = coverage?.reason
        usage = analysis.equipmentUsage()
        weekly = analysis.weekly()
        methodStats = analysis.methodStats()
        grindRating = analysis.grindRating(curves: true)
        // A partial period is compared with the same first days of the one before, up to its last brew (a month in
        // progress whose last brew was on the 22nd: 1–22 against 1–22 of the month before).
        let compareEnd: Day? = partialReason == nil ? nil : coveredDays.map { covered in
            analysis.dayRange(analysis.rows(in: covered))?.upperBound ?? covered.upperBound
        }
        let periodSummary = period.map { analysis.periodSummary($0, through: compareEnd) }
        self.periodSummary = periodSummary
        comparison = isWeek ? period.map { analysis.periodSummary($0) } : periodSummary
        let asOfDay = coveredDays?.upperBound
        let prices = PeriodReport.bagPrices(source.beans)
        totals = period.map { analysis.totals($0, asOf: asOfDay, prices: prices) }
        let allBeans = period.map { analysis.beanProgress(days: $0.days) } ?? []
        let beans = isWeek ? allBeans : Array(allBeans.prefix(PeriodReport.periodBeanLimit))
        periodBeans = beans
        beansLeftOut = allBeans.count - beans.count
        // One advisor call per bean, each independent: across the cores for a single report, serially in a batch
        // (whose journals already keep every core busy).
        let journal = analysis.journal
        // The bean facts are as of the week's end; so is the advice, even when later brews feed the summaries
        // (--include-later). Without that flag the journal is already cut there.
        let asOf: Timestamp? = included > 0
            ? period.flatMap { PeriodReport.endOfDay($0.lastDay, options.stats.timeZone) } : nil
        // A period report asks the advisor only for the beans it draws a dial-in chart for (those with most brews):
        // a year can hold hundreds of bean × grinder × method combinations, and the advice is about what to brew next.
        let advised = isWeek ? beans.count : min(beans.count, max(0, options.grindCharts))
        // The journal is grouped once for every answer, for the grinders asked about.
        let rows = advised == 0 ? nil
            : DialInRows(journal, asOf: asOf, grinders: Set(beans.prefix(advised).map(\.grinderIndex)))
        periodAdvice = parallelMap(beans.count, work: options.parallelRendering ? .max : 0) { k in
            guard k < advised else { return nil }
            return try? DialInAdvisor.advise(journal: journal, grinder: beans[k].grinderIndex,
                                      method: beans[k].methodIndex,
                                      bean: beans[k].beanIndex, asOf: asOf, rows: rows)
        }
    }

    /// The period `options` ask for before the journal is read (a ``ReportOptions/period``, a named week, or last
    /// week by `today`), and whether it was named (a named week without brews in it nor in the week before is an
    /// error); `nil` for the latest week with brews, which only the journal can tell.
    static func askedPeriod(_ options: ReportOptions, today: Day) -> (period: ReportPeriod, named: Bool)? {
        switch options.period {
        case .latestWeek: return nil
        // The last complete week is named by the calendar: without brews in it nor in the week before, the report says
        // so and names the nearest week with brews, as a named week does.
        case .lastWeek: return (.week(IsoWeek(containing: today).advanced(by: -1)), options.readerDefaults)
        case .named(let period): return (period, true)
        }
    }

    /// The days of `period` a report covers and why they are partial: up to `today` (`in progress`) for a period that
    /// holds it; for the `latest` week only (so that a named week's report never depends on whether later brews
    /// exist), up to the journal's `lastBrew` day when that falls inside the week, before its last day, and the week
    /// is past (`journal ends`); otherwise every day, complete.
    static func coverage(_ period: ReportPeriod, today: Day, lastBrew: Day?,
                         latest: Bool) -> (days: ClosedRange<Day>, reason: String?) {
        if period.days.contains(today) { return (period.firstDay...today, "in progress") }
        if latest, let last = lastBrew, last >= period.firstDay, last < period.lastDay, today > period.lastDay {
            return (period.firstDay...last, "journal ends")
        }
        return (period.days, nil)
    }

    /// How many bean × grinder × method findings a report of a month, a year or a range lists (those with most
    /// brews in the period first; ``beansLeftOut`` counts the rest).
    public static let periodBeanLimit = 12

    /// The last microsecond of local `day` in `zone` (the instant before the next day's midnight).
    static func endOfDay(_ day: Day, _ zone: TimeZone) -> Timestamp? { LocalCalendar.endOfDay(day, in: zone) }

    /// How many brews of `journal` are dated after `day` (in `calendar`'s zone).
    static func countAfter(_ journal: Journal, day: Day, calendar: LocalCalendar) -> Int {
        calendar.rows(of: journal.brews, through: day).later
    }

    /// `journal` without the brews dated after `day` (in `calendar`'s zone), and how many were left out.
    /// Undated brews are kept: nothing places them after the day.
    static func cut(_ journal: Journal, after day: Day, calendar: LocalCalendar) -> (journal: Journal, leftOut: Int) {
        let (keep, leftOut) = calendar.rows(of: journal.brews, through: day)
        return (leftOut == 0 ? journal : journal.filtered(keep), leftOut)
    }

    /// The brew-column groups a weekly report shows (``ImportOptions/columns``): masses (ratios, extraction yield),
    /// brew time (median per method), grind setting (grind vs rating), rating, TDS and water temperature (the bean
    /// pages' temperature effect), and the tasting note, notes and pressure profile: the dial-in advice reads taste
    /// words and shot profiles (``DialInAdvisor``).
    ///
    /// A report lists the import's counts, rejects and warnings, so it is imported with these columns *and*
    /// ``ImportOptions/validatesAllColumns`` (``importOptions(_:)``): the report is byte for byte a full import's,
    /// on any journal; only the journal held in memory is smaller.
    public static let columns: BrewColumnSet = [.grinder, .bean, .masses, .brewTime, .waterTemperature, .grindSetting,
                                                .rating, .tds,
                                                .tastingNote, .freeText]

    /// `options` set to read a journal for a report: ``columns`` kept, every column validated.
    public static func importOptions(_ options: ImportOptions) -> ImportOptions {
        var o = options
        o.columns = columns
        o.validatesAllColumns = true
        return o
    }

    /// `2026-W47 (16–22 Nov 2026)`, with `, partial: …` when the week is partial.
    /// For a month, a year or a range: `November 2026 (1–30 Nov 2026)`, `2026 (1 Jan – 31 Dec 2026)`, with
    /// `, partial: in progress, covers …` while the period is under way.
    public var periodTitle: String {
        guard let period, let days = coveredDays else { return "no dated brews" }
        let span = ReportPeriod.span(period.firstDay, period.lastDay)
        var text = "\(period.name) (\(span))"
        if case .range = period { text = "\(span) (\(period.dayCount) day\(period.dayCount == 1 ? "" : "s"))" }
        if let partialReason {
            text += ", partial: \(partialReason)"
            if days != period.days { text += ", covers \(ReportPeriod.span(days.lowerBound, days.upperBound))" }
        }
        return text
    }

    /// Pooled dial-in findings: grinder × method groups over all beans whose sweet spot may be stated
    /// (``GrindRatingGroup/statesSweetSpot``), most brews first. Per-bean findings lead the report
    /// (``periodBeans``); these pool every bean and say so.
    public var findings: [GrindRatingGroup] {
        grindRating.groups.filter { $0.bean == nil && $0.statesSweetSpot }.sorted {
            ($0.n, $1.grinder) > ($1.n, $0.grinder)
        }
    }

    /// Says how many brews dated after the report week were left out (or, with ``ReportOptions/includeLaterBrews``,
    /// used), or `nil` when there are none.
    public var laterBrewsNote: String? {
        if laterBrewsIncluded > 0 {
            return "\(laterBrewsIncluded) brew\(laterBrewsIncluded == 1 ? "" : "s") dated after this \(noun) " +
                "included, as asked: the summaries, charts and findings across beans use them; the \(noun)’s beans " +
                    "and their next settings stay as of the \(noun)’s end."
        }
        guard laterBrewsLeftOut > 0 else { return nil }
        return "\(laterBrewsLeftOut) brew\(laterBrewsLeftOut == 1 ? "" : "s") dated after this \(noun) left out: the " +
            "report shows what was known at the \(noun)’s end (they can be asked for)."
    }

    /// The grinder record of `index`, when the journal has it.
    func grinderRecord(_ index: Int) -> Grinder? {
        let grinders = analysis.journal.grinders
        return grinders.indices.contains(index) ? grinders[index] : nil
    }

    /// A finding as a sentence, the setting in the grinder's own steps (see ``sentence(_:grinder:)``).
    public func sentence(_ g: GrindRatingGroup) -> String {
        PeriodReport.sentence(g, grinder: grinderRecord(g.grinderIndex))
    }

    /// A finding as a sentence in plain words: `Comandante C40 × V60 (all beans): best around setting 24 (44 rated
    /// brews)`; `…: no best setting yet (5 rated brews; it needs 8 on 4 settings)` for a group with too few brews, or
    /// `…: no clear peak (24 rated brews)` for one with enough brews whose ratings single out no setting
    /// (``EvidenceRules``). The fit's statistics are the finding's evidence on the page (``GrindFinding``).
    ///
    /// A stated sweet spot qualifies itself as every page's does (``GrindFinding/statement(_:grinder:)``): a range on a
    /// flat curve, "a weak pattern:" on a weak fit. The setting is shown with the grinder's step precision
    /// (``GrindSetting/text(_:grinder:observed:)``).
    public static func sentence(_ g: GrindRatingGroup, grinder: Grinder? = nil) -> String {
        var who = ([g.grinder, g.method] + (g.bean.map { [$0] } ?? [])).joined(separator: " × ")
        if g.bean == nil { who += " (all beans)" }
        let n = "\(g.n) rated brew\(g.n == 1 ? "" : "s")"
        guard g.statesSweetSpot, g.sweetSpot?.isFinite == true else {
            if EvidenceRules.statesSweetSpot(n: g.n, distinctSettings: g.distinctSettings) {
                // Enough brews: either no peak inside the settings, or one the curve barely supports.
                return "\(who): no clear peak (\(n))"
            }
            return "\(who): no best setting yet (\(n); it needs \(EvidenceRules.sweetSpotMinimumBrews) on " +
                "\(EvidenceRules.sweetSpotMinimumSettings) settings)"
        }
        return "\(who): \(GrindFinding.statement(g, grinder: grinder)) (\(n))"
    }
}

extension PeriodReport {
    /// Each bean's bag price by its code in the brew table (the bean's index in `beans`), for the money total: only
    /// bags whose weight (> 0 g) and price are both known. A price without a currency is counted under `"?"`
    /// (the source did not say which), never converted or merged with another currency.
    static func bagPrices(_ beans: [CoffeeBean]) -> [Int32: BagPrice] {
        var prices: [Int32: BagPrice] = [:]
        for (i, bean) in beans.enumerated() {
            guard let weight = bean.bagWeightGrams, weight > 0, weight.isFinite,
                  let price = bean.bagPrice, price.isFinite, price >= 0 else { continue }
            prices[Int32(i)] = BagPrice(price: price, currency: bean.currency ?? "?", weightGrams: weight)
        }
        return prices
    }
}
