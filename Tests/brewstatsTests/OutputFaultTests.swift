import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `brewstats report` when the disk fails under it: the N-th write, fsync, rename, mkdir or open for writing in the
/// output's folder fails with ENOSPC or EIO (``FaultShim``), for a spread of N over every such call a report makes;
/// a read-only output folder; a journal cut short or removed while it is read.
///
/// Each case must end in a clear error — exit 1 and one line on standard error naming the path and the system's
/// reason — or, when the failed call was not needed (a clean-up), in success; either way the previous report is
/// there byte for byte (the report is deterministic with `--today` pinned, so a success rewrites the same bytes),
/// no staging folder, old folder or temporary file is left beside it, and the user's file beside it is untouched.
@Suite(.serialized) struct OutputFaultTests {
    static let journal = Repo.sample("journal.sqlite")

    /// The report's arguments: pinned today and zone (deterministic bytes), SVG charts and the PDF (PNG charts are
    /// written by the same code as SVG ones, so they would only make each run longer).
    static func args(_ out: URL) -> [String] {
        ["report", journal.path, "--out", out.path, "--tz", "Europe/Berlin", "--today", "2026-11-23", "--formats", "svg"]
    }

    /// A folder holding a finished report `w47/` and a user's `notes.txt`; returns the folder, the report and its bytes.
    static func previousReport(_ label: String) throws -> (folder: URL, out: URL, previous: [String: Data]) {
        let folder = try Repo.scratch(label)
        try Data("my notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let out = folder.appendingPathComponent("w47")
        let first = try CLI.run(args(out), timeout: 180)
        #expect(first.status == 0, "\(first.stderr)")
        return (folder, out, snapshot(out))
    }

    /// What every outcome must leave: the previous report byte for byte, the user's file, nothing else.
    static func expectIntact(_ folder: URL, _ out: URL, _ previous: [String: Data], _ what: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(snapshot(out) == previous, "\(what): the previous report changed", sourceLocation: sourceLocation)
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        #expect(entries == ["notes.txt", "w47"], "\(what): left beside the report: \(entries)", sourceLocation: sourceLocation)
        #expect(text(folder.appendingPathComponent("notes.txt")) == "my notes", "\(what): the user's file changed",
                sourceLocation: sourceLocation)
    }

    /// A failed run's error: exit 1, one line `brewstats: cannot write <path>: <reason>` with the system's reason.
    static func expectClearError(_ r: CLIResult, reason: String, _ what: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1 && !r.signalled, "\(what): status \(r.status)\n\(r.stderr)", sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(what): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("brewstats: cannot write "), "\(what): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(reason), "\(what): no '\(reason)' in \(r.stderr)", sourceLocation: sourceLocation)
        // One cause, said once, for the path the user gave: not the chain of layers, not the hidden staging folder.
        #expect(r.stderr.hasSuffix(": \(reason)\n") && r.stderr.components(separatedBy: reason).count == 2,
                "\(what): the reason is not said exactly once, last: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(!r.stderr.contains(".staging-") && !r.stderr.contains(".old-"),
                "\(what): the message names a hidden folder: \(r.stderr)", sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: FaultShim.available), arguments: ["write", "fsync", "rename", "mkdir", "open"])
    func failedCallKeepsThePreviousReport(_ call: String) throws {
        let (folder, out, previous) = try Self.previousReport("fault-\(call)")
        let (count, clean) = try FaultShim.count(Self.args(out), path: folder, calls: call)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(count > 0, "no \(call) call was seen under \(folder.path)")
        Self.expectIntact(folder, out, previous, "\(call), nothing failed")
        for n in FaultShim.indexes(count) {
            let errno = n % 2 == 0 ? "EIO" : "ENOSPC"
            let reason = errno == "EIO" ? "Input/output error" : "No space left on device"
            let what = "\(call) #\(n) of \(count) failing with \(errno)"
            let r = try CLI.run(Self.args(out), environment: FaultShim.environment(path: folder, calls: call, n: n, errno: errno),
                                timeout: 180)
            if r.status != 0 { Self.expectClearError(r, reason: reason, what) }
            Self.expectIntact(folder, out, previous, what)
        }
    }

    /// Without a previous report, a failure leaves no folder at all (not an empty or partial one).
    @Test(.enabled(if: FaultShim.available), arguments: ["write", "rename", "mkdir"])
    func failedFirstReportLeavesNothing(_ call: String) throws {
        let folder = try Repo.scratch("fault-first-\(call)")
        try Data("my notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let out = folder.appendingPathComponent("w47")
        let (count, clean) = try FaultShim.count(Self.args(out), path: folder, calls: call)
        #expect(clean.status == 0 && count > 0, "\(clean.stderr)")
        try FileManager.default.removeItem(at: out)
        for n in [1, count / 2, count].filter({ $0 >= 1 }) {
            let r = try CLI.run(Self.args(out), environment: FaultShim.environment(path: folder, calls: call, n: n), timeout: 180)
            let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            if r.status == 0 {
                #expect(entries == ["notes.txt", "w47"], "\(call) #\(n): \(entries)")
                try FileManager.default.removeItem(at: out)
            } else {
                Self.expectClearError(r, reason: "No space left on device", "\(call) #\(n) of \(count)")
                #expect(entries == ["notes.txt"], "\(call) #\(n) of \(count): left \(entries)")
            }
        }
    }

    /// A read-only file system under the output (every write-side call fails with EROFS from the first on), and, when
    /// the tests do not run as root (root ignores permissions), a folder without write permission.
    @Test(.enabled(if: FaultShim.available)) func readOnlyOutputFolder() throws {
        let (folder, out, previous) = try Self.previousReport("fault-readonly")
        let env = FaultShim.environment(path: folder, calls: "write,fsync,rename,mkdir,open,unlink", n: 1, errno: "EROFS",
                                        sticky: true)
        let r = try CLI.run(Self.args(out), environment: env, timeout: 180)
        Self.expectClearError(r, reason: "Read-only file system", "read-only file system")
        Self.expectIntact(folder, out, previous, "read-only file system")
        if geteuid() != 0 {
            chmod(folder.path, 0o555)
            defer { chmod(folder.path, 0o755) }
            let denied = try CLI.run(Self.args(out), timeout: 180)
            Self.expectClearError(denied, reason: "Permission denied", "folder without write permission")
            Self.expectIntact(folder, out, previous, "folder without write permission")
        }
    }

    /// A journal that another program cuts short while brewstats reads it (through its memory mapping): one line,
    /// exit 2 — not a bus-error crash — and the previous report untouched.
    @Test(.enabled(if: FaultShim.available), arguments: ["csv", "json"])
    func journalCutShortWhileRead(_ encoding: String) throws {
        let (folder, out, previous) = try Self.previousReport("fault-cut-\(encoding)")
        let journal = try Repo.scratch("fault-journal").appendingPathComponent("journal.\(encoding)")
        try FileManager.default.copyItem(at: Repo.sample("journal.\(encoding)"), to: journal)
        var args = Self.args(out)
        args[1] = journal.path
        let env = ["LD_PRELOAD": FaultShim.library!.path, "FAULT_MMAP_PATH": journal.resolvingSymlinksInPath().path,
                   "FAULT_MMAP_ACTION": "truncate:4096"]
        let r = try CLI.run(args, environment: env, timeout: 180)
        #expect(r.status == 2 && !r.signalled, "status \(r.status)\n\(r.stderr.prefix(600))")
        #expect(r.stderr == "brewstats: a journal file was cut short by another program while it was read; run again once it is complete\n",
                "\(r.stderr.prefix(600))")
        Self.expectIntact(folder, out, previous, "journal cut short")
    }

    /// A journal removed while it is read: the open mapping still holds the whole file, so the report is written
    /// from it in full, the same as from the file left in place.
    @Test(.enabled(if: FaultShim.available)) func journalRemovedWhileRead() throws {
        let (folder, out, _) = try Self.previousReport("fault-removed")
        let journal = try Repo.scratch("fault-journal").appendingPathComponent("journal.csv")
        try FileManager.default.copyItem(at: Repo.sample("journal.csv"), to: journal)
        let fromCSV = try Repo.scratch("fault-removed-reference").appendingPathComponent("w47")
        var args = Self.args(fromCSV)
        args[1] = journal.path
        #expect(try CLI.run(args, timeout: 180).status == 0)
        args = Self.args(out)
        args[1] = journal.path
        let env = ["LD_PRELOAD": FaultShim.library!.path, "FAULT_MMAP_PATH": journal.resolvingSymlinksInPath().path,
                   "FAULT_MMAP_ACTION": "unlink"]
        let r = try CLI.run(args, environment: env, timeout: 180)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: journal.path), "the journal was not removed during the run")
        #expect(snapshot(out) == snapshot(fromCSV))
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(entries == ["notes.txt", "w47"], "\(entries)")
    }
}
