import Foundation
import Testing
import TestSupport

/// `dial-in --backtest`: the grinder × method's back-test verdict in one line and in the JSON object, with the figures
/// `brewstats backtest` writes to summary.csv for the same pair; without the flag, how to ask for it.
@Suite struct DialInBacktestTests {
    static let pair = ["--grinder", "Comandante C40", "--method", "V60", "--tz", "UTC"]

    @Test(.enabled(if: CLI.available)) func theVerdictIsBacktestsForThePair() throws {
        let journal = Repo.sample("journal.sqlite").path
        let dir = try Repo.scratch("dialin-backtest")
        defer { try? FileManager.default.removeItem(at: dir) }
        let written = try CLI.run(["backtest", journal] + Self.pair + ["--out", dir.appendingPathComponent("b").path],
                                  timeout: 600)
        #expect(written.status == 0, "\(written.stderr)")
        let summary = TestCSV.rows(try String(contentsOf: dir.appendingPathComponent("b/summary.csv"),
                                              encoding: .utf8))
        let row = try #require(summary.first { $0["grinder"] == "Comandante C40" && $0["method"] == "V60" })

        let answer = try CLI.run(["dial-in", journal] + Self.pair + ["--backtest", "--json"], timeout: 600)
        #expect(answer.status == 0, "\(answer.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any])
        let verdict = try #require(object["backtest"] as? [String: Any], "\(object["backtest"] ?? "none")")
        for key in ["bags", "judged", "censored"] {
            #expect(verdict[key] as? Int == Int(row[key]!), "\(key): \(verdict[key] ?? "none") vs \(row[key]!)")
        }
        for (key, column) in [("mean_saved", "mean_saved"), ("low", "low"), ("high", "high")] {
            let x = try #require(verdict[key] as? Double, "\(key)")
            #expect(String(format: "%.2f", x) == row[column]!, "\(key): \(x) vs \(row[column]!)")
        }
        #expect(verdict["verdict"] as? String == row["verdict"])
        #expect(verdict["unavailable"] is NSNull)

        // The text answer's line says the same figures (brews later: the negated brews sooner, to one decimal).
        let text = try CLI.run(["dial-in", journal] + Self.pair + ["--backtest"], timeout: 600)
        #expect(text.status == 0, "\(text.stderr)")
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("backtest: ") })
        #expect(line == "backtest: " + (verdict["line"] as? String ?? "?"))
        let judged = try #require(Int(row["judged"]!))
        #expect(line.hasPrefix("backtest: Replayed on your \(judged) judged bags of this grinder × method, "), "\(line)")
        if row["verdict"] == "later" {
            let mean = try #require(Double(row["mean_saved"]!))
            #expect(line.contains(" \(String(format: "%.1f", -mean)) brews later than you brewed it "), "\(line)")
        }
    }

    /// Without --backtest nothing is replayed: the text says how to ask, the JSON's `backtest` is null.
    @Test(.enabled(if: CLI.available)) func withoutTheFlagItSaysHowToAsk() throws {
        let journal = Repo.sample("journal.csv").path
        let text = try CLI.run(["dial-in", journal] + Self.pair)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\nbacktest: not replayed (add --backtest to replay the advice over your bags " +
                                     "of this grinder × method"), "\(text.stdout)")
        let json = try CLI.run(["dial-in", journal] + Self.pair + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["backtest"] is NSNull)
    }
}
