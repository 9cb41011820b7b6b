import BrewColumns
import BrewImport
import BrewReport
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport

/// Reports of a month, a year and a range of days (and a week, through the same path) on the sample journal, a
/// Beanconqueror backup and a generated 20,000-brew journal. Every figure is recomputed here from the journal's
/// rows with Foundation's calendar: each brew's local date decides its period, sums and means are taken by hand.
@Suite struct PeriodReportTests {
    /// What the test computes by hand for the brews of one period.
    struct ByHand {
        var brews = 0
        var ratings: [Double] = []
        var extractions: [Double] = []
        var dose = 0.0, beverage = 0.0, time = 0.0
        var days = Set<String>()
        var later = 0
    }

    /// A period as the test checks membership: by the local date's year, month and day (Foundation's calendar).
    enum Spec {
        case month(Int, Int), year(Int), range(String, String), week(Int, Int)

        var period: ReportPeriod {
            switch self {
            case let .month(y, m): .month(year: y, month: m)
            case .year(let y): .year(y)
            case let .range(a, b): try! ReportPeriod(from: a, to: b)
            case let .week(y, w): .week(IsoWeek(year: y, week: w)!)
            }
        }

        /// Whether the local date `c` lies in the period (`> 0`: after it).
        func compare(_ c: DateComponents, iso: DateComponents) -> Int {
            let key = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
            switch self {
            case let .month(y, m): return (c.year!, c.month!) < (y, m) ? -1 : (c.year!, c.month!) == (y, m) ? 0 : 1
            case .year(let y): return c.year! < y ? -1 : c.year! == y ? 0 : 1
            case let .range(a, b): return key < a ? -1 : key <= b ? 0 : 1
            case let .week(y, w):
                let k = (iso.yearForWeekOfYear!, iso.weekOfYear!)
                return k < (y, w) ? -1 : k == (y, w) ? 0 : 1
            }
        }
    }

    static func byHand(_ journal: Journal, _ spec: Spec, zone: TimeZone) -> ByHand {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = zone
        let t = journal.brews
        var out = ByHand()
        func v(_ c: PrimitiveColumn<Double>, _ i: Int) -> Double? { c[i].flatMap { $0.isFinite ? $0 : nil } }
        for i in 0..<t.count {
            guard let us = t.brewDate[i] else { continue }
            let date = Date(timeIntervalSince1970: Double(us) / 1_000_000)
            let c = cal.dateComponents([.year, .month, .day], from: date)
            let where_ = spec.compare(c, iso: iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date))
            if where_ > 0 { out.later += 1 }
            guard where_ == 0 else { continue }
            out.brews += 1
            out.days.insert(String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!))
            if let r = v(t.rating, i) { out.ratings.append(r) }
            if let e = rawExtraction(t, i) { out.extractions.append(e) }
            if let d = v(t.doseGrams, i), d > 0 { out.dose += d }
            if let s = v(t.brewTimeSeconds, i), s > 0 { out.time += s }
            let espresso = t.category.isValid(i) && t.category.values[i] == MethodCategory.espresso.rawValue
            if let y = v(t.yieldGrams, i) {
                if y > 0 { out.beverage += y }
            } else if !espresso, let w = v(t.waterGrams, i), let d = v(t.doseGrams, i), w - 2 * d > 0 {
                out.beverage += w - 2 * d
            }
        }
        return out
    }

    /// The longest run of consecutive days among `days` (`YYYY-MM-DD`), by Foundation's calendar.
    static func longestRun(_ days: Set<String>) -> Int {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let f = DateFormatter()
        f.calendar = cal; f.timeZone = cal.timeZone; f.dateFormat = "yyyy-MM-dd"
        let dates = days.sorted().compactMap { f.date(from: $0) }
        var best = 0, run = 0
        for (k, d) in dates.enumerated() {
            run = k > 0 && cal.dateComponents([.day], from: dates[k - 1], to: d).day == 1 ? run + 1 : 1
            best = max(best, run)
        }
        return best
    }

    /// Checks the report of `spec` on `journal` against the figures computed by hand; with `full` false, only the
    /// statistics the report is built from (``BrewAnalysis/periodSummary(_:)``, ``BrewAnalysis/totals(_:asOf:prices:)``),
    /// which keeps a large journal's many periods quick in a debug build.
    static func check(_ journal: Journal, _ spec: Spec, zone: TimeZone, label: String, full: Bool = true) throws {
        var options = ReportOptions()
        options.stats.timeZone = zone
        options.period = .named(spec.period)
        options.now = Date(timeIntervalSince1970: 4_102_444_800)  // 2100: every period is complete
        options.parallelRendering = false
        let hand = byHand(journal, spec, zone: zone)
        let what = "\(label) \(spec.period)"
        guard full else {
            let analysis = BrewAnalysis(journal: journal, options: options.stats)
            let summary = analysis.periodSummary(spec.period)
            try compare(summary.this, analysis.totals(spec.period), hand, what)
            return
        }
        let report = try PeriodReport(journal: journal, journalName: label, importReport: nil, options: options)
        try compare(try #require(report.periodSummary?.this), try #require(report.totals), hand, what)
        // No look-ahead: the brews after the period are left out, and counted.
        #expect(report.laterBrewsLeftOut == hand.later, "\(what): later brews")
        if case .week = spec.period {
            #expect(report.week != nil && !report.isPeriodReport)
        } else {
            #expect(report.isPeriodReport && report.week == nil)
            #expect((report.emptyNote != nil) == (hand.brews == 0), "\(what): empty note")
        }
    }

    static func compare(_ this: PeriodFigures, _ totals: JournalTotals, _ hand: ByHand, _ what: String) throws {
        #expect(this.brews == hand.brews, "\(what): brews")
        #expect(isClose(this.meanRating, hand.ratings.isEmpty ? nil : hand.ratings.reduce(0, +) / Double(hand.ratings.count),
                        relative: 1e-9), "\(what): mean rating")
        #expect(this.ratedBrews == hand.ratings.count, "\(what): rated")
        #expect(isClose(this.meanExtraction, hand.extractions.isEmpty ? nil : hand.extractions.reduce(0, +) / Double(hand.extractions.count),
                        relative: 1e-9), "\(what): mean EY")
        #expect(isClose(totals.coffee.value, hand.dose, relative: 1e-9, absolute: 1e-9), "\(what): coffee")
        #expect(isClose(totals.beverage.value, hand.beverage, relative: 1e-9, absolute: 1e-9), "\(what): beverage")
        #expect(isClose(totals.brewTime.value, hand.time, relative: 1e-9, absolute: 1e-9), "\(what): brew time")
        #expect(totals.brewDays == hand.days.count, "\(what): brew days")
        #expect(totals.longestStreak == longestRun(hand.days), "\(what): longest streak")
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func sampleJournal() throws {
        var o = ImportOptions()
        o.timeZone = Self.berlin
        let journal = try importJournal(at: Repo.sample("journal.sqlite"), options: o).journal
        // October 2026 holds the change back from summer time; 2026-W53 and a range across the year end have no brews.
        for spec: Spec in [.month(2026, 11), .month(2026, 10), .year(2026), .range("2026-09-15", "2026-10-20"),
                           .range("2026-10-25", "2026-10-25"), .week(2026, 46), .year(2027),
                           .range("2026-12-30", "2027-01-02"), .month(2020, 1)] {
            try Self.check(journal, spec, zone: Self.berlin, label: "sample")
        }
        // A week without brews (nor the week before) stays an error, as it always was; the same days as a range
        // give an empty report.
        var options = ReportOptions()
        options.stats.timeZone = Self.berlin
        options.period = .named(.week(IsoWeek(year: 2026, week: 53)!))
        #expect(throws: ReportError.self) { try PeriodReport(journal: journal, journalName: "s", importReport: nil, options: options) }
        try Self.check(journal, .range("2026-12-28", "2027-01-03"), zone: Self.berlin, label: "sample")
    }

    /// A year's bean list is cut to the combinations with most brews; the rest are counted. The combinations are
    /// counted here from the brews' bean, grinder and method codes.
    @Test func yearBeanListIsCutAndCounted() throws {
        var o = ImportOptions()
        o.timeZone = Self.berlin
        let journal = try importJournal(at: Repo.sample("journal.sqlite"), options: o).journal
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = Self.berlin
        let t = journal.brews
        struct Key: Hashable { let b: Int32, g: Int32, m: Int32 }
        var counts: [Key: Int] = [:]
        for i in 0..<t.count {
            guard let us = t.brewDate[i], let b = t.bean.code(i), let g = t.grinder.code(i), let m = t.method.code(i),
                  cal.component(.year, from: Date(timeIntervalSince1970: Double(us) / 1_000_000)) == 2026 else { continue }
            counts[Key(b: b, g: g, m: m), default: 0] += 1
        }
        var options = ReportOptions()
        options.stats.timeZone = Self.berlin
        options.period = .named(.year(2026))
        options.parallelRendering = false
        let report = try PeriodReport(journal: journal, journalName: "s", importReport: nil, options: options)
        let shown = min(counts.count, PeriodReport.periodBeanLimit)
        #expect(report.periodBeans.count == shown && report.beansLeftOut == counts.count - shown)
        // The ones shown have the most brews in the year.
        let top = counts.values.sorted(by: >)
        #expect(report.periodBeans.map(\.periodBrews) == Array(top.prefix(shown)))
        #expect(report.beansLeftOutNote?.contains("\(counts.count - shown) more") == (counts.count > shown))
    }

    /// The folder that holds the peers' files: `../shared/peer-data` beside the package, or beside a folder
    /// above it (a worktree sits one level deeper than the main checkout).
    static var peerData: URL? {
        var dir = Repo.root
        for _ in 0..<3 {
            dir = dir.deletingLastPathComponent()
            let url = dir.appendingPathComponent("shared/peer-data")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// Beanconqueror's own test backup (2,000 brews, dates only) and a user's older backup (doses, yields, ratings
    /// on 0–10 converted to 0–5).
    @Test(.enabled(if: PeriodReportTests.peerData != nil, "needs the real Beanconqueror backups in ../shared/peer-data"), arguments: ["BeanconquerorTestData.json", "Beanconqueror_old.json"])
    func beanconquerorBackup(_ file: String) throws {
        let url = try #require(Self.peerData).appendingPathComponent("beanconqueror/\(file)")
        var o = ImportOptions()
        o.timeZone = Self.berlin
        let journal = try importJournal(at: url, options: o).journal
        // The periods of the backup's own brews: the year, month and ten days around its middle brew.
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = Self.berlin
        let dates = (0..<journal.brews.count).compactMap { journal.brews.brewDate[$0] }.sorted()
        let middle = Date(timeIntervalSince1970: Double(try #require(dates.count > 0 ? dates[dates.count / 2] : nil)) / 1_000_000)
        let c = cal.dateComponents([.year, .month, .day], from: middle)
        let from = cal.date(byAdding: .day, value: -5, to: middle)!, to = cal.date(byAdding: .day, value: 4, to: middle)!
        func key(_ d: Date) -> String {
            let c = cal.dateComponents([.year, .month, .day], from: d)
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
        for spec: Spec in [.year(c.year!), .month(c.year!, c.month!), .range(key(from), key(to))] {
            try Self.check(journal, spec, zone: Self.berlin, label: file)
        }
    }

    @Test func generatedJournal() throws {
        let journal = JournalGenerator(GeneratorOptions(brewCount: 20_000, seed: 18)).makeJournal()
        let zone = Self.berlin
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let last = (0..<journal.brews.count).compactMap { journal.brews.brewDate[$0] }.max()!
        let c = cal.dateComponents([.year, .month], from: Date(timeIntervalSince1970: Double(last) / 1_000_000))
        let year = c.year!, month = c.month!
        for spec: Spec in [.year(year), .year(year - 1), .month(year, 3), .week(year, 10),
                           .range(String(format: "%04d-02-20", year), String(format: "%04d-04-05", year))] {
            try Self.check(journal, spec, zone: zone, label: "generated", full: false)
        }
        try Self.check(journal, .month(year, month), zone: zone, label: "generated")
    }

    /// A month without brews is written: an empty report that says so, its summary and totals files included.
    @Test func emptyPeriodIsAnHonestEmptyReport() throws {
        let journal = JournalGenerator(GeneratorOptions(brewCount: 300, seed: 2)).makeJournal()
        var options = ReportOptions()
        options.stats.timeZone = Self.berlin
        options.period = .named(.month(year: 1999, month: 2))
        options.formats = [.svg]
        options.parallelRendering = false
        let report = try PeriodReport(journal: journal, journalName: "gen", importReport: nil, options: options)
        #expect(report.periodSummary?.this.brews == 0 && report.totals?.brews == 0)
        #expect(report.emptyNote?.hasPrefix("No brews in February 1999") == true)
        let scratch = try Repo.scratch("period-empty")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("r")
        let files = try ReportWriter.write(report, options: options, to: out)
        #expect(files.contains("period_summary.csv") && files.contains("totals.csv") && !files.contains("week_summary.csv"))
        #expect(text(out.appendingPathComponent("index.html")).contains("No brews in February 1999"))
        #expect(text(out.appendingPathComponent("summary.md")).contains("No brews in February 1999"))
        let summary = TestCSV.records(text(out.appendingPathComponent("period_summary.csv")))
        #expect(summary.rows.first?["this_period"] == "0")
        // Every brew lies after February 1999 and is left out (no look-ahead).
        #expect(report.laterBrewsLeftOut == journal.brews.count)
    }

    /// The trend charts of a period say their bucket: daily for a month, weekly for a quarter, monthly for a year.
    @Test func trendChartsNameTheirBucket() throws {
        let journal = JournalGenerator(GeneratorOptions(brewCount: 600, seed: 3)).makeJournal()
        let last = (0..<journal.brews.count).compactMap { journal.brews.brewDate[$0] }.max()!
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = Self.berlin
        let year = cal.component(.year, from: Date(timeIntervalSince1970: Double(last) / 1_000_000))
        for (period, stem, unit) in [(ReportPeriod.month(year: year, month: 10), "brews-per-day", "Day"),
                                     (try ReportPeriod(from: "\(year)-08-01", to: "\(year)-10-31"), "brews-per-week", "Week (Monday start)"),
                                     (ReportPeriod.year(year), "brews-per-month", "Month")] {
            var options = ReportOptions()
            options.stats.timeZone = Self.berlin
            options.period = .named(period)
            options.parallelRendering = false
            let report = try PeriodReport(journal: journal, journalName: "gen", importReport: nil, options: options)
            let charts = ReportCharts.all(report, options: options)
            let bars = try #require(charts.first { $0.stem == stem }, "\(period): \(charts.map(\.stem))")
            #expect(bars.chart.x.title == unit)
            let rating = try #require(charts.first { $0.stem == "rating-trend" })
            #expect(rating.chart.x.title == unit && rating.chart.title.contains(period.bucket.adjective))
        }
    }
}
