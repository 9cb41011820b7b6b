import BrewColumns
import BrewImport
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// The batch runner as a library: outcomes, exit codes, resume, shards and merge, the combined folder.
@Suite struct BatchTests {
    /// Good journals written by the generator: name → (writer format, brew count, seed).
    static let good: [(name: String, brews: Int, seed: UInt64)] = [
        ("alpha.sqlite", 30, 1), ("bravo.csv", 24, 2), ("charlie.json", 20, 3), ("delta.sqlite", 16, 4), ("echo.csv", 12, 5),
    ]

    static func writeJournal(_ name: String, brews: Int, seed: UInt64, in folder: URL) throws {
        let generator = JournalGenerator(GeneratorOptions(brewCount: brews, seed: seed))
        let url = folder.appendingPathComponent(name)
        switch url.pathExtension {
        case "sqlite": try CoreDataStoreWriter().write(generator, to: url)
        case "csv": try CSVExportWriter().write(generator, to: url)
        default: try JSONExportWriter().write(generator, to: url)
        }
    }

    /// A folder of `good` journals (the first `count`) and, when asked, the broken ones.
    static func inputFolder(good count: Int = good.count, broken: Bool) throws -> URL {
        let folder = try Repo.scratch("batch-in")
        for j in good.prefix(count) { try writeJournal(j.name, brews: j.brews, seed: j.seed, in: folder) }
        if broken {
            let json = try Data(contentsOf: folder.appendingPathComponent("charlie.json"))
            try json.prefix(json.count / 3).write(to: folder.appendingPathComponent("truncated.json"))
            var rng = TestRNG(seed: 99)
            try Data((0..<2048).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: folder.appendingPathComponent("noise.sqlite"))
            try Data().write(to: folder.appendingPathComponent("empty.csv"))
            try Data((CSVStyle.columns.joined(separator: ",") + "\n").utf8).write(to: folder.appendingPathComponent("header-only.csv"))
        }
        return folder
    }

    static func options(_ inputs: [URL], out: URL) -> BatchOptions {
        var o = BatchOptions(inputs: inputs.map(\.path), out: out)
        o.jobs = 2
        o.report.stats.timeZone = berlin
        o.report.now = instant(2027, 1, 10, 12, 0)
        o.report.formats = [.svg]
        o.report.grindCharts = 1
        o.open.importOptions = ImportOptions(timeZone: berlin)
        return o
    }

    static func outcome(_ result: BatchResult, _ journal: String) -> JournalOutcome? {
        result.outcomes.first { $0.journal == journal }
    }

    @Test func mixedFolderGivesExit3AndRightStatuses() throws {
        let input = try Self.inputFolder(good: 3, broken: true)
        let out = try Repo.scratch("batch-out").appendingPathComponent("out")
        let result = try BatchRunner.run(Self.options([input], out: out))
        #expect(result.exitCode == 3)
        #expect(result.outcomes.map(\.journal) == ["alpha", "bravo", "charlie", "empty", "header-only", "noise", "truncated"])
        for j in Self.good.prefix(3) {
            let o = try #require(Self.outcome(result, (j.name as NSString).deletingPathExtension))
            #expect(o.status == .ok, "\(j.name): \(o.error)")
            #expect(o.read == j.brews && o.kept == j.brews && o.rejected == 0)
            #expect(o.week == "2026-W47")
            #expect(exists(out.appendingPathComponent(o.journal).appendingPathComponent("manifest.json")))
        }
        for bad in ["truncated", "noise", "empty"] {
            let o = try #require(Self.outcome(result, bad))
            #expect(o.status == .failed)
            #expect(!o.error.isEmpty)
            #expect(!exists(out.appendingPathComponent(bad)), "a failed journal left a folder")
        }
        // A header-only CSV is a journal without brews: reported, nothing read.
        let header = try #require(Self.outcome(result, "header-only"))
        #expect(header.status == .ok && header.read == 0)
        for o in result.outcomes { #expect(o.read == o.kept + o.rejected, "\(o.journal)") }
        #expect(result.succeeded == 4 && result.failed == 3)

        // batch.csv holds one row per outcome, in order.
        let rows = TestCSV.records(text(out.appendingPathComponent("batch.csv")))
        #expect(rows.header == JournalOutcome.header)
        #expect(rows.rows.map { $0["journal"] } == result.outcomes.map(\.journal))
        #expect(rows.rows.map { $0["status"] } == result.outcomes.map(\.status.rawValue))
        #expect(rows.rows.map { $0["brews_kept"] } == result.outcomes.map { "\($0.kept)" })
        // Nothing hidden is left in the output folder.
        #expect(entries(out).allSatisfy { !$0.hasPrefix(".") }, "\(entries(out))")
        try Self.expectCombinedIsTheConcatenation(out, journals: ["alpha", "bravo", "charlie", "header-only"])
    }

    @Test func allBadIsExit4AllGoodIsExit0() throws {
        let input = try Self.inputFolder(good: 3, broken: true)
        let bad = ["truncated.json", "noise.sqlite", "empty.csv"].map { input.appendingPathComponent($0) }
        let out = try Repo.scratch("batch-bad").appendingPathComponent("out")
        let failed = try BatchRunner.run(Self.options(bad, out: out))
        #expect(failed.exitCode == 4)
        #expect(failed.outcomes.allSatisfy { $0.status == .failed })
        let goodFiles = ["alpha.sqlite", "bravo.csv"].map { input.appendingPathComponent($0) }
        let ok = try BatchRunner.run(Self.options(goodFiles, out: try Repo.scratch("batch-good").appendingPathComponent("out")))
        #expect(ok.exitCode == 0)
        #expect(ok.outcomes.map(\.status) == [.ok, .ok])
    }

    /// `--resume` sweeps what a killed run left beside a journal's folder (`.alpha.old-…`, `.bravo.staging-…` of a
    /// process that is gone) as a run without it does, even for journals it skips as unchanged; a live process's
    /// folders stay; and a previous report the killed run had set aside, with its folder missing, is put back and
    /// then skipped as unchanged.
    @Test func resumeSweepsADeadRunsLeftovers() throws {
        let input = try Self.inputFolder(good: 3, broken: false)
        let out = try Repo.scratch("batch-resume-sweep").appendingPathComponent("out")
        var options = Self.options([input], out: out)
        #expect(try BatchRunner.run(options).outcomes.allSatisfy { $0.status == .ok })
        let charlie = snapshotFiles(out.appendingPathComponent("charlie"))
        let dead = try deadPID()
        let stale = [".alpha.old-\(dead)-1A2B3C4D", ".bravo.staging-\(dead)-5E6F7A8B"]
        let live = ".alpha.staging-1-9C0D1E2F"   // pid 1 always runs
        for name in stale + [live] {
            try FileManager.default.createDirectory(at: out.appendingPathComponent(name), withIntermediateDirectories: false)
            try Data("partial".utf8).write(to: out.appendingPathComponent(name).appendingPathComponent("weekly.csv"))
        }
        // charlie's report set aside by a run killed between its two renames: no charlie/, a dead run's .old holding it.
        let aside = ".charlie.old-\(dead)-3A4B5C6D"
        try FileManager.default.moveItem(at: out.appendingPathComponent("charlie"), to: out.appendingPathComponent(aside))

        options.resume = true
        let resumed = try BatchRunner.run(options)
        #expect(resumed.outcomes.map(\.status) == [.skipped, .skipped, .skipped])
        let names = entries(out)
        for name in stale + [aside] { #expect(!names.contains(name), "\(name) was left by --resume") }
        #expect(names.contains(live), "a live process's staging folder was swept")
        #expect(snapshotFiles(out.appendingPathComponent("charlie")) == charlie, "charlie's report was not put back whole")
    }

    @Test func resumeSkipsUnchangedAndRedoesChanged() throws {
        let input = try Self.inputFolder(good: 3, broken: false)
        let out = try Repo.scratch("batch-resume").appendingPathComponent("out")
        var options = Self.options([input], out: out)
        let first = try BatchRunner.run(options)
        #expect(first.outcomes.allSatisfy { $0.status == .ok })
        let bravoWeekly = text(out.appendingPathComponent("bravo/weekly.csv"))

        options.resume = true
        let second = try BatchRunner.run(options)
        #expect(second.outcomes.map(\.status) == [.skipped, .skipped, .skipped])
        #expect(second.exitCode == 0)
        // A skipped journal reports the counts of the run that made its folder.
        for (a, b) in zip(first.outcomes, second.outcomes) {
            var expected = a
            expected.status = .skipped
            #expect(b == expected)
        }

        // Change one journal's bytes: only that one is redone.
        try Self.writeJournal("bravo.csv", brews: 40, seed: 77, in: input)
        let third = try BatchRunner.run(options)
        #expect(third.outcomes.map(\.status) == [.skipped, .ok, .skipped])
        #expect(Self.outcome(third, "bravo")?.read == 40)
        #expect(text(out.appendingPathComponent("bravo/weekly.csv")) != bravoWeekly)
        // The combined folder covers the new bravo.
        try Self.expectCombinedIsTheConcatenation(out, journals: ["alpha", "bravo", "charlie"])

        // Other report options: nothing is skipped.
        options.report.stats.timeZone = TimeZone(identifier: "America/New_York")!
        let fourth = try BatchRunner.run(options)
        #expect(fourth.outcomes.allSatisfy { $0.status == .ok })

        // A report folder without its manifest is redone.
        try FileManager.default.removeItem(at: out.appendingPathComponent("alpha/manifest.json"))
        let fifth = try BatchRunner.run(options)
        #expect(Self.outcome(fifth, "alpha")?.status == .ok)
        #expect(Self.outcome(fifth, "charlie")?.status == .skipped)
    }

    /// `--last --resume` a week later: the report week has moved on, so a resumed batch must not keep the
    /// old week's reports (a fresh run and a resumed run of the same command must agree).
    @Test func resumeWithLastWeekFollowsTheClock() throws {
        let input = try Self.inputFolder(good: 1, broken: false)
        let out = try Repo.scratch("batch-resume-last").appendingPathComponent("out")
        var options = Self.options([input], out: out)
        options.report.period = .lastWeek
        options.report.now = instant(2026, 11, 25, 9, 0)
        let first = try BatchRunner.run(options)
        #expect(first.outcomes.first?.week == isoWeekLabel(instant(2026, 11, 18, 9, 0), berlin))
        options.resume = true
        options.report.now = instant(2026, 12, 9, 9, 0)
        let later = try BatchRunner.run(options)
        let expectedWeek = isoWeekLabel(instant(2026, 12, 2, 9, 0), berlin)
        #expect(later.outcomes.first?.week == expectedWeek,
                "resumed batch kept \(later.outcomes.first?.week ?? "-") (\(later.outcomes.first?.status.rawValue ?? "-")); a fresh run reports \(expectedWeek)")
        let manifest = try #require(BatchManifest.load(out.appendingPathComponent("alpha/manifest.json")))
        #expect(manifest.week == expectedWeek)
    }

    @Test func shardsThenMergeEqualOneRun() throws {
        let input = try Self.inputFolder(good: 5, broken: true)
        let scratch = try Repo.scratch("batch-shards")
        let single = try BatchRunner.run(Self.options([input], out: scratch.appendingPathComponent("single")))
        var parts: [URL] = []
        var seen: [String] = []
        for k in 1...3 {
            var options = Self.options([input], out: scratch.appendingPathComponent("part-\(k)"))
            options.shard = Shard(index: k, count: 3)
            let r = try BatchRunner.run(options)
            seen += r.outcomes.map(\.journal)
            parts.append(options.out)
        }
        // Every journal ran in exactly one shard, under the same folder name as in the single run.
        #expect(seen.sorted() == single.outcomes.map(\.journal).sorted())
        let merged = scratch.appendingPathComponent("merged")
        let mergedResult = try BatchRunner.merge(shards: parts, out: merged, options: Self.options([input], out: merged).report)
        let outcomes = mergedResult.outcomes
        #expect(mergedResult.exitCode == single.exitCode && single.exitCode == 3)
        #expect(mergedResult.warnings.isEmpty)
        #expect(outcomes.sorted { $0.journal < $1.journal }.map { [$0.journal, $0.status.rawValue, "\($0.kept)", $0.format, $0.week] }
                == single.outcomes.sorted { $0.journal < $1.journal }.map { [$0.journal, $0.status.rawValue, "\($0.kept)", $0.format, $0.week] })
        for name in ReportWriter.csvFiles {
            let one = TestCSV.parse(text(scratch.appendingPathComponent("single/combined/\(name)")))
            let many = TestCSV.parse(text(merged.appendingPathComponent("combined/\(name)")))
            #expect(one.first == many.first, "\(name) header")
            #expect(one.count == many.count, "\(name) row count")
            #expect(Self.multiset(one.dropFirst()) == Self.multiset(many.dropFirst()), "\(name) records differ")
        }
        // The pooled data behind the combined charts is the same too.
        let pooledOne = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.appendingPathComponent("single/combined/pooled.json"))) as? NSDictionary
        let pooledMany = try JSONSerialization.jsonObject(with: Data(contentsOf: merged.appendingPathComponent("combined/pooled.json"))) as? NSDictionary
        #expect(pooledOne != nil && pooledOne == pooledMany)
        #expect(Set(relativeFiles(in: merged.appendingPathComponent("combined"))) == Set(relativeFiles(in: scratch.appendingPathComponent("single/combined"))))
        // The merged batch.csv lists every journal once.
        let batch = TestCSV.records(text(merged.appendingPathComponent("batch.csv"))).rows
        #expect(batch.map { $0["journal"] ?? "" }.sorted() == single.outcomes.map(\.journal).sorted())
        // The merged page links every reported journal inside its shard; failed ones are not links.
        let page = text(merged.appendingPathComponent("combined/index.html"))
        for o in single.outcomes {
            let k = try #require(parts.firstIndex { TestCSV.records(text($0.appendingPathComponent("batch.csv"))).rows.contains { $0["journal"] == o.journal } })
            let href = "../../part-\(k + 1)/\(o.journal)/index.html"
            #expect(page.contains("href=\"\(href)\"") == (o.status != .failed), "\(o.journal): \(href)")
            if o.status != .failed { #expect(exists(merged.appendingPathComponent("combined").appendingPathComponent(href))) }
        }

        // The same shard folder twice (once through a symbolic link): merged once, with a warning.
        let link = scratch.appendingPathComponent("link-to-part-1")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: parts[0])
        let twice = try BatchRunner.merge(shards: parts + [link], out: scratch.appendingPathComponent("twice"),
                                          options: Self.options([input], out: merged).report)
        #expect(twice.outcomes == mergedResult.outcomes)
        #expect(twice.warnings.count == 1 && twice.warnings[0].contains("more than once"))
        #expect(text(scratch.appendingPathComponent("twice/combined/weekly.csv")) == text(merged.appendingPathComponent("combined/weekly.csv")))
        // A copy of a shard holds the same journals: refused before anything is written.
        let copy = scratch.appendingPathComponent("copy")
        let full = try #require(parts.first { !TestCSV.records(text($0.appendingPathComponent("batch.csv"))).rows.isEmpty })
        try FileManager.default.copyItem(at: full, to: copy)
        let error = #expect(throws: ReportError.self) {
            _ = try BatchRunner.merge(shards: parts + [copy], out: scratch.appendingPathComponent("dup"), options: Self.options([input], out: merged).report)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("each journal must come from one shard"))
        #expect(!exists(scratch.appendingPathComponent("dup")))
        // Merging into one of the shards is refused.
        #expect(throws: ReportError.self) { _ = try BatchRunner.merge(shards: parts, out: parts[1], options: ReportOptions()) }
    }

    /// A shard that receives no journal is a normal outcome: an empty, valid output and exit 0.
    @Test func emptyShardWritesAnEmptyOutput() throws {
        let input = try Self.inputFolder(good: 1, broken: false)
        let scratch = try Repo.scratch("batch-empty-shard")
        var empties = 0
        for k in 1...4 {
            var options = Self.options([input], out: scratch.appendingPathComponent("part-\(k)"))
            options.shard = Shard(index: k, count: 4)
            let r = try BatchRunner.run(options)
            #expect(r.exitCode == 0 && r.journalsFound == 1)
            guard r.outcomes.isEmpty else { continue }
            empties += 1
            #expect(text(options.out.appendingPathComponent("batch.csv")) == JournalOutcome.header.joined(separator: ",") + "\r\n")
            for name in ReportWriter.csvFiles {
                #expect(TestCSV.parse(text(options.out.appendingPathComponent("combined/\(name)"))).count == 1, "\(name)")
            }
            #expect(entries(options.out) == ["batch.csv", "combined"])
        }
        #expect(empties == 3)
        // No journal in the inputs at all is an error, and nothing is written.
        let none = try Repo.scratch("batch-none")
        let out = none.appendingPathComponent("out")
        let error = #expect(throws: ReportError.self) { _ = try BatchRunner.run(Self.options([none], out: out)) }
        guard case .noJournals = error else { Issue.record("expected noJournals, got \(String(describing: error))"); return }
        #expect(!exists(out))
    }

    /// A folder in `--out` with a journal's name that brewstats did not write stops the batch before it starts.
    @Test func foreignFoldersInTheOutputAreNeverReplaced() throws {
        let input = try Self.inputFolder(good: 2, broken: false)
        let out = try Repo.scratch("batch-foreign").appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("bravo"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: out.appendingPathComponent("bravo/letter.txt"))
        let error = #expect(throws: ReportError.self) { _ = try BatchRunner.run(Self.options([input], out: out)) }
        guard case let .refusedOutput(path, _) = error else { Issue.record("expected refusedOutput, got \(String(describing: error))"); return }
        #expect(path == out.appendingPathComponent("bravo").path)
        #expect(relativeFiles(in: out) == ["bravo/letter.txt"], "the batch started anyway")
        // A batch.csv that is not ours is left alone too.
        try FileManager.default.removeItem(at: out.appendingPathComponent("bravo"))
        try Data("name,amount\n".utf8).write(to: out.appendingPathComponent("batch.csv"))
        #expect(throws: ReportError.self) { _ = try BatchRunner.run(Self.options([input], out: out)) }
        #expect(relativeFiles(in: out) == ["batch.csv"])
    }

    /// The output folder inside an input folder: neither it nor other report folders are read as journals,
    /// and dot folders are skipped.
    @Test func outputAndReportFoldersAreNotInputs() throws {
        let input = try Self.inputFolder(good: 2, broken: false)
        let hidden = input.appendingPathComponent(".trash")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        try Self.writeJournal("old.csv", brews: 5, seed: 3, in: hidden)
        let out = input.appendingPathComponent("reports")
        let first = try BatchRunner.run(Self.options([input], out: out))
        #expect(first.outcomes.map(\.journal) == ["alpha", "bravo"])
        let second = try BatchRunner.run(Self.options([input], out: out))
        #expect(second.outcomes.map(\.journal) == ["alpha", "bravo"], "report CSVs were read as journals")
        // A report folder moved elsewhere in the inputs still carries its marker: skipped.
        try FileManager.default.copyItem(at: out.appendingPathComponent("alpha"), to: input.appendingPathComponent("alpha-report"))
        #expect(try Self.options([input], out: out).journalFiles().map { $0.url.lastPathComponent } == ["alpha.sqlite", "bravo.csv"])
    }

    /// Workers render their reports serially when several run at once; one worker keeps all cores.
    @Test func nestedParallelismOnlyForOneWorker() {
        #expect(BatchRunner.reportRendersInParallel(workers: 1))
        #expect(!BatchRunner.reportRendersInParallel(workers: 2))
        #expect(!BatchRunner.reportRendersInParallel(workers: 16))
    }

    @Test func mergeOfSomethingElseIsAnError() throws {
        let folder = try Repo.scratch("batch-merge-bad")
        #expect(throws: ReportError.self) {
            _ = try BatchRunner.merge(shards: [folder], out: folder.appendingPathComponent("out"), options: ReportOptions())
        }
    }

    /// A journal whose derived name equals a file the batch writes itself (`batch.csv`) must not break the batch.
    @Test func journalNamedLikeTheBatchFile() throws {
        let input = try Repo.scratch("batch-names")
        try Self.writeJournal("batch.csv.json", brews: 12, seed: 8, in: input)
        try Self.writeJournal("combined.csv", brews: 12, seed: 9, in: input)
        let out = try Repo.scratch("batch-names-out").appendingPathComponent("out")
        let result = try BatchRunner.run(Self.options([input], out: out))
        #expect(result.exitCode == 0, "\(result.outcomes.map { "\($0.journal): \($0.error)" })")
        #expect(Set(result.outcomes.map(\.journal)).isDisjoint(with: ["batch.csv", "combined"]))
        #expect(TestCSV.records(text(out.appendingPathComponent("batch.csv"))).rows.count == 2)
    }

    // MARK: Helpers

    static func multiset<S: Sequence>(_ rows: S) -> [[String]: Int] where S.Element == [String] {
        var m: [[String]: Int] = [:]
        for r in rows { m[r, default: 0] += 1 }
        return m
    }

    /// Each combined CSV holds exactly the journals' rows, each with its journal's name in front.
    static func expectCombinedIsTheConcatenation(_ out: URL, journals: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for name in ReportWriter.csvFiles {
            let combined = TestCSV.parse(text(out.appendingPathComponent("combined/\(name)")))
            let parts = journals.map { TestCSV.parse(text(out.appendingPathComponent("\($0)/\(name)"))) }
            #expect(combined.first == ["journal"] + (parts.first?.first ?? []), "\(name) header", sourceLocation: sourceLocation)
            #expect(combined.count - 1 == parts.map { $0.count - 1 }.reduce(0, +), "\(name) row count", sourceLocation: sourceLocation)
            let expected = multiset(zip(journals, parts).flatMap { j, rows in rows.dropFirst().map { [j] + $0 } })
            #expect(multiset(combined.dropFirst()) == expected, "\(name) records", sourceLocation: sourceLocation)
        }
    }
}
