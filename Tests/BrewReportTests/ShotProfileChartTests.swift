import BrewCharts
import BrewImport
import BrewShots
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// Shot charts never mix profiles: a folder of Turbo shots (first drops about 8 s) and Blooming shots (about 24 s)
/// of one bean gives overlays of one profile each and a metric-vs-rating chart whose every series is one profile,
/// each shot at its distance from its own profile's median (computed here from the files as written).
@Suite struct ShotProfileChartTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A Decent JSON v2 shot: 4 Hz for 30 s, weight 0 until `drops` − 0.5 s then 1 g/s (0.5 g at `drops`).
    /// The pressure peaks at `peak` bar (each shot its own, so no two files are the same shot).
    static func shotJSON(profile: String, drops: Double, start: Int, rating: Int, peak: Double) -> String {
        let t = stride(from: 0.0, through: 30, by: 0.25).map { $0 }
        func list(_ v: [Double]) -> String { "[" + v.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        let w = t.map { max(0, $0 - (drops - 0.5)) }
        let p = t.map { min(peak, peak * $0 / 4) }
        return """
        {"version":2,"timestamp":"\(start)","elapsed":\(list(t)),
         "pressure":{"pressure":\(list(p)),"goal":\(list(t.map { _ in 9 }))},
         "flow":{"flow":\(list(t.map { _ in 2 })),"goal":\(list(t.map { _ in -1 }))},
         "totals":{"weight":\(list(w))},
         "profile":{"title":"\(profile)"},
         "meta":{"bean":{"brand":"Roaster","type":"House"},"in":"18","out":"\(w.last!)","shot":{"enjoyment":"\(rating)"}}}
        """
    }

    @Test func chartsNeverMixProfiles() throws {
        let root = try Repo.scratch("shot-profiles")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let turbo = [7.5, 8.0, 8.5, 9.0], blooming = [22.0, 24.0, 25.0]
        var k = 0
        for (profile, drops) in turbo.map({ ("Turbo", $0) }) + blooming.map({ ("Blooming", $0) }) {
            try Data(Self.shotJSON(profile: profile, drops: drops, start: 1_790_000_000 + k * 3600, rating: 60 + 5 * k, peak: 8.5 + 0.1 * Double(k)).utf8)
                .write(to: folder.appendingPathComponent("shot-\(k).json"))
            k += 1
        }
        let journal = try importAnyJournal(at: folder, options: PeriodReport.importOptions(ImportOptions(timeZone: utc)))
        #expect(journal.shots?.kept == 7)
        var options = ReportOptions()
        options.stats.timeZone = utc
        options.period = ShotSpan.period(of: journal, timeZone: utc).map { .named($0) } ?? .latestWeek
        options.parallelRendering = false
        let report = try PeriodReport(journal: journal.result.journal, journalName: "shots", importReport: journal.result.report,
                                      options: options)
        let section = try #require(ShotSection.make(journal, report: report, options: options))
        #expect(section.rows.count == 7)

        // Overlays: one profile each, with exactly that profile's shots.
        #expect(Set(section.overlays.map(\.profile)) == ["Turbo", "Blooming"])
        for overlay in section.overlays {
            let expected = overlay.profile == "Turbo" ? turbo : blooming
            #expect(overlay.shots.count == expected.count)
            for shot in overlay.shots { #expect(expected.contains { abs($0 - shot.firstDrops!) < 1e-3 }) }
        }

        // Metric vs rating: grouped by profile, each value the shot's first drops minus its profile's median.
        let input = section.metricRating
        #expect(input.groupNoun == "profile")
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2 }
        let all = turbo.map { ("Turbo", $0, median(turbo)) } + blooming.map { ("Blooming", $0, median(blooming)) }
        for (i, expected) in all.enumerated() {
            #expect(input.beans[i] == expected.0)
            #expect(abs(input.values[i] - (expected.1 - expected.2)) < 1e-3, "\(i)")
        }
        // The chart's point series: each one profile only (its legend names it).
        let chart = BrewstatsCharts.shotMetricVsRating(input)
        var labels: [String] = []
        for mark in chart.marks { if case .point(let p) = mark { labels.append(p.label ?? "") } }
        #expect(labels.count == 2)
        #expect(labels.contains { $0.hasPrefix("Turbo (4)") } && labels.contains { $0.hasPrefix("Blooming (3)") })
        #expect(section.lead.contains { $0.hasPrefix("Turbo: 4 shots") })
    }
}
