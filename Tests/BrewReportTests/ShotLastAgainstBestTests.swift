import BrewColumns
import BrewImport
import BrewShots
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// The shots section sets each drawn group's last shot beside its best-rated one: which shots, the differences
/// against the raw files, and the files a report writes and recognises.
@Suite struct ShotLastAgainstBestTests {
    let utc = TimeZone(identifier: "UTC")!

    /// The sample shot folder's report over the days of its shots.
    func report() throws -> (PeriodReport, ShotJournal) {
        let folder = Repo.sample("shots")
        let journal = try importAnyJournal(at: folder, options: PeriodReport.importOptions(ImportOptions(timeZone: utc)))
        var options = ReportOptions()
        options.stats.timeZone = utc
        options.period = ShotSpan.period(of: journal, timeZone: utc).map { .named($0) } ?? .latestWeek
        options.now = Date(timeIntervalSince1970: 1_800_000_000)
        options.parallelRendering = false
        var report = try PeriodReport(journal: journal.result.journal, journalName: "shots", importReport: journal.result.report,
                                      options: options)
        report.shots = ShotSection.make(journal, report: report, options: options)
        return (report, journal)
    }

    /// For every drawn group: the last shot by start and the highest-rated one (ties: the later), picked here from
    /// the section's rows; the differences of duration and yield against the two raw files.
    @Test func eachGroupsLastShotAgainstItsBest() throws {
        let (report, _) = try report()
        let section = try #require(report.shots)
        #expect(!section.comparisons.isEmpty)
        for c in section.comparisons {
            let overlay = section.overlays[c.group - 1]
            let rows = section.rows.filter { ($0.profile ?? "no profile") == c.profile && ($0.bean ?? "no bean") == c.bean }
            #expect(overlay.profile == c.profile && overlay.bean == c.bean)
            let last = try #require(rows.max { ($0.start?.microseconds ?? .min) < ($1.start?.microseconds ?? .min) })
            var best: ShotSection.Row?
            for r in rows.sorted(by: { ($0.start?.microseconds ?? .min) < ($1.start?.microseconds ?? .min) }) {
                guard let rating = r.rating else { continue }
                if best.map({ rating >= $0.rating! }) ?? true { best = r }
            }
            let b = try #require(best)
            #expect(c.comparison.shots.map(\.file) == [b.file, last.file])
            #expect(c.bestRating == b.rating && c.lastRating == last.rating)
            let rb = try ShotSectionTests.series(Repo.sample("shots/\(b.file)"))
            let rl = try ShotSectionTests.series(Repo.sample("shots/\(last.file)"))
            let q = { (name: String) in ShotComparison.quantities.firstIndex(of: name)! }
            #expect(abs(c.comparison.difference(q("duration_s"), shot: 1)! - (rl.t.last! - rb.t.last!)) < 1e-4)
            #expect(abs(c.comparison.difference(q("yield_g"), shot: 1)! - (rl.out - rb.out)) < 1e-9)
            #expect(c.comparison.csv().hasPrefix("quantity,shot_1,shot_2,diff_2_1\n"))
        }
    }

    /// The rule on hand-set ratings: the best is the highest (the later of a tie); no comparison when the last shot
    /// is the best or nothing is rated.
    @Test func whichShotsAreCompared() throws {
        let (_, journal) = try report()
        let table = try #require(journal.shots)
        let metrics = ShotMetrics(table.samples, phaseStarts: table.phaseStarts)
        let resistance = ShotMetrics.resistance(table.samples)
        let group = ShotOverlays.Group(profile: "P", bean: "B", shots: [0, 1, 2])
        func pick(_ r: [Double?]) -> [String]? {
            var ratings = [Double?](repeating: nil, count: table.kept)
            for (k, v) in r.enumerated() { ratings[k] = v }
            return ShotSection.lastAgainstBest(journal, groups: [group], ratings: ratings, metrics: metrics,
                                               resistance: resistance, timeZone: utc).first.map { $0.comparison.shots.map(\.file) }
        }
        let files = [0, 1, 2].map { URL(fileURLWithPath: table.shots[$0].file).lastPathComponent }
        #expect(pick([4, 3, nil]) == [files[0], files[2]])
        #expect(pick([4, 4.5, 2]) == [files[1], files[2]])
        #expect(pick([4, 4, 3]) == [files[1], files[2]])     // a tie: the later
        #expect(pick([3, 4, 4]) == nil)                       // the last is the best (tied, and later)
        #expect(pick([nil, nil, nil]) == nil)
    }

    /// The report writes each comparison's chart and table, links the table from its figure, and a folder holding
    /// them is still recognised as a report's.
    @Test func theReportWritesAndLinksThem() throws {
        let (report, _) = try report()
        let section = try #require(report.shots)
        let out = try Repo.scratch("last-against-best").appendingPathComponent("report")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        var options = ReportOptions()
        options.stats.timeZone = utc
        options.formats = [.svg]
        options.parallelRendering = false
        let files = try ReportWriter.write(report, options: options, to: out)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        for c in section.comparisons {
            #expect(files.contains(c.tableFile) && files.contains(c.stem + ".svg"), "\(c.stem)")
            #expect(html.contains("href=\"\(c.tableFile)\""))
            #expect(OwnedFolder.isReportFile(c.tableFile, in: out))
        }
        // Every file at the top of a shot journal's report is one a report writes: without its marker (a report from
        // before the marker) the folder is still replaced, not refused as someone else's.
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name != OwnedFolder.markerName {
            #expect(OwnedFolder.isReportFile(name, in: out), "\(name)")
        }
        try FileManager.default.removeItem(at: out.appendingPathComponent(OwnedFolder.markerName))
        _ = try ReportWriter.write(report, options: options, to: out)
        #expect(!ReportFiles.isShotTable("shot-compare-x.csv") && !ReportFiles.isShotTable("shot-compare-.csv"))
        #expect(ReportFiles.isShotTable("shot-compare-12.csv"))
    }
}
