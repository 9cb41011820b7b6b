import Dispatch

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
func parallelMap<T>(_ count: Int, work: Int, _ body: @Sendable (Int) -> T) -> [T] {
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
