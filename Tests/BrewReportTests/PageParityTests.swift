import BrewCharts
import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// The PDF and the Markdown carry the same blocks, words and numbers as the HTML page, section by section: the
/// sample journal's weekly report and its first bean page, and the 2020 Beanconqueror backup's report of 2020 and its
/// year in review. Each output is read back as its reader sees it (tags stripped and entities decoded, Markdown's
/// escapes undone, the PDF's document blocks as drawn), and charts are compared by count (their texts are the charts').
@Suite struct PageParityTests {
    /// One section as read back: its heading, its words (lowercased, as a set), its numbers in reading order, its charts.
    struct Read: Equatable, CustomStringConvertible {
        var heading: String
        var words: Set<String> = []
        var numbers: [String] = []
        var charts = 0
        var description: String { "\(heading): \(charts) charts, numbers \(numbers)" }

        init(heading: String, text: String, charts: Int) {
            self.heading = heading
            self.charts = charts
            words = Set(text.lowercased().matches(of: #/\p{L}+/#).map { String($0.output) })
            // Numbers as written (a minus sign, digits, decimal points, ratio colons).
            numbers = text.matches(of: #/[−-]?\d+(?:[.:]\d+)*/#).map { String($0.output).replacingOccurrences(of: "−", with: "-") }
        }
    }

    static func html(_ page: String) -> [Read] {
        page.split(separator: "<section id=\"", omittingEmptySubsequences: true).dropFirst().map { chunk in
            let body = String(chunk.prefix { _ in true })
            let end = body.range(of: "</section>").map { body[..<$0.lowerBound] } ?? body[...]
            var text = String(end)
            let heading = text.firstMatch(of: #/<h2>(.*?)</h2>/#).map { decode(String($0.1)) } ?? ""
            let charts = text.matches(of: #/<figure /#).count
            text = text.replacing(#/<figure .*?</figure>/#.dotMatchesNewlines(), with: " ")
            text = text.replacing(#/<h2>.*?</h2>/#, with: " ")
            text = text.replacing(#/^[^>]*>/#, with: " ")  // the section's own attributes
            return Read(heading: heading, text: decode(text.replacing(#/<[^>]+>/#, with: " ")), charts: charts)
        }
    }

    static func decode(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func markdown(_ md: String) -> [Read] {
        // The page's header and lead come before the first "## "; sections follow.
        var parts = md.components(separatedBy: "\n## ")
        let lead = parts.removeFirst()
        let leadBody = lead.components(separatedBy: "\n").drop { !$0.isEmpty }.joined(separator: "\n")
        func read(_ heading: String, _ body: String) -> Read {
            var text = body
            let charts = text.matches(of: #/!\[/#).count
            text = text.replacing(#/!\[[^\n]*/#, with: " ")
            text = text.replacing(#/\]\([^)]*\)/#, with: "] ")
            text = text.replacing(#/\\(.)/#) { String($0.1) }
            return Read(heading: heading, text: text.replacing(#/\| ---:?/#, with: " "), charts: charts)
        }
        // The lead section (no heading): what follows the header lines up to the first section.
        var out = [read("", String(leadBody.drop { $0 == "\n" }).components(separatedBy: "\n").filter { !$0.hasPrefix("_") || $0.hasPrefix("_No") }.joined(separator: "\n"))]
        for part in parts {
            let lines = part.components(separatedBy: "\n")
            var body = lines.dropFirst().joined(separator: "\n")
            if part == parts.last, let footer = body.range(of: "\n_Made by", options: .backwards) { body = String(body[..<footer.lowerBound]) }
            out.append(read(lines[0].replacing(#/\\(.)/#) { String($0.1) }, body))
        }
        return out
    }

    static func pdf(_ blocks: [DocumentBlock], page: Page) -> [Read] {
        var out: [Read] = []
        var heading = "", text = "", charts = 0
        func flush() { out.append(Read(heading: heading, text: text, charts: charts)) }
        // The title, the zone note and the footer note are the header and footer, not a section.
        let body = blocks.dropFirst(page.zone == nil ? 1 : 2).dropLast(page.footer.isEmpty ? 0 : 1)
        for block in body {
            switch block {
            case .heading(let h): flush(); heading = h; text = ""; charts = 0
            case .paragraph(let t), .note(let t): text += " " + t
            case .bullets(let items): text += " " + items.joined(separator: " ")
            case .figures(let f): text += " " + f.map { "\($0.label) \($0.value) \($0.detail ?? "")" }.joined(separator: " ")
            case .table(let t): text += " " + (t.header + t.rows.flatMap { $0 }).joined(separator: " ")
            case .chart: charts += 1
            case .chartRow(let row, _): charts += row.count
            case .title, .pageBreak: break
            }
        }
        flush()
        return out
    }

    /// The HTML lead section has no heading; the Markdown and PDF leads are the text before the first heading.
    static func compare(_ page: Page, charts: [DrawnChart], _ what: String) {
        let html = Self.html(HTMLRenderer.render(page, charts: charts))
        let md = Self.markdown(MarkdownRenderer.render(page, charts: charts))
        let pdf = Self.pdf(PDFRenderer.blocks(page), page: page)
        #expect(html.count == page.sections.count, "\(what): \(html.count) HTML sections of \(page.sections.count)")
        #expect(html.count > 1)
        for (k, section) in html.enumerated() {
            #expect(md.indices.contains(k) && md[k] == section, "\(what), Markdown section \(k): \(md.indices.contains(k) ? md[k].description : "missing") against the HTML's \(section)\(md.indices.contains(k) ? diff(section, md[k]) : "")")
            #expect(pdf.indices.contains(k) && pdf[k] == section, "\(what), PDF section \(k): \(pdf.indices.contains(k) ? pdf[k].description : "missing") against the HTML's \(section)\(pdf.indices.contains(k) ? diff(section, pdf[k]) : "")")
        }
    }

    static func diff(_ a: Read, _ b: Read) -> String {
        " — words only in the HTML: \(a.words.subtracting(b.words).sorted()), only in the other: \(b.words.subtracting(a.words).sorted())"
    }

    /// The charts as drawn, without drawing: each request's files as the page names them.
    static func named(_ page: Page) -> [DrawnChart] {
        page.charts.filter(\.hasData).map {
            DrawnChart(request: $0, svg: $0.stem + ".svg", svgDark: $0.stem + "-dark.svg", phone: $0.stem + "-phone.svg",
                       phoneDark: $0.stem + "-phone-dark.svg", png: nil, pdf: nil, hover: "")
        }
    }

    static func report(_ url: URL, options: ReportOptions) throws -> (PeriodReport, Page) {
        let result = try importJournal(at: url)
        let report = try PeriodReport(journal: result.journal, journalName: url.lastPathComponent, importReport: result.report, options: options)
        let charts = ReportCharts.all(report, options: options).map(\.request)
        return (report, ReportPage.page(report, charts: charts, pdf: true, zone: "Days and times of day in Europe/Berlin (--tz)."))
    }

    static var sampleOptions: ReportOptions {
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23
        options.parallelRendering = false
        return options
    }

    @Test func theSampleWeeklyReport() throws {
        let (_, page) = try Self.report(Repo.sample("journal.sqlite"), options: Self.sampleOptions)
        Self.compare(page, charts: Self.named(page), "sample week")
    }

    @Test func aBeanPageOfTheSample() throws {
        let options = Self.sampleOptions
        let (report, _) = try Self.report(Repo.sample("journal.sqlite"), options: options)
        let (beans, last) = try #require(BeanPages.chosen(report, options: options))
        let summary = try #require(report.analysis.beanSummaries(Array(beans.prefix(1)), through: last).first)
        let charts = BeanCharts.all(summary, analysis: report.analysis, slug: "bean").map(\.request)
        let page = BeanPage.page(summary, report: report, charts: charts, zone: "Days in Europe/Berlin.")
        Self.compare(page, charts: Self.named(page), "sample bean page")
    }

    static var backup: URL? {
        Repo.peerData?.appendingPathComponent("beanconqueror/Beanconqueror_old.json")
    }

    @Test func theBackupsYear() throws {
        let url = try #require(Self.backup, "the 2020 Beanconqueror backup is not beside the repository (../shared/peer-data)")
        var options = Self.sampleOptions
        options.period = .named(.year(2020))
        let (_, page) = try Self.report(url, options: options)
        Self.compare(page, charts: Self.named(page), "2020 backup, report of 2020")
    }

    @Test func theBackupsYearInReview() throws {
        let url = try #require(Self.backup, "the 2020 Beanconqueror backup is not beside the repository (../shared/peer-data)")
        let result = try importJournal(at: url)
        var stats = StatsOptions()
        stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let analysis = BrewAnalysis(journal: result.journal, options: stats)
        let text = YearReviewText(review: analysis.yearReview(2020), analysis: analysis)
        let charts = [ChartRequest(stem: "weekdays", title: "Brews per weekday", chart: text.weekdayChart, size: .half)]
        let page = YearReviewPage.page(text, journalName: "backup", charts: charts, roasterMerges: [["Quijote Kaffee", "Quijote"]],
                                       zone: "Days in Europe/Berlin.", pdf: true)
        Self.compare(page, charts: Self.named(page), "2020 backup, year in review")
    }
}
