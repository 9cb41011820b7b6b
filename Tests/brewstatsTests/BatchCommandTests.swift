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
            let r = try CLI.run(["generate", "--brews", "\(n)", "--seed", "\(n)", "--to", format, "-o", folder.appendingPathComponent(name).path])
            #expect(r.status == 0, "generate \(name): \(r.stderr)")
        }
        let json = bytes(folder.appendingPathComponent("c.json"))
        try json.prefix(json.count / 2).write(to: folder.appendingPathComponent("cut.json"))
        var rng = TestRNG(seed: 5)
        try Data((0..<3000).map { _ in UInt8.random(in: 0x20...0xFF, using: &rng) }).write(to: folder.appendingPathComponent("noise.sqlite"))
        return (folder, sizes)
    }

    /// --week gives every journal the same week, --last the last complete week before --today; with --today pinned,
    /// a second run writes the same report files byte for byte (report.pdf's creation date included).
    @Test(.enabled(if: CLI.available)) func pinnedWeekAndTodayAreReproducible() throws {
        let input = try Repo.scratch("e2e-batch-pinned-in")
        for (name, n) in [("a.sqlite", 40), ("b.csv", 30)] {
            let r = try CLI.run(["generate", "--brews", "\(n)", "--seed", "\(n)", "--to", (name as NSString).pathExtension,
                                 "-o", input.appendingPathComponent(name).path])
            #expect(r.status == 0, "generate \(name): \(r.stderr)")
        }
        let scratch = try Repo.scratch("e2e-batch-pinned-out")
        func batch(_ out: String, _ extra: [String]) throws -> [String: String] {
            let r = try CLI.run(["batch", input.path, "--out", scratch.appendingPathComponent(out).path, "--jobs", "2",
                                 "--quiet", "--tz", "Europe/Berlin"] + extra, timeout: 120)
            #expect(r.status == 0, "\(r.stderr)")
            let rows = TestCSV.records(text(scratch.appendingPathComponent("\(out)/batch.csv"))).rows
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["journal"] ?? "", $0["week"] ?? "") })
        }
        // Every format, so that the PDFs' bytes are held too (the default writes no PDF).
        let pinned = ["--week", "2026-W46", "--today", "2026-11-26", "--formats", "svg,png,pdf"]
        #expect(try batch("one", pinned) == ["a": "2026-W46", "b": "2026-W46"])
        #expect(try batch("two", pinned) == ["a": "2026-W46", "b": "2026-W46"])
        for journal in ["a", "b"] {
            let one = scratch.appendingPathComponent("one/\(journal)"), two = scratch.appendingPathComponent("two/\(journal)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: one.path).sorted()
            #expect(files.contains("report.pdf"))
            #expect(try FileManager.default.subpathsOfDirectory(atPath: two.path).sorted() == files)
            for file in files {
                var folder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: one.appendingPathComponent(file).path, isDirectory: &folder),
                      !folder.boolValue else { continue }
                #expect(bytes(one.appendingPathComponent(file)) == bytes(two.appendingPathComponent(file)), "\(journal)/\(file)")
            }
        }
        // Wednesday 9 December 2026: the last complete week is 2026-W49 (30 Nov – 6 Dec), after both journals end.
        #expect(try batch("last", ["--last", "--today", "2026-12-09"]) == ["a": "2026-W49", "b": "2026-W49"])
        let usage = try CLI.run(["batch", "--merge", scratch.appendingPathComponent("one").path, "--out",
                                 scratch.appendingPathComponent("m").path, "--today", "2026-11-26"])
        #expect(usage.status == 64)
    }

    @Test(.enabled(if: CLI.available)) func mixedFolderReportsGoodJournalsAndListsBadOnes() throws {
        let (input, sizes) = try Self.inputs()
        let out = try Repo.scratch("e2e-batch-out").appendingPathComponent("out")
        let r = try CLI.run(["batch", input.path, "--out", out.path, "--jobs", "2", "--tz", "Europe/Berlin"], timeout: 120)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stdout.contains("3 of 5 journals reported"))
        // No progress when standard error is not a terminal (ProgressTests); the failures are in batch.csv.
        #expect(!r.stderr.contains("journals done") && !r.stderr.contains("\u{1B}"), "\(r.stderr)")

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
            #expect(try CLI.run(["generate", "--brews", "20", "--seed", "\(i + 1)", "--to", format,
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
            #expect(try CLI.run(["generate", "--brews", "10", "--seed", "\(i + 10)", "--to", "csv", "-o", input.appendingPathComponent(name).path]).status == 0)
        }
        var journals: [String] = []
        var parts: [String] = []
        for k in 1...2 {
            let part = folder.appendingPathComponent("part-\(k)")
            let r = try CLI.run(["batch", input.path, "--out", part.path, "--shard", "\(k)/2", "--quiet", "--formats", "svg"], timeout: 120)
            #expect(r.status == 0, "\(r.stderr)")
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
        // The merged page parses and links each journal's report where it is: inside its shard.
        let combined = merged.appendingPathComponent("combined")
        let page = try StrictHTML(text(combined.appendingPathComponent("index.html")))
        let reports = page.fileReferences.filter { $0.hasSuffix("/index.html") }
        #expect(reports.count == 4, "\(reports)")
        for ref in page.fileReferences {
            #expect(FileManager.default.fileExists(atPath: combined.appendingPathComponent(ref).path), "combined/index.html links missing \(ref)")
        }
        for j in ["j1", "j2", "j3", "j4"] {
            #expect(reports.contains { $0.hasPrefix("../../part-") && $0.hasSuffix("/\(j)/index.html") }, "no link to \(j): \(reports)")
        }
        // The same shard given twice is merged once, with a warning.
        let twice = folder.appendingPathComponent("twice")
        let again = try CLI.run(["batch", "--merge", parts[0], parts[0], parts[1], "--out", twice.path, "--formats", "svg"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("warning") && again.stderr.contains("more than once"), "\(again.stderr)")
        #expect(text(twice.appendingPathComponent("batch.csv")) == text(merged.appendingPathComponent("batch.csv")))
        #expect(text(twice.appendingPathComponent("combined/weekly.csv")) == text(merged.appendingPathComponent("combined/weekly.csv")))
        // A copy of a shard under another name holds the same journals: refused, nothing written.
        let full = try #require(parts.first { !TestCSV.records(text(URL(fileURLWithPath: $0).appendingPathComponent("batch.csv"))).rows.isEmpty })
        let copy = folder.appendingPathComponent("copy-of-a-shard")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: full), to: copy)
        let dup = folder.appendingPathComponent("dup")
        let refused = try CLI.run(["batch", "--merge"] + parts + [copy.path, "--out", dup.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("each journal must come from one shard"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dup.path))
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

    /// An indexed Job with more shards than journals: the empty shards succeed with an empty, valid output.
    @Test(.enabled(if: CLI.available)) func emptyShardIsExit0WithAnEmptyOutput() throws {
        let folder = try Repo.scratch("e2e-batch-empty-shard")
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        #expect(try CLI.run(["generate", "--brews", "10", "--to", "csv", "-o", input.appendingPathComponent("only.csv").path]).status == 0)
        var parts: [String] = []
        var empty: URL?
        for k in 1...3 {
            let part = folder.appendingPathComponent("part-\(k)")
            let r = try CLI.run(["batch", input.path, "--out", part.path, "--shard", "\(k)/3", "--formats", "svg"], timeout: 120)
            #expect(r.status == 0, "shard \(k): \(r.stderr)")
            parts.append(part.path)
            if TestCSV.records(text(part.appendingPathComponent("batch.csv"))).rows.isEmpty { empty = part }
        }
        let part = try #require(empty, "one journal in three shards leaves two empty")
        #expect(TestCSV.parse(text(part.appendingPathComponent("batch.csv"))) == [["journal", "input", "status", "format", "brews_read",
                                                                                     "brews_kept", "brews_rejected", "warnings", "week", "error"]])
        let combined = part.appendingPathComponent("combined")
        for name in csvSummaries {
            let rows = TestCSV.parse(text(combined.appendingPathComponent(name)))
            #expect(rows.count == 1 && rows.first?.first == "journal", "\(name) is not header-only")
        }
        #expect(throws: Never.self) { try StrictHTML(text(combined.appendingPathComponent("index.html"))) }
        // The shards merge into one batch of one journal.
        let all = folder.appendingPathComponent("all")
        #expect(try CLI.run(["batch", "--merge"] + parts + ["--out", all.path, "--formats", "svg"]).status == 0)
        #expect(TestCSV.records(text(all.appendingPathComponent("batch.csv"))).rows.map { $0["journal"] } == ["only"])
        // Inputs that hold no journal at all are still an error.
        let none = folder.appendingPathComponent("none")
        try FileManager.default.createDirectory(at: none, withIntermediateDirectories: true)
        let r = try CLI.run(["batch", none.path, "--out", folder.appendingPathComponent("o").path, "--shard", "1/2"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("brewstats: no journal files found in "), "\(r.stderr)")
    }

    /// The merge's exit status counts the journals that failed in the shards, as one batch would.
    @Test(.enabled(if: CLI.available)) func mergeExitStatusReflectsFailedJournals() throws {
        let folder = try Repo.scratch("e2e-batch-merge-status")
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        #expect(try CLI.run(["generate", "--brews", "10", "--to", "csv", "-o", input.appendingPathComponent("good.csv").path]).status == 0)
        try Data("{\"format\": \"coffee-journal\", \"brews\": [".utf8).write(to: input.appendingPathComponent("bad.json"))
        var parts: [String] = []
        for k in 1...2 {
            let part = folder.appendingPathComponent("part-\(k)")
            let r = try CLI.run(["batch", input.path, "--out", part.path, "--shard", "\(k)/2", "--quiet", "--formats", "svg"], timeout: 120)
            #expect([0, 3, 4].contains(r.status), "\(r.stderr)")
            parts.append(part.path)
        }
        let r = try CLI.run(["batch", "--merge"] + parts + ["--out", folder.appendingPathComponent("all").path, "--formats", "svg"])
        #expect(r.status == 3, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("1 of 2 journals reported, 1 failed"), "\(r.stdout)")
        let onlyBad = try CLI.run(["batch", "--merge", parts.first { TestCSV.records(text(URL(fileURLWithPath: $0).appendingPathComponent("batch.csv"))).rows.contains { $0["status"] == "failed" } }!,
                                   "--out", folder.appendingPathComponent("bad").path, "--formats", "svg"])
        let badShardHoldsBoth = TestCSV.records(text(folder.appendingPathComponent("bad/batch.csv"))).rows.count == 2
        #expect(onlyBad.status == (badShardHoldsBoth ? 3 : 4), "\(onlyBad.stderr)")
    }
}
