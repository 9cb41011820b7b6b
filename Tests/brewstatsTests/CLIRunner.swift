import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What one run of the built `brewstats` binary did.
struct CLIResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Whether the process ended by a signal (``status`` is then the signal number).
    let signalled: Bool
}

/// Locates and runs the built `brewstats` executable.
///
/// Under `swift test` the test bundle runs from the build products folder that also holds `brewstats`
/// (e.g. `.build-NAME/x86_64-unknown-linux-gnu/debug/`), so the binary is looked for beside the test
/// runner only: the tests always run the binary of the build they belong to, whatever `--scratch-path` it
/// used, never a stale one from another build folder. `BREWSTATS_BIN` overrides that (e.g. to check an
/// installed or older binary).
enum CLI {
    static let binary: URL? = {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["BREWSTATS_BIN"] { candidates.append(URL(fileURLWithPath: env)) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // On macOS the runner sits inside `X.xctest/Contents/MacOS/`: walk up to the products folder.
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("brewstats"))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("brewstats"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("brewstats"))
        return candidates.first { url in
            var isDir: ObjCBool = false
            return fm.fileExists(atPath: url.path, isDirectory: &isDir) && !isDir.boolValue && fm.isExecutableFile(atPath: url.path)
        }
    }()

    /// Whether the binary was found (tests that need it are enabled only then, and one test fails otherwise).
    static var available: Bool { binary != nil }

    /// Runs `brewstats args…` in `cwd`, waits at most `timeout` seconds (then kills it and records an issue).
    /// `environment` is added to the test's own (e.g. `LD_PRELOAD` for the fault-injection tests).
    @discardableResult
    static func run(_ args: [String], cwd: URL? = nil, environment: [String: String] = [:], timeout: Double = 60,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let running = try start(args, cwd: cwd, environment: environment)
        return running.wait(timeout: timeout, sourceLocation: sourceLocation)
    }

    /// Starts `brewstats args…` without waiting.
    static func start(_ args: [String], cwd: URL? = nil, environment: [String: String] = [:]) throws -> RunningCLI {
        guard let binary else { throw CLIMissing() }
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        if let cwd { process.currentDirectoryURL = cwd }
        // Output goes to files, not pipes: a chatty child can never block on a full pipe buffer.
        let folder = try Repo.scratch("cli-io")
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env.merge(environment) { _, added in added }
        process.environment = env
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        return RunningCLI(process: process, done: done, io: folder, handles: [outHandle, errHandle])
    }

    struct CLIMissing: Error, CustomStringConvertible {
        var description: String {
            "the brewstats binary was not found beside the test runner (\(CommandLine.arguments[0])); build it with the tests (swift build --build-tests) or set BREWSTATS_BIN"
        }
    }
}

/// A started `brewstats` process.
final class RunningCLI: @unchecked Sendable {
    let process: Process
    private let done: DispatchSemaphore
    private let io: URL
    private let handles: [FileHandle]

    init(process: Process, done: DispatchSemaphore, io: URL, handles: [FileHandle]) {
        self.process = process; self.done = done; self.io = io; self.handles = handles
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the end (killing the process after `timeout` seconds) and collects its output.
    func wait(timeout: Double, sourceLocation: SourceLocation = #_sourceLocation) -> CLIResult {
        if done.wait(timeout: .now() + timeout) == .timedOut {
            Issue.record("brewstats \(process.arguments ?? []) did not finish within \(timeout) s", sourceLocation: sourceLocation)
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        for h in handles { try? h.close() }
        let out = (try? String(contentsOf: io.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: io.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: io)
        return CLIResult(status: process.terminationStatus, stdout: out, stderr: err,
                         signalled: process.terminationReason == .uncaughtSignal)
    }
}

/// Files under `folder`, as paths relative to it, sorted (hidden files included).
func relativeFiles(in folder: URL) -> [String] {
    let fm = FileManager.default
    guard let walker = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    let root = folder.resolvingSymlinksInPath().standardizedFileURL.path + "/"
    var out: [String] = []
    while let url = walker.nextObject() as? URL {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let path = url.resolvingSymlinksInPath().standardizedFileURL.path
        out.append(path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path)
    }
    return out.sorted()
}

/// The bytes of a file, or empty when it cannot be read.
func bytes(_ url: URL) -> Data { (try? Data(contentsOf: url)) ?? Data() }

/// The text of a file, or empty when it cannot be read.
func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

let pngMagic = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
