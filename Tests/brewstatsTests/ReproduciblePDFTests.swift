import Foundation
import Testing
import TestSupport

/// PDFs carry a creation date, and it never comes from the clock: from `--today` when given (noon of that day), else
/// from `SOURCE_DATE_EPOCH` (the reproducible-builds convention), else the last second of the report period. So the
/// same journal and options give the same bytes whenever they run — the fan-out test compares shards with a single
/// run made minutes later.
@Suite(.serialized) struct ReproduciblePDFTests {
    static let journal = Repo.sample("journal.sqlite")

    /// A report with every chart as SVG and PDF (the chart PDFs carry the date too) and the bean pages.
    static func report(_ out: URL, _ extra: [String] = [], environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.run(["report", journal.path, "--out", out.path, "--tz", "Europe/Berlin", "--formats", "svg,pdf"] + extra,
                    environment: environment, timeout: 180)
    }

    /// The PDF date strings in a file (`/CreationDate (…)`, `/ModDate (…)`; cairo writes them without the `D:` prefix).
    static func dates(_ file: URL) -> [String] {
        let bytes = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
        var out: [String] = []
        for key in ["/CreationDate", "/ModDate"] {
            var rest = Substring(bytes)
            while let r = rest.range(of: key) {
                rest = rest[r.upperBound...]
                if let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")") {
                    out.append(key + " " + rest[rest.index(after: open)..<close])
                }
            }
        }
        return out
    }

    /// Two runs more than a second apart, neither pinned: every file the same, byte for byte, PDFs included.
    @Test(.enabled(if: CLI.available)) func twoRunsAtDifferentTimesGiveTheSameBytes() throws {
        let scratch = try Repo.scratch("pdf-clock")
        let one = scratch.appendingPathComponent("one"), two = scratch.appendingPathComponent("two")
        #expect(try Self.report(one).status == 0)
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try Self.report(two).status == 0)
        let a = snapshot(one), b = snapshot(two)
        #expect(a.keys.contains("report.pdf") && a.keys.contains { $0.hasPrefix("beans/") && $0.hasSuffix(".pdf") })
        #expect(Set(a.keys) == Set(b.keys))
        for (name, data) in a where b[name] != data { Issue.record("\(name) differs between two runs 1.2 s apart") }
    }

    /// `--week 2026-W47` (Monday 16 – Sunday 22 November 2026) unpinned: the PDFs carry the week's last second in the
    /// report's zone, 2026-11-22 23:59:59 +01:00; `SOURCE_DATE_EPOCH=1795435200` (2026-11-23 12:00:00 UTC) gives
    /// 13:00:00 +01:00 in Berlin; `--today 2026-11-20` wins over it, with noon of that day.
    @Test(.enabled(if: CLI.available)) func theDateComesFromTodayThenSourceDateEpochThenThePeriodsEnd() throws {
        let scratch = try Repo.scratch("pdf-dates")
        let cases: [(String, [String], [String: String], String)] = [
            ("end", ["--week", "2026-W47"], [:], "20261122235959+01'00"),
            ("epoch", ["--week", "2026-W47"], ["SOURCE_DATE_EPOCH": "1795435200"], "20261123130000+01'00"),
            ("today", ["--week", "2026-W47", "--today", "2026-11-20"], ["SOURCE_DATE_EPOCH": "1795435200"], "20261120120000+01'00"),
        ]
        for (label, args, env, expected) in cases {
            let out = scratch.appendingPathComponent(label)
            let r = try Self.report(out, args, environment: env)
            #expect(r.status == 0, "\(label): \(r.stderr)")
            let pdfs = relativeFiles(in: out).filter { $0.hasSuffix(".pdf") }
            #expect(pdfs.count > 2, "\(label): \(pdfs)")
            for pdf in pdfs {
                let dates = Self.dates(out.appendingPathComponent(pdf))
                #expect(dates == ["/CreationDate \(expected)"], "\(label): \(pdf) carries \(dates)")
            }
        }
    }
}
