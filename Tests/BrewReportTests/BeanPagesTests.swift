import BrewColumns
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// The report's bean pages and the year in review's folder, checked against the journal's rows selected here with
/// Foundation's calendar.
@Suite struct BeanPagesTests {
    static let brews = WeeklyReportTests.brews

    func options(_ week: String) -> ReportOptions {
        var o = WeeklyReportTests.options(now: instant(2026, 12, 1, 12, 0), week: .named(.week(try! IsoWeek(label: week))))
        o.formats = [.svg]
        o.parallelRendering = false
        return o
    }

    /// Pages for the beans brewed in the 8 weeks ending with the report week, most recently brewed first, at most
    /// ``BeanPages/limit``, each linked from the index; nothing dated after the week counts.
    @Test(arguments: ["2026-W30", "2026-W46"])
    func pagesForTheBeansOfTheLastWeeks(week: String) throws {
        let o = options(week)
        let report = try WeeklyReportTests.report(o)
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = berlin
        let w = try IsoWeek(label: week)
        let anyDay = try #require(Self.brews.compactMap(\.date).first { isoWeekLabel($0, berlin) == week })
        let end = calendar.dateInterval(of: .weekOfYear, for: anyDay)!.end
        let start = calendar.date(byAdding: .weekOfYear, value: -(BeanPages.recentWeeks - 1), to: calendar.dateInterval(of: .weekOfYear, for: anyDay)!.start)!
        var latest: [Int: Date] = [:]
        for b in Self.brews {
            guard let d = b.date, d >= start, d < end, let bean = b.beanIndex else { continue }
            latest[bean] = max(latest[bean] ?? d, d)
        }
        let labels = BeanLabels.make(report.analysis.journal)
        let expected = latest.keys.sorted { a, b in latest[a]! != latest[b]! ? latest[a]! > latest[b]! : labels[a] < labels[b] }
            .prefix(BeanPages.limit).map { labels[$0] }
        #expect(w.label == week)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("beanpages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try ReportWriter.write(report, options: o, to: dir)
        let pages = files.filter { $0.hasPrefix("beans/") && $0.hasSuffix(".html") }
        #expect(pages.count == expected.count)
        #expect(pages.count <= BeanPages.limit)
        let index = text(dir.appendingPathComponent("index.html"))
        for page in pages { #expect(index.contains("href=\"\(HTMLText.href(page))\"")) }
        // Every file the writer lists exists, and the folder holds nothing else.
        #expect(Set(relativeFiles(in: dir)) == Set(files))
        // Each page names its bean, counts its brews up to the week's end, and links back.
        for (label, page) in zip(expected, pages) {
            let html = text(dir.appendingPathComponent(page))
            #expect(html.contains("<h1>\(HTMLText.escape(label))</h1>"))
            #expect(html.contains("href=\"../index.html\""))
            let count = Self.brews.filter { b in b.date.map { $0 < end } == true && b.beanIndex.map { labels[$0] } == label }.count
            #expect(html.contains("<div class=\"label\">Brews</div><div class=\"value\">\(count)</div>"), "\(label)")
            #expect(!html.contains("UUID") && !html.contains("brew_id"))
        }
    }

    /// A month's bean pages count each bean's brews up to the month's last day, and say which day that is (the
    /// 30th, by Foundation's calendar for November 2026), with the same brew counts as counted here.
    @Test func monthPagesCountUpToTheMonthsEnd() throws {
        var o = options("2026-W46")
        o.period = .named(.month(year: 2026, month: 11))
        let report = try WeeklyReportTests.report(o)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        let november = calendar.dateInterval(of: .month, for: instant(2026, 11, 15, 12, 0))!
        let lastDay = calendar.date(byAdding: .day, value: -1, to: november.end)!
        let c = calendar.dateComponents([.year, .month, .day], from: lastDay)
        let last = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("beanpages-month-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try ReportWriter.write(report, options: o, to: dir)
        let pages = files.filter { $0.hasPrefix("beans/") && $0.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        let labels = BeanLabels.make(report.analysis.journal)
        for page in pages {
            let html = text(dir.appendingPathComponent(page))
            #expect(html.contains("brews up to \(last)"), "\(page)")
            let label = try #require(labels.first { html.contains("<h1>\(HTMLText.escape($0))</h1>") })
            let count = Self.brews.filter { b in b.date.map { $0 < november.end } == true && b.beanIndex.map { labels[$0] } == label }.count
            #expect(html.contains("<div class=\"label\">Brews</div><div class=\"value\">\(count)</div>"), "\(label)")
        }
    }

    /// With only PDF charts a bean page links them (a browser shows no PDF in an `<img>`).
    @Test func pdfOnlyBeanChartsAreLinked() throws {
        var o = options("2026-W46")
        o.formats = [.pdf]
        let report = try WeeklyReportTests.report(o)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("beanpages-pdf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try ReportWriter.write(report, options: o, to: dir)
        let pages = files.filter { $0.hasPrefix("beans/") && $0.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        for page in pages {
            let html = text(dir.appendingPathComponent(page))
            let stem = String(page.dropFirst("beans/".count).dropLast(".html".count))
            // The page shows the SVG drawings (always written) and links each chart's PDF.
            let charts = files.filter { $0.hasPrefix("beans/\(stem)-") && $0.hasSuffix(".pdf") }
            #expect(!charts.isEmpty && html.contains("<img src=\"\(HTMLText.href(stem))-"))
            for chart in charts { #expect(html.contains("href=\"\(HTMLText.href(String(chart.dropFirst("beans/".count))))\""), "\(chart)") }
        }
    }

    /// A report folder without its marker (an earlier version's) is still replaced with its bean pages, but not once
    /// a file of the user's sits among them.
    @Test func beanFolderOfAnUnmarkedReport() throws {
        let o = options("2026-W46")
        let report = try WeeklyReportTests.report(o)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("beanpages-own-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReportWriter.write(report, options: o, to: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(OwnedFolder.markerName))
        #expect(throws: Never.self) { try OwnedFolder.checkReplaceable(dir) }
        try Data("mine".utf8).write(to: dir.appendingPathComponent("beans/notes.txt"))
        #expect(throws: ReportError.self) { try OwnedFolder.checkReplaceable(dir) }
    }

    /// The review of a year: index.html, review.md and its charts (review.pdf when asked); an empty year says so instead
/// of failing.
    @Test func reviewFolderAndAnEmptyYear() throws {
        var o = options("2026-W46")
        o.now = instant(2026, 12, 1, 12, 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = WeeklyReportTests.journal
        let year = Calendar(identifier: .gregorian).component(.year, from: Self.brews.compactMap(\.date).max()!)
        let full = try YearReviewWriter.write(journal: journal, journalName: "j", year: year, options: o, to: dir.appendingPathComponent("a"))
        // Each chart's wide and phone drawings, light and dark; the page as HTML and Markdown (review.pdf with --formats pdf).
        let variants = ["", "-dark", "-phone", "-phone-dark"]
        #expect(full.files == [OwnedFolder.markerName] + variants.map { "weekdays\($0).svg" } + variants.map { "months\($0).svg" }
                + ["index.html", "review.md"])
        var local = Calendar(identifier: .gregorian)
        local.timeZone = berlin
        let count = Self.brews.filter { $0.date.map { local.component(.year, from: $0) } == year }.count
        #expect(full.review.brews == count)
        #expect(text(dir.appendingPathComponent("a/index.html")).contains("<div class=\"value\">\(count)</div>"))
        var pdf = o
        pdf.formats = [.svg, .pdf]
        let withPDF = try YearReviewWriter.write(journal: journal, journalName: "j", year: year, options: pdf, to: dir.appendingPathComponent("c"))
        #expect(withPDF.files.suffix(3) == ["index.html", "review.md", "review.pdf"])
        let empty = try YearReviewWriter.write(journal: journal, journalName: "j", year: 1999, options: o, to: dir.appendingPathComponent("b"))
        #expect(empty.review.isEmpty)
        #expect(empty.files == [OwnedFolder.markerName, "index.html", "review.md"])
        #expect(text(dir.appendingPathComponent("b/index.html")).contains("No brew in this journal is dated in 1999"))
    }
}
