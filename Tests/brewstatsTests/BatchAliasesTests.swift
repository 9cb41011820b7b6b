import Foundation
import Testing
import TestSupport

/// `batch --aliases` reads names as `report --aliases` does: every journal's spellings merged, and said in its notes.
@Suite struct BatchAliasesTests {
    @Test(.enabled(if: CLI.available)) func everyJournalOfABatchReadsTheAliases() throws {
        let scratch = try Repo.scratch("batch-aliases")
        let journals = scratch.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
        let csv = """
            brewed_at,method,grinder,grind_setting,bean,roaster,dose_g,water_g,rating
            2026-03-02T07:00:00+01:00,V60,C40,24,Peru,Quijote Kaffee,15,250,4
            2026-03-03T07:00:00+01:00,V60,C40,24,Peru,Quijote Kaffee,15,250,4
            2026-03-04T07:00:00+01:00,V60,C40,24,Peru,Quijote,15,250,4
            """
        try Data(csv.utf8).write(to: journals.appendingPathComponent("anna.csv"))
        let aliases = scratch.appendingPathComponent("aliases.toml")
        try Data("[roasters]\n\"Quijote Kaffee\" = \"Quijote\"\n".utf8).write(to: aliases)
        let out = scratch.appendingPathComponent("out"), plain = scratch.appendingPathComponent("plain")
        let r = try CLI.run(["batch", journals.path, "--out", out.path, "--aliases", aliases.path, "--tz", "Europe/Berlin",
                             "--formats", "svg", "--quiet"], timeout: 180)
        #expect(r.status == 0, "\(r.stderr)")
        let page = try String(contentsOf: out.appendingPathComponent("anna/index.html"), encoding: .utf8)
        #expect(page.contains("counted as roaster"), "the aliases were not applied")
        let r2 = try CLI.run(["batch", journals.path, "--out", plain.path, "--tz", "Europe/Berlin", "--formats", "svg", "--quiet"], timeout: 180)
        #expect(r2.status == 0, "\(r2.stderr)")
        let plainPage = try String(contentsOf: plain.appendingPathComponent("anna/index.html"), encoding: .utf8)
        #expect(plainPage.contains("may be one roaster"))
    }
}
