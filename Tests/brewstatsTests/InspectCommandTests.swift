import Foundation
import Testing
import TestSupport

@Suite struct InspectCommandTests {
    /// Every journal in sample-data, with the flags it needs and the brews the README says it holds.
    static let samples: [(file: String, extra: [String], read: Int, kept: Int)] = [
        ("journal.sqlite", [], 360, 360),
        ("journal.csv", [], 360, 360),
        ("journal.json", [], 360, 360),
        ("messy.csv", ["--tz", "Europe/Berlin"], 11, 8),
    ]

    @Test(.enabled(if: CLI.available), arguments: samples.indices)
    func inspectSample(_ i: Int) throws {
        let s = Self.samples[i]
        let plain = try CLI.run(["inspect", Repo.sample(s.file).path] + s.extra)
        #expect(plain.status == 0, "\(s.file): \(plain.stderr)")
        #expect(plain.stdout.contains("read \(s.read), kept \(s.kept), rejected \(s.read - s.kept)"))
        let r = try CLI.run(["inspect", Repo.sample(s.file).path, "--json"] + s.extra)
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let brews = try #require(object["brews"] as? [String: Any])
        let read = try #require(brews["read"] as? Int), kept = try #require(brews["kept"] as? Int)
        let rejected = try #require(brews["rejected"] as? Int)
        #expect(read == kept + rejected)
        #expect(read == s.read && kept == s.kept)
        #expect((object["rejects"] as? [Any])?.count == rejected)
        #expect(object["rows"] as? Int == kept)
    }

    /// The rejects file is named on success: after the summary, or on standard error when standard output is JSON.
    @Test(.enabled(if: CLI.available)) func theRejectsFileIsNamed() throws {
        let scratch = try Repo.scratch("inspect-rejects")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("rejects.csv")
        let args = ["inspect", Repo.sample("messy.csv").path, "--tz", "Europe/Berlin", "--rejects", file.path]
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = TestCSV.parse(text(file)).filter { $0 != [""] }.count - 1
        #expect(rows == 3)
        #expect(r.stdout.hasSuffix("\nwrote \(file.path) (\(rows) rejected records)\n"), "\(r.stdout)")
        let j = try CLI.run(args + ["--json"])
        #expect(j.status == 0)
        #expect(j.stderr == "brewstats: wrote \(file.path) (\(rows) rejected records)\n", "\(j.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(j.stdout.utf8))) != nil)
    }

    @Test(.enabled(if: CLI.available)) func foreignCSVWithItsMapping() throws {
        let r = try CLI.run(["inspect", Repo.sample("foreign.csv").path, "--map", Repo.sample("mapping.toml").path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let brews = try #require(object["brews"] as? [String: Int])
        #expect(brews["read"] == (brews["kept"] ?? -1) + (brews["rejected"] ?? -1))
        #expect((brews["kept"] ?? 0) > 0)
        // Without the mapping the file is not a journal of ours.
        let bare = try CLI.run(["inspect", Repo.sample("foreign.csv").path])
        #expect(bare.status == 2)
    }

    /// The schema speaks plain words; the Arrow type names stay in `--json` as `type`, beside the words as `kind`.
    @Test(.enabled(if: CLI.available)) func schemaTypesInPlainWords() throws {
        let plain = try CLI.run(["inspect", Repo.sample("journal.csv").path])
        #expect(plain.status == 0, "\(plain.stderr)")
        let table = plain.stdout.components(separatedBy: "table brews: ").last ?? ""
        for arrow in ["dictionary<", "timestamp[", "float64", "date32", "utf8", "uint8"] { #expect(!table.contains(arrow), "\(arrow)") }
        func row(_ column: String) -> String? {
            table.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(column + " ") }
        }
        let expected = ["brew_date": "date and time (UTC)", "method": "text, repeated values", "roast_date": "date",
                        "dose_g": "number", "notes": "text", "category": "category"]
        for (column, words) in expected {
            let line = try #require(row(column), "no row for \(column)")
            #expect(line.dropFirst(column.count).trimmingCharacters(in: .whitespaces).hasPrefix(words + " "), "\(line)")
        }
        let r = try CLI.run(["inspect", Repo.sample("journal.csv").path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let schema = try #require(object["schema"] as? [[String: Any]])
        let method = try #require(schema.first { $0["name"] as? String == "method" })
        #expect(method["type"] as? String == "dictionary<int32, utf8>" && method["kind"] as? String == "text, repeated values")
    }

    @Test(.enabled(if: CLI.available)) func notAJournalIsExit2() throws {
        let r = try CLI.run(["inspect", Repo.sample("README.md").path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("brewstats: ") && r.stderr.split(separator: "\n").count == 1)
    }

    /// `--json`: every reject and every warning carries the same keys; an absent column or place is `null`.
    @Test(.enabled(if: CLI.available)) func jsonEntriesHaveEveryKeyWithNullForNone() throws {
        // A CSV whose last record ends inside quotes (a reject without a column), and the store, whose cached
        // counters disagree with its brews (warnings without a place).
        let folder = try Repo.scratch("e2e-inspect-null")
        let lines = try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8).split(separator: "\n")
        let csv = folder.appendingPathComponent("cut.csv")
        try Data((lines[0] + "\n" + lines[1] + "\n\"unterminated,\n").utf8).write(to: csv)
        var rejects: [[String: Any]] = [], warnings: [[String: Any]] = []
        for journal in [csv, Repo.sample("journal.sqlite")] {
            let r = try CLI.run(["inspect", journal.path, "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            rejects += try #require(object["rejects"] as? [[String: Any]])
            warnings += try #require(object["warnings"] as? [[String: Any]])
        }
        #expect(!rejects.isEmpty && !warnings.isEmpty)
        for reject in rejects {
            for key in ["file", "where", "column", "reason", "record"] { #expect(reject.keys.contains(key), "reject without \(key): \(reject)") }
        }
        for warning in warnings {
            for key in ["kind", "column", "count", "where", "message"] { #expect(warning.keys.contains(key), "warning without \(key): \(warning)") }
        }
        #expect(rejects.contains { $0["column"] is NSNull }, "the cut record has no column: it should read null")
        #expect(warnings.contains { $0["where"] is NSNull }, "a cached-counter warning has no place: it should read null")
    }
}
