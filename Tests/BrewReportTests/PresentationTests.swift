import BrewCharts
import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// How the report presents itself to a reader: number formats, charts on the page (width, enlarging, hover
/// details, dark mode), the import section and the PDF's creation date.
@Suite struct PresentationTests {
    // MARK: Numbers for people

    @Test func numbersKeepTheirDecimalsAndUseTheUnicodeMinus() {
        #expect(Format.number(20, decimals: 1) == "20.0")
        #expect(Format.number(19.3, decimals: 1) == "19.3")
        #expect(Format.number(4, decimals: 2) == "4.00")
        #expect(Format.number(-0.13, decimals: 2) == "\u{2212}0.13")
        #expect(Format.number(-0.001, decimals: 2) == "0.00")
        #expect(Format.number(-0.0, decimals: 1) == "0.0")
        #expect(Format.number(nil) == "—" && Format.number(.nan) == "—")
        #expect(Format.ratio(16.666) == "1:16.7" && Format.ratio(2) == "1:2.0")
    }

    @Test func changesRoundingToZeroHaveNoSign() {
        #expect(Format.change(-0.1, decimals: 0) == "0")
        #expect(Format.change(-0.04, decimals: 1) == "0.0")
        #expect(Format.change(0.004, decimals: 2) == "0.00")
        // −2.35 is stored as −2.35000000000000008882 (above the half): it rounds to −2.4.
        #expect(Format.change(-2.35, decimals: 1) == "\u{2212}2.4")
        #expect(Format.change(-2.4, decimals: 1) == "\u{2212}2.4")
        #expect(Format.change(3, decimals: 0) == "+3")
        #expect(Format.change(0.3, decimals: 2) == "+0.30")
        #expect(Format.change(nil) == "—")
    }

    @Test func headlineFiguresOfOneRowShareTheirDecimals() throws {
        // Three brews rated 4, 5, 4.5 this week (mean 4.5), three rated 4 the week before: 4.50, +0.50, (4.00).
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        for (k, (day, rating)) in [(10, 4.0), (11, 4.0), (12, 4.0), (17, 4.0), (18, 5.0), (19, 4.5)].enumerated() {
            var r = BrewRow()
            r.id = "b\(k)"; r.method = m; r.rating = rating
            r.brewDate = Timestamp(instant(2026, 11, day, 8, 0))
            b.appendBrew(r)
        }
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.now = instant(2026, 12, 1, 12, 0)
        let report = try PeriodReport(journal: b.finish(), journalName: "j", importReport: nil, options: options)
        let rating = try #require(Headline.of(report).first { $0.label == "Mean rating" })
        #expect(rating.value == "4.50")
        // The journal ends on Thursday 19 November: the week is compared with the same days of the week before
        // (Monday 9 – Thursday 12 November), which hold the three brews rated 4.
        #expect(rating.detail == "3 rated · +0.50 vs 9–12 Nov 2026 (4.00, 3 rated)")
    }

    @Test func importMessagesRoundBinaryArtefactsAway() throws {
        // A TDS of 28.7 % computed upstream as 0.1 + 28.6 = 28.700000000000003; the warning reads 28.7.
        let tds = 0.1 + 28.6
        #expect(String(tds) == "28.700000000000003")
        let folder = try Repo.scratch("presentation-tds")
        let csv = folder.appendingPathComponent("j.csv")
        try Data("brew_id,brewed_at,method,dose_g,water_g,tds_pct,water_temp_c\nb1,2026-11-16T07:42:00+01:00,V60,15,250,\(tds),-3\n".utf8).write(to: csv)
        let result = try importJournal(at: csv)
        let messages = result.report.warnings.map(\.message)
        #expect(messages.contains { $0.contains("28.7 %") }, "\(messages)")
        #expect(!messages.contains { $0.contains("28.700000000000003") })
        #expect(messages.contains { $0.contains("\u{2212}3 °C") }, "\(messages)")
    }

    // MARK: Charts on the page

    // MARK: Import section

    @Test func cachedCounterMismatchesCollapseIntoOneLine() throws {
        let result = try importJournal(at: Repo.sample("journal.sqlite"))
        let counters = result.report.warnings.filter { $0.kind == .cachedCounterMismatch }
        try #require(!counters.isEmpty, "the sample journal has disagreeing cached counters")
        // Independently: the distinct methods and grinders named by those warnings.
        let named = Set(counters.map { w in w.message.components(separatedBy: "': ")[0] })
        let methods = named.filter { $0.hasPrefix("method '") }.count, grinders = named.filter { $0.hasPrefix("grinder '") }.count

        let html = Render.html(section: ReportPage.importSection(result.report, implausible: 0))
        let summary = "<details data-block=\"details\"><summary>The app&#39;s cached counters disagree with the brews for "
        #expect(html.contains(summary))
        let expectedParts = [methods > 0 ? "\(methods) method\(methods == 1 ? "" : "s")" : nil,
                             grinders > 0 ? "\(grinders) grinder\(grinders == 1 ? "" : "s")" : nil].compactMap { $0 }
        #expect(html.contains(expectedParts.joined(separator: " and ") + ": harmless, recomputed from the brews."))
        // Every counter message sits inside the collapsed details, none in the prominent warning list.
        let details = try #require(html.components(separatedBy: summary).last)
        let prominent = html.components(separatedBy: summary)[0]
        for w in counters {
            #expect(details.contains(HTMLText.escape(w.message)))
            #expect(!prominent.contains(HTMLText.escape(w.message)))
        }
        // Data problems stay in view.
        for w in result.report.warnings where w.kind != .cachedCounterMismatch {
            #expect(prominent.contains(HTMLText.escape(w.message)))
        }

        var options = ReportOptions()
        options.stats.timeZone = berlin
        let report = try PeriodReport(journal: result.journal, journalName: "journal.sqlite", importReport: result.report, options: options)
        // The Markdown and the PDF show the fold's summary, then what it holds (they have no folds).
        let md = Render.markdown(report)
        #expect(md.contains("cached counters disagree with the brews for " + expectedParts.joined(separator: " and ")))
        let blocks = Render.pdf(report)
        var bullets: [String] = [], notes: [String] = []
        for block in blocks {
            if case .bullets(let b) = block { bullets += b }
            if case .note(let n) = block { notes.append(n) }
        }
        #expect(notes.contains { $0.hasPrefix("The app's cached counters disagree with the brews for " + expectedParts.joined(separator: " and ")) })
    }

    @Test func importCountsAgreeInNumber() throws {
        var imp = try importJournal(at: Repo.sample("journal.sqlite")).report
        imp.grinders = 1; imp.methods = 2; imp.beans = 1; imp.tastingNotes = 0
        let line = ImportNotes.headline(imp)
        #expect(line.hasSuffix("; 2 methods, 1 grinder, 1 bean, 0 tasting notes."), "\(line)")
        #expect(Render.html(section: ReportPage.importSection(imp, implausible: 0)).contains("2 methods, 1 grinder, 1 bean, 0 tasting notes."))
    }

    // MARK: PDF

    /// The pinned document date (``ReportOptions/documentDate``: `--today` or `SOURCE_DATE_EPOCH`), not `now`.
    @Test func reportPDFIsDatedWithThePinnedDocumentDate() throws {
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.now = instant(2026, 12, 3, 9, 0, 0)
        options.documentDate = instant(2026, 12, 1, 12, 34, 56)
        options.formats = [.svg, .pdf]
        let report = try PeriodReport(journal: ReportWriterTests.hostileJournal(), journalName: "j", importReport: nil, options: options)
        let out = try Repo.scratch("presentation-pdf-date").appendingPathComponent("report")
        try ReportWriter.write(report, options: options, to: out)
        let pdf = try Data(contentsOf: out.appendingPathComponent("report.pdf"))
        let text = String(decoding: pdf, as: UTF8.self)
        // The PDF date (cairo's spelling) of 12:34:56 in Berlin in December (CET, UTC+1), spelt by hand.
        let written = text.components(separatedBy: "/CreationDate ").dropFirst().first.map { String($0.prefix(24)) } ?? "none"
        #expect(written.hasPrefix("(20261201123456+01'00)"), "\(written)")
        // Every chart PDF of the report carries the same date.
        let chartPDFs = relativeFiles(in: out).filter { $0.hasSuffix(".pdf") && $0 != "report.pdf" }
        #expect(!chartPDFs.isEmpty)
        for name in chartPDFs {
            let chart = String(decoding: try Data(contentsOf: out.appendingPathComponent(name)), as: UTF8.self)
            let date = chart.components(separatedBy: "/CreationDate ").dropFirst().first.map { String($0.prefix(24)) } ?? "none"
            #expect(date.hasPrefix("(20261201123456+01'00)"), "\(name): \(date)")
        }
    }
}
