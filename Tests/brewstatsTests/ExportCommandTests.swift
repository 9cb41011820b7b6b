import Foundation
import Testing
import TestSupport

/// `brewstats export`: formats, the dropped-fields line and file, several journals as one, exit codes, and never
/// replacing an output without `--force`.
@Suite struct ExportCommandTests {
    @Test(.enabled(if: CLI.available)) func csvOfTheSampleStoreListsWhatItDrops() throws {
        let folder = try Repo.scratch("e2e-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("journal.csv"), dropped = folder.appendingPathComponent("dropped.csv")
        let r = try CLI.run(["export", Repo.sample("journal.sqlite").path, "--to", "csv", "-o", out.path,
                             "--report-dropped", dropped.path, "--tz", "UTC"])
        #expect(r.status == 0, "\(r.stderr)")
        // Each file written is named: the export, then the list of what it could not hold.
        let listed = try CSVTable(contentsOf: dropped).rows.count
        #expect(r.stdout == "\(out.path): 360 brews written\nwrote \(dropped.path) (\(listed) fields the format could not hold)\n",
                "\(r.stdout)")
        // One line on standard error lists what the CSV cannot hold; the file lists the same with reasons.
        let line = r.stderr.split(separator: "\n")
        #expect(line.count == 1 && line[0].hasPrefix("brewstats: dropped: "), "\(r.stderr)")
        let rows = try CSVTable(contentsOf: dropped)
        #expect(rows.header == ["field", "action", "count", "first_record", "reason"])
        #expect(rows.rows.contains { $0[0] == "grinder.range" && $0[1] == "dropped" })
        // 360 rows plus the header, every brew id of the store present once.
        let csv = try CSVTable(contentsOf: out)
        #expect(csv.rows.count == 360)
        #expect(Set(csv.rows.map { $0[0] }).count == 360)
    }

    @Test(.enabled(if: CLI.available)) func neverReplacesWithoutForce() throws {
        let folder = try Repo.scratch("e2e-export-force")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("mine.json")
        let original = Data("{\"a journal someone kept\": true}".utf8)
        try original.write(to: out)
        let refused = try CLI.run(["export", Repo.sample("journal.csv").path, "--to", "json", "-o", out.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("exists; give --force"), "\(refused.stderr)")
        #expect(try Data(contentsOf: out) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["mine.json"])
        let forced = try CLI.run(["export", Repo.sample("journal.csv").path, "--to", "json", "-o", out.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        // The same journal and options give the same bytes.
        let again = folder.appendingPathComponent("again.json")
        #expect(try CLI.run(["export", Repo.sample("journal.csv").path, "--to", "json", "-o", again.path]).status == 0)
        #expect(try Data(contentsOf: again) == Data(contentsOf: out))
    }

    @Test(.enabled(if: CLI.available)) func exitCodes() throws {
        let folder = try Repo.scratch("e2e-export-codes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notAJournal = folder.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: notAJournal)
        #expect(try CLI.run(["export", notAJournal.path, "--to", "csv", "-o", folder.appendingPathComponent("x.csv").path]).status == 2)
        #expect(try CLI.run(["export", Repo.sample("journal.csv").path, "--to", "xml", "-o", "x"]).status == 64)
        #expect(try CLI.run(["export", Repo.sample("journal.csv").path, "--to", "csv", "--layout", "per-brew", "--out", "x"]).status == 64)
        // No shots to export as Decent JSON: one line, exit 1, nothing written.
        let r = try CLI.run(["export", Repo.sample("journal.csv").path, "--to", "decent-json", "--out", folder.appendingPathComponent("d").path])
        #expect(r.status == 1 && r.stderr.contains("no shots"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test(.enabled(if: CLI.available)) func severalSourcesAreOneJournal() throws {
        let folder = try Repo.scratch("e2e-export-merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("all.csv"), matches = folder.appendingPathComponent("matches.csv")
        let r = try CLI.run(["export", Repo.sample("journal.sqlite").path, Repo.sample("journal.csv").path, Repo.sample("shots").path,
                             "--to", "csv", "-o", out.path, "--list-matches", matches.path, "--tz", "Europe/Berlin"])
        #expect(r.status == 0, "\(r.stderr)")
        let list = try CSVTable(contentsOf: matches)
        #expect(list.header == ["kept_source", "kept_brew", "merged_source", "merged_brew", "rule", "seconds_apart"])
        let byID = list.rows.filter { $0[4] == "id" }
        #expect(byID.count == 360)
        #expect(byID.allSatisfy { $0[1] == $0[3] && $0[5] == "0" })
        let fromShots = list.rows.filter { $0[2].hasSuffix("shots") }.count
        let csv = try CSVTable(contentsOf: out)
        #expect(csv.rows.count == 360 + 20 - fromShots)
        #expect(r.stderr.contains("3 journals merged: \(360 + 20 - fromShots) brews, \(360 + fromShots) matched"), "\(r.stderr)")
        // The matches file is named too (on standard error, beside the merge's line).
        #expect(r.stderr.contains("brewstats: wrote \(matches.path) (\(list.rows.count) matches)\n"), "\(r.stderr)")
    }

    @Test(.enabled(if: CLI.available)) func anonymisedKeepsNumbersNotText() throws {
        let folder = try Repo.scratch("e2e-export-anon")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("shared.csv")
        let r = try CLI.run(["export", Repo.sample("journal.sqlite").path, "--to", "csv", "-o", out.path, "--anonymise", "--tz", "UTC"])
        #expect(r.status == 0, "\(r.stderr)")
        let original = try CSVTable(contentsOf: Repo.sample("journal.csv"))
        let shared = try CSVTable(contentsOf: out)
        #expect(shared.rows.count == original.rows.count)
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        for bean in Set(original.column("bean")) where !bean.isEmpty { #expect(!text.contains(bean), "\(bean) survived") }
        // The doses, as a multiset, are the sample's.
        #expect(shared.column("dose_g").compactMap(Double.init).sorted() == original.column("dose_g").compactMap { Double($0.replacingOccurrences(of: " g", with: "")) }.sorted())
    }
}

/// A CSV file read for a test: its header and rows (TestSupport's RFC 4180 parser).
private struct CSVTable {
    let header: [String]
    let rows: [[String]]

    init(contentsOf url: URL) throws {
        let all = TestCSV.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self)).filter { $0 != [""] }
        header = all.first ?? []
        rows = Array(all.dropFirst())
    }

    func column(_ name: String) -> [String] {
        guard let i = header.firstIndex(of: name) else { return [] }
        return rows.map { i < $0.count ? $0[i] : "" }
    }
}
