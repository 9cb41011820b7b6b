import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Killing `brewstats report` mid-run never leaves a half-written report folder.
///
/// The journal is large enough that the report takes seconds, so the signal lands while the folder is being
/// written: the test waits until the hidden staging folder appears beside `--out` (or the run ends), then
/// signals. A run that finished first must have left a complete folder.
@Suite(.serialized) struct InterruptTests {
    static let brews = 30_000

    /// A generated store shared by the runs below.
    static let journal: URL? = {
        guard CLI.available, let folder = try? Repo.scratch("e2e-kill-journal") else { return nil }
        let url = folder.appendingPathComponent("big.sqlite")
        guard let r = try? CLI.run(["generate", "--brews", "\(brews)", "--to", "sqlite", "-o", url.path], timeout: 300),
              r.status == 0 else { return nil }
        return url
    }()

    /// Hidden `.out.staging-…` / `.out.old-…` entries beside `out`.
    static func hidden(beside out: URL) -> [String] {
        let items = (try? FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)) ?? []
        return items.filter { $0.hasPrefix(".\(out.lastPathComponent).") }
    }

    /// Starts a report into `out`, waits for its staging folder (at most `limit` seconds), sends `signal`.
    /// Returns the result and whether the signal was sent while the staging folder existed.
    static func interrupt(_ signal: Int32, out: URL, delay: Double = 0.15, limit: Double = 120) throws -> (CLIResult, sentWhileStaging: Bool) {
        let journal = try #require(journal)
        let running = try CLI.start(["report", journal.path, "--out", out.path, "--tz", "Europe/Berlin"])
        let deadline = Date().addingTimeInterval(limit)
        var staged = false
        while Date() < deadline, running.process.isRunning {
            if hidden(beside: out).contains(where: { $0.contains(".staging-") }) { staged = true; break }
            usleep(5_000)
        }
        if staged && delay > 0 { usleep(UInt32(delay * 1_000_000)) }
        let sent = running.process.isRunning
        if sent { running.send(signal) }
        let result = running.wait(timeout: limit)
        return (result, staged && sent)
    }

    /// A finished report folder holds every file the report writes by default (the page, its SVG charts in their
    /// four drawings, the CSVs, the Markdown).
    static func expectComplete(_ out: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let files = relativeFiles(in: out)
        for name in csvSummaries + ["index.html", "summary.md", "brews-per-week.svg", "brews-per-week-phone-dark.svg", "rest-rating.svg"] {
            #expect(files.contains(name), "complete report lacks \(name)", sourceLocation: sourceLocation)
        }
    }

    /// SIGTERM while the CSVs are being written (right as the staging folder appears) and while the charts are.
    @Test(.enabled(if: CLI.available), arguments: [0.0, 0.3, 1.0, 1.5])
    func sigtermLeavesNothingBehind(_ delay: Double) throws {
        let scratch = try Repo.scratch("e2e-sigterm")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let (r, sentWhileStaging) = try Self.interrupt(SIGTERM, out: out, delay: delay)
        if sentWhileStaging {
            #expect(r.status == 128 + SIGTERM || (r.signalled && r.status == SIGTERM), "exit \(r.status): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "an interrupted report left \(out.lastPathComponent)")
        } else if FileManager.default.fileExists(atPath: out.path) {
            Self.expectComplete(out)
        }
        #expect(Self.hidden(beside: out).isEmpty, "left behind after SIGTERM: \(Self.hidden(beside: out))")
    }

    @Test(.enabled(if: CLI.available)) func sigkillLeavesOnlyAStagingFolderThatTheNextRunSweeps() throws {
        let scratch = try Repo.scratch("e2e-sigkill")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let (r, sentWhileStaging) = try Self.interrupt(SIGKILL, out: out)
        if sentWhileStaging {
            #expect(r.signalled && r.status == SIGKILL)
            #expect(!FileManager.default.fileExists(atPath: out.path), "a killed report left a visible \(out.lastPathComponent)")
            #expect(!Self.hidden(beside: out).isEmpty, "expected the killed run's staging folder")
        }
        // The next run for the same output (a small journal) sweeps the dead run's staging folder.
        let next = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--out", out.path, "--tz", "Europe/Berlin"])
        #expect(next.status == 0, "\(next.stderr)")
        Self.expectComplete(out)
        #expect(Self.hidden(beside: out).isEmpty, "not swept: \(Self.hidden(beside: out))")
    }

    @Test(.enabled(if: CLI.available)) func replacingAReportKeepsTheOldOneWhenInterrupted() throws {
        let scratch = try Repo.scratch("e2e-replace")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let first = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--out", out.path, "--tz", "Europe/Berlin"])
        #expect(first.status == 0)
        let before = bytes(out.appendingPathComponent("weekly.csv"))
        let (_, sentWhileStaging) = try Self.interrupt(SIGTERM, out: out)
        if sentWhileStaging {
            // The previous complete report is still there, untouched.
            #expect(bytes(out.appendingPathComponent("weekly.csv")) == before)
            Self.expectComplete(out)
        } else {
            Self.expectComplete(out)
        }
        #expect(Self.hidden(beside: out).isEmpty, "left behind: \(Self.hidden(beside: out))")
    }

    /// SIGTERM (and SIGINT) right after a folder of the report is made — the staging folder itself, then its `beans/` —
    /// held there until the handler has run (``FaultShim``: `FAULT_RAISE` after the N-th `mkdir`, `FAULT_HOLD_MS`):
    /// the handler must know of the staging folder the moment it exists, so nothing is left, the previous report is
    /// whole and the exit is 128 + the signal.
    ///
    /// The staging folder was made before it was registered for the handler: a signal in between left it behind, empty.
    @Test(.enabled(if: FaultShim.available), arguments: ["TERM", "INT"])
    func signalRightAfterAFolderIsMadeLeavesNothing(_ signal: String) throws {
        let (folder, out, previous) = try OutputFaultTests.previousReport("window-mkdir-\(signal)")
        let (count, clean) = try FaultShim.count(OutputFaultTests.args(out), path: folder, calls: "mkdir")
        #expect(clean.status == 0 && count >= 1, "\(count) mkdir calls: \(clean.stderr)")
        let code = signal == "TERM" ? SIGTERM : SIGINT
        for n in 1...max(1, count) {
            var env = FaultShim.environment(path: folder, calls: "mkdir", n: n)
            env["FAULT_RAISE"] = signal
            env["FAULT_RAISE_WHEN"] = "after"
            env["FAULT_HOLD_MS"] = "10000"  // until the handler ends the process: on a loaded machine that can take over 2 s
            let r = try CLI.run(OutputFaultTests.args(out), environment: env, timeout: 180)
            let what = "SIG\(signal) after mkdir #\(n) of \(count)"
            #expect(r.status == 128 + code && !r.signalled, "\(what): status \(r.status)\n\(r.stderr)")
            OutputFaultTests.expectIntact(folder, out, previous, what)
        }
    }
}
