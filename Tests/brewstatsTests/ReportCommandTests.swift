import BrewReport
import Foundation
import Testing
import TestSupport

/// One `brewstats report` run on a sample journal, made once and shared by the tests that read it.
struct SampleReport: Sendable {
    let folder: URL
    let result: CLIResult

    /// Every format, as `make report` asks (the default is the page, its SVG charts, the CSVs and the Markdown).
    static func make(_ encoding: String, label: String = "sample") -> SampleReport? {
        guard CLI.available, let scratch = try? Repo.scratch("e2e-report-\(encoding)") else { return nil }
        let out = scratch.appendingPathComponent(label)
        guard let r = try? CLI.run(["report", Repo.sample("journal.\(encoding)").path, "--out", out.path, "--tz", "Europe/Berlin",
                                          "--formats", "svg,png,pdf"], timeout: 120) else { return nil }
        return SampleReport(folder: out, result: r)
    }

    static let sqlite = make("sqlite")
    static let json = make("json")
    static let csv = make("csv")

    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
    func csvRecords(_ name: String) -> (header: [String], rows: [[String: String]]) { TestCSV.records(text(file(name))) }
}

let berlin = TimeZone(identifier: "Europe/Berlin")!
let csvSummaries = ["equipment_usage.csv", "weekly.csv", "method_stats.csv", "grind_rating.csv", "week_summary.csv"]

/// A chart's other drawings (`-dark`, `-phone`, `-phone-dark` SVGs), which the page's `<picture>` offers beside its
/// main SVG.
func isChartVariant(_ name: String) -> Bool {
    let stem = (name as NSString).deletingPathExtension
    return name.hasSuffix(".svg") && (stem.hasSuffix("-dark") || stem.hasSuffix("-phone"))
}

/// The chart kinds `brewstats chart --help` lists under "Kinds:".
func chartKindsFromHelp() throws -> [String] {
    let help = try CLI.run(["chart", "--help"]).stdout
    guard let section = help.components(separatedBy: "Kinds:").dropFirst().first else { return [] }
    var kinds: [String] = []
    for line in section.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { if kinds.isEmpty { continue } else { break } }
        kinds.append(String(trimmed.prefix { !$0.isWhitespace }))
    }
    return kinds
}

@Suite struct ReportCommandTests {
    /// The report's chart kinds, as the library names them (a kind added there is held to every check below).
    static let documentedKinds = ChartKind.allCases.map(\.rawValue)

    /// `--today` pins the day the report takes as today: the sample's last week (ending Sunday 2026-11-22) is in
    /// progress on the Friday before and complete on the Monday after, whatever the real date.
    @Test(.enabled(if: CLI.available)) func todayCanBePinned() throws {
        let scratch = try Repo.scratch("e2e-today")
        for (today, partial) in [("2026-11-20", true), ("2026-11-23", false)] {
            let out = scratch.appendingPathComponent(today)
            let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--today", today, "--out", out.path,
                                 "--tz", "Europe/Berlin", "--formats", "svg"], timeout: 120)
            #expect(r.status == 0, "\(r.stderr)")
            // The title names the week; the line under it says whether it is complete.
            let title = text(out.appendingPathComponent("summary.md")).split(separator: "\n").prefix(2).joined(separator: "\n")
            #expect(title.contains("partial: in progress") == partial, "\(title)")
            if partial { #expect(title.contains("covers 16–20 Nov 2026")) }
        }
        let bad = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--today", "2026-02-30"], timeout: 60)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--today"))
    }

    /// A past week's report uses only the brews up to that week's end, and says how many later ones it left out
    /// (counted here from the sample CSV's dates); `--include-later` uses them all.
    @Test(.enabled(if: CLI.available)) func aPastWeekDoesNotLookAhead() throws {
        let csv = try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8)
        // brewed_at is the second column of the export, ISO 8601 with offset; 2026-W30 ends Sunday 2026-07-26 (Berlin).
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let end = calendar.date(from: DateComponents(year: 2026, month: 7, day: 27))!
        let parser = ISO8601DateFormatter()
        let later = csv.split(separator: "\n").dropFirst().compactMap { line -> Date? in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            return cells.count > 1 ? parser.date(from: String(cells[1])) : nil
        }.filter { $0 >= end }.count
        #expect(later > 0)
        let scratch = try Repo.scratch("e2e-past-week")
        let a = scratch.appendingPathComponent("known"), b = scratch.appendingPathComponent("ahead")
        let r1 = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--week", "2026-W30", "--out", a.path,
                              "--tz", "Europe/Berlin", "--formats", "svg"], timeout: 120)
        #expect(r1.status == 0, "\(r1.stderr)")
        #expect(text(a.appendingPathComponent("summary.md")).contains("\(later) brews dated after this week left out"))
        let r2 = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--week", "2026-W30", "--include-later",
                              "--out", b.path, "--tz", "Europe/Berlin", "--formats", "svg"], timeout: 120)
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(!text(b.appendingPathComponent("summary.md")).contains("dated after this week left out"))
        #expect(text(a.appendingPathComponent("equipment_usage.csv")) != text(b.appendingPathComponent("equipment_usage.csv")))
    }

    @Test(.enabled(if: CLI.available)) func chartHelpListsEveryKind() throws {
        // The report's chart kinds, and the shot overlay and shot view, which draw shot journals on demand.
        #expect(try chartKindsFromHelp() == Self.documentedKinds + ["shot-overlay", "shot-view"])
    }

    @Test(.enabled(if: CLI.available)) func sampleReportWritesEveryFile() throws {
        let report = try #require(SampleReport.sqlite)
        #expect(report.result.status == 0, "\(report.result.stderr)")
        #expect(report.result.stderr.isEmpty, "\(report.result.stderr)")
        let files = Set(relativeFiles(in: report.folder))
        for name in csvSummaries + ["index.html", "summary.md", "report.pdf"] {
            #expect(files.contains(name), "missing \(name)")
        }
        #expect(bytes(report.file("report.pdf")).starts(with: Data("%PDF".utf8)), "report.pdf is not a PDF")
        for kind in Self.documentedKinds {
            for ext in ["png", "svg"] {
                #expect(files.contains { $0.hasPrefix(kind) && $0.hasSuffix(".\(ext)") }, "no \(kind) chart as \(ext)")
            }
        }
        #expect(files.contains("control-chart-espresso.svg") && files.contains("control-chart-espresso.png"))
        // Every chart is written in both formats, and each file is what its extension says.
        let stems = Set(files.filter { ($0.hasSuffix(".png") || $0.hasSuffix(".svg")) && !$0.hasPrefix("beans/") && !isChartVariant($0) }
            .map { ($0 as NSString).deletingPathExtension })
        // The bean pages show SVG charts and write no PNG (a PDF of each when pdf is asked).
        let beanCharts = files.filter { $0.hasPrefix("beans/") && !$0.hasSuffix(".html") }
        #expect(!beanCharts.isEmpty && beanCharts.allSatisfy { $0.hasSuffix(".svg") || $0.hasSuffix(".pdf") })
        for stem in stems {
            // Each chart has its phone and dark drawings beside it, as SVG.
            for variant in ["-dark", "-phone", "-phone-dark"] {
                #expect(text(report.file(stem + variant + ".svg")).contains("<svg"), "no \(stem)\(variant).svg")
            }
            #expect(bytes(report.file(stem + ".png")).starts(with: pngMagic), "\(stem).png is not a PNG")
            let svg = text(report.file(stem + ".svg"))
            #expect(svg.contains("<svg") && svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"), "\(stem).svg is not an SVG")
        }
        // Nothing hidden (no staging or old folder) beside the report.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: report.folder.deletingLastPathComponent().path)
        #expect(siblings == [report.folder.lastPathComponent])
        #expect(report.result.stdout.contains("2026-W47"))
    }

    @Test(.enabled(if: CLI.available)) func storeAndJSONGiveIdenticalSummaries() throws {
        let a = try #require(SampleReport.sqlite), b = try #require(SampleReport.json)
        #expect(b.result.status == 0)
        for name in csvSummaries {
            #expect(bytes(a.file(name)) == bytes(b.file(name)), "\(name) differs between journal.sqlite and journal.json")
            #expect(!bytes(a.file(name)).isEmpty)
        }
    }

    /// The CSV export differs from the store only where the sample's README says it must: it carries no
    /// cached counters and no unused equipment, and it merges the three repurchased bags into one bean each.
    @Test(.enabled(if: CLI.available)) func csvExportDiffersOnlyWhereTheFormatLosesInformation() throws {
        let store = try #require(SampleReport.sqlite), csv = try #require(SampleReport.csv)
        #expect(csv.result.status == 0)
        // No bean identity involved: identical.
        for name in ["weekly.csv", "week_summary.csv"] {
            #expect(bytes(store.file(name)) == bytes(csv.file(name)), "\(name) differs between journal.sqlite and journal.csv")
        }
        // Methods: the store also lists the never-used Siphon.
        let sm = store.csvRecords("method_stats.csv"), cm = csv.csvRecords("method_stats.csv")
        #expect(sm.header == cm.header)
        let usedMethods = sm.rows.filter { $0["n"] != "0" }
        #expect(sm.rows.count - usedMethods.count == 1)
        #expect(usedMethods == cm.rows)
        // Usage: the same rows for used equipment, without the cached counter (the export has none).
        let su = store.csvRecords("equipment_usage.csv"), cu = csv.csvRecords("equipment_usage.csv")
        #expect(su.header == cu.header)
        func withoutCounter(_ rows: [[String: String]]) -> [[String: String]] {
            rows.filter { $0["brews"] != "0" }.map { var r = $0; r["cached_brew_count"] = nil; return r }
        }
        #expect(withoutCounter(su.rows) == withoutCounter(cu.rows))
        #expect(cu.rows.allSatisfy { $0["cached_brew_count"] == "" })
        #expect(Set(su.rows.compactMap { $0["cached_brew_count"].flatMap { $0.isEmpty ? nil : $0 } }) == ["77", "34"])
        // Grind vs rating: the all-beans rows agree; per-bean rows agree except for the repurchased beans.
        let repurchased: Set<String> = ["Finca \"El Injerto\", Lot 12", "Santa Bárbara", "Tarrazú La Pastora"]
        let sg = store.csvRecords("grind_rating.csv"), cg = csv.csvRecords("grind_rating.csv")
        // The store labels each repurchased bag (`Santa Bárbara (丸山珈琲, roasted 2026-10-18)`); the export cannot.
        func stable(_ rows: [[String: String]]) -> [[String: String]] {
            rows.filter { row in !repurchased.contains { (row["bean"] ?? "").hasPrefix($0) } }
        }
        #expect(stable(sg.rows) == stable(cg.rows))
        #expect(sg.rows.filter { $0["bean"] == "" } == cg.rows.filter { $0["bean"] == "" })
    }

    @Test(.enabled(if: CLI.available)) func headlineNumbersMatchTheRawExport() throws {
        let report = try #require(SampleReport.sqlite)
        let sample = try SampleJournal.load()
        #expect(sample.brews.count == 360)
        let w47 = sample.brews(inWeek: "2026-W47", berlin), w46 = sample.brews(inWeek: "2026-W46", berlin)
        #expect(w47.count == 19)  // the sample's README
        let summary = Dictionary(uniqueKeysWithValues: report.csvRecords("week_summary.csv").rows.map { ($0["metric"] ?? "", $0) })
        #expect(summary["brews"]?["this_week"] == "\(w47.count)")
        #expect(summary["brews"]?["previous_week"] == "\(w46.count)")
        let meanRating = try #require(SampleJournal.mean(w47.compactMap(\.rating)))
        // The CSVs are rounded to their precision (README): ratings and EY to 0.01, shares to 0.1.
        #expect(abs((Double(summary["mean_rating"]?["this_week"] ?? "") ?? .nan) - meanRating) <= 0.005)
        let previousRating = try #require(SampleJournal.mean(w46.compactMap(\.rating)))
        #expect(abs((Double(summary["mean_rating"]?["previous_week"] ?? "") ?? .nan) - previousRating) <= 0.005)
        let meanEY = try #require(SampleJournal.mean(w47.compactMap(SampleJournal.extraction)))
        #expect(abs((Double(summary["mean_ey_pct"]?["this_week"] ?? "") ?? .nan) - meanEY) <= 0.005)
        #expect(summary["top_method"]?["this_week"] == SampleJournal.topMethod(w47))
        // Best brew: highest rating, earliest first.
        let best = w47.filter { $0.rating != nil }.sorted {
            $0.rating! != $1.rating! ? $0.rating! > $1.rating! : $0.instant < $1.instant
        }.first
        #expect(summary["best_brew"]?["this_week"]?.hasPrefix(try #require(best).id) == true)

        // Usage: V60's brews over the whole journal, and its share.
        let usage = report.csvRecords("equipment_usage.csv").rows
        let v60 = try #require(usage.first { $0["kind"] == "method" && $0["name"] == "V60" })
        let v60Count = sample.brews.filter { $0.method == "V60" }.count
        #expect(v60["brews"] == "\(v60Count)")
        #expect(v60Count == 78)  // the README: the app's counter says 77
        #expect(abs((Double(v60["share_pct"] ?? "") ?? .nan) - 100 * Double(v60Count) / 360) <= 0.05)

        // Weekly: every week's brew count.
        var perWeek: [String: Int] = [:]
        for b in sample.brews { perWeek[SampleJournal.isoWeek(b.instant, berlin), default: 0] += 1 }
        let weekly = report.csvRecords("weekly.csv").rows
        #expect(Dictionary(uniqueKeysWithValues: weekly.filter { $0["brews"] != "0" }.map { ($0["week"] ?? "", Int($0["brews"] ?? "") ?? -1) }) == perWeek)
    }

    @Test(.enabled(if: CLI.available)) func twoRunsGiveByteIdenticalCSVsAndSVGs() throws {
        let first = try #require(SampleReport.sqlite)
        let second = try #require(SampleReport.make("sqlite", label: "again"))
        #expect(second.result.status == 0)
        let names = relativeFiles(in: first.folder).filter { $0.hasSuffix(".csv") || $0.hasSuffix(".svg") }
        #expect(names.count > csvSummaries.count)
        #expect(names == relativeFiles(in: second.folder).filter { $0.hasSuffix(".csv") || $0.hasSuffix(".svg") })
        for name in names {
            #expect(bytes(first.file(name)) == bytes(second.file(name)), "\(name) differs between two runs")
        }
    }

    @Test(.enabled(if: CLI.available)) func indexPageParsesAndNamesEveryChartFile() throws {
        let report = try #require(SampleReport.sqlite)
        let page = try StrictHTML(text(report.file("index.html")))
        #expect(page.root.attributes["lang"] == "en")
        #expect(page.root.all("title").first?.text.contains("2026-W47") == true)
        #expect(page.root.all("h1").first?.text == "2026-W47")
        try expectReferencesExist(page, in: report.folder)
        // Every chart file written is shown or linked, and each documented kind is shown as an image.
        let refs = Set(page.fileReferences)
        // The bean pages' charts are shown on their own pages, checked below.
        let charts = relativeFiles(in: report.folder).filter { ($0.hasSuffix(".svg") || $0.hasSuffix(".png")) && !$0.hasPrefix("beans/") }
        #expect(charts.count >= 2 * Self.documentedKinds.count)
        for chart in charts { #expect(refs.contains(chart), "\(chart) is not named in index.html") }
        for kind in Self.documentedKinds {
            #expect(page.images.contains { $0.hasPrefix(kind) && $0.hasSuffix(".svg") }, "index.html shows no \(kind) chart")
        }
        // Each chart is a figure: its image, and a caption naming it and linking each format.
        let figures = page.root.all("figure")
        #expect(figures.count == charts.filter { $0.hasSuffix(".png") }.count)
        for figure in figures {
            let caption = try #require(figure.all("figcaption").first)
            #expect(!caption.text.isEmpty)
            #expect(caption.all("a").compactMap { $0.attributes["href"] }.map { ($0 as NSString).pathExtension }.sorted() == ["pdf", "png", "svg"])
            #expect(figure.all("img").first?.attributes["alt"]?.isEmpty == false)
        }
        // The headline tiles and the dial-in findings in words.
        // Brews, mean rating, filter and espresso EY, top method, best brew.
        #expect(page.root.all("div").filter { $0.attributes["class"] == "tile" }.count == 6)
        // Each finding is an `li.finding`; its evidence (counts, the fit) sits in a "How sure" fold inside it.
        func findings(_ list: String) -> [String] {
            (page.root.all("ul").first { $0.attributes["class"] == list }?.all("li") ?? [])
                .filter { $0.attributes["class"] == "finding" }.map(\.text)
        }
        let beans = findings("findings cards")
        #expect(!beans.isEmpty)
        for b in beans { #expect(b.contains(" so far") && b.contains("last: setting ") && b.contains("How sure"), "\(b)") }
        let pooled = findings("findings")
        #expect(!pooled.isEmpty)
        for f in pooled {
            #expect((f.contains(" (all beans): best around setting ") || f.contains(" (all beans): a weak pattern: ")
                     || f.contains(" (all beans): anywhere from ")) && f.contains(" rated brews"), "\(f)")
        }
        // Each bean page linked from the index parses, shows its charts and refers only to files that exist.
        let beanPages = page.fileReferences.filter { $0.hasPrefix("beans/") && $0.hasSuffix(".html") }
        #expect(!beanPages.isEmpty)
        for name in beanPages {
            let bean = try StrictHTML(text(report.file(name)))
            #expect(bean.root.attributes["lang"] == "en")
            #expect(!bean.images.isEmpty, "\(name) shows no chart")
            try expectReferencesExist(bean, in: report.folder.appendingPathComponent("beans"))
        }
    }

    /// `--formats pdf`: the page still shows its SVG charts (always written), and links every chart PDF beside them.
    @Test(.enabled(if: CLI.available)) func pdfOnlyReportLinksTheChartsInsteadOfEmbeddingThem() throws {
        let out = try Repo.scratch("e2e-pdf-only").appendingPathComponent("report")
        let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--out", out.path, "--tz", "Europe/Berlin", "--formats", "pdf"],
                            timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let page = try StrictHTML(text(out.appendingPathComponent("index.html")))
        #expect(!page.images.isEmpty && page.images.allSatisfy { $0.hasSuffix(".svg") }, "index.html embeds \(page.images)")
        #expect(!relativeFiles(in: out).contains { $0.hasSuffix(".png") }, "a PNG written without png in --formats")
        try expectReferencesExist(page, in: out)
        let pdfs = relativeFiles(in: out).filter { $0.hasSuffix(".pdf") && $0 != "report.pdf" && !$0.hasPrefix("beans/") }
        #expect(pdfs.count >= Self.documentedKinds.count + 1)
        for pdf in pdfs {
            #expect(bytes(out.appendingPathComponent(pdf)).starts(with: Data("%PDF".utf8)))
            #expect(page.fileReferences.contains(pdf), "\(pdf) is not linked from index.html")
        }
        #expect(page.root.all("figure").count == pdfs.count)
    }

    /// Every file the page refers to exists in `folder`.
    func expectReferencesExist(_ page: StrictHTML, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!page.fileReferences.isEmpty, sourceLocation: sourceLocation)
        for ref in page.fileReferences {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(ref).path),
                    "index.html refers to missing \(ref)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: CLI.available)) func userTextIsEscapedInEveryPage() throws {
        let out = try Repo.scratch("e2e-hostile").appendingPathComponent("report")
        let r = try CLI.run(["report", Repo.fixture("report/hostile.csv").path, "--out", out.path, "--tz", "Europe/Berlin"])
        #expect(r.status == 0, "\(r.stderr)")
        let html = text(out.appendingPathComponent("index.html"))
        #expect(!html.isEmpty)
        #expect(throws: Never.self) { try StrictHTML(html) }
        #expect(!html.contains("<script"), "a user string reached index.html unescaped")
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>bold"))
        #expect(html.contains("&lt;script&gt;alert(&quot;m&quot;)&lt;/script&gt; V60"))
        #expect(html.contains("Tom &amp; Jerry &quot;Special&quot;"))
        #expect(html.contains("Grinder&#39;s &lt;img src=x onerror=alert(1)&gt;"))
        // Markdown: every `<` of user text is backslash-escaped.
        let md = text(out.appendingPathComponent("summary.md"))
        #expect(md.contains("V60"))
        #expect(!md.replacingOccurrences(of: "\\<", with: "").contains("<"), "summary.md has an unescaped <")
        // Chart files never carry markup from names.
        for svg in relativeFiles(in: out) where svg.hasSuffix(".svg") {
            #expect(!text(out.appendingPathComponent(svg)).contains("<script"), "\(svg) holds a script element")
        }
        for name in relativeFiles(in: out) {
            #expect(!name.contains("<") && !name.contains(">") && !name.contains("\"") && !name.contains("'"), "file name \(name)")
        }
    }

    @Test(.enabled(if: CLI.available)) func headerOnlyCSVGivesAnEmptyReport() throws {
        let folder = try Repo.scratch("e2e-empty")
        let header = try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8).split(separator: "\n")[0]
        let journal = folder.appendingPathComponent("empty.csv")
        try Data((header + "\n").utf8).write(to: journal)
        let out = folder.appendingPathComponent("report")
        let r = try CLI.run(["report", journal.path, "--out", out.path, "--tz", "Europe/Berlin"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = relativeFiles(in: out)
        for name in csvSummaries + ["index.html", "summary.md"] { #expect(files.contains(name), "missing \(name)") }
        // Empty is one line: no chart is drawn without data points (the page says what is missing instead).
        #expect(!files.contains { $0.hasSuffix(".svg") || $0.hasSuffix(".png") }, "\(files)")
        let summary = TestCSV.records(text(out.appendingPathComponent("week_summary.csv"))).rows
        #expect(summary.first { $0["metric"] == "brews" }?["this_week"] == "0")
        #expect(TestCSV.parse(text(out.appendingPathComponent("weekly.csv"))).count == 1)  // header only
        #expect(text(out.appendingPathComponent("index.html")).contains("No dated brews"))
    }

    @Test(.enabled(if: CLI.available)) func missingOrUnreadableJournalIsOneLineAndExit2() throws {
        let folder = try Repo.scratch("e2e-bad")
        var rng = TestRNG(seed: 11)
        let noise = folder.appendingPathComponent("noise.sqlite")
        // Random bytes without line ends.
        try Data((0..<4096).map { _ in UInt8.random(in: 0x20...0xFF, using: &rng) }).write(to: noise)
        let cases = [folder.appendingPathComponent("missing.sqlite").path, noise.path, folder.path]
        for journal in cases {
            let out = folder.appendingPathComponent("out")
            let r = try CLI.run(["report", journal, "--out", out.path])
            #expect(r.status == 2, "\(journal): exit \(r.status)")
            let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "\(journal): stderr is not one line: \(r.stderr)")
            #expect(r.stderr.hasPrefix("brewstats: "))
            #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump") && !r.stderr.contains("0x0"))
            #expect(r.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    /// An error message shows the file's bytes only as printable text: no terminal control sequences.
    @Test(.enabled(if: CLI.available), arguments: ["binary.sqlite", "binary.csv", "binary.json"])
    func errorMessagesCarryNoControlCharacters(_ name: String) throws {
        let folder = try Repo.scratch("e2e-ctrl")
        let file = folder.appendingPathComponent(name)
        // ESC [ 2 J (clear screen), BEL, and other C0 bytes on the first line.
        try Data([0x1B, 0x5B, 0x32, 0x4A, 0x07, 0x01, 0x41, 0x42, 0x1B, 0x5D, 0x30, 0x3B, 0x78, 0x07, 0x2C, 0x43]).write(to: file)
        let r = try CLI.run(["report", file.path, "--out", folder.appendingPathComponent("out").path])
        #expect(r.status == 2)
        let controls = r.stderr.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
        #expect(controls.isEmpty, "stderr carries control characters: \(controls.map { String($0.value, radix: 16) })")
    }

    @Test(.enabled(if: CLI.available)) func impossibleWeekIsAUsageError() throws {
        let out = try Repo.scratch("e2e-week").appendingPathComponent("out")
        let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--week", "2026-W99", "--out", out.path])
        #expect(r.status == 64)
        #expect(r.stderr.contains("2026-W99"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let both = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--week", "2026-W40", "--last", "--out", out.path])
        #expect(both.status == 64)
    }

    @Test(.enabled(if: CLI.available)) func weekWithoutBrewsIsAnError() throws {
        let out = try Repo.scratch("e2e-noweek").appendingPathComponent("out")
        // The sample starts 2026-06-22 (W26): W10 and W09 hold no brew.
        let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--week", "2026-W10", "--out", out.path, "--tz", "Europe/Berlin"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("brewstats: ") && r.stderr.contains("2026-W10"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
