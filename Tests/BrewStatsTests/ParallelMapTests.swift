import Foundation
import Synchronization
import Testing
@testable import BrewStats

/// `parallelMap(_:work:largestFirst:_:)` changes only the order jobs start in, never what comes back where.
@Suite struct ParallelMapTests {
    /// Results come back in index order, each index run exactly once, serially and across the cores.
    @Test(arguments: [0, 1_000_000]) func largestFirstKeepsIndexOrder(work: Int) {
        let costs = [3, 9, 1, 9, 0, 7, 2, 9, 5, 4, 8, 6]
        let runs = Atomic<Int>(0)
        let out = parallelMap(costs.count, work: work, largestFirst: { costs[$0] }) { k -> String in
            runs.add(1, ordering: .relaxed)
            return "job \(k)"
        }
        #expect(out == costs.indices.map { "job \($0)" })
        #expect(runs.load(ordering: .relaxed) == costs.count)
        #expect(parallelMap(0, work: work, largestFirst: { _ in 1 }) { $0 }.isEmpty)
    }

    /// Run serially, the jobs start in falling cost, ties in index order (written down by hand).
    @Test func serialStartOrderIsFallingCost() {
        let costs = [3, 9, 1, 9, 0, 7]
        let log = Mutex<[Int]>([])
        _ = parallelMap(costs.count, work: 0, largestFirst: { costs[$0] }) { k in log.withLock { $0.append(k) } }
        let started = log.withLock { $0 }
        #expect(started == [1, 3, 5, 0, 2, 4])
    }
}
