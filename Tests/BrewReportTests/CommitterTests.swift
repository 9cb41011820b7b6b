import BrewImport
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import BrewReport

/// The batch's committer runs the commits it is given in submission order, off the submitting threads, with at most
/// `pending` waiting, and `drain()` returns only when all have run.
@Suite struct CommitterTests {
    @Test func runsEverythingInOrderBeforeDrainReturns() {
        let committer = Committer(pending: 2)
        let order = Mutex<[Int]>([])
        for k in 0..<50 {
            committer.submit {
                usleep(k % 7 == 0 ? 2_000 : 0)
                order.withLock { $0.append(k) }
            }
        }
        committer.drain()
        #expect(order.withLock { $0 } == Array(0..<50))
    }

    @Test func boundsTheWorkWaiting() {
        let committer = Committer(pending: 3)
        let running = Mutex(0), queuedMost = Mutex(0)
        let submitted = Mutex(0)
        for _ in 0..<20 {
            committer.submit {
                // Submitted minus finished never exceeds the bound: a submitter blocks until a slot frees.
                let waiting = submitted.withLock { $0 } - running.withLock { $0 }
                queuedMost.withLock { $0 = max($0, waiting) }
                usleep(500)
                running.withLock { $0 += 1 }
            }
            submitted.withLock { $0 += 1 }
        }
        committer.drain()
        #expect(running.withLock { $0 } == 20)
        #expect(queuedMost.withLock { $0 } <= 3)
    }

    /// A batch commits every journal's folder before `combined/` and `batch.csv` are written: all are in place, each
    /// with its manifest, and no staging folder is left beside them.
    @Test func aBatchLeavesEveryFolderCommitted() throws {
        let parent = try Repo.scratch("batch-commit")
        let inputs = parent.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let journal = try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8)
        for k in 1...4 { try journal.write(to: inputs.appendingPathComponent("j\(k).csv"), atomically: true, encoding: .utf8) }
        var options = BatchOptions(inputs: [inputs.path], out: parent.appendingPathComponent("out"))
        options.jobs = 2
        options.report.stats.timeZone = berlin
        options.report.formats = [.svg]
        options.open.importOptions = ImportOptions(timeZone: berlin)
        let result = try BatchRunner.run(options)
        #expect(result.outcomes.map(\.status) == [.ok, .ok, .ok, .ok])
        let out = entries(parent.appendingPathComponent("out"))
        #expect(out == ["batch.csv", "combined", "j1", "j2", "j3", "j4"], "\(out)")
        for k in 1...4 {
            #expect(exists(parent.appendingPathComponent("out/j\(k)/manifest.json")))
            #expect(exists(parent.appendingPathComponent("out/j\(k)/index.html")))
        }
    }
}
