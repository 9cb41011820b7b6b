import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command as a child process and measures it: wall time, CPU time and the child's peak resident memory.
///
/// The command runs under GNU `time -f %M`, which reports the command's own peak resident set in KiB. Linux
/// carries a process's high-water mark across `execve` from the memory it had before, so a child spawned
/// straight from this runner (which may hold a million-brew journal) would report this runner's peak as its
/// own; `time` is small, and the command it forks starts from `time`'s memory, not ours. Wall time is taken
/// here around the whole, so it includes process start-up (and `time`'s fork, well under a millisecond).
enum ProcessRunner {
    struct Outcome {
        var seconds: Double
        /// CPU time of the command (user + system, all its threads and waited-for children), from `wait4`'s
        /// resource usage of the `time` process, which includes the command it waited for (`time` itself adds
        /// well under a millisecond).
        var cpuSeconds: Double
        var peakBytes: Int
        var status: Int32
        var stdout: String
    }

    /// Runs `arguments` (argv[0] resolved on PATH) with `environment` added, capturing stdout into a
    /// temporary file (stderr is inherited) unless `discardOutput` is set.
    static func run(
        _ command: [String], environment: [String: String] = [:], discardOutput: Bool = false
    ) throws -> Outcome {
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).out")
        let rssURL = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).rss")
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: rssURL) }
        guard FileManager.default.isExecutableFile(atPath: timeTool) else {
            throw BenchError.missingTool("\(timeTool) (Debian package time)")
        }
        let arguments = [timeTool, "-f", "%M", "-o", rssURL.path, "--"] + command
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
        guard rc == 0 else { throw BenchError.spawn(command.joined(separator: " "), rc) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let text = discardOutput ? "" : ((try? String(contentsOf: outURL, encoding: .utf8)) ?? "")
        // `time` writes "Command exited with non-zero status N" first when the command failed; the figure is last.
        let report = (try? String(contentsOf: rssURL, encoding: .utf8)) ?? ""
        let kib = report.split(whereSeparator: \.isNewline).last.flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        } ?? 0
        let cpu = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return Outcome(seconds: seconds, cpuSeconds: cpu(usage.ru_utime) + cpu(usage.ru_stime), peakBytes: kib * 1024,
                       status: exit, stdout: text)
    }

    /// GNU time (Debian package `time`, installed by `make bench`).
    static let timeTool = "/usr/bin/time"
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
