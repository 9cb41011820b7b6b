import Foundation
import Testing
import TestSupport

/// The fault-injection shim `tools/faultinject/faultinject.c`, loaded into the `brewstats` process with `LD_PRELOAD`.
///
/// `make test` builds it (`make faultinject`) and names it in `FAULTINJECT_LIB`; without that variable the tests
/// compile it themselves with `cc` into a scratch folder, so `swift test` alone runs them too. The shim makes the
/// N-th counted call (write, fsync, rename, mkdir, open for writing) on a path under `FAULT_PATH` fail with an
/// errno; see the C file's header for its variables.
enum FaultShim {
    static let library: URL? = {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["FAULTINJECT_LIB"], fm.fileExists(atPath: env) {
            return URL(fileURLWithPath: env)
        }
        let source = Repo.root.appendingPathComponent("tools/faultinject/faultinject.c")
        guard let folder = try? Repo.scratch("faultinject") else { return nil }
        let out = folder.appendingPathComponent("libfaultinject.so")
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["cc", "-shared", "-fPIC", "-O2", "-o", out.path, source.path, "-ldl"]
        guard (try? cc.run()) != nil else { return nil }
        cc.waitUntilExit()
        return cc.terminationStatus == 0 ? out : nil
    }()

    /// Whether the shim and the binary are there (the tests that need them are enabled only then).
    static var available: Bool { CLI.available && library != nil }

    /// The environment that fails the `n`-th call of `calls` under `path` with `errno` (from then on when `sticky`);
    /// `n` = 0 fails nothing and only counts, into `countFile`.
    static func environment(path: URL, calls: String, n: Int, errno: String = "ENOSPC", sticky: Bool = false,
                            countFile: URL? = nil) -> [String: String] {
        var env = ["LD_PRELOAD": library!.path, "FAULT_PATH": path.resolvingSymlinksInPath().path, "FAULT_CALL": calls,
                   "FAULT_N": String(n), "FAULT_ERRNO": errno, "FAULT_STICKY": sticky ? "1" : "0"]
        if let countFile { env["FAULT_COUNT_FILE"] = countFile.path }
        return env
    }

    /// How many calls of `calls` under `path` one run of `args` makes (a run with nothing failed).
    static func count(_ args: [String], path: URL, calls: String) throws -> (count: Int, result: CLIResult) {
        let file = try Repo.scratch("fault-count").appendingPathComponent("count")
        let r = try CLI.run(args, environment: environment(path: path, calls: calls, n: 0, countFile: file), timeout: 180)
        let n = Int(text(file).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (n, r)
    }

    /// The call indexes worth failing among `count`: the first few, spread points, the last few.
    static func indexes(_ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let picks = [1, 2, count / 3, count / 2, 2 * count / 3, count]
        return Array(Set(picks.filter { $0 >= 1 && $0 <= count })).sorted()
    }
}

/// Every regular file under `folder` (hidden ones included) with its bytes, by path relative to `folder`.
func snapshot(_ folder: URL) -> [String: Data] {
    var out: [String: Data] = [:]
    for name in relativeFiles(in: folder) { out[name] = bytes(folder.appendingPathComponent(name)) }
    return out
}
