import Foundation

/// A continuous scale (linear numbers or time) mapping a domain onto the unit interval.
///
/// Values outside the domain map outside [0, 1]; the plot clip hides them.
struct ContinuousScale: Sendable {
    /// Domain bounds (seconds since the reference date for time scales).
    let lower: Double
    let upper: Double
    /// Tick positions in domain units.
    let ticks: [Double]
    /// Tick labels, parallel to `ticks`.
    let labels: [String]
    let kind: ScaleKind

    func unit(_ value: Double) -> Double { (value - lower) / (upper - lower) }

    /// Builds a linear scale over the data extent, honouring a fixed domain, zero inclusion and niceness.
    ///
    /// Ticks are the axis's explicit ``AxisSpec/ticks`` when given, otherwise Wilkinson's extended choice over
    /// the valid range (when set) or the domain; either way only ticks inside the domain are kept.
    static func linear(extent: (Double, Double)?, axis: AxisSpec, length: Double) -> ContinuousScale {
        let target = max(2, min(10, Int(length / 70) + 1))
        func scale(_ lo: Double, _ hi: Double, computed: () -> [Double]) -> ContinuousScale {
            let slack = 1e-9 * (hi - lo)
            var tickRange = (lo, hi)
            if let valid = axis.valid { tickRange = (max(lo, valid.lowerBound), min(hi, valid.upperBound)) }
            let candidates = axis.ticks ?? computed()
            let ticks = candidates.filter { $0 >= tickRange.0 - slack && $0 <= tickRange.1 + slack }
            return ContinuousScale(lower: lo, upper: hi, ticks: ticks,
                                   labels: TickFormatter.labels(ticks, format: axis.format), kind: .linear)
        }
        func extended(_ lo: Double, _ hi: Double) -> [Double] {
            var (a, b) = (lo, hi)
            if let valid = axis.valid, valid.lowerBound < valid.upperBound {
                (a, b) = (max(lo, valid.lowerBound), min(hi, valid.upperBound))
            }
            return ExtendedTicks.ticks(lower: a, upper: b, count: target).values
        }
        if let fixed = axis.domain {
            let (lo, hi) = ExtendedTicks.widened(fixed.lowerBound, fixed.upperBound)
            return scale(lo, hi) { extended(lo, hi) }
        }
        var (lo, hi) = extent ?? (0, 1)
        if axis.includeZero { lo = min(lo, 0); hi = max(hi, 0) }
        (lo, hi) = ExtendedTicks.widened(lo, hi)
        if !axis.includeZero || axis.ticks != nil {
            // Data axes: 4 % breathing room, ticks inside (markers at the extremes stay whole).
            let pad = (hi - lo) * 0.04
            (lo, hi) = (lo - pad, hi + pad)
            if axis.includeZero { lo = min(lo, 0); hi = max(hi, 0) }
            return scale(lo, hi) { extended(lo, hi) }
        }
        let ticks = ExtendedTicks.ticks(lower: lo, upper: hi, count: target, loose: true).values
        let lower = min(lo, ticks.first ?? lo)
        let upper = max(hi, ticks.last ?? hi)
        return ContinuousScale(lower: lower, upper: upper, ticks: ticks,
                               labels: TickFormatter.labels(ticks, format: axis.format), kind: .linear)
    }

    /// Builds a time scale over the data extent (padded by half a day on each side) or a fixed date domain.
    static func time(extent: (Double, Double)?, axis: AxisSpec, length: Double, calendar: Calendar,
                     labelWidth: Double) -> ContinuousScale {
        var lo: Double
        var hi: Double
        if let fixed = axis.dateDomain {
            lo = fixed.lowerBound.timeIntervalSinceReferenceDate
            hi = fixed.upperBound.timeIntervalSinceReferenceDate
        } else {
            let now = Date(timeIntervalSinceReferenceDate: 0).timeIntervalSinceReferenceDate
            (lo, hi) = extent ?? (now, now)
        }
        let (a, b) = TimeTicks.widened(Date(timeIntervalSinceReferenceDate: lo),
            Date(timeIntervalSinceReferenceDate: hi))
        lo = a.timeIntervalSinceReferenceDate
        hi = b.timeIntervalSinceReferenceDate
        let count = max(2, Int(length / max(labelWidth + 14, 40)))
        let (dates, unit) = TimeTicks.ticks(start: a, end: b, count: count, calendar: calendar)
        return ContinuousScale(lower: lo, upper: hi, ticks: dates.map(\.timeIntervalSinceReferenceDate),
                               labels: TickFormatter.labels(dates, unit: unit, calendar: calendar), kind: .time)
    }
}

/// A band scale: equal slots for categories, with optional group heading slots, top/left first.
struct BandScale: Sendable {
    /// One slot.
    enum Slot: Sendable, Hashable {
        case category(String)
        case heading(String)
    }

    let slots: [Slot]
    let index: [String: Int]
    /// Fraction of each slot left empty between bars.
    let padding = 0.28

    init(categories: [String], groups: [BandGroup]) {
        var slots: [Slot] = []
        var seen = Set<String>()
        for group in groups {
            slots.append(.heading(group.title))
            for category in group.categories where seen.insert(category).inserted {
                slots.append(.category(category))
            }
        }
        for category in categories where seen.insert(category).inserted {
            slots.append(.category(category))
        }
        var index: [String: Int] = [:]
        for (position, slot) in slots.enumerated() {
            if case .category(let name) = slot { index[name] = position }
        }
        self.slots = slots
        self.index = index
    }

    /// Slot size as a fraction of the axis.
    var slotSize: Double { 1 / Double(max(1, slots.count)) }

    /// Start (fraction from the axis origin at top/left) and size of the bar inside a category's slot.
    func band(_ category: String) -> (start: Double, size: Double)? {
        guard let position = index[category] else { return nil }
        let size = slotSize
        return (Double(position) * size + size * padding / 2, size * (1 - padding))
    }

    /// Centre of slot `position` as a fraction from the top/left.
    func center(ofSlot position: Int) -> Double { (Double(position) + 0.5) * slotSize }
}

/// The resolved scale of one axis.
enum AxisScale: Sendable {
    case continuous(ContinuousScale)
    case band(BandScale)

    /// Position along the axis as a fraction (0 at the origin: left for x, bottom for y — bands run from the top
    /// for y, so callers flip them), or `nil` for values of the wrong kind or unknown categories.
    func unit(_ value: PlotValue) -> Double? {
        switch (self, value) {
        case (.continuous(let scale), .number(let v)) where scale.kind == .linear: scale.unit(v)
        case (.continuous(let scale), .date(let d)) where scale.kind == .time:
            scale.unit(d.timeIntervalSinceReferenceDate)
        case (.band(let scale), .category(let name)):
            scale.band(name).map { $0.start + $0.size / 2 }
        default: nil
        }
    }

    var isBand: Bool {
        if case .band = self { return true }
        return false
    }
}
