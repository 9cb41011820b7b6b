/// The coordinate stage: maps unit positions from the scales onto the plot rectangle (Cartesian, y up).
///
/// Marks never compute canvas positions themselves; they go through these functions.
struct Coordinates: Sendable {
    let plot: Rect
    let x: AxisScale
    let y: AxisScale

    /// Canvas x for a unit position along the x axis (0 = left edge).
    func canvasX(_ unit: Double) -> Double { plot.x + unit * plot.width }
    /// Canvas y for a unit position along the y axis (0 = bottom edge). Band scales run from the top.
    func canvasY(_ unit: Double) -> Double {
        y.isBand ? plot.y + unit * plot.height : plot.maxY - unit * plot.height
    }

    /// Canvas point for a data position, or `nil` when a value has the wrong kind.
    func point(_ px: PlotValue, _ py: PlotValue) -> Point? {
        guard let ux = x.unit(px), let uy = y.unit(py) else { return nil }
        return Point(x: canvasX(ux), y: canvasY(uy))
    }

    /// Canvas x for a continuous value (number or seconds) on a continuous x scale.
    func canvasX(value: Double) -> Double? {
        guard case .continuous(let scale) = x else { return nil }
        return canvasX(scale.unit(value))
    }

    /// Canvas y for a continuous value on a continuous y scale.
    func canvasY(value: Double) -> Double? {
        guard case .continuous(let scale) = y else { return nil }
        return canvasY(scale.unit(value))
    }

    /// Canvas positions of a channel on the x axis (continuous values or category centres); `nil` entries for
    /// unusable values.
    func xs(_ channel: Channel) -> [Double?] { positions(channel, scale: x, map: canvasX) }

    /// Canvas positions of a channel on the y axis.
    func ys(_ channel: Channel) -> [Double?] { positions(channel, scale: y, map: canvasY) }

    private func positions(_ channel: Channel, scale: AxisScale, map: (Double) -> Double) -> [Double?] {
        switch (channel, scale) {
        case (.numbers(let values), .continuous(let s)) where s.kind == .linear:
            return values.map { $0.isFinite ? map(s.unit($0)) : nil }
        case (.dates(let values), .continuous(let s)) where s.kind == .time:
            return values.map { map(s.unit($0.timeIntervalSinceReferenceDate)) }
        case (.categories(let names), .band(let s)):
            return names.map { name in s.band(name).map { map($0.start + $0.size / 2) } }
        default:
            return Array(repeating: nil, count: channel.count)
        }
    }
}
