import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command as a child process and measures it: wall time and the child's peak resident memory.
///
/// Uses `posix_spawn` and `wait4`, whose `rusage.ru_maxrss` is the child's own peak (in KiB on Linux),
/// so each measurement includes process start-up and nothing of this process's memory.
enum ProcessRunner {
    struct Outcome {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
        var stdout: String
    }

    /// Runs `arguments` (argv[0] resolved on PATH) with `environment` added, capturing stdout into a
    /// temporary file (stderr is inherited) unless `discardOutput` is set.
    static func run(_ arguments: [String], environment: [String: String] = [:], discardOutput: Bool = false) throws -> Outcome {
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outURL) }
        let outPath = discardOutput ? "/dev/null" : outURL.path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let envStrings = env.map { "\($0)=\($1)" }

        // SAFETY: the C strings live until after posix_spawnp returns; the arrays are nil-terminated.
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = envStrings.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }

        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let rc = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard rc == 0 else { throw BenchError.spawn(arguments.joined(separator: " "), rc) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let text = discardOutput ? "" : ((try? String(contentsOf: outURL, encoding: .utf8)) ?? "")
        return Outcome(seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, status: exit, stdout: text)
    }
}

/// The benchmark runner's one error type.
enum BenchError: Error, CustomStringConvertible {
    case spawn(String, Int32)
    case failed(String, Int32)
    case debugBuild
    case missingTool(String)
    case badOutput(String, String)

    var description: String {
        switch self {
        case let .spawn(cmd, rc): "could not start `\(cmd)` (error \(rc))"
        case let .failed(cmd, status): "`\(cmd)` exited with status \(status)"
        case .debugBuild: "brewstats-bench measures release builds only: run `make bench` (swift build -c release)"
        case let .missingTool(name): "\(name) is not installed: run `make bench`, which installs the references"
        case let .badOutput(cmd, text): "`\(cmd)` printed no result line: \(text.prefix(200))"
        }
    }
}
