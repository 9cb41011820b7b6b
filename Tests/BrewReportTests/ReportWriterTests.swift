import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

@Suite struct ReportWriterTests {
    static let script = "<script>alert(\"x\")</script>"

    /// A journal whose every name is hostile markup, with enough brews for charts and a finding.
    static func hostileJournal() -> Journal {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(name: "\(script) & 'V60'", category: .pourOver))
        let g = b.addGrinder(Grinder(name: "<img src=x onerror=alert(1)> \"C40\""))
        let bean = b.addBean(CoffeeBean(name: "Tom & Jerry <b>", roaster: "A&B \(script)", roastDate: Day(iso: "2026-11-01")))
        let settings: [Double] = [18, 20, 22, 24, 26, 20, 22, 24, 19, 23, 21, 25]
        let ratings: [Double] = [2.5, 3.5, 4.5, 3.5, 2, 3.5, 4.5, 4, 3, 4, 4.5, 3]
        for i in settings.indices {
            var row = BrewRow()
            row.id = "\(script)-\(i)"
            row.brewDate = Timestamp(instant(2026, 11, 9 + i, 7, 30))
            row.method = m; row.grinder = g; row.bean = bean
            row.doseGrams = 15; row.waterGrams = 250; row.brewTimeSeconds = 180
            row.grindSetting = settings[i]; row.rating = ratings[i]; row.tds = i % 2 == 0 ? 1.3 : nil
            row.notes = script
            b.appendBrew(row)
        }
        return b.finish()
    }

    static func options() -> ReportOptions {
        var o = ReportOptions()
        o.stats.timeZone = berlin
        o.now = instant(2026, 12, 1, 12, 0)
        o.formats = [.svg]
        return o
    }

    @Test func htmlEscapeCoversEveryActiveCharacter() {
        #expect(HTMLText.escape("<a href=\"x\" title='y'>&amp;</a>") == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
        #expect(HTMLText.escape("Müller 丸山珈琲 ☕") == "Müller 丸山珈琲 ☕")
        #expect(HTMLText.escape("") == "")
    }

    @Test func userStringsAreEscapedInTheReport() throws {
        let report = try PeriodReport(journal: Self.hostileJournal(), journalName: "\(Self.script).csv", importReport: nil, options: Self.options())
        let out = try Repo.scratch("writer-hostile").appendingPathComponent("report")
        let files = try ReportWriter.write(report, options: Self.options(), to: out)
        #expect(Set(files) == Set(relativeFiles(in: out)))
        let html = text(out.appendingPathComponent("index.html"))
        #expect(html.contains("<html"))
        #expect(!html.contains("<script"), "raw <script> in index.html")
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;V60&#39;"))
        #expect(html.contains("Tom &amp; Jerry &lt;b&gt;"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &quot;C40&quot;"))
        // Attribute values never close early: every quote inside alt="…" is escaped.
        for alt in html.components(separatedBy: " alt=\"").dropFirst() {
            let value = alt.prefix { $0 != "\"" }
            #expect(!value.contains("<") && !value.contains(">"))
            #expect(alt.dropFirst(value.count + 1).hasPrefix(" loading="), "an alt attribute was closed early")
        }
        let md = text(out.appendingPathComponent("summary.md"))
        #expect(!md.replacingOccurrences(of: "\\<", with: "").contains("<"))
        for name in files where name != OwnedFolder.markerName { #expect(!name.contains("<") && !name.contains("\"") && !name.hasPrefix(".")) }
    }

    @Test func writesEveryFileOnce() throws {
        let journal = JournalGenerator(GeneratorOptions(brewCount: 120, seed: 9)).makeJournal()
        var options = Self.options()
        options.formats = [.png(scale: 1), .svg, .pdf]
        let report = try PeriodReport(journal: journal, journalName: "gen", importReport: nil, options: options)
        let out = try Repo.scratch("writer-all").appendingPathComponent("report")
        let files = try ReportWriter.write(report, options: options, to: out, extra: ["manifest.json": Data("{}".utf8)])
        #expect(files.count == Set(files).count)
        #expect(Set(files) == Set(relativeFiles(in: out)))
        for name in ReportWriter.csvFiles + ["index.html", "summary.md", "report.pdf", "manifest.json", OwnedFolder.markerName] {
            #expect(files.contains(name), "missing \(name)")
        }
        let pdf = (try? Data(contentsOf: out.appendingPathComponent("report.pdf"))) ?? Data()
        #expect(pdf.starts(with: Data("%PDF".utf8)), "report.pdf is not a PDF")
        for kind in ChartKind.allCases {
            #expect(files.contains { $0.hasPrefix(kind.rawValue) && $0.hasSuffix(".svg") }, "no \(kind.rawValue) svg")
            #expect(files.contains { $0.hasPrefix(kind.rawValue) && $0.hasSuffix(".png") }, "no \(kind.rawValue) png")
        }
        // The CSVs are the summaries' own text.
        #expect(text(out.appendingPathComponent("weekly.csv")) == report.weekly.csv())
        #expect(text(out.appendingPathComponent("week_summary.csv")) == report.comparison?.csv())
        #expect(entries(out.deletingLastPathComponent()) == ["report"])
    }

    @Test func emptyWeekSummaryHasEveryMetric() throws {
        let rows = TestCSV.parse(ReportWriter.emptyWeekSummary)
        #expect(rows.first == PeriodSummary.weekHeader)
        #expect(rows.dropFirst().map(\.first) == ["brews", "mean_rating", "mean_ey_pct", "top_method", "best_brew"])
        #expect(rows.allSatisfy { $0.count == PeriodSummary.weekHeader.count })
    }

    @Test func unwritableOutputThrowsAndLeavesNothing() throws {
        let parent = try Repo.scratch("writer-fail")
        let blocker = parent.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let report = try PeriodReport(journal: Self.hostileJournal(), journalName: "x", importReport: nil, options: Self.options())
        #expect(throws: ReportError.self) { try ReportWriter.write(report, options: Self.options(), to: blocker.appendingPathComponent("out")) }
        #expect(entries(parent) == ["file"])
    }

    /// The default formats write the page, its SVG charts (wide and phone, light and dark), the CSVs and the
    /// Markdown; `pdf` adds each chart's PDF and `report.pdf`, which the page links beside the SVG it shows.
    @Test func theDefaultIsThePageItsSVGsTheCSVsAndTheMarkdown() throws {
        var options = Self.options()
        options.formats = ReportOptions().formats
        let journal = JournalGenerator(GeneratorOptions(brewCount: 80, seed: 4)).makeJournal()
        let report = try PeriodReport(journal: journal, journalName: "gen", importReport: nil, options: options)
        let out = try Repo.scratch("writer-default").appendingPathComponent("report")
        let files = try ReportWriter.write(report, options: options, to: out)
        #expect(!files.contains { $0.hasSuffix(".png") || $0.hasSuffix(".pdf") }, "\(files.filter { $0.hasSuffix(".png") || $0.hasSuffix(".pdf") })")
        for name in ["index.html", "summary.md", "brews-per-week.svg", "brews-per-week-dark.svg", "brews-per-week-phone.svg",
                     "brews-per-week-phone-dark.svg"] + ReportWriter.csvFiles {
            #expect(files.contains(name), "missing \(name)")
        }
        #expect(!text(out.appendingPathComponent("index.html")).contains("report.pdf"))
        options.formats = [.pdf]
        let both = try Repo.scratch("writer-pdf").appendingPathComponent("report")
        let withPDF = try ReportWriter.write(report, options: options, to: both)
        #expect(withPDF.contains("report.pdf") && withPDF.contains("brews-per-week.pdf") && withPDF.contains("brews-per-week.svg"))
        let page = text(both.appendingPathComponent("index.html"))
        #expect(page.contains("<img src=\"brews-per-week.svg\""))
        #expect(page.contains("<a href=\"brews-per-week.pdf\">PDF</a>"))
        #expect(page.contains("<a href=\"report.pdf\">report.pdf</a>"))
    }

    /// Serial rendering (a batch's workers) writes the very same files as rendering on all cores.
    @Test func serialRenderingWritesTheSameFiles() throws {
        var options = Self.options()
        options.formats = [.svg]
        let journal = JournalGenerator(GeneratorOptions(brewCount: 80, seed: 6)).makeJournal()
        let report = try PeriodReport(journal: journal, journalName: "gen", importReport: nil, options: options)
        let parallel = try Repo.scratch("writer-parallel").appendingPathComponent("report")
        try ReportWriter.write(report, options: options, to: parallel)
        options.parallelRendering = false
        let serial = try Repo.scratch("writer-serial").appendingPathComponent("report")
        try ReportWriter.write(report, options: options, to: serial)
        #expect(relativeFiles(in: parallel) == relativeFiles(in: serial))
        for name in relativeFiles(in: serial) where name.hasSuffix(".svg") || name.hasSuffix(".csv") || name.hasSuffix(".html") {
            #expect(text(parallel.appendingPathComponent(name)) == text(serial.appendingPathComponent(name)), "\(name)")
        }
        #expect(ReportOptions().parallelRendering, "a single report renders on all cores by default")
    }

    /// `report --out` over the input journal, or a folder holding it, is refused before anything is written.
    @Test func theInputJournalIsNeverReplaced() throws {
        let folder = try Repo.scratch("writer-protect")
        let journal = folder.appendingPathComponent("j.csv")
        try Data("brew_id\n".utf8).write(to: journal)
        let report = try PeriodReport(journal: Self.hostileJournal(), journalName: "j.csv", importReport: nil, options: Self.options())
        for target in [folder, journal] {
            let error = #expect(throws: ReportError.self) { try ReportWriter.write(report, options: Self.options(), to: target, protecting: [journal]) }
            guard case .refusedOutput = error else { Issue.record("expected refusedOutput, got \(String(describing: error))"); continue }
        }
        #expect(entries(folder) == ["j.csv"])
        #expect(text(journal) == "brew_id\n")
        #expect(entries(folder.deletingLastPathComponent()).filter { $0.hasPrefix(".\(folder.lastPathComponent).") }.isEmpty)
    }
}
