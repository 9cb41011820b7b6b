import Foundation

/// Which brewing control chart to draw.
public enum BrewingControlKind: Sendable, Hashable {
    /// Filter coffee: water ÷ dose ratios; beverage mass ≈ water − `retention` × dose.
    case filter(retention: Double = 2.0)
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
    /// TDS = EY × dose ÷ beverage mass. Filter: with water = R × dose and beverage ≈ (R − retention) × dose,
    /// TDS = EY ÷ (R − retention). Espresso: beverage = yield = R × dose, TDS = EY ÷ R. Ratios at or below the
    /// retention give no line (`nil`).
    public func strength(extraction ey: Double, ratio: Double) -> Double? {
        switch self {
        case .filter(let retention): ratio - retention > 0 ? ey / (ratio - retention) : nil
        case .espresso: ratio > 0 ? ey / ratio : nil
        }
    }
}

extension BrewstatsCharts {
    /// Chart 6 — the brewing control chart: extraction yield (x) against strength (y) with the ideal box,
    /// labelled regions (under/over-extracted, weak/strong) and labelled lines of constant brew ratio.
    ///
    /// The axes show EY 14–26 % and TDS 0.9–1.7 % (filter) or 6–14 % (espresso), widened to include every brew.
    /// Brews outside 0–35 % EY should be excluded upstream. Large inputs are merged or binned by the point
    /// statistic, which adds a note.
    ///
    /// - Parameters:
    ///   - points: One point per measured brew.
    ///   - kind: Filter (with the retention factor) or espresso.
    ///   - ratios: Ratio lines to draw (water or yield per gram of dose); `nil` for the defaults.
    /// - Returns: The chart; empty when no brew has finite EY and TDS.
    public static func brewingControlChart(_ points: [ExtractionPoint], kind: BrewingControlKind = .filter(),
                                           ratios: [Double]? = nil) -> Chart {
        let isEspresso = kind == .espresso
        let title = isEspresso ? "Brewing control chart — espresso" : "Brewing control chart — filter"
        let brews = points.filter { $0.extraction.isFinite && $0.tds.isFinite }
        guard !brews.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let ey = kind.idealExtraction
        let tds = kind.idealStrength
        let baseX: ClosedRange<Double> = 14...26
        let baseY: ClosedRange<Double> = isEspresso ? 6...14 : 0.9...1.7
        let xs = brews.map(\.extraction)
        let ys = brews.map(\.tds)
        let xPad = 0.5
        let yPad = isEspresso ? 0.5 : 0.05
        let xDomain = min(baseX.lowerBound, xs.min()! - xPad)...max(baseX.upperBound, xs.max()! + xPad)
        let yDomain = min(baseY.lowerBound, ys.min()! - yPad)...max(baseY.upperBound, ys.max()! + yPad)
        let inside = brews.filter { ey.contains($0.extraction) && tds.contains($0.tds) }.count
        let share = Int((Double(inside) / Double(brews.count) * 100).rounded())

        var marks: [Mark] = [.band(BandMark(x: ey, y: tds, label: "Ideal", legend: "Ideal EY \(number(ey.lowerBound))–\(number(ey.upperBound)) %, TDS \(number(tds.lowerBound, decimals: 2))–\(number(tds.upperBound, decimals: 2)) %"))]
        // Lines of constant ratio, clipped to the plotted box.
        for ratio in ratios ?? kind.defaultRatios {
            guard let slope = kind.strength(extraction: 1, ratio: ratio), slope > 0 else { continue }
            let x0 = max(xDomain.lowerBound, yDomain.lowerBound / slope)
            let x1 = min(xDomain.upperBound, yDomain.upperBound / slope)
            guard x1 > x0 else { continue }
            marks.append(.line(LineMark(x: .numbers([x0, x1]), y: .numbers([x0 * slope, x1 * slope]),
                                        series: Theme.guideSeries, width: 0.9, endLabel: "1:\(number(ratio))")))
        }
        marks.append(.point(PointMark(x: .numbers(xs), y: .numbers(ys), series: 0, label: isEspresso ? "Shot" : "Brew",
                                      radius: 3.2)))
        // Region names in the corners and edge midpoints of the plot, away from the ideal box.
        let (left, right, bottom, top) = (xDomain.lowerBound, xDomain.upperBound, yDomain.lowerBound, yDomain.upperBound)
        let midY = (tds.lowerBound + tds.upperBound) / 2
        let midX = (ey.lowerBound + ey.upperBound) / 2
        let regions: [(Double, Double, String, TextAlignment, Double)] = [
            (left, top, "Strong · under-extracted", .leading, 16),
            (right, top, "Strong · over-extracted", .trailing, 16),
            (left, bottom, "Weak · under-extracted", .leading, -8),
            (right, bottom, "Weak · over-extracted", .trailing, -8),
            (midX, top, "Strong", .center, 16),
            (midX, bottom, "Weak", .center, -8),
            (left, midY, "Under-extracted", .leading, 4),
            (right, midY, "Over-extracted", .trailing, 4),
        ]
        for (x, y, text, alignment, dy) in regions {
            let dx = alignment == .leading ? 8.0 : alignment == .trailing ? -8.0 : 0
            marks.append(.text(TextMark(x: .number(x), y: .number(y), text: text, alignment: alignment,
                                        offset: Point(x: dx, y: dy))))
        }
        let ratioNote = isEspresso
            ? "Lines: constant brew ratio (yield ÷ dose); TDS = EY ÷ ratio."
            : {
                if case .filter(let retention) = kind {
                    return "Lines: constant brew ratio (water ÷ dose); TDS = EY ÷ (ratio − \(number(retention))), grounds retain \(number(retention)) g of water per g."
                }
                return ""
            }()
        return Chart(
            title: title,
            subtitle: "\(count(brews.count, isEspresso ? "shot" : "brew")) · \(TickFormatter.plain(Double(inside), decimals: 0)) inside the ideal box (\(share) %)",
            x: AxisSpec(title: "Extraction yield (%)", domain: xDomain),
            y: AxisSpec(title: "Total dissolved solids (%)", domain: yDomain, format: isEspresso ? .automatic : .decimals(2)),
            marks: marks,
            notes: [ratioNote],
            height: 520)
    }
}
