/// Pairwise (cascade) summation of a buffer of doubles.
///
/// The recursion of NumPy's `pairwise_sum`: fewer than 8 values are added left to right; up to 128 values
/// are added into 8 interleaved partial sums combined as `((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7))` plus the
/// remainder; longer buffers split in two at a multiple of 8 near the middle. The rounding error grows as
/// O(ε log n) instead of the O(ε n) of a left-to-right loop, and the result agrees with `numpy.sum` on the
/// same buffer bit for bit.
///
/// Edge cases: an empty buffer sums to 0; NaN or infinities propagate as in IEEE 754 addition.
public func pairwiseSum(_ values: UnsafeBufferPointer<Double>) -> Double {
    guard let base = values.baseAddress else { return 0 }
    return pairwiseSum(base, values.count)
}

/// Pairwise sum of an array; see ``pairwiseSum(_:)-(UnsafeBufferPointer<Double>)``.
public func pairwiseSum(_ values: [Double]) -> Double {
    values.withUnsafeBufferPointer { pairwiseSum($0) }
}

private func pairwiseSum(_ a: UnsafePointer<Double>, _ n: Int) -> Double {
    if n < 8 {
        var res = 0.0
        for i in 0..<n { res += a[i] }
        return res
    } else if n <= 128 {
        var r0 = a[0], r1 = a[1], r2 = a[2], r3 = a[3], r4 = a[4], r5 = a[5], r6 = a[6], r7 = a[7]
        var i = 8
        let end = n - n % 8
        while i < end {
            r0 += a[i]; r1 += a[i + 1]; r2 += a[i + 2]; r3 += a[i + 3]
            r4 += a[i + 4]; r5 += a[i + 5]; r6 += a[i + 6]; r7 += a[i + 7]
            i += 8
        }
        var res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        while i < n { res += a[i]; i += 1 }
        return res
    } else {
        var n2 = n / 2
        n2 -= n2 % 8
        return pairwiseSum(a, n2) + pairwiseSum(a + n2, n - n2)
    }
}

/// Streams values into a pairwise sum without buffering them all.
///
/// Values are summed in blocks of 128 with ``pairwiseSum(_:)-(UnsafeBufferPointer<Double>)``; block sums are
/// merged like a binary counter (two partial sums of equal weight are added), so the error stays
/// O(ε log n). The result may differ from summing the whole buffer at once in the last bits.
public struct PairwiseAccumulator: Sendable {
    private var block: [Double] = []
    private var partials: [(sum: Double, weight: Int)] = []
    /// The number of values added.
    public private(set) var count = 0

    public init() { block.reserveCapacity(128) }

    /// Adds `x`.
    public mutating func add(_ x: Double) {
        block.append(x)
        count += 1
        if block.count == 128 {
            var s = pairwiseSum(block)
            var w = 1
            block.removeAll(keepingCapacity: true)
            while let last = partials.last, last.weight == w {
                s = last.sum + s
                w += 1
                partials.removeLast()
            }
            partials.append((s, w))
        }
    }

    /// The sum of every value added (0 when none).
    public var sum: Double {
        var s = pairwiseSum(block)
        for p in partials.reversed() { s = p.sum + s }
        return s
    }
}
