import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FolderStaging {
    /// The staging folders this process has open, for the two questions only the process can answer.
    ///
    /// Process-wide on purpose, and the only such state of the staging: a SIGINT/SIGTERM handler has no value to be
    /// handed — it must find every staging folder of the process wherever it is being written
    /// (``removeAllStaging()``); and a sweep must tell a folder named with this process's id that a thread of this
    /// process is writing from one an earlier process with the same id left behind (``sweepStale(in:name:marker:)``).
    /// Writers never consult it: what a file is (staged or on its own) travels with its ``OutputFile``.
    static let registry = StagingRegistry()

    /// Whether ``removeAllStaging()`` has run: the process is being interrupted, so a write that fails now
    /// failed because its folder was removed, and the caller should leave the exit to the signal handler.
    public static var isInterrupted: Bool { interruptedFlag.load(ordering: .sequentiallyConsistent) }
    private static let interruptedFlag = Atomic<Bool>(false)

    /// Removes every staging folder and temporary output file this process has open (called from SIGINT/SIGTERM
    /// handlers).
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

/// The staging folders currently open in this process (and an old folder being removed after a commit), and the
/// temporary files of the output files it is writing (``AtomicFile``, ``StreamedFile``).
///
/// Making a folder and registering it (``make(_:_:)``), and a commit's renames (``locked(_:)``), run under the lock
/// that ``close()`` takes when the process is interrupted: the handler sees every folder that exists, and none is
/// made after it ran. (A lock, not `Mutex`: ThreadSanitizer sees the lock.)
final class StagingRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var closed = false

    /// Runs `make` (which creates the folder `p` and returns `nil`, or an `errno`) and registers `p` in one step;
    /// `ECANCELED` without running it once the process is being interrupted.
    func make(_ p: String, _ make: () -> Int32?) -> Int32? {
        lock.lock(); defer { lock.unlock() }
        if closed { return ECANCELED }
        if let code = make() { return code }
        paths.insert(p)
        return nil
    }

    /// Runs `body` with the registered paths, under the lock (not after ``close()``: `body` then sees none).
    func locked<T>(_ body: (inout Set<String>) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        var none: Set<String> = []
        if closed { return body(&none) }
        return body(&paths)
    }

    func remove(_ p: String) { lock.lock(); paths.remove(p); lock.unlock() }
    func contains(_ p: String) -> Bool { lock.lock(); defer { lock.unlock() }; return paths.contains(p) }

    /// Returns every registered path and refuses new ones from now on (the process is being interrupted).
    func close() -> [String] {
        lock.lock(); defer { lock.unlock() }
        closed = true
        return Array(paths)
    }
}
