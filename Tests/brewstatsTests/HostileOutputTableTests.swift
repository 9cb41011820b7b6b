import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One table of hostile cases run over every command that writes (docs/reliability.md): an existing folder of the
/// user's in the output's place, a symbolic link there, the command's own input as its output, SIGTERM in the middle
/// of the writing, SIGKILL at a random call, a read-only file system and a full disk (the last four forced with the
/// fault-injection shim, ``FaultShim``). ``everyWritingCommandIsInTheTable`` fails when a subcommand is added without
/// being put in the table or named as one that writes nothing.
@Suite struct HostileOutputTableTests {
    /// What a command writes at its target.
    enum Shape: Sendable { case file, folder }

    /// A command that writes, run on a small journal.
    struct Writer: Sendable, CustomTestStringConvertible {
        let name: String
        let shape: Shape
        /// The input journal (a sample file's name), or `nil` for a command that reads none.
        let input: String?
        /// The target's name in its folder.
        let targetName: String
        /// The arguments, given the input's path and the path to give as the output.
        let args: @Sendable (_ input: String, _ out: String) -> [String]
        /// Where the command replaces something, given the output path (batch writes `OUT/<journal>`).
        var target: @Sendable (URL) -> URL = { $0 }
        /// Why the own-input case does not apply, or `nil` when it does.
        var noOwnInput: String?
        var testDescription: String { name }
    }

    static let today = ["--tz", "UTC", "--today", "2026-11-23"]

    static let writers: [Writer] = [
        Writer(name: "report", shape: .folder, input: "journal.sqlite", targetName: "r",
               args: { ["report", $0, "--out", $1] + today }),
        Writer(name: "review", shape: .folder, input: "journal.sqlite", targetName: "r",
               args: { ["review", $0, "--year", "2026", "--out", $1] + today }),
        Writer(name: "compare", shape: .folder, input: "journal.sqlite", targetName: "c",
               args: { ["compare", "brews", $0, "--bean", "Kochere", "--out", $1, "--tz", "UTC"] }),
        Writer(name: "export file", shape: .file, input: "journal.csv", targetName: "e.csv",
               args: { ["export", $0, "--to", "csv", "-o", $1, "--force"] }),
        Writer(name: "export folder", shape: .folder, input: "journal.sqlite", targetName: "e",
               args: { ["export", $0, "--to", "brewspec", "--layout", "per-brew", "--out", $1, "--force"] }),
        Writer(name: "export beanconqueror", shape: .file, input: "journal.sqlite", targetName: "b.zip",
               args: { ["export", $0, "--to", "beanconqueror", "-o", $1, "--force"] }),
        Writer(name: "generate", shape: .file, input: nil, targetName: "g.csv",
               args: { _, out in ["generate", "--brews", "300", "--to", "csv", "-o", out, "--force"] },
               noOwnInput: "generate reads no journal"),
        Writer(name: "generate shots", shape: .folder, input: nil, targetName: "s",
               args: { _, out in ["generate", "--shots", "6", "--to", "decent-json", "--out", out, "--force"] },
               noOwnInput: "generate reads no journal"),
        Writer(name: "chart", shape: .file, input: "journal.sqlite", targetName: "c.svg",
               args: { ["chart", "brews-per-week", $0, "-o", $1, "--tz", "UTC"] },
               noOwnInput: "its output must end in .png, .svg or .pdf, which no journal does"),
        Writer(name: "dial-in", shape: .file, input: "journal.sqlite", targetName: "d.svg",
               args: { ["dial-in", $0, "--grinder", "Comandante C40", "--method", "V60", "-o", $1] },
               noOwnInput: "its output must end in .svg, .png or .pdf, which no journal does"),
        Writer(name: "backtest", shape: .folder, input: "journal.sqlite", targetName: "t",
               args: { ["backtest", $0, "--grinder", "Comandante C40", "--method", "V60", "--out", $1, "--tz", "UTC"] }),
        Writer(name: "batch", shape: .folder, input: "journal.sqlite", targetName: "b",
               args: { ["batch", $0, "--out", $1, "--quiet", "--formats", "svg"] + today },
               target: { $0.appendingPathComponent("journal") },
               noOwnInput: "its --out holds one folder per journal; a journal's folder holding an input is refused (OutputSafetyTests)"),
    ]

    /// Subcommands that write no file of their own (`inspect --rejects` is checked with the importers; `mcp` answers
    /// on standard output only, MCPServerTests holds that it writes nothing).
    static let notWriting: Set<String> = ["inspect", "help", "mcp"]

    /// A fresh scratch folder: `out/` (the shim's folder, holding the target) and `in/` with the input.
    struct Setup {
        let root: URL, folder: URL, out: URL, input: String
        var target: URL
    }

    static func setup(_ w: Writer, _ label: String) throws -> Setup {
        let root = try Repo.scratch("hostile-\(w.name.replacingOccurrences(of: " ", with: "-"))-\(label)")
        let folder = root.appendingPathComponent("out"), inputs = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        var input = ""
        if let name = w.input {
            let url = inputs.appendingPathComponent(name)
            try FileManager.default.copyItem(at: Repo.sample(name), to: url)
            input = url.path
        }
        let out = folder.appendingPathComponent(w.targetName)
        return Setup(root: root, folder: folder, out: out, input: input, target: w.target(out))
    }

    /// A failure: exit 1 and every line of standard error one of ours.
    static func expectFailure(_ r: CLIResult, _ what: String, reason: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1 && !r.signalled, "\(what): status \(r.status)\n\(r.stderr)", sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("brewstats: ") }, "\(what): \(r.stderr)", sourceLocation: sourceLocation)
        if let reason { #expect(r.stderr.contains(reason), "\(what): \(r.stderr)", sourceLocation: sourceLocation) }
        #expect(!r.stderr.contains(".staging-") && !r.stderr.contains(".tmp"), "\(what): names a temporary path: \(r.stderr)",
                sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: CLI.available)) func everyWritingCommandIsInTheTable() throws {
        let help = try CLI.run(["--help"])
        let section = help.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        let names = Set(section.split(separator: "\n").compactMap { line -> String? in
            let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
            return line.hasPrefix("  ") && !line.hasPrefix("   ") ? word : nil
        }).subtracting(["See"])
        #expect(!names.isEmpty, "\(help.stdout)")
        let table = Set(Self.writers.map { $0.args("j", "o")[0] })
        #expect(names.subtracting(table).subtracting(Self.notWriting) == [], "subcommands in neither the table nor notWriting")
    }

    /// A folder of the user's, and a symbolic link, where the output goes: the user's files untouched, nothing
    /// written through the link; the own input as the output: refused, the input untouched.
    @Test(.enabled(if: CLI.available), arguments: writers)
    func theUsersFilesAreNeverWritten(_ w: Writer) throws {
        var s = try Self.setup(w, "place")
        defer { try? FileManager.default.removeItem(at: s.root) }
        // A folder of the user's in the target's place (for a file output, a folder where the file would go).
        try FileManager.default.createDirectory(at: s.target, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: s.target.appendingPathComponent("mine.txt"))
        let r = try CLI.run(w.args(s.input, s.out.path), timeout: 180)
        Self.expectFailure(r, "\(w.name): a folder of the user's")
        #expect(relativeFiles(in: s.target) == ["mine.txt"], "\(w.name): \(relativeFiles(in: s.target))")
        try FileManager.default.removeItem(at: s.target)

        // A symbolic link in the target's place, to a folder (or file) of the user's elsewhere.
        let elsewhere = s.root.appendingPathComponent(w.shape == .folder ? "elsewhere" : "elsewhere.txt")
        if w.shape == .folder {
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: elsewhere.appendingPathComponent("mine.txt"))
        } else {
            try Data("mine".utf8).write(to: elsewhere)
        }
        try FileManager.default.createDirectory(at: s.target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: s.target, withDestinationURL: elsewhere)
        let l = try CLI.run(w.args(s.input, s.out.path), timeout: 180)
        if w.shape == .folder || l.status != 0 { Self.expectFailure(l, "\(w.name): a symbolic link") }
        if w.shape == .folder {
            #expect(relativeFiles(in: elsewhere) == ["mine.txt"], "\(w.name): written through the link")
        } else {
            #expect(text(elsewhere) == "mine", "\(w.name): written through the link")
        }

        // The input as the output: the target holds (or, for a file, is) the input.
        guard w.noOwnInput == nil else { return }
        let before = bytes(URL(fileURLWithPath: s.input))
        let own = w.shape == .folder ? URL(fileURLWithPath: s.input).deletingLastPathComponent() : URL(fileURLWithPath: s.input)
        s.target = own
        let o = try CLI.run(w.args(s.input, own.path), timeout: 180)
        Self.expectFailure(o, "\(w.name): its own input as the output", reason: w.shape == .file ? "input" : nil)
        #expect(bytes(URL(fileURLWithPath: s.input)) == before, "\(w.name): the input changed")
        #expect(relativeFiles(in: URL(fileURLWithPath: s.input).deletingLastPathComponent()) == [w.input!], "\(w.name): added to the input's folder")
    }

    /// A previous output, then: SIGTERM in the middle of the writing (exit 143, the previous output whole, nothing
    /// left); SIGKILL at a random call (the previous output whole as a reader sees it, and the next run leaves
    /// nothing else); a read-only file system and a full disk (exit 1, one of our lines with the system's reason, the
    /// previous output byte for byte, nothing left).
    @Test(.enabled(if: FaultShim.available), arguments: writers)
    func interruptionsAndFailingDisksKeepThePreviousOutput(_ w: Writer) throws {
        let s = try Self.setup(w, "faults")
        defer { try? FileManager.default.removeItem(at: s.root) }
        let args = w.args(s.input, s.out.path)
        let first = try CLI.run(args, timeout: 180)
        #expect(first.status == 0, "\(w.name): \(first.stderr)")
        let previous = snapshot(s.folder)
        let entries = InterruptedCommandsTests.entries(s.folder)
        #expect(!previous.isEmpty)
        let calls = "write,fsync,rename,mkdir,openat"
        let (count, clean) = try FaultShim.count(args, path: s.folder, calls: calls)
        let (writes, _) = try FaultShim.count(args, path: s.folder, calls: "write")
        #expect(clean.status == 0 && count > 1 && writes >= 1, "\(w.name): \(count) calls, \(writes) writes: \(clean.stderr)")
        // The clean run rewrote the same bytes (every run is pinned).
        #expect(snapshot(s.folder) == previous, "\(w.name): a second run changed the output")

        // SIGTERM after the middle write, held while the handler runs.
        let n = max(1, writes / 2)
        let term = try CLI.run(args, environment: InterruptedCommandsTests.raising("TERM", "write", n, in: s.folder, after: true, holdMs: 10_000),
                               timeout: 180)
        #expect(term.status == 128 + SIGTERM && !term.signalled, "\(w.name): SIGTERM at write #\(n): status \(term.status)\n\(term.stderr)")
        #expect(snapshot(s.folder) == previous, "\(w.name): SIGTERM at write #\(n): the output changed or something is left: \(InterruptedCommandsTests.entries(s.folder))")

        // SIGKILL before a random call.
        let k = Int.random(in: 1...count)
        let kill = try CLI.run(args, environment: InterruptedCommandsTests.raising("KILL", calls, k, in: s.folder, after: false, holdMs: 0),
                               timeout: 180)
        #expect(kill.signalled && kill.status == SIGKILL, "\(w.name): SIGKILL at call #\(k) of \(count): status \(kill.status)")
        // What a reader sees: the output's files, not a killed run's hidden leftovers beside them.
        let visible = snapshot(s.folder).filter { previous[$0.key] != nil || !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(visible == previous, "\(w.name): SIGKILL at call #\(k) of \(count): the previous output is not whole (\(InterruptedCommandsTests.entries(s.folder)))")
        let next = try CLI.run(args, timeout: 180)
        #expect(next.status == 0, "\(w.name): the run after a SIGKILL at call #\(k): \(next.stderr)")
        #expect(snapshot(s.folder) == previous && InterruptedCommandsTests.entries(s.folder) == entries,
                "\(w.name): the run after a SIGKILL at call #\(k) left \(InterruptedCommandsTests.entries(s.folder))")

        // A read-only file system, from the first call on.
        let ro = try CLI.run(args, environment: FaultShim.environment(path: s.folder, calls: "write,rename,mkdir,openat", n: 1,
                                                                      errno: "EROFS", sticky: true), timeout: 180)
        Self.expectFailure(ro, "\(w.name): a read-only file system", reason: "Read-only file system")
        #expect(snapshot(s.folder) == previous, "\(w.name): read-only: the output changed or something is left")

        // A full disk from the middle write on.
        let full = try CLI.run(args, environment: FaultShim.environment(path: s.folder, calls: "write", n: n, errno: "ENOSPC", sticky: true),
                               timeout: 180)
        Self.expectFailure(full, "\(w.name): a full disk from write #\(n)", reason: "No space left on device")
        #expect(snapshot(s.folder) == previous, "\(w.name): full disk: the output changed or something is left")
    }
}
