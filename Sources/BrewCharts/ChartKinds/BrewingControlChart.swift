import Foundation
import BrewStats

/// Which brewing control chart to draw.
public enum BrewingControlKind: Sendable, Hashable {
    /// Filter coffee: water ÷ dose ratios; beverage mass ≈ water − `retention` × dose (docs/definitions.md).
    case filter(retention: Double = StatsOptions.defaultRetentionFactor)
    /// Espresso: yield ÷ dose ratios; beverage mass is the yield.
    case espresso

    /// The ideal box: EY 18–22 % with TDS 1.15–1.35 % (filter) or 8–12 % (espresso).
    public var idealExtraction: ClosedRange<Double> { 18...22 }
    /// The ideal strength range.
    public var idealStrength: ClosedRange<Double> {
        switch self {
        case .filter: 1.15...1.35
        case .espresso: 8...12
        }
    }
    /// The default ratio lines: 1:14 … 1:20 (filter), 1:1.5 … 1:3 (espresso).
    public var defaultRatios: [Double] {
        switch self {
        case .filter: [14, 15, 16, 17, 18, 19, 20]
        case .espresso: [1.5, 2, 2.5, 3]
        }
    }

    /// TDS (%) on the line of constant ratio `ratio` at extraction `ey` (%).
    ///
    /// BrewStats' ``DerivedColumns/strength(extractionYield:beverageMass:dose:)`` of a gram of dose brewed at
    /// `ratio`, its beverage mass ``DerivedColumns/beverageMass(yield:water:dose:isEspresso:retention:)``. Filter:
    /// water = R, beverage ≈ R − retention, TDS = EY ÷ (R − retention). Espresso: beverage = yield = R, TDS = EY ÷ R.
    /// Ratios at or below the retention give no line (`nil`).
    public func strength(extraction ey: Double, ratio: Double) -> Double? {
        let beverage: Double? = switch self {
        case .filter(let retention):
            DerivedColumns.beverageMass(yield: nil, water: ratio, dose: 1, isEspresso: false, retention: retention)
        case .espresso: DerivedColumns.beverageMass(yield: ratio, water: nil, dose: 1, isEspresso: true, retention: 0)
        }
        guard let beverage, beverage > 0 else { return nil }
        return DerivedColumns.strength(extractionYield: ey, beverageMass: beverage, dose: 1)
    }
}

extension BrewstatsCharts {
    /// Chart 6 — the brewing control chart: extraction yield (x) against strength (y) with the ideal box,
    /// labelled regions (under/over-extracted, weak/strong) and labelled lines of constant brew ratio.
    ///
    /// The axes show at least EY 14–26 % and TDS 0.95–1.75 % (filter) or 6–14 % (espresso), widened to include
    /// every brew. Ticks are anchored on the ideal box (``AnchoredTicks``), so its edges — EY 18 and 22 %, TDS
    /// 1.15 and 1.35 % (filter) or 8 and 12 % (espresso) — are always ticks, and each end of the strength axis is
    /// a tick or half a step from one (never a grid line hugging the axis).
    /// The eight region names sit in the plot's corners and edge midpoints in a quiet style, placed before any
    /// other label so they are never dropped, and nudged along the edges to keep clear of brews; the two side
    /// labels ("Under-extracted", "Over-extracted") also move off the ratio lines when a nudge is free of them.
    /// Points carrying a ``ExtractionPoint/group`` (the method) are drawn one mark per method, told apart by marker
    /// shape and, in the colour theme, by hue, and named in the legend (``markerGroups(_:names:)``).
    /// Brews outside 0–35 % EY should be excluded upstream. Large inputs are merged or binned by the point
    /// statistic, which adds a note; binned cells are drawn beneath the box and the ratio lines.
    ///
    /// - Parameters:
    ///   - points: One point per measured brew.
    ///   - kind: Filter (with the retention factor) or espresso.
    ///   - ratios: Ratio lines to draw (water or yield per gram of dose); `nil` for the defaults.
    ///   - emptyMessage: What the chart says when no brew has finite EY and TDS (default ``emptyMessage``).
    /// - Returns: The chart; empty when no brew has finite EY and TDS.
    public static func brewingControlChart(_ points: [ExtractionPoint], kind: BrewingControlKind = .filter(),
                                           ratios: [Double]? = nil,
                                           emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        var names: [String] = [], ids: [String: Int32] = [:]
        let groups = points.map { p -> Int32 in
            guard let g = p.group else { return -1 }
            if let id = ids[g] { return id }
            ids[g] = Int32(names.count)
            names.append(g)
            return Int32(names.count - 1)
        }
        return brewingControlChart(extraction: points.map(\.extraction), tds: points.map(\.tds), groups: groups,
                                   groupNames: names, kind: kind, ratios: ratios, emptyMessage: emptyMessage)
    }

    /// ``brewingControlChart(_:kind:ratios:emptyMessage:)`` from columns: brew `i` has extraction yield
    /// `extraction[i]`, TDS `tds[i]` and the group `groupNames[groups[i]]` (no group where `groups[i]` is negative
    /// or past `groupNames`). Codes naming equal strings are one group. The chart is the one the same brews as
    /// ``ExtractionPoint``s give; a million brews cost three flat arrays rather than a string each.
    ///
    /// - Precondition: `extraction`, `tds` and `groups` have the same length.
    public static func brewingControlChart(extraction: [Double], tds strength: [Double], groups: [Int32],
                                           groupNames: [String], kind: BrewingControlKind = .filter(),
                                           ratios: [Double]? = nil,
                                           emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        precondition(extraction.count == strength.count && extraction.count == groups.count,
            "one value of each per brew")
        let isEspresso = kind == .espresso
        let title = isEspresso ? "Brewing control chart — espresso" : "Brewing control chart — filter"
        // Brews with finite EY and TDS only; the columns are copied only when some brew is left out.
        var xs = extraction, ys = strength, codes = groups
        if !(xs.allSatisfy(\.isFinite) && ys.allSatisfy(\.isFinite)) {
            let kept = xs.indices.filter { xs[$0].isFinite && ys[$0].isFinite }
            xs = kept.map { extraction[$0] }; ys = kept.map { strength[$0] }; codes = kept.map { groups[$0] }
        }
        guard !xs.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let ey = kind.idealExtraction
        let tds = kind.idealStrength
        let baseX: ClosedRange<Double> = 14...26
        let baseY: ClosedRange<Double> = isEspresso ? 6...14 : 0.95...1.75
        let xPad = 0.5
        let yPad = isEspresso ? 0.5 : 0.05
        let xDomain = min(baseX.lowerBound, xs.min()! - xPad)...max(baseX.upperBound, xs.max()! + xPad)
        let yExtent = min(baseY.lowerBound, ys.min()! - yPad)...max(baseY.upperBound, ys.max()! + yPad)
        let xSteps = AnchoredTicks.referenceSteps(ey.upperBound - ey.lowerBound)
        let xStep = AnchoredTicks.step(lower: xDomain.lowerBound, upper: xDomain.upperBound, anchor: ey.lowerBound,
                                       steps: xSteps, maxCount: 13)
        let ySteps = AnchoredTicks.referenceSteps(tds.upperBound - tds.lowerBound)
        let yStep = AnchoredTicks.step(lower: yExtent.lowerBound, upper: yExtent.upperBound, anchor: tds.lowerBound,
                                       steps: ySteps, maxCount: 7)
        let yDomain = AnchoredTicks.snapped(lower: yExtent.lowerBound, upper: yExtent.upperBound,
            anchor: tds.lowerBound, step: yStep)
        var inside = 0
        for i in xs.indices where ey.contains(xs[i]) && tds.contains(ys[i]) { inside += 1 }
        let share = Int((Double(inside) / Double(xs.count) * 100).rounded())

        var marks = regionLabels(xDomain: xDomain, yDomain: yDomain, ideal: (ey, tds))
        marks.append(
            .band(
                BandMark(x: ey, y: tds, label: "Ideal",
                    legend: "Ideal EY \(number(ey.lowerBound))–\(number(ey.upperBound)) %, TDS " +
                        "\(number(tds.lowerBound, decimals: 2))–\(number(tds.upperBound, decimals: 2)) %")))
        // Lines of constant ratio, clipped to the plotted box.
        for ratio in ratios ?? kind.defaultRatios {
            guard let slope = kind.strength(extraction: 1, ratio: ratio), slope > 0 else { continue }
            let x0 = max(xDomain.lowerBound, yDomain.lowerBound / slope)
            let x1 = min(xDomain.upperBound, yDomain.upperBound / slope)
            guard x1 > x0 else { continue }
            marks.append(.line(LineMark(x: .numbers([x0, x1]), y: .numbers([x0 * slope, x1 * slope]),
                                        series: Theme.guideSeries, width: 0.9, endLabel: "1:\(number(ratio))")))
        }
        // Brews too many to draw apart are binned (``PointStatistic``). Grids of several methods drawn over each
        // other hide one another, and a cell's shade cannot say whose brews it counts, so binned brews are one
        // grid of every method, and the note gives each method's count instead of the legend.
        var groups = markerGroups(codes, names: groupNames)
        var methodsNote: String?
        if groups.count > 1, binsEveryPosition(xs, ys) {
            methodsNote = "Methods are not told apart in the grid: "
                + groups.map {
                    "\($0.label ?? "") \(TickFormatter.plain(Double($0.members?.count ?? xs.count), decimals: 0))"
                }
                    .joined(separator: ", ") + "."
            groups = [(nil, 0, nil)]
        }
        for group in groups {
            let gx = group.members.map { $0.map { xs[$0] } } ?? xs, gy = group.members.map { $0.map { ys[$0] } } ?? ys
            marks.append(.point(PointMark(x: .numbers(gx), y: .numbers(gy), series: group.series,
                                          label: group.label ?? (isEspresso ? "Shot" : "Brew"),
                                          radius: 3.2, noun: isEspresso ? "shots" : "brews")))
        }
        let ratioNote = isEspresso
            ? "Lines: constant brew ratio (yield ÷ dose); TDS = EY ÷ ratio."
            : {
                if case .filter(let retention) = kind {
                    return "Lines: constant brew ratio (water ÷ dose); TDS = EY ÷ (ratio − \(number(retention))), " +
                        "grounds retain \(number(retention)) g of water per g."
                }
                return ""
            }()
        return Chart(
            title: title,
            subtitle: "\(count(xs.count, isEspresso ? "shot" : "brew")) · " +
                "\(TickFormatter.plain(Double(inside), decimals: 0)) inside the ideal box (\(share) %)",
            x: AxisSpec(title: "Extraction yield (%)", domain: xDomain,
                        ticks: AnchoredTicks.ticks(lower: xDomain.lowerBound, upper: xDomain.upperBound,
                            anchor: ey.lowerBound, step: xStep)),
            y: AxisSpec(title: "Total dissolved solids (%)", domain: yDomain,
                        format: isEspresso ? .automatic : .decimals(2),
                        ticks: AnchoredTicks.ticks(lower: yDomain.lowerBound, upper: yDomain.upperBound,
                            anchor: tds.lowerBound, step: yStep)),
            marks: marks,
            notes: [ratioNote] + (methodsNote.map { [$0] } ?? []),
            height: 520)
    }

    /// Whether the points would be binned as one mark: more than ``PointMark/individualLimit`` of them at more than
    /// ``PointMark/distinctLimit`` distinct positions (``PointStatistic``; 0 and −0 are one position). Stops
    /// counting at the limit.
    static func binsEveryPosition(_ xs: [Double], _ ys: [Double]) -> Bool {
        guard xs.count > PointMark.individualLimit else { return false }
        var seen = Set<SIMD2<UInt64>>()
        for i in xs.indices {
            seen.insert(SIMD2((xs[i] == 0 ? 0 : xs[i]).bitPattern, (ys[i] == 0 ? 0 : ys[i]).bitPattern))
            if seen.count > PointMark.distinctLimit { return true }
        }
        return false
    }

    /// The control chart's points split by their group (the method), one point mark each, so marker shape (and,
    /// in the colour theme, hue) tells the methods apart and the legend names them.
    ///
    /// Point `i` is in the group named `names[codes[i]]`, or in none when the code is negative or past `names`;
    /// codes naming equal strings are one group. Groups are ordered by brews (most first; ties by name). With at
    /// most four groups each gets a series (0–3); with more, the three largest do and the rest share series 3 as
    /// "Other methods". Points without a group, or a single group, are one mark: then the label is `nil` (the caller
    /// names it "Brew" or "Shot") and `members` is `nil`, meaning every point. Members are point positions, ascending.
    static func markerGroups(_ codes: [Int32], names: [String]) -> [(members: [Int]?, series: Int, label: String?)] {
        // One id per distinct name; codes map to ids, so the work per point is two array reads.
        var unique: [String] = [], byName: [String: Int] = [:]
        let idOfCode = names.map { name -> Int in
            if let id = byName[name] { return id }
            byName[name] = unique.count
            unique.append(name)
            return unique.count - 1
        }
        var counts = [Int](repeating: 0, count: unique.count), ungrouped = 0
        let ids = codes.map { c -> Int32 in
            guard c >= 0, Int(c) < idOfCode.count else { ungrouped += 1; return -1 }
            let id = idOfCode[Int(c)]
            counts[id] += 1
            return Int32(id)
        }
        let used = unique.indices.filter { counts[$0] > 0 }
        guard used.count > 1 || (used.count == 1 && ungrouped > 0) else { return [(nil, 0, nil)] }
        let ordered = used.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : unique[$0] < unique[$1] }
        let named = ordered.count <= 4 ? ordered.count : 3
        // Slot of each id: its position among the named groups, or `named` for the rest (as are points without one).
        var slot = [Int](repeating: named, count: unique.count)
        for (k, id) in ordered.prefix(named).enumerated() { slot[id] = k }
        let restCount = codes.count - ordered.prefix(named).reduce(0) { $0 + counts[$1] }
        var members = (0...named).map { k -> [Int] in
            var m: [Int] = []
            m.reserveCapacity(k < named ? counts[ordered[k]] : restCount)
            return m
        }
        for (i, id) in ids.enumerated() { members[id < 0 ? named : slot[Int(id)]].append(i) }
        var out: [(members: [Int]?, series: Int, label: String?)] = []
        for k in 0..<named { out.append((members[k], k, unique[ordered[k]])) }
        if !members[named].isEmpty { out.append((members[named], min(named, 3), "Other methods")) }
        return out
    }

    /// The eight region names of the control chart as required text marks: the four corners (both
    /// qualities) and the edge midpoints level with the ideal box (one quality). Each may slide along its
    /// edges, away from brews and ratio lines.
    static func regionLabels(xDomain: ClosedRange<Double>, yDomain: ClosedRange<Double>,
                             ideal: (ey: ClosedRange<Double>, tds: ClosedRange<Double>)) -> [Mark] {
        let (left, right, bottom, top) = (
            xDomain.lowerBound, xDomain.upperBound, yDomain.lowerBound, yDomain.upperBound)
        let midY = (ideal.tds.lowerBound + ideal.tds.upperBound) / 2
        let midX = (ideal.ey.lowerBound + ideal.ey.upperBound) / 2
        // (x, y, text, alignment, horizontal direction into the plot, vertical direction into the plot)
        let regions: [(Double, Double, String, TextAlignment, Double, Double)] = [
            (left, top, "Strong · under-extracted", .leading, 1, 1),
            (right, top, "Strong · over-extracted", .trailing, -1, 1),
            (left, bottom, "Weak · under-extracted", .leading, 1, -1),
            (right, bottom, "Weak · over-extracted", .trailing, -1, -1),
            (midX, top, "Strong", .center, 0, 1),
            (midX, bottom, "Weak", .center, 0, -1),
            (left, midY, "Under-extracted", .leading, 1, 0),
            (right, midY, "Over-extracted", .trailing, -1, 0),
        ]
        return regions.map { x, y, text, alignment, dx, dy in
            // Inset from the plot edges: 8 pt sideways; below the top edge by a line, above the bottom by 7 pt.
            let offset = Point(x: 8 * dx, y: dy > 0 ? 15 : dy < 0 ? -7 : 3)
            let nudges: [Point]
            if dx != 0 && dy != 0 {
                // Corners slide inwards along either edge.
                nudges = [(0, 14), (36, 0), (0, 28), (72, 0), (36, 14), (108, 0), (0, 42)]
                    .map { Point(x: offset.x + $0.0 * dx, y: offset.y + $0.1 * dy) }
            } else if dy == 0 {
                nudges = [-14.0, 14, -28, 28, -42, 42].map { Point(x: offset.x, y: offset.y + $0) }
            } else {
                nudges = [
                    (-40.0, 0.0), (40, 0), (0, 14), (-80, 0), (80, 0)].map { Point(x: $0.0, y: offset.y + $0.1 * dy) }
            }
            // The side labels sit where ratio lines leave the plot: they move off the lines when they can.
            return .text(TextMark(x: .number(x), y: .number(y), text: text, alignment: alignment, offset: offset,
                                  role: .region, nudges: nudges, required: true, avoidsLines: dy == 0))
        }
    }
}
