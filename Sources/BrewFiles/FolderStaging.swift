import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output folder that appears atomically: everything is written into a hidden staging folder beside the target
/// (``folder``, passed down to the writers as a value), and ``commit()`` puts it in place with one `rename`, after one
/// flush of every file in it (files are written into the staging folder in place, unflushed: ``AtomicFile``). When
/// the target already exists, the two folders are swapped in one step (`renameat2(…, RENAME_EXCHANGE)` on Linux), and
/// the old one, now under the staging folder's name, is removed. Where the file system cannot swap two folders
/// (`EINVAL`, `ENOSYS`, `ENOTSUP`), the old folder is first renamed aside (to a hidden `.<name>.old-<pid>-…`), the new
/// one renamed in, and the old removed.
///
/// A reader therefore sees the previous complete folder or the new complete one — never a half-written folder or a
/// mix of two runs (on the fallback path, for the instant between its two renames, no folder). A process killed
/// mid-write leaves only a hidden `.<name>.staging-<pid>-…` folder beside the target; the next staging of the same
/// target removes such folders whose process is gone (``sweep(beside:marker:)``). A process killed between the
/// fallback's two renames leaves the previous folder as `.<name>.old-<pid>-…` and no target: the next run puts it back
/// as the target before anything else, when it holds the owner's marker file, so it is never lost.
///
/// Whether the target may be replaced at all is the owner's to decide, before staging and again before the commit
/// (BrewReport's `StagedDirectory` checks that the folder is one brewstats wrote).
public final class FolderStaging: @unchecked Sendable {
    /// Where the folder will appear.
    public let target: URL
    /// Where files are written until ``commit()``.
    public let staging: URL
    /// The staging folder, for the writers: its files are written in place and appear with the folder.
    public let folder: StagedFolder
    private var done = false

    /// Sweeps a dead run's leftovers beside `target` (``sweep(beside:marker:)``), creates the target's parent
    /// folders when missing and the staging folder beside the target.
    ///
    /// - Parameter marker: The name of the file every folder of this owner holds: a dead run's `.old-` folder holding
    ///   it is a previous folder set aside, put back rather than removed.
    /// - Throws: ``FileError`` naming the target when the parent or the staging folder cannot be made.
    public init(target: URL, marker: String) throws(FileError) {
        self.target = target.standardizedFileURL
        let parent = self.target.deletingLastPathComponent()
        let name = self.target.lastPathComponent
        Self.sweepStale(in: parent, name: name, marker: marker)
        let staging = parent.appendingPathComponent(".\(name).staging-\(getpid())-\(UUID().uuidString.prefix(8))",
            isDirectory: false)
        self.staging = staging
        folder = StagedFolder(url: staging, shownPath: self.target.path)
        if let code = Self.makeFolders(parent.path) {
            throw FileError(.makingFolder, path: self.target.path, code: code)
        }
        // Made and registered in one step as far as an interruption is concerned (``StagingRegistry/make(_:_:)``): a
        // SIGINT/SIGTERM handler that ran between the two would not know of the folder and leave it behind, empty.
        if let code = Self.registry.make(staging.path, { mkdir(staging.path, 0o777) == 0 ? nil : errno }) {
            throw FileError(.makingFolder, path: self.target.path, code: code)
        }
    }

    deinit {
        if !done { discard() }
    }

    /// Flushes every file of the staging folder, then moves it into place (see the type's discussion).
    ///
    /// - Throws: ``FileError`` naming the target when the flush or a rename fails; the staging folder is removed and
    ///   a previous folder at the target is left as it was.
    public func commit() throws(FileError) {
        precondition(!done, "FolderStaging committed or discarded twice")
        // One pass after all the writing, rather than a temporary file, a flush and a rename per file: the folder put
        // in place below is complete after a crash as well.
        if let failure = FolderFlush.flushContents(of: staging.path) {
            discard()
            throw FileError(.flushing, path: target.path, code: failure.code)
        }
        done = true
        defer { _ = SystemFile.flushFolder(target.deletingLastPathComponent().path) }  // the renames (best effort)
        // The renames run under the registry's lock: an interruption (SIGINT/SIGTERM) waits until the target holds one
        // whole folder, then removes whatever is still registered (the staging folder, or the old folder aside).
        let old = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())-\(UUID().uuidString.prefix(8))")
        let (staging, target) = (self.staging, self.target)
        var leftover: String?
        let failure: Int32? = Self.registry.locked { paths in
            guard paths.contains(staging.path) else { return ECANCELED }  // removed by an interruption
            var info = stat()
            guard lstat(target.path, &info) == 0 else {
                if rename(staging.path, target.path) != 0 { return errno }
                paths.remove(staging.path)
                return nil
            }
            // Swap the two folders in one step: the old one is then under the staging folder's name, still registered.
            switch Self.exchange(staging.path, target.path) {
            case 0:
                leftover = staging.path
                return nil
            case let code where !Self.cannotExchange(code):
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
                if rename(old.path, target.path) == 0 { paths.remove(old.path) }  // put the previous folder back
                return code
            }
            paths.remove(staging.path)
            leftover = old.path
            return nil
        }
        if let failure {
            Self.registry.remove(staging.path)
            try? FileManager.default.removeItem(at: staging)
            throw FileError(.renaming, path: target.path, code: failure)
        }
        if let leftover {
            try? FileManager.default.removeItem(atPath: leftover)
            Self.registry.remove(leftover)
        }
        Self.registry.remove(staging.path)
    }

    /// Removes the staging folder without touching the target.
    public func discard() {
        done = true
        Self.registry.remove(staging.path)
        try? FileManager.default.removeItem(at: staging)
    }

    /// Swaps the entries `a` and `b` in one step; returns 0 or the `errno` of the failure (`ENOSYS` where there is no
    /// such call).
    ///
    /// `renameat2` is looked up in the C library at run time (`dlsym`): Swift's Glibc module does not declare it, and
    /// the lookup goes through the dynamic linker as a direct call would (the fault-injection shim sees it).
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
    private typealias RenameAt2 = @convention(c) (
        Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    /// The C library's `renameat2` (glibc ≥ 2.28), or `nil`.
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    /// Creates `path` and any missing parent folders (`mkdir -p`); returns the `errno` of the first failure.
    public static func makeFolders(_ path: String) -> Int32? {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let code = makeFolders(parent) { return code }
        if mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
        return errno
    }

    /// Removes the `.staging-`/`.old-` folders of processes that are gone beside `target` (and puts a previous folder
    /// back, ``sweepStale(in:name:marker:)``), without staging anything: for a run that must look at the target as the
    /// last whole run left it before staging (an owner's check), or that leaves it as it is (a journal
    /// `batch --resume` skips as unchanged).
    public static func sweep(beside target: URL, marker: String) {
        let target = target.standardizedFileURL
        sweepStale(in: target.deletingLastPathComponent(), name: target.lastPathComponent, marker: marker)
    }

    /// Removes `.<name>.staging-<pid>-*` and `.<name>.old-<pid>-*` folders in `parent` whose process no longer runs
    /// (and an earlier version's `.<name>.build-<pid>`, a generated store's build folder), and the temporary files of
    /// writes of `<name>` by such processes (``AtomicFile/sweepTemporaries(of:)``),
    /// except that when `<name>` itself is missing, a dead process's `.old-` folder that holds `marker` is put back as
    /// `<name>`: it is the previous folder, moved aside by a run that was killed before it could move its new one in.
    ///
    /// A folder carrying this process's own id that this process does not have open was left by an earlier
    /// process with the same id: in a container every run of brewstats can be PID 1 (a killed pod and its
    /// retry on the same volume).
    static func sweepStale(in parent: URL, name: String, marker: String) {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        let target = parent.appendingPathComponent(name).path
        for item in items.sorted() {
            if let pid = AtomicFile.temporaryOwner(item, name: name) {
                // A file's temporary file, of a write of the same name (``AtomicFile``, ``StreamedFile``).
                let path = parent.appendingPathComponent(item).path
                let gone = pid == getpid() ? !registry.contains(path)
                    : (kill(pid, 0) != 0 && errno == ESRCH)
                if gone { unlink(path) }
                continue
            }
            guard let prefix = [
                ".\(name).staging-", ".\(name).old-",
                ".\(name).build-"].first(where: { item.hasPrefix($0) }) else { continue }
            let pidText = item.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText) else { continue }
            let path = parent.appendingPathComponent(item).path
            let gone = pid == getpid() ? !registry.contains(path) : (kill(pid, 0) != 0 && errno == ESRCH)
            guard gone else { continue }
            var info = stat()
            if prefix.hasSuffix(".old-"), lstat(target, &info) != 0, errno == ENOENT,
               lstat(path + "/" + marker, &info) == 0, rename(path, target) == 0 {
                _ = SystemFile.flushFolder(parent.path)
                continue
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
