import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `review`, `batch --merge` and `dial-in -o` interrupted at each step of putting their output in place, forced with
/// the fault-injection shim (``FaultShim``, `FAULT_RAISE`) rather than with random timing: a SIGKILL before each
/// rename, and a SIGTERM right after each folder is made. The previous output (the same bytes: every run is pinned)
/// must be there whole afterwards; a SIGTERM leaves nothing else; a SIGKILL's leftovers go with the next run.
@Suite(.serialized) struct InterruptedCommandsTests {
    /// A command whose output is in `folder` (the shim's `FAULT_PATH`): its arguments, and the folder's entries
    /// when it has run.
    struct Case {
        let folder: URL
        let args: [String]
        let entries: [String]
    }

    static func make(_ command: String) throws -> Case {
        let scratch = try Repo.scratch("interrupted-\(command)")
        let journal = Repo.sample("journal.sqlite").path
        switch command {
        case "review":
            let folder = scratch.appendingPathComponent("outputs")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            return Case(folder: folder, args: ["review", "2026", journal, "--out", folder.appendingPathComponent("review").path,
                                               "--tz", "Europe/Berlin", "--today", "2026-11-23", "--formats", "svg,pdf"],
                        entries: ["review"])
        case "merge":
            let input = scratch.appendingPathComponent("in")
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: false)
            for (source, name) in [("journal.sqlite", "a.sqlite"), ("journal.csv", "b.csv"), ("journal.json", "c.json")] {
                try FileManager.default.copyItem(at: Repo.sample(source), to: input.appendingPathComponent(name))
            }
            var parts: [String] = []
            for k in 1...2 {
                let part = scratch.appendingPathComponent("part-\(k)")
                let r = try CLI.run(["batch", input.path, "--out", part.path, "--shard", "\(k)/2", "--quiet", "--formats", "svg",
                                     "--tz", "Europe/Berlin", "--today", "2026-11-23"], timeout: 300)
                #expect(r.status == 0, "shard \(k): \(r.stderr)")
                parts.append(part.path)
            }
            let folder = scratch.appendingPathComponent("all")
            return Case(folder: folder, args: ["batch", "--merge"] + parts + ["--out", folder.path, "--formats", "svg",
                                                                             "--tz", "Europe/Berlin"],
                        entries: ["batch.csv", "combined"])
        default:
            let folder = scratch.appendingPathComponent("charts")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            return Case(folder: folder, args: ["dial-in", journal, "--grinder", "Comandante C40", "--method", "V60",
                                               "-o", folder.appendingPathComponent("dial-in.svg").path],
                        entries: ["dial-in.svg"])
        }
    }

    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The shim's variables: `signal` at the `n`-th of `calls` under `folder`.
    static func raising(_ signal: String, _ calls: String, _ n: Int, in folder: URL, after: Bool, holdMs: Int) -> [String: String] {
        var env = FaultShim.environment(path: folder, calls: calls, n: n)
        env["FAULT_RAISE"] = signal
        env["FAULT_RAISE_WHEN"] = after ? "after" : "before"
        env["FAULT_HOLD_MS"] = String(holdMs)
        return env
    }

    @Test(.enabled(if: FaultShim.available), arguments: ["review", "merge", "dial-in"])
    func killBeforeEachRenameKeepsThePreviousOutput(_ command: String) throws {
        let c = try Self.make(command)
        let first = try CLI.run(c.args, timeout: 300)
        #expect(first.status == 0, "\(first.stderr)")
        let previous = snapshot(c.folder)
        #expect(Self.entries(c.folder) == c.entries)
        let (count, clean) = try FaultShim.count(c.args, path: c.folder, calls: "rename")
        #expect(clean.status == 0 && count >= 1, "\(count) renames: \(clean.stderr)")
        for n in 1...max(1, count) {
            let what = "\(command): SIGKILL before rename #\(n) of \(count)"
            let r = try CLI.run(c.args, environment: Self.raising("KILL", "rename", n, in: c.folder, after: false, holdMs: 0),
                                timeout: 300)
            #expect(r.signalled && r.status == SIGKILL, "\(what): status \(r.status)\n\(r.stderr)")
            // What a reader sees: the output, without the hidden leftovers beside it (a killed run's staging folder).
            let visible = snapshot(c.folder).filter { !$0.key.hasPrefix(".") }
            #expect(visible == previous, "\(what): the previous output is not whole (\(Self.entries(c.folder)))")
            let next = try CLI.run(c.args, timeout: 300)
            #expect(next.status == 0, "\(what), next run: \(next.stderr)")
            #expect(snapshot(c.folder) == previous, "\(what), then a run: the output changed or something is left")
            #expect(Self.entries(c.folder) == c.entries, "\(what), then a run: left \(Self.entries(c.folder))")
        }
    }

    /// SIGTERM right after each folder is made (the staging folders), held until the handler has run: exit 143, the
    /// previous output whole, nothing else. (`dial-in` makes no folder.)
    @Test(.enabled(if: FaultShim.available), arguments: ["review", "merge"])
    func sigtermAfterEachFolderIsMadeLeavesOnlyThePreviousOutput(_ command: String) throws {
        let c = try Self.make(command)
        let first = try CLI.run(c.args, timeout: 300)
        #expect(first.status == 0, "\(first.stderr)")
        let previous = snapshot(c.folder)
        let (count, clean) = try FaultShim.count(c.args, path: c.folder, calls: "mkdir")
        #expect(clean.status == 0 && count >= 1, "\(count) mkdir calls: \(clean.stderr)")
        for n in 1...max(1, count) {
            let what = "\(command): SIGTERM after mkdir #\(n) of \(count)"
            let r = try CLI.run(c.args, environment: Self.raising("TERM", "mkdir", n, in: c.folder, after: true, holdMs: 10_000),
                                timeout: 300)
            #expect(r.status == 128 + SIGTERM && !r.signalled, "\(what): status \(r.status)\n\(r.stderr)")
            #expect(snapshot(c.folder) == previous, "\(what): the output changed or something is left")
            #expect(Self.entries(c.folder) == c.entries, "\(what): left \(Self.entries(c.folder))")
        }
    }
}
