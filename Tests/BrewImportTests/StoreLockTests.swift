import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// A store another program is writing: the import waits a bounded time for the writer's lock, then reads; a lock
/// held past the wait is one clear error naming the file and the wait.
@Suite(.cleansScratch, .serialized) struct StoreLockTests {
    /// A copy of the sample store (rollback-journal mode, no sidecar: the store is read in place, under SQLite's locks).
    func store() throws -> URL {
        let url = try scratchFolder("lock").appendingPathComponent("journal.sqlite")
        try FileManager.default.copyItem(at: Repo.sample("journal.sqlite"), to: url)
        return url
    }

    /// Holds an exclusive lock on `url` from a second connection (as a writer committing does) until `release`
    /// is signalled or `seconds` pass, whichever comes first. Returns once the lock is held.
    func holdLock(_ url: URL, release: DispatchSemaphore, seconds: Double) throws -> DispatchSemaphore {
        let writer = try DatabaseQueue(path: url.path)
        let held = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let queue = writer
        Thread.detachNewThread {
            try? queue.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                held.signal()
                _ = release.wait(timeout: .now() + seconds)
                try db.execute(sql: "COMMIT")
            }
            done.signal()
        }
        held.wait()
        return done
    }

    /// The lock is released about a second after the import starts: the import waits for it and reads the store.
    @Test func aWriterThatFinishesIsWaitedFor() throws {
        let url = try store()
        let done = try holdLock(url, release: DispatchSemaphore(value: 0), seconds: 1)
        let result = try importJournal(at: url, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        #expect(result.report.brews.read == 360 && result.report.brews.kept == 360)
        done.wait()
    }

    /// The lock is held until the import has given up (the import's wait, 0.3 s, is the only bound): one error naming
    /// the file, the lock and the wait.
    @Test func aLockHeldPastTheWaitIsAClearError() throws {
        let url = try store()
        let release = DispatchSemaphore(value: 0)
        let done = try holdLock(url, release: release, seconds: 60)
        var options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
        options.storeWait = 0.3
        let error = importError(url, options)
        release.signal()
        done.wait()
        let e = try #require(error)
        #expect(e.kind == .unreadable)
        #expect(e.file == url.path)
        #expect(e.message.hasPrefix("the store is locked by another program (the app may be writing it): waited 0.3 s"), "\(e)")
        // Released, the same store reads.
        #expect(try importJournal(at: url, options: options).report.brews.kept == 360)
    }

    @Test func theDefaultWaitIsFiveSeconds() {
        #expect(ImportOptions().storeWait == 5)
    }
}
