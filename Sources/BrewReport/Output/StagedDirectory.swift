import BrewCharts
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An output folder that appears atomically: everything is written into a hidden staging folder beside
/// the target, and ``commit()`` puts it in place with one `rename`, after one `fsync` of every file in it (files
/// are written into the staging folder in place, unflushed: ``StagedOutput``). When the target already exists, the
/// two folders are swapped in one step (`renameat2(…, RENAME_EXCHANGE)` on Linux), and the old one, now under the
/// staging folder's name, is removed. Where the file system cannot swap two folders (`EINVAL`, `ENOSYS`), the old
/// folder is first renamed aside (to a hidden `.<name>.old-<pid>-…`), the new one renamed in, and the old removed.
///
/// Only a folder brewstats wrote is ever replaced (``OwnedFolder/checkReplaceable(_:protecting:)``, checked
/// when the staging folder is made and again just before the commit): every staged folder carries the marker
/// file ``OwnedFolder/markerName``, so the next run recognises it.
///
/// A reader therefore sees the previous complete folder or the new complete one — never a half-written folder or
/// a mix of two runs (on the fallback path, for the instant between its two renames, no folder).
/// A process killed mid-write leaves only a hidden `.<name>.staging-<pid>-…` folder beside the target;
/// the next ``StagedDirectory`` for the same target removes such folders whose process is gone. A process killed
/// between the fallback's two renames leaves the previous report as `.<name>.old-<pid>-…` and no target: the next
/// run puts it back as the target before anything else (``sweepStale(in:name:)``), so it is never lost.
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
        let parent = self.target.deletingLastPathComponent()
        let name = self.target.lastPathComponent
        // First, so that a previous report a killed run left aside is back in place (and checked) before anything.
        StagedDirectory.sweepStale(in: parent, name: name)
        try OwnedFolder.checkReplaceable(self.target, protecting: protecting)
        self.staging = parent.appendingPathComponent(".\(name).staging-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: false)
        // POSIX calls, not FileManager: its errors lose the system's reason (ENOSPC reads "There isn't enough
        // space", EIO only "NSCocoaErrorDomain error 512").
        if let code = StagedDirectory.makeFolders(parent.path) {
            throw .output(path: self.target.path, reason: String(cString: strerror(code)))
        }
        // Made and registered in one step as far as an interruption is concerned (``StagingRegistry/make(_:_:)``): a
        // SIGINT/SIGTERM handler that ran between the two would not know of the folder and leave it behind, empty.
        let staging = self.staging
        if let code = StagedDirectory.registry.make(staging.path, target: self.target.path,
                                                    { mkdir(staging.path, 0o777) == 0 ? nil : errno }) {
            throw .output(path: self.target.path, reason: String(cString: strerror(code)))
        }
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
        StagedOutput.unregister(staging)
        defer { _ = StagedDirectory.flush(target.deletingLastPathComponent().path) }  // the renames (best effort)
        // The renames run under the registry's lock: an interruption (SIGINT/SIGTERM) waits until the target holds one
        // whole folder, then removes whatever is still registered (the staging folder, or the old folder aside).
        let old = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())-\(UUID().uuidString.prefix(8))")
        let (staging, target) = (self.staging, self.target)
        var leftover: String?
        let failure: Int32? = StagedDirectory.registry.locked { paths in
            guard paths.contains(staging.path) else { return ECANCELED }  // removed by an interruption
            var info = stat()
            guard lstat(target.path, &info) == 0 else {
                if rename(staging.path, target.path) != 0 { return errno }
                paths.remove(staging.path)
                return nil
            }
            // Swap the two folders in one step: the old one is then under the staging folder's name, still registered.
            switch StagedDirectory.exchange(staging.path, target.path) {
            case 0:
                leftover = staging.path
                return nil
            case let code where !StagedDirectory.cannotExchange(code):
                return code
            default:
                break
            }
            // No swap on this file system: the old folder aside, then the new one in (a kill between the two leaves
            // the old one as `.old-…`, which the next run puts back).
            if rename(target.path, old.path) != 0 { return errno }
            paths.insert(old.path)
            if rename(staging.path, target.path) != 0 {
                let code = errno
                if rename(old.path, target.path) == 0 { paths.remove(old.path) }  // put the previous report back
                return code
            }
            paths.remove(staging.path)
            leftover = old.path
            return nil
        }
        if let failure {
            StagedDirectory.registry.remove(staging.path)
            try? FileManager.default.removeItem(at: staging)
            throw .output(path: target.path, reason: String(cString: strerror(failure)))
        }
        if let leftover {
            try? FileManager.default.removeItem(atPath: leftover)
            StagedDirectory.registry.remove(leftover)
        }
        StagedDirectory.registry.remove(staging.path)
    }

    /// `path` as the user named it: a path in a staging folder of this process is given as under its target
    /// (`…/.out.staging-123-ab12cd34/rest-rating.svg` → `…/out/rest-rating.svg`), any other path as it is.
    public static func shownPath(_ path: String) -> String { registry.shown(path) }

    /// Swaps the entries `a` and `b` in one step; returns 0 or the `errno` of the failure (`ENOSYS` where there is no
    /// such call).
    ///
    /// `renameat2` is looked up in the C library at run time (`dlsym`): Swift's Glibc module does not declare it, and the
    /// lookup goes through the dynamic linker as a direct call would (the fault-injection shim sees it).
    static func exchange(_ a: String, _ b: String) -> Int32 {
        #if os(Linux)
        guard let call = renameat2 else { return ENOSYS }
        return call(AT_FDCWD, a, AT_FDCWD, b, 1 << 1 /* RENAME_EXCHANGE */) == 0 ? 0 : errno
        #else
        return ENOSYS
        #endif
    }

    /// Whether `code`, from ``exchange(_:_:)``, means the file system (or kernel) cannot swap, so the two renames must
    /// do: `EINVAL` (a file system without `RENAME_EXCHANGE`), `ENOSYS`, `ENOTSUP`.
    static func cannotExchange(_ code: Int32) -> Bool { code == EINVAL || code == ENOSYS || code == ENOTSUP }

    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    /// The C library's `renameat2` (glibc ≥ 2.28), or `nil`.
    nonisolated(unsafe) private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

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

    /// Removes `.<name>.staging-<pid>-*` and `.<name>.old-<pid>-*` folders in `parent` whose process no longer runs,
    /// except that when `<name>` itself is missing, a dead process's `.old-` folder that carries the marker
    /// (``OwnedFolder/markerName``) is put back as `<name>`: it is the previous report, moved aside by a run that was
    /// killed before it could move its new one in.
    ///
    /// A folder carrying this process's own id that this process does not have open was left by an earlier
    /// process with the same id: in a container every run of brewstats can be PID 1 (a killed pod and its
    /// retry on the same volume).
    static func sweepStale(in parent: URL, name: String) {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        let target = parent.appendingPathComponent(name).path
        for item in items.sorted() {
            guard let prefix = [".\(name).staging-", ".\(name).old-"].first(where: { item.hasPrefix($0) }) else { continue }
            let pidText = item.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText) else { continue }
            let path = parent.appendingPathComponent(item).path
            let gone = pid == getpid() ? !registry.contains(path) : (kill(pid, 0) != 0 && errno == ESRCH)
            guard gone else { continue }
            var info = stat()
            if prefix.hasSuffix(".old-"), lstat(target, &info) != 0, errno == ENOENT,
               lstat(path + "/" + OwnedFolder.markerName, &info) == 0, rename(path, target) == 0 {
                _ = flush(parent.path)
                continue
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Removes the `.staging-`/`.old-` folders of processes that are gone beside `target` (and puts a previous report
    /// back, ``sweepStale(in:name:)``), without staging anything: for a run that leaves `target` as it is (a journal
    /// `batch --resume` skips as unchanged).
    public static func sweep(beside target: URL) {
        let target = target.standardizedFileURL
        sweepStale(in: target.deletingLastPathComponent(), name: target.lastPathComponent)
    }

    /// The most specific description of a Foundation error: the underlying POSIX error when there is one
    /// (Foundation's own text is often only "The operation could not be completed").
    static func reason(_ error: any Error) -> String {
        var e = error as NSError
        while let underlying = e.userInfo[NSUnderlyingErrorKey] as? NSError { e = underlying }
        if e.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(e.code))) }
        // Foundation's own words for these ("The volume is read only.") name the system's errors: say the system's.
        if e.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: e.code) {
            case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
            case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
            case .fileWriteNoPermission: return String(cString: strerror(EACCES))
            default: break
            }
        }
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
        for path in registry.close() {
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

/// The staging folders currently open in this process (and an old folder being removed after a commit).
///
/// Making a folder and registering it (``make(_:_:)``), and a commit's renames (``locked(_:)``), run under the lock
/// that ``close()`` takes when the process is interrupted: the handler sees every folder that exists, and none is
/// made after it ran.
final class StagingRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var closed = false
    /// Each staging folder's target, for ``shown(_:)`` (kept after an interruption, for the messages).
    private var targets: [String: String] = [:]

    /// Runs `make` (which creates the folder `p` and returns `nil`, or an `errno`) and registers `p`, staging `target`,
    /// in one step; `ECANCELED` without running it once the process is being interrupted.
    func make(_ p: String, target: String, _ make: () -> Int32?) -> Int32? {
        lock.lock(); defer { lock.unlock() }
        if closed { return ECANCELED }
        if let code = make() { return code }
        paths.insert(p)
        targets[p] = target
        return nil
    }

    /// `path` with a registered staging folder's path in front replaced by its target's.
    func shown(_ path: String) -> String {
        lock.lock(); defer { lock.unlock() }
        for (staging, target) in targets where path.hasPrefix(staging) {
            let rest = path.dropFirst(staging.count)
            if rest.isEmpty || rest.first == "/" { return target + rest }
        }
        return path
    }

    /// Runs `body` with the registered paths, under the lock (not after ``close()``: `body` then sees none).
    func locked<T>(_ body: (inout Set<String>) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        var none: Set<String> = []
        if closed { return body(&none) }
        return body(&paths)
    }

    func remove(_ p: String) { lock.lock(); paths.remove(p); targets[p] = nil; lock.unlock() }
    func contains(_ p: String) -> Bool { lock.lock(); defer { lock.unlock() }; return paths.contains(p) }
    func all() -> [String] { lock.lock(); defer { lock.unlock() }; return Array(paths) }

    /// Returns every registered path and refuses new ones from now on (the process is being interrupted).
    func close() -> [String] {
        lock.lock(); defer { lock.unlock() }
        closed = true
        return Array(paths)
    }
}
