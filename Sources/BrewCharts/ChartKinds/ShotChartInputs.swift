/// One shot as the group overlay takes it: plain arrays, no samples table.
///
/// `time` is seconds on the shot's own clock (its first sample or pump start is 0). Each series (the full shot
/// view's, ``ShotViewSeries``: pressure and its goal, flow, its goal and the weight flow, weight, temperatures,
/// resistance) is parallel to `time` (extra values of the longer array are ignored; a non-finite value breaks the
/// line).
public struct ShotTrace: Sendable, Hashable {
    /// How the shot is named in the legend when it is the latest (e.g. its date and time).
    public var label: String
    /// Seconds since the shot's own zero, increasing.
    public var time: [Double]
    /// Every series the shot records, in the full view's order.
    public var series: [ShotViewSeries]
    /// When the first drops fell, on the shot's own clock (s); `nil` when unknown.
    public var firstDrops: Double?
    /// When pre-infusion ended, on the shot's own clock (s); `nil` when unknown.
    public var preinfusionEnd: Double?
    /// Whether this is the latest shot.
    public var isLatest: Bool

    /// Creates a trace from its series.
    public init(label: String, time: [Double], series: [ShotViewSeries], firstDrops: Double?,
                preinfusionEnd: Double? = nil,
                isLatest: Bool = false) {
        self.label = label
        self.time = time
        self.series = series
        self.firstDrops = firstDrops
        self.preinfusionEnd = preinfusionEnd
        self.isLatest = isLatest
    }

    /// Creates a trace of the measured pressure, flow and weight only (series `Pressure`, `Flow`, `Weight`).
    public init(label: String, time: [Double], pressure: [Double]? = nil, flow: [Double]? = nil,
                weight: [Double]? = nil,
                firstDrops: Double?, preinfusionEnd: Double? = nil, isLatest: Bool = false) {
        var series: [ShotViewSeries] = []
        if let pressure {
            series.append(ShotViewSeries(name: "Pressure", panel: .pressure, values: pressure, style: 0))
        }
        if let flow { series.append(ShotViewSeries(name: "Flow", panel: .flow, values: flow, style: 0)) }
        if let weight { series.append(ShotViewSeries(name: "Weight", panel: .weight, values: weight, style: 0)) }
        self.init(label: label, time: time, series: series, firstDrops: firstDrops, preinfusionEnd: preinfusionEnd,
                  isLatest: isLatest)
    }

    /// The values of the series named `name`, or `nil` when the shot does not record it.
    public func values(_ name: String) -> [Double]? {
        series.first { $0.name == name }?.values
    }
}

/// The median and interquartile band of one series on a common time grid (seconds from the start of the shot),
/// computed by the statistics layer (`CurveBand` over ``ShotOverlayInput/curves(_:)``). `nil` entries are grid times
/// that too few shots reach: nothing is drawn there.
public struct ShotBand: Sendable, Hashable {
    /// Grid times, ascending (s from the start of the shot).
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
/// The report layer fills it from the shots table: the traces in start order (oldest first), and one band per
/// series (by name) from the statistics layer:
///
/// ```swift
/// let range = input.timeRange!   // nil: no shot has a time
/// let grid = CurveBand.grid(from: range.lowerBound, through: range.upperBound, step: 0.25)
/// let band = CurveBand(curves: input.curves("Pressure").map { CurveBand.Curve(x: $0.x, y: $0.y) }, grid: grid)
/// input.bands["Pressure"] = ShotBand(grid: band.grid, lower: band.lower, median: band.median, upper: band.upper)
/// ```
public struct ShotOverlayInput: Sendable, Hashable {
    /// The profile the shots were pulled with (title).
    public var profile: String
    /// The bean (title).
    public var bean: String
    /// The shots, oldest first.
    public var shots: [ShotTrace]
    /// The median and interquartile band per series name; a series without one is drawn only as the shots' lines.
    public var bands: [String: ShotBand]
    /// The least number of shots behind a band value, for the subtitle and the note (3 by default; the report layer
    /// sets the larger of 3 and half the group's shots, rounded up, and fills ``bands`` by the same rule).
    public var minimumCurves: Int
    /// The most shots drawn as individual lines (the latest ones; the band still uses every shot). Keeps a
    /// chart of thousands of shots a readable, bounded drawing.
    public var drawnLimit: Int

    /// Creates an input.
    public init(profile: String, bean: String, shots: [ShotTrace], bands: [String: ShotBand] = [:],
                minimumCurves: Int = 3, drawnLimit: Int = 60) {
        self.profile = profile
        self.bean = bean
        self.shots = shots
        self.bands = bands
        self.minimumCurves = minimumCurves
        self.drawnLimit = drawnLimit
    }

    /// Every series some shot records with a finite value: name, panel and line style, in the order of first
    /// appearance (each shot's series come in the full view's order).
    public var seriesKinds: [(name: String, panel: ShotViewPanel, style: Int)] {
        var seen = Set<String>()
        var out: [(name: String, panel: ShotViewPanel, style: Int)] = []
        for shot in shots {
            for s in shot.series where !seen.contains(s.name) && s.values.contains(where: \.isFinite) {
                seen.insert(s.name)
                out.append((s.name, s.panel, s.style))
            }
        }
        return out
    }

    /// Every shot's series `name` as (time from the start of the shot, value): the shots that record it, in input
    /// order.
    public func curves(_ name: String) -> [(x: [Double], y: [Double])] {
        shots.compactMap { shot in shot.values(name).map { (shot.time, $0) } }
    }

    /// The span of the shots' time axes (the earliest sample to the latest, finite values only), or `nil` when no
    /// shot has a time.
    public var timeRange: ClosedRange<Double>? {
        var lo = Double.infinity, hi = -Double.infinity
        for shot in shots {
            for v in shot.time where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
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
    public init(
        metric: String, unit: String, values: [Double], ratings: [Double], beans: [String], groupNoun: String = "bean"
    ) {
        self.metric = metric
        self.unit = unit
        self.values = values
        self.ratings = ratings
        self.beans = beans
        self.groupNoun = groupNoun
    }
}
