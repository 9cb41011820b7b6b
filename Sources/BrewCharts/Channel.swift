import Foundation

/// A column of positions for one axis. Its type picks the scale: numbers → linear, dates → time,
/// strings → band.
public enum Channel: Sendable, Hashable {
    /// Quantities (grind setting, rating, EY %). Non-finite values are skipped by every mark.
    case numbers([Double])
    /// Instants (week starts, brew dates).
    case dates([Date])
    /// Category names (methods, grinders), placed in bands in order of first appearance.
    case categories([String])

    /// The number of values.
    public var count: Int {
        switch self {
        case .numbers(let v): v.count
        case .dates(let v): v.count
        case .categories(let v): v.count
        }
    }

    /// The kind of scale this channel calls for.
    var kind: ScaleKind {
        switch self {
        case .numbers: .linear
        case .dates: .time
        case .categories: .band
        }
    }

    /// The value at `index` as a ``PlotValue``.
    func value(at index: Int) -> PlotValue {
        switch self {
        case .numbers(let v): .number(v[index])
        case .dates(let v): .date(v[index])
        case .categories(let v): .category(v[index])
        }
    }
}

/// One position value, for marks placed at a single spot (rules, text, bands).
public enum PlotValue: Sendable, Hashable {
    /// A quantity.
    case number(Double)
    /// An instant.
    case date(Date)
    /// A category name.
    case category(String)

    var kind: ScaleKind {
        switch self {
        case .number: .linear
        case .date: .time
        case .category: .band
        }
    }

    /// The numeric position for linear and time scales (seconds since the reference date for dates).
    var continuous: Double? {
        switch self {
        case .number(let v): v
        case .date(let d): d.timeIntervalSinceReferenceDate
        case .category: nil
        }
    }
}

/// The three scale kinds of the grammar.
public enum ScaleKind: Sendable, Hashable {
    /// Numbers to positions, proportionally.
    case linear
    /// Dates to positions, proportionally, with calendar ticks.
    case time
    /// Categories to equal bands.
    case band
}
