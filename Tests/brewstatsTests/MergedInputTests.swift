import Foundation
import Testing
import TestSupport

/// `report` and `dial-in` read several journals as one, as `export` does.
@Suite struct MergedInputTests {
    @Test(.enabled(if: CLI.available)) func reportOfAStoreAndItsOwnExportCountsEachBrewOnce() throws {
        let folder = try Repo.scratch("e2e-merged-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one"), two = folder.appendingPathComponent("two")
        let args = ["--tz", "Europe/Berlin", "--today", "2026-11-23", "--formats", "svg"]
        let single = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--out", one.path] + args)
        #expect(single.status == 0, "\(single.stderr)")
        let merged = try CLI.run(["report", Repo.sample("journal.sqlite").path, Repo.sample("journal.csv").path, "--out", two.path] + args)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stderr.contains("2 journals merged: 360 brews, 360 matched across journals (360 by id"), "\(merged.stderr)")
        // The same week's numbers as the store alone: every brew once.
        #expect(single.stdout.split(separator: "\n").first == merged.stdout.split(separator: "\n").first)
        for name in ["week_summary.csv", "equipment_usage.csv", "method_stats.csv"] {
            #expect(bytes(one.appendingPathComponent(name)) == bytes(two.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test(.enabled(if: CLI.available)) func dialInOfTwoSourcesIsTheAdviceOfOne() throws {
        let args = ["--grinder", "comandante", "--method", "v60", "--json"]
        let single = try CLI.run(["dial-in", Repo.sample("journal.sqlite").path] + args)
        let merged = try CLI.run(["dial-in", Repo.sample("journal.sqlite").path, Repo.sample("journal.json").path] + args)
        #expect(single.status == 0 && merged.status == 0, "\(merged.stderr)")
        #expect(single.stdout == merged.stdout)
    }
}
