/// The channels of an espresso shot the overlay draws, each in its own panel.
public enum ShotTraceChannel: String, Sendable, Hashable, CaseIterable {
    /// Pressure at the group, bar.
    case pressure
    /// Flow through the puck, ml/s.
    case flow
    /// Weight in the cup, g.
    case weight

    /// The panel's axis title with its unit.
    public var axisTitle: String {
        switch self {
        case .pressure: "Pressure (bar)"
        case .flow: "Flow (ml/s)"
        case .weight: "Weight in the cup (g)"
        }
    }
}

/// One shot's time series, as the shot overlay takes it: plain arrays, no samples table.
///
/// `time` is seconds on the shot's own clock (its first sample or pump start is 0). Each channel, when recorded,
/// is parallel to `time` (extra values of the longer array are ignored; a non-finite value breaks the line).
public struct ShotTrace: Sendable, Hashable {
    /// How the shot is named in the legend when it is the latest (e.g. its date and time).
    public var label: String
    /// Seconds since the shot's own zero, increasing.
    public var time: [Double]
    /// Bar, or `nil` when the shot does not record pressure.
    public var pressure: [Double]?
    /// ml/s, or `nil` when the shot does not record flow.
    public var flow: [Double]?
    /// Grams in the cup, or `nil` when no scale was connected.
    public var weight: [Double]?
    /// When the first drops fell, on the shot's own clock (s); `nil` when unknown — such a shot cannot be aligned
    /// and is left out of the overlay (a note counts it).
    public var firstDrops: Double?
    /// Whether this is the latest shot, drawn on top of everything.
    public var isLatest: Bool

    /// Creates a trace.
    public init(label: String, time: [Double], pressure: [Double]? = nil, flow: [Double]? = nil, weight: [Double]? = nil,
                firstDrops: Double?, isLatest: Bool = false) {
        self.label = label
        self.time = time
        self.pressure = pressure
        self.flow = flow
        self.weight = weight
        self.firstDrops = firstDrops
        self.isLatest = isLatest
    }

    /// The values of `channel`, or `nil` when the shot does not record it.
    public func values(_ channel: ShotTraceChannel) -> [Double]? {
        switch channel {
        case .pressure: pressure
        case .flow: flow
        case .weight: weight
        }
    }

    /// The shot's time axis shifted so the first drops fall at 0 (negative = pre-infusion), or `nil` without a
    /// finite first-drops time.
    public var alignedTime: [Double]? {
        guard let firstDrops, firstDrops.isFinite else { return nil }
        return time.map { $0 - firstDrops }
    }
}

/// The median and interquartile band of one channel on a common time grid (seconds from first drops), computed by
/// the statistics layer (`CurveBand` over ``ShotOverlayInput/alignedCurves(_:)``). `nil` entries are grid times
/// that too few shots reach: nothing is drawn there.
public struct ShotBand: Sendable, Hashable {
    /// Grid times, ascending (s from first drops).
    public var grid: [Double]
    /// The 0.25 quantile per grid time.
    public var lower: [Double?]
    /// The median per grid time.
    public var median: [Double?]
    /// The 0.75 quantile per grid time.
    public var upper: [Double?]

    /// Creates a band; the four arrays are parallel (extra values are ignored).
    public init(grid: [Double], lower: [Double?], median: [Double?], upper: [Double?]) {
        self.grid = grid
        self.lower = lower
        self.median = median
        self.upper = upper
    }
}

/// What the shot overlay of one profile × bean is drawn from.
///
/// The report layer fills it from the shots table: the traces in brew order (oldest first), and one band per
/// channel from the statistics layer:
///
/// ```swift
/// let range = input.alignedTimeRange!   // nil: no shot can be aligned
/// let grid = CurveBand.grid(from: range.lowerBound, through: range.upperBound, step: 0.25)
/// let band = CurveBand(curves: input.alignedCurves(.pressure).map { CurveBand.Curve(x: $0.x, y: $0.y) }, grid: grid)
/// input.bands[.pressure] = ShotBand(grid: band.grid, lower: band.lower, median: band.median, upper: band.upper)
/// ```
public struct ShotOverlayInput: Sendable, Hashable {
    /// The profile the shots were pulled with (title).
    public var profile: String
    /// The bean (title).
    public var bean: String
    /// The shots, oldest first.
    public var shots: [ShotTrace]
    /// The median and interquartile band per channel; a channel without one draws only the traces.
    public var bands: [ShotTraceChannel: ShotBand]
    /// The least number of shots behind a band value, for the subtitle and the note (3 by default; the report layer
    /// sets the larger of 3 and half the group's aligned shots, rounded up, and fills ``bands`` by the same rule).
    public var minimumCurves: Int
    /// The most shots drawn as individual traces (the latest ones; the band still uses every shot). Keeps a
    /// chart of thousands of shots a readable, bounded drawing.
    public var drawnLimit: Int

    /// Creates an input.
    public init(profile: String, bean: String, shots: [ShotTrace], bands: [ShotTraceChannel: ShotBand] = [:],
                minimumCurves: Int = 3, drawnLimit: Int = 60) {
        self.profile = profile
        self.bean = bean
        self.shots = shots
        self.bands = bands
        self.minimumCurves = minimumCurves
        self.drawnLimit = drawnLimit
    }

    /// Every aligned shot's `channel` as (time from first drops, value): the shots with a first-drops time that
    /// record the channel, in input order.
    public func alignedCurves(_ channel: ShotTraceChannel) -> [(x: [Double], y: [Double])] {
        shots.compactMap { shot in
            guard let x = shot.alignedTime, let y = shot.values(channel) else { return nil }
            return (x, y)
        }
    }

    /// The span of the aligned shots' time axes (the earliest start to the latest end, finite values only), or
    /// `nil` when no shot can be aligned.
    public var alignedTimeRange: ClosedRange<Double>? {
        var lo = Double.infinity, hi = -Double.infinity
        for shot in shots {
            guard let t = shot.alignedTime else { continue }
            for v in t where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
        }
        return lo <= hi ? lo...hi : nil
    }
}

/// One shot metric against rating, per bean: what ``BrewstatsCharts/shotMetricVsRating(_:)`` draws.
public struct ShotMetricRatingInput: Sendable, Hashable {
    /// The metric's name, e.g. "Time to first drops".
    public var metric: String
    /// Its unit for the axis title, e.g. "s"; empty for none.
    public var unit: String
    /// The metric per shot (non-finite: not available for that shot).
    public var values: [Double]
    /// The rating per shot, 0–5 (non-finite: unrated).
    public var ratings: [Double]
    /// The group per shot (parallel to `values`): the bean, or with ``groupNoun`` `profile` the profile; an empty
    /// name reads as "Unnamed bean" (or "Unnamed profile").
    public var beans: [String]
    /// What a group is, for the legend and subtitle: `bean` (the default) or `profile`.
    public var groupNoun: String

    /// Creates an input; the three arrays are parallel (the shortest sets the count).
    public init(metric: String, unit: String, values: [Double], ratings: [Double], beans: [String], groupNoun: String = "bean") {
        self.metric = metric
        self.unit = unit
        self.values = values
        self.ratings = ratings
        self.beans = beans
        self.groupNoun = groupNoun
    }
}
