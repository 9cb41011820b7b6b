import Dispatch
import Foundation

/// How a large CSV file is split to be read on several cores (``CSVChunkedImport``).
struct CSVChunking: Sendable {
    /// The threads that read chunks; 1 reads the file in one pass. `nil` in ``fixedWorkers``: one per core this
    /// process may run on, looked up only when a file is large enough to split (the lookup reads `/proc`).
    var workers: Int { fixedWorkers ?? CPUAffinity.count }
    private var fixedWorkers: Int?
    /// Files whose records span fewer bytes are read in one pass: splitting costs more than it saves.
    var minimumBytes: Int
    /// The length a chunk aims at (it ends at the first record boundary past it); `nil`: the records' bytes
    /// divided by ``workers``, one chunk per thread.
    var chunkBytes: Int?

    init(workers: Int?, minimumBytes: Int, chunkBytes: Int?) {
        fixedWorkers = workers; self.minimumBytes = minimumBytes; self.chunkBytes = chunkBytes
    }

    /// One chunk per core this process may run on (``CPUAffinity/count``), for files of 4 MiB and more.
    static let automatic = CSVChunking(workers: nil, minimumBytes: 4 << 20, chunkBytes: nil)

    /// Always one pass.
    static let onePass = CSVChunking(workers: 1, minimumBytes: .max, chunkBytes: nil)
}

/// The number of processors this process may run on, at least 1: on Linux the affinity mask (`taskset` narrows
/// it; Foundation's `activeProcessorCount` does not follow it), read from `/proc/self/status`, at most Foundation's
/// count (which follows the control group's CPU quota).
enum CPUAffinity {
    static var count: Int {
        let active = max(1, ProcessInfo.processInfo.activeProcessorCount)
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) {
            // "Cpus_allowed:\tff,ffffffff": the mask in hex, 32-bit groups separated by commas.
            var n = 0
            for c in line.dropFirst("Cpus_allowed:".count) {
                if let digit = c.hexDigitValue { n += digit.nonzeroBitCount }
            }
            if n > 0 { return min(n, active) }
        }
        #endif
        return active
    }
}

/// Where a CSV file's records may be split: record boundaries found without reading the records, by quote parity.
///
/// Under RFC 4180 a line feed ends a record unless it is inside a quoted field, and it is inside one exactly when
/// an odd number of quotes precede it since the last record boundary (a field's opening and closing quotes, and each
/// doubled quote, come in pairs). The standard two passes find boundaries near chosen offsets: the first counts, in
/// parallel, the quotes and the line ends of each stretch between offsets; a prefix sum then gives the quote parity
/// and the physical line at each offset, and a short scan from each offset finds the first line feed with even
/// parity. A quote inside an unquoted field (`5" screen`, which the reader keeps as an ordinary character) breaks the
/// parity; the reader of the chunk before a boundary then ends somewhere else than the boundary, which
/// ``CSVChunkedImport`` checks, so a wrong boundary never changes a result.
struct CSVChunkPlan {
    /// The chunks' first bytes, increasing; chunk `k` spans `starts[k]..<starts[k + 1]` (the last one, to the end).
    var starts: [Int]
    /// The physical line (1-based) each chunk starts on.
    var lines: [Int]

    /// The boundaries of `bytes[start...]` (a record boundary on line `line`) near every `chunkBytes` bytes;
    /// a single chunk when none is found.
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, chunkBytes: Int) {
        starts = [start]
        lines = [line]
        let n = bytes.count
        guard let base = bytes.baseAddress, chunkBytes > 0, n - start > chunkBytes else { return }
        let offsets = Array(stride(from: start, to: n, by: chunkBytes))
        // Pass 1: quotes and line ends of each stretch, in parallel.
        let counts = SlotArray<(quotes: Int, lines: Int)>(count: offsets.count, initial: (0, 0))
        let whole = UnsafeBytes(bytes)
        DispatchQueue.concurrentPerform(iterations: offsets.count) { k in
            let end = k + 1 < offsets.count ? offsets[k + 1] : n
            counts[k] = Self.count(whole.bytes, from: offsets[k], to: end)
        }
        // Pass 2: from each offset, the first line feed outside quotes.
        var quotes = 0, lineAt = line
        for k in 1..<offsets.count {
            quotes += counts[k - 1].quotes
            lineAt += counts[k - 1].lines
            guard let (boundary, boundaryLine) = Self.boundary(base, from: offsets[k], to: n,
                                                               oddQuotes: quotes & 1 == 1,
                                                               line: lineAt) else { break }
            if boundary > starts.last!, boundary < n {
                starts.append(boundary)
                lines.append(boundaryLine)
            }
        }
    }

    /// The quotes and line ends (LF, and CR not followed by LF: the reader's count) in `bytes[from..<to]`, sixteen
    /// bytes at a time. A CR at `to - 1` is judged by the byte after it.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (quotes: Int, lines: Int) {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let n = bytes.count
        var quotes = 0, lf = 0, cr = 0, crlf = 0
        var i = from
        typealias Lanes = SIMD16<UInt8>
        let zero = Lanes(), one = Lanes(repeating: 1)
        let quote = Lanes(repeating: 0x22), newline = Lanes(repeating: 0x0A), carriage = Lanes(repeating: 0x0D)
        // Per-lane counts, each lane adding at most 1 a step: moved into the totals every 255 steps, before a lane
        // can wrap. The CRLF test reads the byte after each lane, so the loop stops 17 bytes short of the buffer's end.
        while i + 17 <= min(to + 1, n) {
            var q = zero, l = zero, c = zero, p = zero
            var steps = 0
            while steps < 255 && i + 17 <= min(to + 1, n) {
                // SAFETY: `i + 17 <= n`: both 16-byte loads (at `i` and `i + 1`) lie inside the buffer.
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: Lanes.self)
                let next = UnsafeRawPointer(base + i + 1).loadUnaligned(as: Lanes.self)
                q &+= zero.replacing(with: one, where: v .== quote)
                l &+= zero.replacing(with: one, where: v .== newline)
                let isCR = v .== carriage
                c &+= zero.replacing(with: one, where: isCR)
                p &+= zero.replacing(with: one, where: isCR .& (next .== newline))
                i += 16
                steps += 1
            }
            for k in 0..<16 {
                quotes += Int(q[k]); lf += Int(l[k]); cr += Int(c[k]); crlf += Int(p[k])
            }
        }
        while i < to {
            let b = base[i]
            if b == 0x22 { quotes += 1 } else if b == 0x0A { lf += 1 } else if b == 0x0D {
                cr += 1
                if i + 1 < n, base[i + 1] == 0x0A { crlf += 1 }
            }
            i += 1
        }
        return (quotes, lf + cr - crlf)
    }

    /// The offset just after the first line feed in `base[from..<to]` outside quotes, given whether an odd number of
    /// quotes precede `from` since a record boundary, and that line; `nil` when there is none.
    static func boundary(_ base: UnsafePointer<UInt8>, from: Int, to: Int, oddQuotes: Bool,
                         line: Int) -> (offset: Int, line: Int)? {
        var odd = oddQuotes, line = line, i = from
        while true {
            i = ByteScan.first(base, from: i, to: to, 0x22, 0x0A, 0x0D)
            guard i < to else { return nil }
            switch base[i] {
            case 0x22: odd.toggle()
            case 0x0A:
                line += 1
                if !odd { return (i + 1, line) }
            default:  // CR: a line end of its own unless an LF follows
                if i + 1 >= to || base[i + 1] != 0x0A { line += 1 }
            }
            i += 1
        }
    }
}

/// A fixed number of slots that concurrent workers each write one of.
final class SlotArray<Element>: @unchecked Sendable {
    // SAFETY of @unchecked Sendable: every slot is written by one worker of a `concurrentPerform` only, and read after
    // `concurrentPerform` returns, which orders the writes before the reads.
    private let slots: UnsafeMutableBufferPointer<Element>

    init(count: Int, initial: Element) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
    }

    deinit {
        _ = slots.baseAddress?.deinitialize(count: slots.count)
        slots.deallocate()
    }

    var count: Int { slots.count }

    subscript(k: Int) -> Element {
        get { slots[k] }
        set { slots[k] = newValue }
    }

    /// Calls `body` with slot `k` to change in place.
    func withSlot<R>(_ k: Int, _ body: (inout Element) -> R) -> R { body(&slots[k]) }
}

/// A read-only byte buffer handed to concurrent workers.
struct UnsafeBytes: @unchecked Sendable {
    // SAFETY of @unchecked Sendable: the bytes (a file's mapping) are only read, and outlive every worker.
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
}
