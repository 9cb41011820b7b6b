import Foundation
import Testing
import TestSupport

/// `brewstats generate` leaves an existing file alone unless `--force` is given.
@Suite struct GenerateCommandTests {
    @Test(.enabled(if: CLI.available), arguments: ["sqlite", "csv", "json"])
    func existingFileIsRefusedWithoutForce(_ format: String) throws {
        let folder = try Repo.scratch("e2e-generate-exists")
        let url = folder.appendingPathComponent("mine.\(format)")
        let original = Data("a journal someone kept for years\n".utf8)
        try original.write(to: url)

        let refused = try CLI.run(["generate", "--brews", "5", "--to", format, "-o", url.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("brewstats: refusing to replace") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(bytes(url) == original, "the existing file was changed")
        #expect(relativeFiles(in: folder) == ["mine.\(format)"])

        let forced = try CLI.run(["generate", "--brews", "5", "--to", format, "-o", url.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(bytes(url) != original && !bytes(url).isEmpty)
        // Without an existing file, --force is not needed.
        let fresh = folder.appendingPathComponent("fresh.\(format)")
        #expect(try CLI.run(["generate", "--brews", "5", "--to", format, "-o", fresh.path]).status == 0)
        #expect(bytes(fresh) == bytes(url) || format == "sqlite", "the same options give the same bytes")
    }

    @Test(.enabled(if: CLI.available)) func folderIsRefusedEvenWithForce() throws {
        let folder = try Repo.scratch("e2e-generate-folder")
        let target = folder.appendingPathComponent("journal.csv")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        let r = try CLI.run(["generate", "--brews", "5", "--to", "csv", "-o", target.path, "--force"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is a folder"), "\(r.stderr)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) && isFolder.boolValue)
    }
}
