import Foundation
import Testing
import TestSupport

@Suite struct BatchCommandTests {
    /// Three generated journals (one per encoding) and two broken files, in a fresh folder.
    static func inputs() throws -> (folder: URL, sizes: [String: Int]) {
        let folder = try Repo.scratch("e2e-batch-in")
        let sizes = ["a.sqlite": 40, "b.csv": 30, "c.json": 25]
        for (name, n) in sizes {
            let format = (name as NSString).pathExtension
            let r = try CLI.run(["generate", "--brews", "\(n)", "--seed", "\(n)", "--format", format, "-o", folder.appendingPathComponent(name).path])
            #expect(r.status == 0, "generate \(name): \(r.stderr)")
        }
        let json = bytes(folder.appendingPathComponent("c.json"))
        try json.prefix(json.count / 2).write(to: folder.appendingPathComponent("cut.json"))
        var rng = TestRNG(seed: 5)
        try Data((0..<3000).map { _ in UInt8.random(in: 0x20...0xFF, using: &rng) }).write(to: folder.appendingPathComponent("noise.sqlite"))
        return (folder, sizes)
    }

    @Test(.enabled(if: CLI.available)) func mixedFolderReportsGoodJournalsAndListsBadOnes() throws {
        let (input, sizes) = try Self.inputs()
        let out = try Repo.scratch("e2e-batch-out").appendingPathComponent("out")
        let r = try CLI.run(["batch", input.path, "--out", out.path, "--jobs", "2", "--tz", "Europe/Berlin"], timeout: 120)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stdout.contains("3 of 5 journals reported"))
        // Progress lines (stderr is not a terminal): one per journal.
        #expect(r.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.count == 5)

        let batch = TestCSV.records(text(out.appendingPathComponent("batch.csv")))
        #expect(batch.header == ["journal", "input", "status", "format", "brews_read", "brews_kept", "brews_rejected", "warnings", "week", "error"])
        let byName = Dictionary(uniqueKeysWithValues: batch.rows.map { ($0["journal"] ?? "", $0) })
        #expect(Set(byName.keys) == ["a", "b", "c", "cut", "noise"])
        for (file, n) in sizes {
            let row = try #require(byName[(file as NSString).deletingPathExtension])
            #expect(row["status"] == "ok")
            #expect(row["brews_read"] == "\(n)" && row["brews_kept"] == "\(n)" && row["brews_rejected"] == "0")
            #expect(row["week"] == "2026-W47")
            #expect(row["error"] == "")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(row["journal"]!)/index.html").path))
        }
        for bad in ["cut", "noise"] {
            let row = try #require(byName[bad])
            #expect(row["status"] == "failed")
            #expect(!(row["error"] ?? "").isEmpty)
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(bad).path))
        }
        // combined/: every summary with a journal column, rows = the sum of the journals' rows.
        let combined = out.appendingPathComponent("combined")
        #expect(FileManager.default.fileExists(atPath: combined.appendingPathComponent("index.html").path))
        for name in csvSummaries {
            let all = TestCSV.parse(text(combined.appendingPathComponent(name)))
            #expect(all.first?.first == "journal", "\(name)")
            let parts = ["a", "b", "c"].map { TestCSV.parse(text(out.appendingPathComponent("\($0)/\(name)"))) }
            #expect(all.count - 1 == parts.map { $0.count - 1 }.reduce(0, +), "\(name) row count")
            #expect(all.first.map { Array($0.dropFirst()) } == parts[0].first)
            // Each combined record is a journal's record with its name in front.
            let expected = Set(zip(["a", "b", "c"], parts).flatMap { name, rows in rows.dropFirst().map { [name] + $0 } })
            #expect(Set(all.dropFirst()) == expected, "\(name) records")
        }
        // The combined page links every reported journal.
        let page = text(combined.appendingPathComponent("index.html"))
        for name in ["a", "b", "c"] { #expect(page.contains("href=\"../\(name)/index.html\"")) }
    }

    @Test(.enabled(if: CLI.available)) func quietPrintsNoProgress() throws {
        let folder = try Repo.scratch("e2e-batch-quiet")
        for (i, format) in ["sqlite", "csv"].enumerated() {
            #expect(try CLI.run(["generate", "--brews", "20", "--seed", "\(i + 1)", "--format", format,
                                 "-o", folder.appendingPathComponent("j\(i).\(format)").path]).status == 0)
        }
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["batch", folder.appendingPathComponent("j0.sqlite").path, folder.appendingPathComponent("j1.csv").path,
                             "--out", out.path, "--quiet", "--jobs", "1"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "--quiet printed: \(r.stderr)")
        #expect(TestCSV.records(text(out.appendingPathComponent("batch.csv"))).rows.map { $0["status"] } == ["ok", "ok"])
    }

    @Test(.enabled(if: CLI.available)) func shardsMergeIntoOneBatch() throws {
        let folder = try Repo.scratch("e2e-batch-shards")
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let names = ["j1.csv", "j2.csv", "j3.csv", "j4.csv"]
        for (i, name) in names.enumerated() {
            #expect(try CLI.run(["generate", "--brews", "10", "--seed", "\(i + 10)", "--format", "csv", "-o", input.appendingPathComponent(name).path]).status == 0)
        }
        var journals: [String] = []
        var parts: [String] = []
        for k in 1...2 {
            let part = folder.appendingPathComponent("part-\(k)")
            let r = try CLI.run(["batch", input.path, "--out", part.path, "--shard", "\(k)/2", "--quiet", "--formats", "svg"], timeout: 120)
            // A shard may hold no journal ("nothing to do", exit 1); otherwise every journal is reported.
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            journals += TestCSV.records(text(part.appendingPathComponent("batch.csv"))).rows.compactMap { $0["journal"] }
            parts.append(part.path)
        }
        #expect(journals.sorted() == ["j1", "j2", "j3", "j4"])
        let merged = folder.appendingPathComponent("all")
        let r = try CLI.run(["batch", "--merge"] + parts + ["--out", merged.path, "--formats", "svg"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(TestCSV.records(text(merged.appendingPathComponent("batch.csv"))).rows.compactMap { $0["journal"] } == ["j1", "j2", "j3", "j4"])
        let weekly = TestCSV.parse(text(merged.appendingPathComponent("combined/weekly.csv")))
        let expectedRows = parts.map { TestCSV.parse(text(URL(fileURLWithPath: $0).appendingPathComponent("combined/weekly.csv"))).count - 1 }.reduce(0, +)
        #expect(weekly.count - 1 == expectedRows)
        // Merging with --shard makes no sense: a usage error.
        #expect(try CLI.run(["batch", "--merge"] + parts + ["--out", merged.path, "--shard", "1/2"]).status == 64)
    }

    @Test(.enabled(if: CLI.available)) func allBadIsExit4AndBadShardIsAUsageError() throws {
        let folder = try Repo.scratch("e2e-batch-bad")
        try Data("{\"format\": \"coffee-journal\", \"brews\": [".utf8).write(to: folder.appendingPathComponent("x.json"))
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["batch", folder.appendingPathComponent("x.json").path, "--out", out.path, "--quiet"])
        #expect(r.status == 4)
        let shard = try CLI.run(["batch", folder.path, "--out", out.path, "--shard", "4/3"])
        #expect(shard.status == 64)
        let missing = try CLI.run(["batch", folder.appendingPathComponent("nope").path, "--out", out.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("brewstats: "))
    }
}
