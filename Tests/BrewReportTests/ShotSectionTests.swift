import BrewCharts
import BrewImport
import BrewShots
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// The weekly report's shots section: a generated shot folder gives `shots.csv` (checked against values computed
/// here from the raw files), the figures and the section of each page; a journal without shots gets nothing.
@Suite struct ShotSectionTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A CSV line split at commas (the cells of these rows hold no comma or quote: checked by the caller).
    static func cells(_ line: Substring) -> [String] { line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }

    /// The raw series of one Decent JSON v2 file, read with Foundation's parser: every number is a string there.
    static func series(_ url: URL) throws -> (t: [Double], p: [Double], f: [Double], w: [Double], start: Double, dose: Double,
                                              out: Double, phases: [Double]) {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).map { Double("\($0)") ?? .nan } }
        let t = numbers(root["elapsed"])
        let p = numbers((root["pressure"] as? [String: Any])?["pressure"])
        let f = numbers((root["flow"] as? [String: Any])?["flow"])
        let w = numbers((root["totals"] as? [String: Any])?["weight"])
        let meta = try #require(root["meta"] as? [String: Any])
        // Phases: a `state_change` that flips sign (0 is neither) starts one.
        var phases: [Double] = [], sign = 0.0
        for (i, c) in numbers(root["state_change"]).prefix(t.count).enumerated() where c != 0 && (c > 0 ? 1.0 : -1.0) != sign {
            sign = c > 0 ? 1 : -1
            phases.append(t[i])
        }
        return (t, Array(p.prefix(t.count)), Array(f.prefix(t.count)), Array(w.prefix(t.count)),
                Double("\(root["timestamp"]!)")!, Double("\(meta["in"]!)")!, Double("\(meta["out"]!)")!, phases)
    }

    /// The end of pre-infusion as docs/shots.md defines it: the first upward crossing of `threshold` after which
    /// the pressure stays at or above it for 3 s (or to the end), else the first crossing; then, with phases, the
    /// end of the last phase before it whose pressure falls by 1 bar or more from its top to its end, else the
    /// start of the phase holding it (not the first).
    static func preinfusion(_ t: [Double], _ p: [Double], _ threshold: Double, phases: [Double]) -> Double? {
        var found: Double?
        var i = 0
        while i < p.count, found == nil {
            guard p[i] >= 0, p[i] >= threshold else { i += 1; continue }
            let prior = p[..<i].lastIndex { $0 >= 0 }
            let start = prior.map { j in p[j] < threshold && p[i] > p[j] ? t[j] + (threshold - p[j]) / (p[i] - p[j]) * (t[i] - t[j]) : t[i] } ?? t[i]
            var k = i
            while k < p.count, p[k] < 0 || p[k] >= threshold { k += 1 }
            // Held when the run reaches the end or a sample 3 s after the crossing.
            if k == p.count || (i ..< k).contains(where: { p[$0] >= 0 && t[$0] - start >= 3 }) { found = start }
            i = k
        }
        guard let end = found ?? crossing(t, p, threshold) else { return nil }
        guard phases.count >= 2 else { return end }
        var bloom: Double?
        for k in 0 ..< phases.count - 1 where phases[k + 1] <= end {
            let inside = t.indices.filter { p[$0] >= 0 && t[$0] >= phases[k] && t[$0] < phases[k + 1] }.map { p[$0] }
            if let last = inside.last, inside.max()! - last >= 1 { bloom = phases[k + 1] }
        }
        if let bloom { return bloom }
        if let holding = phases.lastIndex(where: { $0 <= end }), holding >= 1 { return phases[holding] }
        return end
    }

    /// The first time `v` reaches `threshold`, linear between the last valid (not negative) sample before it, when
    /// that one is below, and that sample.
    static func crossing(_ t: [Double], _ v: [Double], _ threshold: Double) -> Double? {
        var previous: Int?
        for i in v.indices where v[i] >= 0 {
            if v[i] >= threshold {
                guard let j = previous, v[j] < threshold, v[i] > v[j] else { return t[i] }
                return t[j] + (threshold - v[j]) / (v[i] - v[j]) * (t[i] - t[j])
            }
            previous = i
        }
        return nil
    }

    @Test func generatedFolderGivesShotsCSVFiguresAndSections() throws {
        let root = try Repo.scratch("shot-section")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("shots")
        try ShotFolderWriter(format: .decentJSON).write(ShotGenerator(count: 30, seed: 11), to: folder)
        let journal = try importAnyJournal(at: folder, options: PeriodReport.importOptions(ImportOptions(timeZone: utc)))
        var options = ReportOptions()
        options.stats.timeZone = utc
        // Today is the day after the last shot: the report is of its week (a journal weeks old opens on its year).
        let last = try #require(journal.result.journal.brews.brewDate.values.max())
        options.now = Date(timeIntervalSince1970: Double(last) / 1_000_000 + 86_400)
        options.parallelRendering = false
        options.formats = [.png(scale: 2), .svg, .pdf]
        var report = try PeriodReport(journal: journal.result.journal, journalName: "shots", importReport: journal.result.report,
                                      options: options)
        report.shots = ShotSection.make(journal, report: report, options: options)
        let out = root.appendingPathComponent("report")
        let files = try ReportWriter.write(report, options: options, to: out)

        // Which files belong to the report week, from the files' own timestamps and Foundation's ISO calendar.
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = utc
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        let starts = try Dictionary(uniqueKeysWithValues: names.map { ($0, try Self.series(folder.appendingPathComponent($0)).start) })
        func week(_ s: Double) -> [Int] {
            let c = iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: Date(timeIntervalSince1970: s))
            return [c.yearForWeekOfYear!, c.weekOfYear!]
        }
        let latest = starts.values.map(week).max { $0.lexicographicallyPrecedes($1) }!
        let inWeek = starts.filter { week($0.value) == latest }.sorted { $0.value < $1.value }.map(\.key)
        #expect(!inWeek.isEmpty && inWeek.count < names.count)

        let csv = text(out.appendingPathComponent("shots.csv"))
        let lines = csv.split(separator: "\r\n")
        let header = Self.cells(lines[0])
        #expect(header == ShotSection.csvHeader)
        let rows = lines.dropFirst().map(Self.cells)
        #expect(rows.allSatisfy { $0.count == header.count })
        #expect(rows.map { $0[0] } == inWeek)  // the week's shots, in start order
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }

        // The first, second and last row, computed here from the raw series.
        for row in [rows[0], rows[1], rows[rows.count - 1]] {
            let s = try Self.series(folder.appendingPathComponent(row[0]))
            let peak = s.p.filter { $0 >= 0 }.max()!
            let scale = Self.crossing(s.t, s.w, 0.5)
            let preinfusion = Self.preinfusion(s.t, s.p, max(0.75 * peak, 2), phases: s.phases)
            let drops = scale ?? preinfusion
            var water = 0.0
            for i in 1 ..< s.t.count where s.f[i - 1] >= 0 && s.f[i] >= 0 { water += (s.f[i - 1] + s.f[i]) / 2 * (s.t[i] - s.t[i - 1]) }
            // Samples are stored as Float32 and written at 3 decimals.
            func near(_ name: String, _ want: Double?) {
                let cell = row[column(name)]
                guard let want else { #expect(cell.isEmpty, "\(row[0]) \(name)"); return }
                let got = Double(cell)
                #expect(got != nil && abs(got! - want) <= 2e-3 + 1e-5 * abs(want), "\(row[0]) \(name): \(cell) vs \(want)")
            }
            near("duration_s", s.t.last!)
            near("peak_pressure_bar", peak)
            near("preinfusion_s", preinfusion)
            near("first_drops_s", drops)
            near("extraction_s", drops.map { s.t.last! - $0 })
            near("yield_g", s.out)
            near("yield_ratio", s.out / s.dose)
            near("water_ml", water)
            #expect(row[column("first_drops_rule")] == (scale != nil ? "scale" : "pressure"))
            #expect(row[column("format")] == "decent-json")
        }

        // The figures in both formats, and each page's section.
        #expect(files.contains("shots.csv"))
        for ext in ["png", "svg"] {
            #expect(exists(out.appendingPathComponent("shot-overlay-1.\(ext)")))
            #expect(exists(out.appendingPathComponent("\(ShotSection.ratingStem).\(ext)")))
        }
        let html = text(out.appendingPathComponent("index.html"))
        #expect(html.contains("<h2>Shots</h2>") && html.contains("shot-overlay-1.svg") && html.contains("shot-overlay-1-phone.svg")
                && html.contains("href=\"shots.csv\""))
        #expect(html.contains("\(inWeek.count) shots this week, of 30 in the journal."))
        let md = text(out.appendingPathComponent("summary.md"))
        #expect(md.contains("## Shots") && md.contains("](shot-overlay-1.svg)"))
        // The Markdown lists the shots the page lists (at most 30) and says how many more there are.
        if inWeek.count > ShotSection.tableRowLimit {
            #expect(md.contains("… and \(inWeek.count - ShotSection.tableRowLimit) more shots this week"))
        }
        #expect(exists(out.appendingPathComponent("report.pdf")))
    }

    /// A journal of brews (no shots) gets no section and no shot file.
    @Test func journalWithoutShotsGetsNoSection() throws {
        let journal = try importAnyJournal(at: Repo.sample("journal.csv"),
                                           options: PeriodReport.importOptions(ImportOptions(timeZone: berlin)))
        #expect(journal.shots == nil)
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.now = instant(2026, 11, 23, 12, 0)
        options.formats = [.svg]
        options.parallelRendering = false
        var report = try PeriodReport(journal: journal.result.journal, journalName: "journal.csv",
                                      importReport: journal.result.report, options: options)
        report.shots = ShotSection.make(journal, report: report, options: options)
        #expect(report.shots == nil)
        let out = try Repo.scratch("no-shot-section")
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = out.appendingPathComponent("report")
        try ReportWriter.write(report, options: options, to: folder)
        #expect(!entries(folder).contains { $0.hasPrefix("shot") })
        #expect(!text(folder.appendingPathComponent("index.html")).contains("<h2>Shots</h2>"))
        #expect(!text(folder.appendingPathComponent("summary.md")).contains("## Shots"))
    }
}

/// The overlay's band rule: a median and band only where max(3, ⌈n ÷ 2⌉) of the n shots reach.
@Suite struct ShotOverlayBandRuleTests {
    /// Shot k runs from 0 to 10 + k seconds, pressure k: at time t the shots that reach it are those with
    /// 10 + k ≥ t.
    static func traces(_ n: Int) -> [ShotTrace] {
        (0..<n).map { k in
            let time = stride(from: 0.0, through: 10.0 + Double(k), by: 0.25).map { $0 }
            return ShotTrace(label: "shot \(k)", time: time, pressure: time.map { _ in Double(k) }, firstDrops: 0,
                             isLatest: k == n - 1)
        }
    }

    @Test func minimumIsThreeOrHalfTheGroup() {
        #expect([1, 2, 3, 6, 7, 8, 9, 19, 20].map(ShotOverlays.minimumShots(aligned:)) == [3, 3, 3, 3, 4, 4, 5, 10, 10])
    }

    @Test func bandEndsWhereFewerThanHalfTheShotsReach() throws {
        // 8 shots: at least 4 must reach. Shots 4…7 reach t = 14 (10 + k ≥ 14), only 3 (5…7) reach t = 15.
        let input = ShotOverlays.withBands(ShotOverlayInput(profile: "p", bean: "b", shots: Self.traces(8)))
        #expect(input.minimumCurves == 4)
        let band = try #require(input.bands["Pressure"])
        func at(_ t: Double) -> Int { band.grid.firstIndex { abs($0 - t) < 1e-9 }! }
        // Median of {4, 5, 6, 7} = 5.5 at t = 14; nothing at 15 (three shots would still have given a median of 6).
        #expect(band.median[at(14)] == 5.5)
        #expect(band.median[at(15)] == nil && band.median[at(17)] == nil)
        // At t = 0 all eight: median of 0…7 = 3.5, quartiles (type 7) 1.75 and 5.25.
        #expect(band.median[at(0)] == 3.5 && band.lower[at(0)] == 1.75 && band.upper[at(0)] == 5.25)
    }

    @Test func oneShotHasNoBandAndSaysSo() throws {
        let input = ShotOverlays.withBands(ShotOverlayInput(profile: "p", bean: "b", shots: Self.traces(1)))
        #expect(input.bands.isEmpty)
        let chart = BrewstatsCharts.shotOverlay(input)
        let subtitle = try #require(chart.subtitle)
        #expect(subtitle.hasPrefix("one shot · shot 0"))
        #expect(!subtitle.contains("median"))
        #expect(!chart.notes.contains { $0.contains("Median") })
    }

    @Test func twoShotsSayNoMedian() throws {
        let input = ShotOverlays.withBands(ShotOverlayInput(profile: "p", bean: "b", shots: Self.traces(2)))
        #expect(input.bands.isEmpty)
        let subtitle = try #require(BrewstatsCharts.shotOverlay(input).subtitle)
        #expect(subtitle.contains("n = 2 shots") && subtitle.contains("no median"))
        #expect(!subtitle.contains("interquartile"))
    }
}

/// `report --profile P`: the shots section holds only that profile's shots, counted here from the files' own
/// profile titles.
@Suite struct ShotSectionProfileTests {
    @Test func onlyTheProfilesShotsAreInTheSection() throws {
        let root = try Repo.scratch("shot-section-profile")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("shots")
        try ShotFolderWriter(format: .decentJSON).write(ShotGenerator(count: 40, seed: 5), to: folder)
        let utc = TimeZone(identifier: "UTC")!
        let journal = try importAnyJournal(at: folder, options: PeriodReport.importOptions(ImportOptions(timeZone: utc)))
        let table = try #require(journal.shots)
        // Each file's profile title, read with Foundation's parser.
        var titles: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any])
            titles[name] = try #require((root["profile"] as? [String: Any])?["title"] as? String)
        }
        let profiles = Set(titles.values)
        #expect(profiles.count >= 2)
        let wanted = try #require(profiles.sorted().first)
        var options = ReportOptions()
        options.stats.timeZone = utc
        options.shotProfile = String(wanted.prefix(4)).uppercased()  // by the beginning, any case
        let section = ShotSection(journal, table: table, period: nil, noun: "period", options: options)
        let expected = titles.filter { $0.value.lowercased().hasPrefix(wanted.prefix(4).lowercased()) }.keys.sorted()
        #expect(section.rows.map(\.file).sorted() == expected)
        #expect(!section.rows.isEmpty && section.rows.allSatisfy { $0.profile?.lowercased().hasPrefix(wanted.prefix(4).lowercased()) == true })
        #expect(section.overlays.allSatisfy { $0.profile.lowercased().hasPrefix(wanted.prefix(4).lowercased()) })
        #expect(section.lead[0].hasPrefix("\(expected.count) shots of profile ‘\(options.shotProfile!)’ this period, of 40 in the journal."))
        // Without the option, every shot.
        options.shotProfile = nil
        #expect(ShotSection(journal, table: table, period: nil, noun: "period", options: options).rows.count == 40)
    }
}
