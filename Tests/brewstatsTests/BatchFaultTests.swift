import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `brewstats batch` when its output cannot be written (``FaultShim``): a full disk or a read-only file system is the
/// output's failure, not the journals' — exit 1 (the README's code for an output that cannot be written), one line
/// naming the path the user gave with the system's reason, and `batch.csv` saying that running again helps once the
/// disk is fixed (not exit 3 or 4, which tell a retry gives the same answer).
@Suite(.serialized) struct BatchFaultTests {
    /// Three journals (the sample journal in three encodings) in a folder of their own, outside the faulted folder.
    static let input: URL? = {
        guard let folder = try? Repo.scratch("batch-fault-in") else { return nil }
        for (source, name) in [("journal.sqlite", "a.sqlite"), ("journal.csv", "b.csv"), ("journal.json", "c.json")] {
            try? FileManager.default.copyItem(at: Repo.sample(source), to: folder.appendingPathComponent(name))
        }
        return folder
    }()

    static func args(_ out: URL) throws -> [String] {
        ["batch", try #require(input).path, "--out", out.path, "--jobs", "1", "--quiet", "--tz", "Europe/Berlin",
         "--today", "2026-11-23", "--formats", "svg"]
    }

    /// A single failed write (ENOSPC) at a spread of moments: a run that fails exits 1 with one line; when the failure
    /// hit a journal's report and `batch.csv` could still be written, its row names the file as under `--out`, the
    /// system's reason, and that retrying after freeing space helps.
    @Test(.enabled(if: FaultShim.available)) func aFullDiskIsAnOutputThatCannotBeWritten() throws {
        let folder = try Repo.scratch("batch-fault-enospc")
        let out = folder.appendingPathComponent("out")
        let (count, clean) = try FaultShim.count(try Self.args(out), path: folder, calls: "write")
        #expect(clean.status == 0 && count > 3, "\(count) writes: \(clean.stderr)")
        var journalRows = 0
        for n in FaultShim.indexes(count) {
            try? FileManager.default.removeItem(at: out)
            let what = "write #\(n) of \(count) failing with ENOSPC"
            let r = try CLI.run(try Self.args(out), environment: FaultShim.environment(path: folder, calls: "write", n: n),
                                timeout: 300)
            if r.status == 0 { continue }
            #expect(r.status == 1 && !r.signalled, "\(what): status \(r.status)\n\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.hasPrefix("brewstats: cannot write \(out.path)"),
                    "\(what): \(r.stderr)")
            #expect(r.stderr.contains(": No space left on device") && !r.stderr.contains(".staging-"), "\(what): \(r.stderr)")
            let csv = out.appendingPathComponent("batch.csv")
            guard FileManager.default.fileExists(atPath: csv.path) else { continue }
            let failed = TestCSV.records(text(csv)).rows.filter { $0["status"] == "failed" }
            #expect(failed.count == 1, "\(what): \(failed)")
            for row in failed {
                journalRows += 1
                let error = row["error"] ?? ""
                #expect(error.hasPrefix("cannot write \(out.path)/\(row["journal"] ?? "?")/"), "\(what): \(error)")
                #expect(error.hasSuffix(": No space left on device; retrying after freeing space helps"), "\(what): \(error)")
                #expect(!error.contains(".staging-"), "\(what): \(error)")
            }
        }
        #expect(journalRows > 0, "no failed write fell in a journal's report with batch.csv written")
    }

    /// A disk that stays full from the middle of the batch on: exit 1, one line, the system's reason.
    @Test(.enabled(if: FaultShim.available)) func aDiskThatStaysFullExitsOne() throws {
        let folder = try Repo.scratch("batch-fault-full")
        let out = folder.appendingPathComponent("out")
        let (count, _) = try FaultShim.count(try Self.args(out), path: folder, calls: "write")
        try FileManager.default.removeItem(at: out)
        let r = try CLI.run(try Self.args(out), environment: FaultShim.environment(path: folder, calls: "write", n: max(1, count / 3),
                                                                                   sticky: true), timeout: 300)
        #expect(r.status == 1 && !r.signalled, "status \(r.status)\n\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.hasSuffix(": No space left on device\n") || r.stderr.hasSuffix("retrying after freeing space helps\n"),
                "\(r.stderr)")
        #expect(!r.stderr.contains(".staging-"), "\(r.stderr)")
    }

    /// A read-only file system under `--out` (every write-side call failing with EROFS), with and without an earlier
    /// batch there: exit 1 and the system's message, "Read-only file system" — not Foundation's "The volume is read
    /// only.".
    @Test(.enabled(if: FaultShim.available), arguments: [false, true])
    func aReadOnlyFileSystemIsSaidInTheSystemsWords(_ earlier: Bool) throws {
        let folder = try Repo.scratch("batch-fault-erofs")
        let out = folder.appendingPathComponent("out")
        var before: [String: Data] = [:]
        if earlier {
            let first = try CLI.run(try Self.args(out), timeout: 300)
            #expect(first.status == 0, "\(first.stderr)")
            before = snapshot(out)
        }
        let env = FaultShim.environment(path: folder, calls: "write,fsync,rename,mkdir,open,unlink", n: 1, errno: "EROFS",
                                        sticky: true)
        let r = try CLI.run(try Self.args(out), environment: env, timeout: 300)
        #expect(r.status == 1 && !r.signalled, "status \(r.status)\n\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("Read-only file system") && !r.stderr.contains("volume is read only"), "\(r.stderr)")
        #expect(!r.stderr.contains(".staging-"), "\(r.stderr)")
        #expect(snapshot(out) == before, "the earlier batch changed")
    }
}
