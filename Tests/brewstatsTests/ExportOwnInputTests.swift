import Foundation
import Testing
import TestSupport

/// `export` never writes over an input of its run, `--force` or not: the journal itself (also by another spelling or
/// a symbolic link), a mapped spreadsheet, its mapping file, a shot folder given as a journal (or a file inside
/// it), and a side file (`--report-dropped`, `--list-matches`) aimed at an input. The input is left byte for byte.
/// `--list-matches` of `report` and `dial-in` is held to the same rule. Also: `--anonymise` anonymises `--list-matches` beside it, and `--raw-cells` writes formula cells raw.
@Suite struct ExportOwnInputTests {
    func expectRefused(_ args: [String], keeps files: [URL], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = files.map { bytes($0) }
        let r = try CLI.run(args, sourceLocation: sourceLocation)
        #expect(r.status == 1, "\(args): \(r.status) \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains("input of this run"), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(files.map { bytes($0) } == before, "an input changed", sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: CLI.available)) func theJournalItself() throws {
        let folder = try Repo.scratch("export-own-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("journal.csv"), json = folder.appendingPathComponent("journal.json")
        try FileManager.default.copyItem(at: Repo.sample("journal.csv"), to: csv)
        try FileManager.default.copyItem(at: Repo.sample("journal.json"), to: json)
        let link = folder.appendingPathComponent("link.csv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: csv)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let inputs = [csv, json]
        try expectRefused(["export", csv.path, "--to", "csv", "-o", csv.path, "--force"], keeps: inputs)
        // Another spelling, and a symbolic link to it.
        try expectRefused(["export", csv.path, "--to", "csv", "-o", folder.path + "/sub/../journal.csv", "--force"], keeps: inputs)
        try expectRefused(["export", csv.path, "--to", "csv", "-o", link.path, "--force"], keeps: inputs)
        // Two journals: the second one is an input too.
        try expectRefused(["export", csv.path, json.path, "--to", "json", "-o", json.path, "--force"], keeps: inputs)
        // A side file aimed at an input.
        try expectRefused(["export", csv.path, "--to", "json", "-o", folder.appendingPathComponent("out.json").path,
                           "--report-dropped", csv.path, "--force"], keeps: inputs)
        try expectRefused(["export", csv.path, json.path, "--to", "json", "-o", folder.appendingPathComponent("out.json").path,
                           "--list-matches", json.path, "--force"], keeps: inputs)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
        // Two outputs of the run naming one file: a usage error, nothing written.
        let same = folder.appendingPathComponent("same.csv").path
        let twice = try CLI.run(["export", csv.path, "--to", "csv", "-o", same, "--report-dropped", folder.path + "/./same.csv"])
        #expect(twice.status == 64 && twice.stderr.contains("different files"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: same))
        // Elsewhere, the same export is written.
        let ok = try CLI.run(["export", csv.path, "--to", "csv", "-o", folder.appendingPathComponent("copy.csv").path])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    /// `report` and `dial-in` write `--list-matches` the same way, and refuse an input there too.
    @Test(.enabled(if: CLI.available)) func listMatchesOfOtherCommands() throws {
        let folder = try Repo.scratch("list-matches-own-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("journal.csv"), json = folder.appendingPathComponent("journal.json")
        try FileManager.default.copyItem(at: Repo.sample("journal.csv"), to: csv)
        try FileManager.default.copyItem(at: Repo.sample("journal.json"), to: json)
        try expectRefused(["report", csv.path, json.path, "--list-matches", json.path, "--out", folder.appendingPathComponent("r").path],
                          keeps: [csv, json])
        try expectRefused(["dial-in", csv.path, json.path, "--grinder", "Comandante C40", "--method", "V60", "--list-matches", csv.path],
                          keeps: [csv, json])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r").path))
    }

    @Test(.enabled(if: CLI.available)) func aMappedSpreadsheetAndItsMapping() throws {
        let folder = try Repo.scratch("export-own-map")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = folder.appendingPathComponent("foreign.csv"), map = folder.appendingPathComponent("mapping.toml")
        try FileManager.default.copyItem(at: Repo.sample("foreign.csv"), to: sheet)
        try FileManager.default.copyItem(at: Repo.sample("mapping.toml"), to: map)
        let works = try CLI.run(["export", sheet.path, "--map", map.path, "--to", "csv", "-o", folder.appendingPathComponent("x.csv").path])
        #expect(works.status == 0, "\(works.stderr)")
        try expectRefused(["export", sheet.path, "--map", map.path, "--to", "csv", "-o", sheet.path, "--force"], keeps: [sheet, map])
        try expectRefused(["export", sheet.path, "--map", map.path, "--to", "json", "-o", map.path, "--force"], keeps: [sheet, map])
    }

    @Test(.enabled(if: CLI.available)) func aShotFolderAndFilesInsideIt() throws {
        let folder = try Repo.scratch("export-own-shots")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shots = folder.appendingPathComponent("shots")
        #expect(try CLI.run(["generate", "--shots", "3", "--to", "decent-json", "--out", shots.path]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted().map { shots.appendingPathComponent($0) }
        try expectRefused(["export", shots.path, "--to", "decent-json", "--out", shots.path, "--force"], keeps: files)
        try expectRefused(["export", shots.path, "--to", "json", "-o", shots.appendingPathComponent("all.json").path], keeps: files)
        // A folder export whose target holds the input (replacing it would take the journal with it).
        try expectRefused(["export", shots.path, "--to", "decent-json", "--out", folder.path, "--force"], keeps: files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted() == files.map(\.lastPathComponent))
    }

    /// `--anonymise` with `--list-matches`: the matches name the journals `journal 1`, `journal 2` and the brews as
    /// the anonymised export does; no original id or path is left.
    @Test(.enabled(if: CLI.available)) func anonymisedMatches() throws {
        let folder = try Repo.scratch("export-anonymous-matches")
        defer { try? FileManager.default.removeItem(at: folder) }
        let matches = folder.appendingPathComponent("matches.csv"), out = folder.appendingPathComponent("out.csv")
        let store = Repo.sample("journal.sqlite").path, csv = Repo.sample("journal.csv").path
        let r = try CLI.run(["export", store, csv, "--to", "csv", "-o", out.path, "--anonymise", "--list-matches", matches.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = TestCSV.rows(try String(contentsOf: matches, encoding: .utf8))
        #expect(!rows.isEmpty, "the CSV export and the store share brews")
        let exported = Set(TestCSV.rows(try String(contentsOf: out, encoding: .utf8)).compactMap { $0["brew_id"] })
        for row in rows {
            #expect(row["kept_source"] == "journal 1" && row["merged_source"] == "journal 2", "\(row)")
            #expect(row["kept_brew"] == row["merged_brew"] && exported.contains(row["kept_brew"] ?? ""), "\(row)")
        }
        let original = Set(TestCSV.rows(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8)).compactMap { $0["brew_id"] })
        let text = try String(contentsOf: matches, encoding: .utf8)
        #expect(!original.contains { text.contains($0) })
        #expect(!text.contains("journal.sqlite") && !text.contains("journal.csv") && !text.contains("sample-data"))
    }

    /// `--raw-cells` writes a formula cell as it is; by default it carries the guard.
    @Test(.enabled(if: CLI.available)) func rawCells() throws {
        let folder = try Repo.scratch("export-raw-cells")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("j.csv")
        try Data("brew_id,brewed_at,method,dose_g,notes\na,2026-11-16T07:00:00Z,V60,15,\"=HYPERLINK(\"\"x\"\")\"\n".utf8).write(to: journal)
        let guarded = folder.appendingPathComponent("guarded.csv"), raw = folder.appendingPathComponent("raw.csv")
        #expect(try CLI.run(["export", journal.path, "--to", "csv", "-o", guarded.path]).status == 0)
        #expect(try CLI.run(["export", journal.path, "--to", "csv", "-o", raw.path, "--raw-cells"]).status == 0)
        #expect(TestCSV.rows(try String(contentsOf: guarded, encoding: .utf8)).first?["notes"] == "'=HYPERLINK(\"x\")")
        #expect(TestCSV.rows(try String(contentsOf: raw, encoding: .utf8)).first?["notes"] == "=HYPERLINK(\"x\")")
        #expect(try CLI.run(["export", journal.path, "--to", "json", "-o", folder.appendingPathComponent("x.json").path, "--raw-cells"]).status == 64)
        let help = try CLI.run(["export", "--help"])
        #expect(help.stdout.contains("--raw-cells") && help.stdout.contains("formula"), "\(help.stdout)")
    }
}
