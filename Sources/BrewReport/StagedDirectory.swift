import BrewCharts
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An output folder that appears atomically: everything is written into a hidden staging folder beside
/// the target, and ``commit()`` puts it in place with one `rename`, after one `fsync` of every file in it (files
/// are written into the staging folder in place, unflushed: ``StagedOutput``). When the target already exists, the old
/// folder is first renamed aside (to a hidden `.<name>.old-…`), the new one renamed in, and the old removed.
///
/// Only a folder brewstats wrote is ever replaced (``OwnedFolder/checkReplaceable(_:protecting:)``, checked
/// when the staging folder is made and again just before the commit): every staged folder carries the marker
/// file ``OwnedFolder/markerName``, so the next run recognises it.
///
/// A reader therefore sees the previous complete folder, or (for the instant between the two renames)
/// none, or the new complete one — never a half-written folder or a mix of two runs.
/// A process killed mid-write leaves only a hidden `.<name>.staging-<pid>-…` folder beside the target;
/// the next ``StagedDirectory`` for the same target removes such folders whose process is gone.
public final class StagedDirectory: @unchecked Sendable {
    /// Where the folder will appear.
    public let target: URL
    /// Where files are written until ``commit()``.
    public let staging: URL
    private var done = false

    /// The paths the target must never contain (the input journals).
    public let protecting: [URL]

    /// Creates the staging folder (and the target's parent folder), with the marker file of `kind` in it.
    ///
    /// - Parameters:
    ///   - kind: What the folder holds (written into its marker).
    ///   - protecting: Paths (input journals) that a replaced target must not be or contain.
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` when the target exists and is not a folder
    ///   brewstats wrote; ``ReportError/output(path:reason:)`` when the parent cannot be created or written.
    public init(target: URL, kind: OwnedFolder.Kind, protecting: [URL] = []) throws(ReportError) {
        self.target = target.standardizedFileURL
        self.protecting = protecting
        try OwnedFolder.checkReplaceable(self.target, protecting: protecting)
        let parent = self.target.deletingLastPathComponent()
        let name = self.target.lastPathComponent
        self.staging = parent.appendingPathComponent(".\(name).staging-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: false)
        // POSIX calls, not FileManager: its errors lose the system's reason (ENOSPC reads "There isn't enough
        // space", EIO only "NSCocoaErrorDomain error 512").
        if let code = StagedDirectory.makeFolders(parent.path) {
            throw .output(path: self.target.path, reason: String(cString: strerror(code)))
        }
        StagedDirectory.sweepStale(in: parent, name: name)
        guard mkdir(staging.path, 0o777) == 0 else {
            throw .output(path: self.target.path, reason: String(cString: strerror(errno)))
        }
        StagedDirectory.registry.add(staging.path)
        StagedOutput.register(staging)
        do {
            try AtomicFile.write(OwnedFolder.marker(kind), to: file(OwnedFolder.markerName))
        } catch {
            discard()
            throw error
        }
    }

    /// The file `name` (a path relative to the staging folder) in the staging folder.
    ///
    /// Built as a file's URL outright: `appendingPathComponent(_:)` without a directory hint asks the file system
    /// whether the path is a folder, one `stat` per file of a report.
    public func file(_ name: String) -> URL {
        staging.appendingPathComponent(name, isDirectory: false)
    }

    deinit {
        if !done { discard() }
    }

    /// Moves the staged folder into place.
    ///
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` when something brewstats did not write appeared at
    ///   the target meanwhile, ``ReportError/output(path:reason:)`` when the rename fails (the staging folder is
    ///   removed either way).
    public func commit() throws(ReportError) {
        precondition(!done, "StagedDirectory committed or discarded twice")
        do {
            try OwnedFolder.checkReplaceable(target, protecting: protecting)
        } catch {
            discard()
            throw error
        }
        // Files in the staging folder were written in place, unflushed (``StagedOutput``): flush each file's data,
        // then the folders' entries, so that the folder put in place below is complete after a crash as well. One
        // pass after all the drawing, rather than a temporary file, a flush and a rename per file.
        if let failure = StagedOutput.flushContents(of: staging) {
            discard()
            throw .output(path: target.path, reason: String(cString: strerror(failure.code)))
        }
        done = true
        StagedDirectory.registry.remove(staging.path)
        StagedOutput.unregister(staging)
        let fm = FileManager.default
        defer { _ = StagedDirectory.flush(target.deletingLastPathComponent().path) }  // the renames (best effort)
        if fm.fileExists(atPath: target.path) {
            let old = target.deletingLastPathComponent()
                .appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())-\(UUID().uuidString.prefix(8))")
            guard rename(target.path, old.path) == 0 else {
                let code = errno
                try? fm.removeItem(at: staging)
                throw .output(path: target.path, reason: String(cString: strerror(code)))
            }
            guard rename(staging.path, target.path) == 0 else {
                let code = errno
                _ = rename(old.path, target.path)  // put the previous report back
                try? fm.removeItem(at: staging)
                throw .output(path: target.path, reason: String(cString: strerror(code)))
            }
            try? fm.removeItem(at: old)
            return
        }
        if rename(staging.path, target.path) != 0 {
            let code = errno
            try? fm.removeItem(at: staging)
            throw .output(path: target.path, reason: String(cString: strerror(code)))
        }
    }

    /// Removes the staging folder without touching the target.
    public func discard() {
        done = true
        StagedDirectory.registry.remove(staging.path)
        StagedOutput.unregister(staging)
        try? FileManager.default.removeItem(at: staging)
    }

    /// Creates `path` and any missing parent folders (`mkdir -p`); returns the `errno` of the first failure.
    static func makeFolders(_ path: String) -> Int32? {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let code = makeFolders(parent) { return code }
        if mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
        return errno
    }

    /// `fsync` of a folder (its entries: files created, renamed or removed in it); returns the `errno` of a failure.
    static func flush(_ folder: String) -> Int32? {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }

    /// Removes `.<name>.staging-<pid>-*` and `.<name>.old-<pid>-*` folders in `parent` whose process no longer runs.
    ///
    /// A folder carrying this process's own id that this process does not have open was left by an earlier
    /// process with the same id: in a container every run of brewstats can be PID 1 (a killed pod and its
    /// retry on the same volume).
    static func sweepStale(in parent: URL, name: String) {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for item in items {
            guard let prefix = [".\(name).staging-", ".\(name).old-"].first(where: { item.hasPrefix($0) }) else { continue }
            let pidText = item.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText) else { continue }
            let path = parent.appendingPathComponent(item).path
            let gone = pid == getpid() ? !registry.contains(path) : (kill(pid, 0) != 0 && errno == ESRCH)
            if gone {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(item))
            }
        }
    }

    /// The most specific description of a Foundation error: the underlying POSIX error when there is one
    /// (Foundation's own text is often only "The operation could not be completed").
    static func reason(_ error: any Error) -> String {
        var e = error as NSError
        while let underlying = e.userInfo[NSUnderlyingErrorKey] as? NSError { e = underlying }
        if e.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(e.code))) }
        return e.localizedFailureReason ?? e.localizedDescription
    }

    /// Staging folders of this process, removed by ``removeAllStaging()`` when the CLI is interrupted.
    static let registry = StagingRegistry()

    /// Whether ``removeAllStaging()`` has run: the process is being interrupted, so a write that fails now
    /// failed because its folder was removed, and the caller should leave the exit to the signal handler.
    public static var isInterrupted: Bool { interruptedFlag.load(ordering: .sequentiallyConsistent) }
    private static let interruptedFlag = Atomic<Bool>(false)

    /// Removes every staging folder this process has open (called from SIGINT/SIGTERM handlers).
    ///
    /// Each folder is first renamed aside, so writes still under way on other threads fail (their folder
    /// is gone) instead of recreating it; a file that was being written into the renamed folder at that
    /// moment can still land there, so removal is retried briefly until the folder is gone. Whatever is left
    /// keeps a `.staging-<pid>-` name and is swept by the next run for the same output.
    public static func removeAllStaging() {
        interruptedFlag.store(true, ordering: .sequentiallyConsistent)
        let fm = FileManager.default
        for path in registry.all() {
            let aside = path + ".removing"
            let target = rename(path, aside) == 0 ? aside : path
            for _ in 0..<50 {
                try? fm.removeItem(atPath: target)
                if !fm.fileExists(atPath: target) { break }
                usleep(20_000)
            }
        }
    }
}

/// The staging folders currently open in this process.
final class StagingRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    func add(_ p: String) { lock.lock(); paths.insert(p); lock.unlock() }
    func remove(_ p: String) { lock.lock(); paths.remove(p); lock.unlock() }
    func contains(_ p: String) -> Bool { lock.lock(); defer { lock.unlock() }; return paths.contains(p) }
    func all() -> [String] { lock.lock(); defer { lock.unlock() }; return Array(paths) }
}
