import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The moment a report replaces the previous one, stopped exactly there: the fault-injection shim (``FaultShim``)
/// makes the process kill itself at the N-th `rename` under the output's folder (`FAULT_RAISE`), before or after that
/// call, for every rename a replacing run makes — so a kill between two steps of the replacement is forced, not hoped
/// for with random timing.
///
/// Whatever the moment, the previous report must be there whole afterwards (the run replaces it with the same bytes,
/// `--today` being pinned, so "whole" is one snapshot), or be put back by the next run before anything else; and the
/// next run leaves nothing beside it.
@Suite(.serialized) struct ReplaceWindowTests {
    typealias Faults = OutputFaultTests

    /// The shim's variables that make the `n`-th rename under `folder` send `signal` (before the call, or after it).
    static func raising(_ signal: String, atRename n: Int, under folder: URL, after: Bool = false, holdMs: Int = 0,
                        noExchange: Bool = false) -> [String: String] {
        var env = FaultShim.environment(path: folder, calls: "rename", n: n)
        env["FAULT_RAISE"] = signal
        env["FAULT_RAISE_WHEN"] = after ? "after" : "before"
        env["FAULT_HOLD_MS"] = String(holdMs)
        if noExchange { env["FAULT_NO_EXCHANGE"] = "1" }
        return env
    }

    /// How many renames under the folder a run replacing the report makes (`noExchange`: on the fallback path).
    static func renames(_ out: URL, in folder: URL, noExchange: Bool = false) throws -> Int {
        let file = try Repo.scratch("fault-count").appendingPathComponent("count")
        var env = FaultShim.environment(path: folder, calls: "rename", n: 0, countFile: file)
        if noExchange { env["FAULT_NO_EXCHANGE"] = "1" }
        let r = try CLI.run(Faults.args(out), environment: env, timeout: 180)
        #expect(r.status == 0, "\(r.stderr)")
        return Int(text(file).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// A SIGKILL at each rename of the replacement, before and after it: the previous report stays in place, whole,
    /// at every moment (the two folders are swapped in one step); the next run leaves only the report.
    ///
    /// Before the swap, the replacement renamed the report aside and then the new folder in: a kill between the two
    /// left no report, and the next run deleted the one set aside.
    @Test(.enabled(if: FaultShim.available), arguments: [false, true])
    func killAtEachRenameKeepsThePreviousReportInPlace(_ after: Bool) throws {
        let (folder, out, previous) = try Faults.previousReport("window-kill-\(after)")
        let count = try Self.renames(out, in: folder)
        #expect(count >= 1, "no rename was seen under \(folder.path)")
        for n in 1...max(1, count) {
            let what = "SIGKILL \(after ? "after" : "before") rename #\(n) of \(count)"
            let r = try CLI.run(Faults.args(out), environment: Self.raising("KILL", atRename: n, under: folder, after: after),
                                timeout: 180)
            #expect(r.signalled && r.status == SIGKILL, "\(what): status \(r.status)\n\(r.stderr)")
            #expect(snapshot(out) == previous, "\(what): the report is not there whole (left: \(Self.entries(folder)))")
            let next = try CLI.run(Faults.args(out), timeout: 180)
            #expect(next.status == 0, "\(what), next run: \(next.stderr)")
            Faults.expectIntact(folder, out, previous, "\(what), then a run")
        }
    }

    /// Where the file system cannot swap two folders (`renameat2` fails with EINVAL, as the shim makes it), the
    /// replacement falls back to two renames; a kill between them leaves the previous report as `.w47.old-…`. The next
    /// run puts it back before anything else — even a run that then fails at once (its first write fails with
    /// ENOSPC) leaves the previous report in place, not deleted as a dead run's leftover.
    @Test(.enabled(if: FaultShim.available))
    func killBetweenTheFallbacksRenamesIsUndoneByTheNextRun() throws {
        let (folder, out, previous) = try Faults.previousReport("window-fallback")
        let count = try Self.renames(out, in: folder, noExchange: true)
        #expect(count >= 2, "the fallback makes two renames, seen \(count)")
        var sawTheWindow = false
        for n in 1...max(1, count) {
            let what = "SIGKILL before rename #\(n) of \(count), without RENAME_EXCHANGE"
            let r = try CLI.run(Faults.args(out), environment: Self.raising("KILL", atRename: n, under: folder, noExchange: true),
                                timeout: 180)
            #expect(r.signalled && r.status == SIGKILL, "\(what): status \(r.status)\n\(r.stderr)")
            if !FileManager.default.fileExists(atPath: out.path) {
                sawTheWindow = true
                #expect(Self.entries(folder).contains { $0.hasPrefix(".w47.old-") }, "\(what): \(Self.entries(folder))")
            }
            // The next run fails at its first write (the staging folder's marker), after its sweep.
            let failing = try CLI.run(Faults.args(out), environment: FaultShim.environment(path: folder, calls: "open", n: 1),
                                      timeout: 180)
            #expect(failing.status == 1, "\(what), failing run: \(failing.stderr)")
            Faults.expectIntact(folder, out, previous, "\(what), then a failing run")
        }
        #expect(sawTheWindow, "no kill fell between the two renames of the fallback")
    }

    /// SIGTERM at each rename of the replacement (held there while the handler runs): the handler waits for the
    /// replacement to finish, then removes what is left; exit 143, the report whole, nothing beside it.
    @Test(.enabled(if: FaultShim.available), arguments: [false, true])
    func sigtermAtEachRenameLeavesTheReportWholeAndNothingElse(_ noExchange: Bool) throws {
        let (folder, out, previous) = try Faults.previousReport("window-term-\(noExchange)")
        let count = try Self.renames(out, in: folder, noExchange: noExchange)
        for n in 1...max(1, count) {
            let what = "SIGTERM before rename #\(n) of \(count)\(noExchange ? ", without RENAME_EXCHANGE" : "")"
            let env = Self.raising("TERM", atRename: n, under: folder, holdMs: 10_000, noExchange: noExchange)
            let r = try CLI.run(Faults.args(out), environment: env, timeout: 180)
            #expect(r.status == 128 + SIGTERM && !r.signalled, "\(what): status \(r.status)\n\(r.stderr)")
            Faults.expectIntact(folder, out, previous, what)
        }
    }

    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
