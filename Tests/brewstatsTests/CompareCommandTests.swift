import Foundation
import Testing
import TestSupport

/// `brewstats compare` of brews without telemetry, end to end: the brews a filter or ids pick, the files written,
/// and the refusals.
@Suite struct CompareCommandTests {
    /// The sample store's two latest brews of a bean, and the same brews by id from its CSV export: one table.
    @Test(.enabled(if: CLI.available)) func brewsOfABeanAndByIdAgree() throws {
        let scratch = try Repo.scratch("compare-cli")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let a = scratch.appendingPathComponent("bean"), b = scratch.appendingPathComponent("ids")
        let r = try CLI.run(["compare", "brews", Repo.sample("journal.sqlite").path, "--bean", "Kochere",
                             "--tz", "Europe/Berlin", "--out", a.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("(2 brews, oldest first)"), "\(r.stdout)")
        let md = try String(contentsOf: a.appendingPathComponent("compare.md"), encoding: .utf8)
        // The ids on the brews' lines, in order, then the same brews picked by id from the CSV export.
        let ids = md.split(separator: "\n").filter { $0.hasPrefix("- 1. ") || $0.hasPrefix("- 2. ") }
            .compactMap { $0.components(separatedBy: " · id ").dropFirst().first }
        #expect(ids.count == 2)
        let byId = try CLI.run(["compare", "brews", Repo.sample("journal.csv").path, "--brews", ids.joined(separator: ","),
                                "--tz", "Europe/Berlin", "--out", b.path])
        #expect(byId.status == 0, "\(byId.stderr)")
        let csvA = try String(contentsOf: a.appendingPathComponent("compare.csv"), encoding: .utf8)
        let csvB = try String(contentsOf: b.appendingPathComponent("compare.csv"), encoding: .utf8)
        #expect(csvA == csvB)
        #expect(csvA.hasPrefix("quantity,brew_1,brew_2,diff_2_1\n"))
        #expect(!FileManager.default.fileExists(atPath: a.appendingPathComponent("compare.png").path))
    }

    /// Without --tz, compare counts times of day as report and mcp do: in the zone the journal's dates state
    /// (+09:00 here), not the machine's (New York): 07:30 on 2 November, not 17:30 on 1 November.
    @Test(.enabled(if: CLI.available)) func timesOfDayInTheZoneTheJournalStates() throws {
        let scratch = try Repo.scratch("compare-zone")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let csv = scratch.appendingPathComponent("j.csv")
        try Data("""
            date,method,grinder,grind_setting,bean,dose_g,water_g,brew_time_s,rating
            2026-11-02T07:30:00+09:00,V60,Comandante C40,24,Kochere,15,250,170,4
            2026-11-02T08:10:00+09:00,V60,Comandante C40,23,Kochere,15,250,175,4.5

            """.utf8).write(to: csv)
        let out = scratch.appendingPathComponent("out")
        let r = try CLI.run(["compare", "brews", csv.path, "--out", out.path],
                            environment: ["TZ": "America/New_York"])
        #expect(r.status == 0, "\(r.stderr)")
        let md = try String(contentsOf: out.appendingPathComponent("compare.md"), encoding: .utf8)
        #expect(md.contains("2026-11-02 07:30") && md.contains("2026-11-02 08:10"), "\(md)")
        #expect(!md.contains("2026-11-01"), "\(md)")
    }

    @Test(.enabled(if: CLI.available)) func refusals() throws {
        let store = Repo.sample("journal.sqlite").path
        let unknown = try CLI.run(["compare", "brews", store, "--brews", "nope,neither", "--out", "/tmp/never"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no brew with id 'nope'"))
        let one = try CLI.run(["compare", "brews", store, "--brews", "x"])
        #expect(one.status == 64 && one.stderr.contains("'--brews <id,id>': two or three ids, comma-separated, not 1"),
                "\(one.stderr)")
        // The form before the subcommands keeps its checks.
        let mixed = try CLI.run(["compare", "--journal", store, "--bean", "Kochere", "--profile", "Turbo"])
        #expect(mixed.status == 64 && mixed.stderr.contains("give one kind"))
        // A file where the output folder should be: one line naming it, for brews and for shots alike.
        let scratch = try Repo.scratch("compare-out-file")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("taken")
        try Data("mine".utf8).write(to: file)
        let shots = Repo.sample("shots")
        for args in [["brews", store, "--bean", "Kochere"],
                     ["shots", shots.appendingPathComponent("shot-00000.json").path, shots.appendingPathComponent("shot-00001.json").path]] {
            let r = try CLI.run(["compare"] + args + ["--out", file.path])
            #expect(r.status == 1 && r.stderr == "brewstats: refusing to replace \(file.path): it is a file, not a folder brewstats wrote\n", "\(r.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == "mine")
        }
        let noJournal = try CLI.run(["compare", "a.json", "b.json", "--bean", "Kochere"])
        #expect(noJournal.status == 64 && noJournal.stderr.contains("choose brews of a --journal"))
    }

    /// The form before `compare shots` and `compare brews` still runs, for one release, with a one-line note naming
    /// the new form; it writes what the new form writes.
    @Test(.enabled(if: CLI.available)) func theFormerSpellingStillRunsWithANote() throws {
        let scratch = try Repo.scratch("compare-former")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let store = Repo.sample("journal.sqlite").path
        let old = scratch.appendingPathComponent("old"), new = scratch.appendingPathComponent("new")
        let r = try CLI.run(["compare", "--journal", store, "--bean", "Kochere", "--tz", "UTC", "--out", old.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "brewstats: note: compare --journal JOURNAL (brews) is now compare brews JOURNAL; "
                + "the old spelling goes in the next release\n", "\(r.stderr)")
        let n = try CLI.run(["compare", "brews", store, "--bean", "Kochere", "--tz", "UTC", "--out", new.path])
        #expect(n.status == 0 && n.stderr.isEmpty, "\(n.stderr)")
        #expect(try String(contentsOf: old.appendingPathComponent("compare.csv"), encoding: .utf8)
                == String(contentsOf: new.appendingPathComponent("compare.csv"), encoding: .utf8))
        // Options of the other kind are not options of a subcommand.
        let wrong = try CLI.run(["compare", "brews", store, "--profile", "Turbo"])
        #expect(wrong.status == 64 && wrong.stderr.contains("unknown option '--profile'"), "\(wrong.stderr)")
    }
}
