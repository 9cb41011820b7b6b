import Foundation
import BrewHashing

/// The statistic stage for scatter points: what a ``PointMark`` actually draws.
///
/// - Up to ``PointMark/individualLimit`` finite points: each point, with the mark's deterministic jitter —
///   unless the mark is ``PointMark/sizedByCount``, which always merges identical positions as below.
/// - More, with at most ``PointMark/distinctLimit`` distinct (x, y): one mark per distinct position, its area
///   proportional to the count (grind settings and ratings are discrete, so this is exact, not a sample).
/// - More distinct positions: counts in a `columns × rows` grid over the data extent, drawn as shaded cells.
///
/// Non-finite coordinates are dropped. Output order is deterministic (sorted by x, then y). Jitter is mirrored
/// inwards at the bounds of the axes' valid ranges, so no jittered point leaves them.
struct PointStatistic: Sendable {
    enum Kind: Sendable, Equatable {
        case individual
        case aggregated
        /// Cell size in data units.
        case binned(cellWidth: Double, cellHeight: Double)
    }

    var kind: Kind
    var xs: [Double]
    var ys: [Double]
    var counts: [Int]
    /// Number of finite input points.
    var total: Int
    /// What the chart note should say, or `nil` when every point is drawn as is.
    var note: String?

    static let columns = 72
    static let rows = 44

    private struct Key: Hashable {
        let x: UInt64
        let y: UInt64
    }

    /// Resolves continuous coordinates (numbers, or seconds for dates) into marks.
    ///
    /// `weights[i]` (when given) is how many points `(rawX[i], rawY[i])` stands for
    /// (``PointMark/merged(x:y:counts:)``); the result is the one the points repeated that often would give, except
    /// that individual points come in the order of the weighted input.
    static func resolve(xs rawX: [Double], ys rawY: [Double], weights: [Int]? = nil, jitter: Jitter?, noun: String,
                        xValid: ClosedRange<Double>? = nil, yValid: ClosedRange<Double>? = nil,
                        sizedByCount: Bool = false) -> PointStatistic {
        let n = min(rawX.count, rawY.count, weights?.count ?? .max)
        var xs: [Double] = []
        var ys: [Double] = []
        var ws: [Int] = []
        xs.reserveCapacity(n)
        ys.reserveCapacity(n)
        for i in 0..<n where rawX[i].isFinite && rawY[i].isFinite && (weights?[i] ?? 1) > 0 {
            xs.append(rawX[i] == 0 ? 0 : rawX[i])
            ys.append(rawY[i] == 0 ? 0 : rawY[i])
            if let weights { ws.append(weights[i]) }
        }
        let total = weights == nil ? xs.count : ws.reduce(0, +)
        if total <= PointMark.individualLimit, weights != nil, !sizedByCount {
            // Few enough to draw one by one: expand the weights into repeated points.
            var ex: [Double] = [], ey: [Double] = []
            for (i, w) in ws.enumerated() {
                ex.append(contentsOf: repeatElement(xs[i], count: w))
                ey.append(contentsOf: repeatElement(ys[i], count: w))
            }
            return resolve(xs: ex, ys: ey, jitter: jitter, noun: noun, xValid: xValid, yValid: yValid)
        }
        if total <= PointMark.individualLimit, !sizedByCount {
            if let jitter {
                for i in 0..<total {
                    var random = SplitMix64(seed: jitter.seed &+ UInt64(i) &* SplitMix64.increment)
                    xs[i] = jittered(xs[i], by: (random.unitHalfOpen() - 0.5) * jitter.width, inside: xValid)
                    ys[i] = jittered(ys[i], by: (random.unitHalfOpen() - 0.5) * jitter.height, inside: yValid)
                }
            }
            return PointStatistic(kind: .individual, xs: xs, ys: ys, counts: Array(repeating: 1, count: total),
                                  total: total, note: nil)
        }
        var counts: [Key: Int] = [:]
        var overflow = false
        for i in 0..<xs.count {
            counts[Key(x: xs[i].bitPattern, y: ys[i].bitPattern), default: 0] += weights == nil ? 1 : ws[i]
            if counts.count > PointMark.distinctLimit { overflow = true; break }
        }
        if !overflow {
            let sorted = counts.map { (Double(bitPattern: $0.key.x), Double(bitPattern: $0.key.y), $0.value) }
                .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            return PointStatistic(
                kind: .aggregated, xs: sorted.map(\.0), ys: sorted.map(\.1), counts: sorted.map(\.2), total: total,
                note: sizedByCount
                    ? "Each marker is drawn at its logged values; its area is proportional to the \(noun) there " +
                        "(\(grouped(total)) at \(grouped(sorted.count)) positions)."
                    : "\(grouped(total)) \(noun) at \(grouped(sorted.count)) " +
                        "distinct positions: marker area shows the count.")
        }
        return binned(xs: xs, ys: ys, weights: weights == nil ? nil : ws, total: total, noun: noun)
    }

    private static func binned(
        xs: [Double], ys: [Double], weights: [Int]?, total: Int, noun: String
    ) -> PointStatistic {
        let (x0, x1) = ExtendedTicks.widened(xs.min()!, xs.max()!)
        let (y0, y1) = ExtendedTicks.widened(ys.min()!, ys.max()!)
        let cw = (x1 - x0) / Double(columns)
        let ch = (y1 - y0) / Double(rows)
        var grid = [Int](repeating: 0, count: columns * rows)
        for i in 0..<xs.count {
            // Clamped in Double, then converted: a range too wide for a double (−10³⁰⁸ to 10³⁰⁸) gives NaN or ∞ here.
            let cx = (xs[i] - x0) / cw, cy = (ys[i] - y0) / ch
            let c = cx >= 0 ? Int(min(cx, Double(columns - 1))) : 0
            let r = cy >= 0 ? Int(min(cy, Double(rows - 1))) : 0
            grid[r * columns + c] += weights?[i] ?? 1
        }
        var outX: [Double] = []
        var outY: [Double] = []
        var outCount: [Int] = []
        for c in 0..<columns {
            for r in 0..<rows where grid[r * columns + c] > 0 {
                outX.append(x0 + (Double(c) + 0.5) * cw)
                outY.append(y0 + (Double(r) + 0.5) * ch)
                outCount.append(grid[r * columns + c])
            }
        }
        return PointStatistic(
            kind: .binned(cellWidth: cw, cellHeight: ch), xs: outX, ys: outY, counts: outCount, total: total,
            note: "\(grouped(total)) \(noun) binned into a \(columns) × \(rows) grid: cell shade shows the count.")
    }

    /// `value + offset`, with the offset mirrored when it would cross a bound of `valid` (and the result clamped
    /// to it, for values already outside or offsets wider than the range).
    static func jittered(_ value: Double, by offset: Double, inside valid: ClosedRange<Double>?) -> Double {
        guard let valid else { return value + offset }
        var moved = value + offset
        if moved > valid.upperBound || moved < valid.lowerBound { moved = value - offset }
        return min(valid.upperBound, max(valid.lowerBound, moved))
    }

    /// An integer with thin-space thousands groups from 10 000 up ("1 000 000").
    static func grouped(_ value: Int) -> String { TickFormatter.plain(Double(value), decimals: 0) }
}
