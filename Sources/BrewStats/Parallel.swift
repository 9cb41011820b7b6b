import Dispatch
import Foundation

/// Results written by index from concurrent workers.
///
/// SAFETY: each index is written by exactly one worker of `concurrentPerform`, and the buffer is read only
/// after `concurrentPerform` returns, so no two threads touch the same slot concurrently.
final class ParallelSlots<T>: @unchecked Sendable {
    var slots: [T?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
}

/// `(0..<count).map(body)`, run across the machine's cores when the work is large enough to pay for it.
///
/// `work` estimates the total cost (e.g. rows touched); below ~50 000 the map runs serially, because
/// dispatching threads costs more than it saves. Order of results is the order of indices either way.
public func parallelMap<T>(_ count: Int, work: Int, _ body: @Sendable (Int) -> T) -> [T] {
    if count <= 1 || work < 50_000 {
        return (0..<count).map(body)
    }
    let out = ParallelSlots<T>(count: count)
    out.slots.withUnsafeMutableBufferPointer { buffer in
        // SAFETY: see ParallelSlots — disjoint indices, buffer outlives concurrentPerform.
        nonisolated(unsafe) let slots = buffer
        DispatchQueue.concurrentPerform(iterations: count) { i in
            slots[i] = body(i)
        }
    }
    return out.slots.map { $0! }
}

/// ``parallelMap(_:work:_:)`` whose indices start in falling `cost` (ties in index order), the results still in
/// index order.
///
/// The cores take indices in the order they start, so with jobs of uneven size the largest would otherwise start
/// whenever its index comes up, and if that is last, the other cores wait for it with nothing left to do. Largest
/// first ("longest processing time first") leaves the small jobs to fill in around it. Serially the order only
/// changes when each job runs, not what it returns.
public func parallelMap<T>(
    _ count: Int, work: Int, largestFirst cost: (Int) -> Int, _ body: @Sendable (Int) -> T
) -> [T] {
    let costs = (0..<count).map(cost)
    let order = (0..<count).sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
    let started = parallelMap(count, work: work) { k in body(order[k]) }
    var results = [T?](repeating: nil, count: count)
    for (k, index) in order.enumerated() { results[index] = started[k] }
    return results.map { $0! }
}

/// Runs `body` over `0..<count` split into contiguous chunks, across the machine's cores when `count` is
/// large (≥ 65 536), serially otherwise; returns the chunks' results in chunk order.
///
/// Chunk boundaries are multiples of 64, so a chunk owns whole words of a validity bitmap: chunks may write
/// their rows' bits without touching another chunk's words.
func parallelChunks<T>(_ count: Int, _ body: @Sendable (Range<Int>) -> T) -> [T] {
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let chunks = count < 65_536 ? 1 : min(4 * cores, (count + 16_383) / 16_384)
    let size = ((count + chunks - 1) / chunks + 63) & ~63
    let ranges = (0..<chunks).map { k in min(count, k * size)..<min(count, (k + 1) * size) }
    return parallelMap(ranges.count, work: count) { body(ranges[$0]) }
}
