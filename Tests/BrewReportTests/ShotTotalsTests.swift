import BrewColumns
import BrewImport
import BrewShots
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// A shot-only journal's report: by default it covers the days its shots cover, and its totals count the coffee,
/// water, yield and time of the shots (checked against sums computed here from the raw files).
@Suite struct ShotTotalsTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func shotFolderCoversItsShotsAndCountsTheirWater() throws {
        let root = try Repo.scratch("shot-totals")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("shots")
        try ShotFolderWriter(format: .decentJSON).write(ShotGenerator(count: 12, seed: 5), to: folder)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(files.count == 12)

        // Independent sums from the raw files: days, doses, the flow's trapezoid integral, yields, times.
        var days: [Day] = [], coffee = 0.0, water = 0.0, yield = 0.0
        for url in files {
            let s = try ShotSectionTests.series(url)
            days.append(Day(index: Int32((s.start / 86_400).rounded(.down))))
            coffee += s.dose
            yield += s.out
            for i in 0 ..< max(0, s.f.count - 1) where s.f[i] >= 0 && s.f[i + 1] >= 0 {
                water += (s.f[i] + s.f[i + 1]) / 2 * (s.t[i + 1] - s.t[i])
            }
        }
        let journal = try importAnyJournal(at: folder, options: PeriodReport.importOptions(ImportOptions(timeZone: utc)))
        let period = try #require(ShotSpan.period(of: journal, timeZone: utc))
        #expect(period == .range(days.min()!, days.max()!))

        var options = ReportOptions()
        options.stats.timeZone = utc
        options.period = .named(period)
        options.parallelRendering = false
        let report = try PeriodReport(journal: journal.result.journal, journalName: "shots", importReport: journal.result.report,
                                      options: options)
        let totals = try #require(report.totals)
        #expect(totals.brews == 12)
        #expect(abs(totals.coffee.value - coffee) < 1e-6)
        #expect(totals.water.n == 12)
        // Samples are stored as Float32: the integral agrees to well under a millilitre per shot.
        #expect(abs(totals.water.value - water) < 0.01 * 12, "\(totals.water.value) vs \(water)")
        #expect(abs(totals.beverage.value - yield) < 1e-6)
        #expect(totals.brewTime.n == 12)
        #expect(TotalsSection.duration(26.4) == "26 s")
        #expect(TotalsSection.duration(600) == "10 min")
    }

    /// A journal of brews (not shots) keeps the latest week: no span is made for it.
    @Test func brewJournalHasNoShotSpan() throws {
        let journal = try importAnyJournal(at: Repo.sample("journal.csv"),
                                           options: ImportOptions(timeZone: utc))
        #expect(ShotSpan.period(of: journal, timeZone: utc) == nil)
    }
}
