import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Inputs that are not plain journal files, run through the built binary: named pipes (which must never be opened),
/// pipes and standard input (read as streams), and zips whose backup entry is encrypted or a link.
///
/// Every run is under a timeout: a child still running after it is killed and the test fails (a hang is the defect
/// these tests exist for; the time itself is never asserted).
@Suite struct HostileInputCLITests {
    /// Runs `script` under `/bin/bash` with `$0` the brewstats binary and `$1…` `args`; killed after `timeout` s.
    func shell(_ script: String, _ args: [String], timeout: Double = 60,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let binary = try #require(CLI.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, binary.path] + args
        let folder = try Repo.scratch("cli-shell")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        process.environment = env
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            Issue.record("bash -c \(script) did not finish within \(timeout) s", sourceLocation: sourceLocation)
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        return CLIResult(status: process.terminationStatus, stdout: text(out), stderr: text(err),
                         signalled: process.terminationReason == .uncaughtSignal)
    }

    func fifo(_ url: URL) throws {
        #expect(mkfifo(url.path, 0o600) == 0, "mkfifo \(url.path)")
    }

    // MARK: named pipes (FIFOs)

    /// `inspect` and `report` given a FIFO: refused in words at once, never opened for a blocking read.
    @Test(.enabled(if: CLI.available), arguments: ["inspect", "report"]) func aFIFOGivenDirectlyIsRefused(_ command: String) throws {
        let folder = try Repo.scratch("fifo-direct")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("journal.csv")
        try fifo(pipe)
        let extra = command == "report" ? ["--out", folder.appendingPathComponent("out").path] : []
        let r = try CLI.run([command, pipe.path] + extra, timeout: 30)
        #expect(!r.signalled && r.status == 2, "\(r.stderr)")
        #expect(r.stderr == "brewstats: \(pipe.path): is a named pipe (FIFO), not a regular file: not read "
                + "(to read from a pipe, give '-' and pipe into standard input)\n", "\(r.stderr)")
    }

    /// A folder holding a journal and a FIFO named `f.csv`: `batch` reports the journal and lists the FIFO with its
    /// reason (it used to block forever opening it while sniffing the folder for shot files).
    @Test(.enabled(if: CLI.available)) func aFIFOInABatchFolderIsListedNotOpened() throws {
        let folder = try Repo.scratch("fifo-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repo.sample("journal.csv"), to: input.appendingPathComponent("journal.csv"))
        try fifo(input.appendingPathComponent("f.csv"))
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["batch", input.path, "--out", out.path, "--jobs", "1", "--quiet", "--tz", "UTC"], timeout: 120)
        #expect(!r.signalled, "\(r.stderr)")
        let rows = TestCSV.records(text(out.appendingPathComponent("batch.csv"))).rows
        let byName = Dictionary(rows.map { (($0["input"] ?? "") as NSString).lastPathComponent }.enumerated().map { ($1, rows[$0]) },
                                uniquingKeysWith: { a, _ in a })
        #expect(byName["journal.csv"]?["status"] == "ok", "\(rows)")
        #expect(byName["f.csv"]?["error"]?.contains("is a named pipe (FIFO), not a regular file: not read") == true, "\(rows)")
    }

    /// A FIFO inside a folder of shot files is a rejected shot giving the reason; the shots beside it are read.
    @Test(.enabled(if: CLI.available)) func aFIFOInAShotFolderIsARejectedShot() throws {
        let folder = try Repo.scratch("fifo-shots")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = #"{"timestamp": 1752838911, "samples": [{"t": 0, "cp": 1}, {"t": 100, "cp": 2}]}"#
        try Data(shot.utf8).write(to: folder.appendingPathComponent("a.json"))
        try fifo(folder.appendingPathComponent("b.json"))
        let r = try CLI.run(["inspect", folder.path, "--json"], timeout: 30)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let shots = try #require(object["shots"] as? [String: Any])
        #expect(shots["read"] as? Int == 2 && shots["kept"] as? Int == 1)
        let rejects = try #require(object["rejects"] as? [[String: Any]])
        #expect((rejects.first?["reason"] as? String)?.hasPrefix("is a named pipe (FIFO), not a regular file") == true, "\(rejects)")
    }

    /// `--map` naming a FIFO: refused, not waited on.
    @Test(.enabled(if: CLI.available)) func aFIFOAsTheMappingIsRefused() throws {
        let folder = try Repo.scratch("fifo-map")
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = folder.appendingPathComponent("mapping.toml")
        try fifo(map)
        let r = try CLI.run(["inspect", Repo.sample("foreign.csv").path, "--map", map.path], timeout: 30)
        #expect(r.status == 2 && r.stderr.contains("is a named pipe (FIFO)"), "\(r.stderr)")
    }

    // MARK: pipes and standard input

    /// The counts `inspect` prints for the sample CSV read as a file: what a stream of the same bytes must give.
    func fileCounts(_ name: String) throws -> [String: Int] {
        let r = try CLI.run(["inspect", Repo.sample(name).path, "--json"], timeout: 60)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try #require(object["brews"] as? [String: Int])
    }

    /// `inspect <(cat journal)` (a pipe passed as `/dev/fd/N`) reads the journal: the same counts as the file gives,
    /// for a CSV, a store and a zip (formats the importers read by path, a memory mapping and SQLite).
    @Test(.enabled(if: CLI.available), arguments: ["journal.csv", "journal.sqlite", "journal.json"])
    func aPipeGivenAsDevFdIsRead(_ name: String) throws {
        let expected = try fileCounts(name)
        #expect(expected["read"] == 360)
        let r = try shell(#""$0" inspect --json <(cat "$1")"#, [Repo.sample(name).path])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["brews"] as? [String: Int] == expected)
        #expect((object["file"] as? String)?.hasPrefix("/dev/fd/") == true, "\(object["file"] ?? "")")
        #expect(!r.stdout.contains("brewstats-stream-"), "the temporary copy is not named")
    }

    /// `-` reads standard input (here a pipe from `cat`), called "standard input" in the output.
    @Test(.enabled(if: CLI.available)) func standardInputIsRead() throws {
        let expected = try fileCounts("journal.csv")
        let r = try shell(#"cat "$1" | "$0" inspect - --json"#, [Repo.sample("journal.csv").path])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["brews"] as? [String: Int] == expected)
        #expect(object["file"] as? String == "standard input")
        // A report from standard input is written like any other.
        let folder = try Repo.scratch("stdin-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let report = try shell(#"cat "$1" | "$0" report - --out "$2" --tz UTC"#, [Repo.sample("journal.csv").path, out.path], timeout: 120)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }

    /// An empty pipe is an empty journal (the message a file of zero bytes gets), and a stream's error names the
    /// stream, not a temporary file.
    @Test(.enabled(if: CLI.available)) func aStreamsErrorNamesTheStream() throws {
        let r = try shell(#"printf 'not,a,journal\n1,2,3\n' | "$0" inspect -"#, [])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("brewstats: standard input: "), "\(r.stderr)")
        #expect(!r.stderr.contains("brewstats-stream-"))
    }

    // MARK: zips whose backup entry cannot be read

    /// `zip -e` (encrypted) and `zip -y` (a symbolic link stored as a link) around a `Beanconqueror.json`: the error
    /// says what the entry is.
    @Test(.enabled(if: CLI.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/zip")))
    func encryptedAndLinkedBackupEntriesAreNamed() throws {
        let folder = try Repo.scratch("zip-kinds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"{"BREWS": [{"grind_weight": 15, "config": {"uuid": "a", "unix_timestamp": 1731445292}}]}"#
        try Data(json.utf8).write(to: folder.appendingPathComponent("real.json"))
        let encrypted = try shell(#"cd "$1" && cp real.json Beanconqueror.json && zip -q -e -P secret enc.zip Beanconqueror.json && rm Beanconqueror.json && "$0" inspect enc.zip"#,
                                  [folder.path])
        #expect(encrypted.status == 2)
        #expect(encrypted.stderr.hasSuffix("enc.zip: Beanconqueror.json is encrypted; brewstats cannot read encrypted zip entries\n"), "\(encrypted.stderr)")
        let linked = try shell(#"cd "$1" && ln -s real.json Beanconqueror.json && zip -q -y link.zip Beanconqueror.json && rm Beanconqueror.json && "$0" inspect link.zip"#,
                               [folder.path])
        #expect(linked.status == 2)
        #expect(linked.stderr.hasSuffix("link.zip: Beanconqueror.json is a symbolic link, not read\n"), "\(linked.stderr)")
    }
}
