import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Side files (`--aliases`, `dial-in --grinders`, `--map`) as the commands read them: a named pipe is named as one
/// (Foundation said "You don't have permission"), and a 2 GiB sparse file is refused on its size before it is read.
/// Each run is under a timeout that kills the child (a FIFO opened for a blocking read would never return).
@Suite struct SideFileCLITests {
    enum Kind: String, CaseIterable { case fifo, huge }

    /// `name` in `folder` as a FIFO or a 2 GiB sparse file.
    func make(_ kind: Kind, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        switch kind {
        case .fifo: #expect(mkfifo(url.path, 0o600) == 0)
        case .huge:
            try Data("[beans]\n".utf8).write(to: url)
            let fd = open(url.path, O_WRONLY)
            #expect(fd >= 0 && ftruncate(fd, off_t(2 << 30)) == 0)
            close(fd)
        }
        return url
    }

    @Test(.enabled(if: CLI.available), arguments: Kind.allCases)
    func sideFilesAreRefusedInWords(_ kind: Kind) throws {
        let folder = try Repo.scratch("e2e-side-\(kind.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = kind == .fifo ? "is a named pipe (FIFO), not a regular file" : "larger than 1 MB"
        let journal = Repo.sample("journal.csv").path
        let aliases = try make(kind, "aliases.toml", in: folder)
        let a = try CLI.run(["inspect", journal, "--aliases", aliases.path], timeout: 30)
        #expect(a.status == 2 && a.stderr.contains(expected) && a.stderr.contains("aliases.toml"), "\(a.status) \(a.stderr)")
        #expect(!a.stderr.lowercased().contains("permission"))
        let grinders = try make(kind, "grinders.toml", in: folder)
        let g = try CLI.run(["dial-in", journal, "--grinder", "Comandante C40", "--method", "V60", "--grinders", grinders.path],
                            timeout: 30)
        #expect(g.status == 2 && g.stderr.contains(expected) && g.stderr.contains("grinders.toml"), "\(g.status) \(g.stderr)")
        #expect(!g.stderr.lowercased().contains("permission"))
        let map = try make(kind, "mapping.toml", in: folder)
        let m = try CLI.run(["inspect", Repo.sample("foreign.csv").path, "--map", map.path], timeout: 30)
        #expect(m.status == 2 && m.stderr.contains(expected), "\(m.status) \(m.stderr)")
        #expect(m.stderr.split(separator: "\n").count == 1)
    }

    /// A 2 GiB sparse file that opens like the app's JSON export: refused on its size, exit 2, one line.
    @Test(.enabled(if: CLI.available)) func aTwoGiBJSONJournalIsRefusedOnItsSize() throws {
        let folder = try Repo.scratch("e2e-side-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("big.json")
        try Data("{\"format\": \"coffee-journal\", \"version\": 1, \"brews\": [".utf8).write(to: url)
        let fd = open(url.path, O_WRONLY)
        #expect(fd >= 0 && ftruncate(fd, off_t(2 << 30)) == 0)
        close(fd)
        let r = try CLI.run(["inspect", url.path], timeout: 30)
        #expect(r.status == 2 && r.stderr.contains("larger than 1024 MB"), "\(r.status) \(r.stderr)")
    }

    /// `report - -`: standard input can be read once; the second `-` is refused in a short line, exit 64 or 2, before
    /// anything is read.
    @Test(.enabled(if: CLI.available)) func standardInputTwiceIsRefused() throws {
        let folder = try Repo.scratch("e2e-stdin-twice")
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try CLI.run(["report", "-", "-", "--out", folder.appendingPathComponent("r").path], timeout: 30)
        #expect(r.status != 0 && r.stderr.contains("standard input is given twice"), "\(r.status) \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r").path))
    }

    /// `inspect --rejects` on a read-only file system: one line in the system's words ("Read-only file system", not
    /// Foundation's "The volume is read only."), naming the file as given, exit 1; nothing left in the folder.
    @Test(.enabled(if: FaultShim.available)) func rejectsOnAReadOnlyFileSystemSaySo() throws {
        let folder = try Repo.scratch("e2e-rejects-rofs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rejects = folder.appendingPathComponent("rejects.csv")
        let env = FaultShim.environment(path: folder, calls: "write,fsync,rename,mkdir,open,unlink", n: 1, errno: "EROFS",
                                        sticky: true)
        let r = try CLI.run(["inspect", Repo.sample("messy.csv").path, "--rejects", rejects.path], environment: env, timeout: 60)
        #expect(r.status == 1 && r.stderr.contains("Read-only file system") && r.stderr.contains(rejects.path), "\(r.status) \(r.stderr)")
        #expect(!r.stderr.contains("volume") && r.stderr.split(separator: "\n").count == 1)
        #expect(relativeFiles(in: folder).isEmpty)
    }
}
