import Foundation
import Testing
import TestSupport

/// `brewstats generate --shots N --format <shot format> --out DIR` writes one shot file per shot; the shot and
/// journal options do not mix.
@Suite struct GenerateShotsCommandTests {
    @Test(.enabled(if: CLI.available)) func writesOneFilePerShot() throws {
        let folder = try Repo.scratch("e2e-generate-shots")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("shots")
        let r = try CLI.run(["generate", "--shots", "4", "--to", "gaggiuino", "--seed", "3", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let all = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        // The shots, and the hidden marker that lets a later --force replace the folder (shot folders skip it).
        #expect(all.first == ".brewstats-generated")
        let names = all.filter { !$0.hasPrefix(".") }
        #expect(names == ["shot-00000.json", "shot-00001.json", "shot-00002.json", "shot-00003.json"])
        // Again into the same folder: refused without --force, replaced whole with it.
        let again = try CLI.run(["generate", "--shots", "2", "--to", "gaggiuino", "--seed", "3", "--out", out.path])
        #expect(again.status == 1 && again.stderr.contains("the folder exists; give --force to replace it"), "\(again.stderr)")
        let forced = try CLI.run(["generate", "--shots", "2", "--to", "gaggiuino", "--seed", "3", "--out", out.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            == [".brewstats-generated", "shot-00000.json", "shot-00001.json"])
        let first = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(names[0])))
        #expect((first as? [String: Any])?["datapoints"] is [Any])
    }

    @Test(.enabled(if: CLI.available), arguments: [
        (["generate", "--shots", "3", "--to", "decent-json"], "--shots needs --out DIR"),
        (["generate", "--shots", "3", "--to", "csv", "--out", "x"], "--shots needs a shot format"),
        (["generate", "--to", "gaggimate", "--out", "x"], "writes shots: give --shots N"),
        (["generate", "--to", "csv", "-o", "never.csv", "--out", "x"], "--out applies to --shots only"),
        (["generate", "--shots", "-2", "--to", "sep-csv", "--out", "x"], "--shots must be 0 or more"),
    ])
    func mixedOptionsAreUsageErrors(_ args: [String], _ message: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
