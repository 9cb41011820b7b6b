import Foundation
import Testing
import TestSupport

/// What one child process did.
struct ShellResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs programs for the deployment tests: output to files (a chatty child never blocks on a pipe), no
/// standard input, a time limit after which the child is killed and the test records an issue.
enum Shell {
    /// Runs `executable args…` in `cwd` with `environment` added to this process's environment.
    static func run(_ executable: String, _ args: [String], cwd: URL? = nil, environment: [String: String] = [:],
                    timeout: Double = 120, sourceLocation: SourceLocation = #_sourceLocation) throws -> ShellResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        if let cwd { process.currentDirectoryURL = cwd }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let folder = try Repo.scratch("deploy-io")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        defer { try? outHandle.close(); try? errHandle.close() }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            Issue.record("\(executable) \(args) did not finish within \(timeout) s", sourceLocation: sourceLocation)
            process.terminate()
            done.wait()
        }
        return ShellResult(status: process.terminationStatus,
                           stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                           stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// The first executable named `name` on `PATH`, or `nil`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The `brewstats` binary of the build these tests belong to: beside the test runner in the products folder
/// (`.build/<triple>/debug/`), or `BREWSTATS_BIN`.
enum BuiltBinary {
    static let productsFolder: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()

    static let brewstats: URL? = {
        if let env = ProcessInfo.processInfo.environment["BREWSTATS_BIN"] { return URL(fileURLWithPath: env) }
        var folder = productsFolder
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("brewstats")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()
}
