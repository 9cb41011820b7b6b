import BrewProgress
import Foundation
import Testing
import TestSupport
@testable import brewstats

/// Progress of long work: drawn on standard error when it is a terminal, a few times a second at most, cleared at the
/// end; nothing when standard error is a file or a pipe, or with `batch --quiet`; never in an output.
@Suite struct ProgressTests {
    /// What a drawer wrote, under a clock the test moves.
    final class Screen: @unchecked Sendable {
        private let lock = NSLock()
        private var written = ""
        private var clock: UInt64 = 0
        var text: String { lock.withLock { written } }
        var now: UInt64 {
            get { lock.withLock { clock } }
            set { lock.withLock { clock = newValue } }
        }
        func write(_ s: String) { lock.withLock { written += s } }
    }

    static let clear = "\r\u{1B}[2K"

    static func drawer(_ screen: Screen, minimumTotal: Int = 0) -> TerminalProgress {
        TerminalProgress(minimumTotal: minimumTotal, now: { screen.now }, write: { screen.write($0) })
    }

    @Test func drawsTheFirstUpdateThenAFewASecondAndClearsTheLineAtTheEnd() {
        let screen = Screen()
        let drawer = Self.drawer(screen)
        drawer.draw(.init(what: "journals done", done: 0, total: 3))
        screen.now = 1_000_000  // 1 ms later: not drawn
        drawer.draw(.init(what: "journals done", done: 1, total: 3))
        screen.now = 300_000_000  // 0.3 s after the first drawing: drawn
        drawer.draw(.init(what: "journals done", done: 2, total: 3))
        drawer.draw(.init(what: "journals done", done: 3, total: 3))  // the last unit, at once
        drawer.draw(.init(what: "", done: 0, total: 0, isFinal: true))
        #expect(screen.text == Self.clear + "brewstats: journals done: 0 of 3 (0%)"
            + Self.clear + "brewstats: journals done: 2 of 3 (66%)"
            + Self.clear + "brewstats: journals done: 3 of 3 (100%)" + Self.clear)
    }

    @Test func anotherKindOfWorkIsDrawnAtOnce() {
        let screen = Screen()
        let drawer = Self.drawer(screen)
        drawer.draw(.init(what: "shot files read", done: 0, total: 2000))
        drawer.draw(.init(what: "brews written", done: 0, total: 2000))
        #expect(screen.text == Self.clear + "brewstats: shot files read: 0 of 2,000 (0%)"
            + Self.clear + "brewstats: brews written: 0 of 2,000 (0%)")
    }

    @Test func smallWorkDrawsNothingNotEvenTheClearing() {
        let screen = Screen()
        let drawer = Self.drawer(screen, minimumTotal: 1000)
        drawer.draw(.init(what: "shot files read", done: 0, total: 1000))
        drawer.draw(.init(what: "", done: 0, total: 0, isFinal: true))
        #expect(screen.text.isEmpty)
    }

    @Test func countsAreGroupedByThousands() {
        #expect(TerminalProgress.grouped(0) == "0")
        #expect(TerminalProgress.grouped(999) == "999")
        #expect(TerminalProgress.grouped(1000) == "1,000")
        #expect(TerminalProgress.grouped(1_000_000) == "1,000,000")
        #expect(TerminalProgress.grouped(-12345) == "-12,345")
    }

    /// Under the tests standard error is a file: every command's progress is ``BrewProgress/WorkProgress/none``.
    @Test func noProgressWhenStandardErrorIsNoTerminal() {
        #expect(isatty(STDERR_FILENO) == 1 || !TerminalProgress.make().isOn)
        #expect(!TerminalProgress.make(quiet: true).isOn)
    }

    static let script = URL(fileURLWithPath: "/usr/bin/script")
    static var scriptAvailable: Bool { FileManager.default.isExecutableFile(atPath: script.path) }

    /// `command` run on a pseudo-terminal by util-linux `script`: what the terminal showed (standard output and
    /// standard error together).
    static func onTerminal(_ args: [String]) throws -> (status: Int32, shown: String) {
        let binary = try #require(CLI.binary)
        let quoted = ([binary.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let folder = try Repo.scratch("progress-tty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("shown")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let p = Process()
        p.executableURL = script
        p.arguments = ["-qec", quoted.joined(separator: " "), "/dev/null"]
        p.standardOutput = handle
        p.standardError = handle
        p.standardInput = FileHandle.nullDevice
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        p.environment = env
        try p.run()
        p.waitUntilExit()
        try handle.close()
        return (p.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// The same batch on a terminal shows how many journals are done and clears the line; piped, or with --quiet, it
    /// shows none; its outputs are the same byte for byte either way.
    @Test(.enabled(if: CLI.available && ProgressTests.scriptAvailable))
    func batchShowsProgressOnATerminalAndNoneWhenPiped() throws {
        let scratch = try Repo.scratch("progress-batch")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["a.csv", "b.csv"] {
            try FileManager.default.copyItem(at: Repo.sample("journal.csv"), to: input.appendingPathComponent(name))
        }
        func args(_ out: String, _ extra: [String] = []) -> [String] {
            ["batch", input.path, "--out", scratch.appendingPathComponent(out).path, "--jobs", "1", "--formats", "svg",
             "--tz", "UTC", "--today", "2026-11-23"] + extra
        }
        let terminal = try Self.onTerminal(args("tty"))
        #expect(terminal.status == 0, "\(terminal.shown)")
        #expect(terminal.shown.contains("brewstats: journals done: 0 of 2 (0%)"), "\(terminal.shown)")
        // The line is cleared before the summary is printed.
        let summary = try #require(terminal.shown.range(of: "2 of 2 journals reported"))
        #expect(terminal.shown[..<summary.lowerBound].hasSuffix(Self.clear), "\(terminal.shown)")

        let quiet = try Self.onTerminal(args("quiet", ["--quiet"]))
        #expect(quiet.status == 0 && !quiet.shown.contains("journals done"), "\(quiet.shown)")
        #expect(!quiet.shown.contains("\u{1B}"), "\(quiet.shown)")

        let piped = try CLI.run(args("piped"), timeout: 300)
        #expect(piped.status == 0, "\(piped.stderr)")
        for text in [piped.stdout, piped.stderr] {
            #expect(!text.contains("journals done") && !text.contains("\u{1B}"), "\(text)")
        }

        for name in ["batch.csv", "a/week_summary.csv", "b/totals.csv"] {
            let shown = bytes(scratch.appendingPathComponent("tty/\(name)"))
            #expect(!shown.isEmpty && shown == bytes(scratch.appendingPathComponent("piped/\(name)")), "\(name)")
        }
    }
}
