import BrewColumns
import BrewImport
import BrewPages
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// A stated sweet spot qualifies itself: on a flat curve it is the range of settings that rate about the same, on a
/// sharp one a single setting, on a weak fit "a weak pattern:". The journals are made here from known parabolas, and
/// every bound and R² is computed here from those parabolas and the thresholds docs/definitions.md states (0.25
/// rating points, half the span tried, R² 0.30), not read from the statistics layer.
@Suite struct SweetSpotShapeTests {
    /// A journal of one grinder × method whose brews are `(setting, rating)`, on a grinder the catalogue does not
    /// know (so its grid is inferred: whole settings, step 1).
    static func group(_ brews: [(Double, Double)], _ name: String) throws -> GrindRatingGroup {
        var csv = "brewed_at,method,grinder,grind_setting,bean,roaster,dose_g,water_g,rating\n"
        for (i, b) in brews.enumerated() {
            let day = 1 + i % 28, hour = 6 + i / 28
            csv += String(format: "2026-03-%02dT%02d:00:00+01:00,V60,Test Mill,%g,Kirinyaga,Friedhats,15,250,%.6f\n", day, hour, b.0, b.1)
        }
        let url = try Repo.scratch("sweet-spot-\(name)").appendingPathComponent("j.csv")
        try Data(csv.utf8).write(to: url)
        let journal = try importJournal(at: url).journal
        #expect(journal.brews.count == brews.count)
        return try #require(BrewAnalysis(journal: journal).grindRating().groups.first { $0.bean == nil })
    }

    /// `peak − k·(s − v)²` at each setting of `settings`.
    static func parabola(_ settings: ClosedRange<Int>, v: Double, k: Double, peak: Double) -> [(Double, Double)] {
        settings.map { s in (Double(s), peak - k * (Double(s) - v) * (Double(s) - v)) }
    }

    /// The statement of the group's finding and its report sentence, which must agree.
    static func statement(_ g: GrindRatingGroup) -> String {
        let finding = GrindFinding.of(g, grinder: nil)
        #expect(finding.isMade)
        #expect(PeriodReport.sentence(g) == "Test Mill × V60 (all beans): \(finding.statement.plain) (\(g.n) rated brews)")
        return finding.statement.plain
    }

    @Test func aFlatCurveIsStatedAsItsRange() throws {
        // Settings 10…30, a gentle parabola peaking at 19.6: within 0.25 points for |s − 19.6| ≤ √(0.25 ÷ 0.008).
        let k = 0.008, v = 19.6
        let g = try Self.group(Self.parabola(10...30, v: v, k: k, peak: 4.5), "flat")
        let half = (0.25 / k).squareRoot()
        let lo = max(10, v - half), hi = min(30, v + half)
        #expect(hi - lo > 0.5 * (30 - 10), "the test's own curve is flat by the stated rule")
        let text = Self.statement(g)
        #expect(text == "anywhere from setting \(Int(lo.rounded())) to \(Int(hi.rounded())) rates about the same: the curve is flat there")
        #expect(text == "anywhere from setting 14 to 25 rates about the same: the curve is flat there")
        // The peak is a detail of the evidence, not the statement.
        let details = GrindFinding.of(g, grinder: nil).evidence?.details ?? []
        #expect(details.contains { $0.hasPrefix("the curve peaks at setting 20;") })
        #expect(!text.contains("weak"))
    }

    @Test func aSharpPeakIsStatedAsOneSetting() throws {
        // A steep parabola peaking at 21.3: within 0.25 points only for |s − 21.3| ≤ 0.5.
        let k = 1.0, v = 21.3
        let kept = Self.parabola(19...23, v: v, k: k, peak: 4.5)
        // Settings 19…23, each brewed twice, ratings exactly on the parabola (enough to state: 10 on 5 settings).
        let g = try Self.group(kept + kept, "sharp")
        #expect(g.n == 10)
        let half = (0.25 / k).squareRoot()
        #expect(min(23, v + half) - max(19, v - half) <= 0.5 * (23 - 19))
        #expect(Self.statement(g) == "best around setting \(Int(v.rounded()))")
        #expect(GrindFinding.of(g, grinder: nil).evidence?.details.contains { $0.contains("peaks") } == false)
    }

    @Test func aWeakFitSaysSo() throws {
        // Settings 15…25, each brewed twice, 0.9 above and below a sharp parabola: the least-squares fit is that
        // parabola and grind explains var(q) ÷ (var(q) + 0.9²) of the ratings' spread.
        let k = 0.05, v = 20.0, d = 0.9
        let curve = Self.parabola(15...25, v: v, k: k, peak: 4)
        let g = try Self.group(curve.flatMap { [($0.0, $0.1 + d), ($0.0, $0.1 - d)] }, "weak")
        let q = curve.map(\.1), mean = q.reduce(0, +) / Double(q.count)
        let varQ = q.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(q.count)
        let r2 = varQ / (varQ + d * d)
        #expect(r2 >= 0.10 && r2 < 0.30, "\(r2): stated, but weak")
        #expect(isClose(try #require(g.quadraticR2), r2, relative: 1e-9))
        let half = (0.25 / k).squareRoot()
        #expect(min(25, v + half) - max(15, v - half) <= 0.5 * (25 - 15))
        #expect(Self.statement(g) == "a weak pattern: best around setting 20")
        let details = GrindFinding.of(g, grinder: nil).evidence?.details ?? []
        #expect(details.contains { $0.hasPrefix("a weak pattern: the curve explains \(Int((r2 * 100).rounded())) % ") })
    }
}
