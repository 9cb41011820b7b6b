import Foundation
import Testing
import TestSupport

/// The bundled sample report, as `make report` writes it, against the independent reference.
///
/// `tools/reference/reference.py` reads `sample-data/journal.sqlite` itself (Python's sqlite3, pandas, numpy,
/// scipy) and wrote the five summaries into `Tests/Fixtures/stats/sample_store/` (`make fixtures`). Here the
/// built binary writes the report and every cell of its five CSVs must match: numbers at their column's precision
/// (``SummaryPrecision``), times as the same instants in Berlin time with the offset, text exactly, empty cells
/// only where the reference's are empty.
@Suite struct SampleReportFixtureTests {
    @Test(.enabled(if: CLI.available)) func sampleReportSummariesMatchTheReference() throws {
        let scratch = try Repo.scratch("e2e-sample-fixture")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("report")
        let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--out", out.path, "--tz", "Europe/Berlin",
                             "--formats", "svg"])
        try #require(r.status == 0, "\(r.stderr)")
        for name in csvSummaries {
            let ours = TestCSV.parse(try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8))
            let expected = TestCSV.parse(try String(contentsOf: Repo.fixture("stats/sample_store/\(name)"), encoding: .utf8))
            #expect(ours.first == expected.first, "\(name): header")
            #expect(ours.count == expected.count, "\(name): \(ours.count) rows, the reference has \(expected.count)")
            #expect(expected.count > 1, "\(name): the reference has no rows")
            for (r, (a, b)) in zip(ours, expected).enumerated().dropFirst() {
                #expect(a.count == b.count, "\(name) row \(r): field count")
                for (k, (x, y)) in zip(a, b).enumerated() {
                    let problem = SummaryPrecision.mismatch(column: expected[0][k], rowKey: b[0], ours: x, theirs: y,
                                                            zone: TimeZone(identifier: "Europe/Berlin")!)
                    #expect(problem == nil, "\(name) row \(r) \(expected[0][k]): \(problem ?? "")")
                }
            }
        }
    }
}
