import Foundation
import Testing
import TestSupport

/// `generate` failing to write (a read-only file system, a full disk) says so in one line naming the file it was
/// asked for, never the temporary file or build folder it writes through; nothing is left beside it.
@Suite struct GenerateMessageTests {
    @Test(.enabled(if: FaultShim.available), arguments: ["sqlite", "csv", "json"], ["EROFS", "ENOSPC"])
    func aFailedWriteNamesTheOutputNotItsTemporaryFile(_ format: String, _ errno: String) throws {
        let folder = try Repo.scratch("e2e-generate-\(format)-\(errno)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("j.\(format)")
        let env = FaultShim.environment(path: folder, calls: "write,fsync,rename,mkdir,open,unlink", n: 1, errno: errno,
                                        sticky: true)
        let r = try CLI.run(["generate", "--brews", "200", "--seed", "1", "--to", format, "-o", out.path],
                            environment: env, timeout: 120)
        #expect(r.status != 0 && !r.signalled, "\(r.status) \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(out.path), "\(r.stderr)")
        for hidden: String in [".tmp", ".staging", ".build", "store.sqlite", "copy.sqlite"] {
            #expect(!r.stderr.contains(hidden), "names \(hidden): \(r.stderr)")
        }
        #expect(relativeFiles(in: folder).isEmpty, "\(relativeFiles(in: folder))")
    }

    /// The same for a disk failing at one call spread over every write-side call a run makes (the build folder, the
    /// store's writes, its flush, the rename): a failure names the output, or the run succeeds.
    @Test(.enabled(if: FaultShim.available), arguments: ["sqlite", "json"])
    func aFailureAtEachCallNamesTheOutput(_ format: String) throws {
        let folder = try Repo.scratch("e2e-generate-each-\(format)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("j.\(format)")
        let args = ["generate", "--brews", "200", "--seed", "1", "--to", format, "-o", out.path, "--force"]
        let calls = "write,fsync,rename,mkdir,open,unlink"
        let (count, first) = try FaultShim.count(args, path: folder, calls: calls)
        #expect(first.status == 0 && count > 0, "\(first.stderr)")
        for n in FaultShim.indexes(count) {
            let r = try CLI.run(args, environment: FaultShim.environment(path: folder, calls: calls, n: n, errno: "EIO"), timeout: 120)
            guard r.status != 0 else { continue }
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(out.path), "call \(n): \(r.stderr)")
            for hidden: String in [".tmp", ".staging", ".build", "store.sqlite", "copy.sqlite"] {
                #expect(!r.stderr.contains(hidden), "call \(n) names \(hidden): \(r.stderr)")
            }
        }
    }
}
