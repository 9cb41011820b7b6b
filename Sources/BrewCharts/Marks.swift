import Foundation

/// Marker shapes; in monochrome themes series are told apart by shape, dash and grey level, never hue.
public enum PointShape: Sendable, Hashable, CaseIterable {
    /// A disc.
    case circle
    /// A square.
    case square
    /// An upward triangle.
    case triangle
    /// A diamond.
    case diamond
}

/// Where a text mark sits relative to its anchor point.
public enum TextAlignment: Sendable, Hashable {
    /// Text starts at the anchor.
    case leading
    /// Text is centred on the anchor.
    case center
    /// Text ends at the anchor.
    case trailing
}

/// The visual role of a text mark.
public enum TextRole: Sendable, Hashable {
    /// Secondary annotation (region names, reference labels).
    case annotation
    /// Emphasised annotation (a highlighted value).
    case emphasis
    /// Value labels on bars.
    case value
    /// Names of regions of the plot (e.g. "Strong · under-extracted"): smaller and lighter than tick labels,
    /// with a glyph halo instead of a box, so they read as annotations and do not cut the lines beneath.
    case region
}

/// Deterministic jitter: each point is moved by a pseudo-random offset derived from its index and `seed`.
///
/// Jitter never leaves an axis's valid range (``AxisSpec/valid``): an offset that would cross a bound is
/// mirrored inwards, so a rating of 0 is jittered upwards and a 5 downwards.
public struct Jitter: Sendable, Hashable {
    /// Total horizontal spread in data units (offsets lie in ±width/2).
    public var width: Double
    /// Total vertical spread in data units.
    public var height: Double
    /// Seed of the SplitMix64 sequence.
    public var seed: UInt64
    /// Creates a jitter.
    public init(width: Double, height: Double = 0, seed: UInt64 = 0x5EED) {
        self.width = width
        self.height = height
        self.seed = seed
    }
}

/// Scatter points. The statistic stage keeps large inputs sane: up to `PointMark.individualLimit` points are
/// drawn one by one (jittered if asked); more points with identical (x, y) are merged into one mark sized by
/// count; above `PointMark.distinctLimit` distinct positions the points are binned into a density grid.
///
/// The legend follows what is drawn: a marker for individual points, a size key ("1 · 50 · 400 brews per
/// position") for merged points, and a shade ramp with the smallest and largest cell counts for a density grid.
/// Binned cells are painted beneath every other mark so reference lines and outlines stay visible.
public struct PointMark: Sendable, Hashable {
    /// Horizontal positions (numbers or dates).
    public var x: Channel
    /// Vertical positions (numbers or dates).
    public var y: Channel
    /// Index into the theme's series styles (shape, grey, fill).
    public var series: Int
    /// The legend entry, or `nil` for none.
    public var label: String?
    /// Marker radius in points for a single brew.
    public var radius: Double
    /// Optional deterministic jitter, applied only when points are drawn individually.
    public var jitter: Jitter?
    /// Noun for counts in notes (e.g. "brews").
    public var noun: String
    /// How many data points each (x, y) stands for, parallel to `x` and `y` (see ``merged(x:y:)``); `nil`
    /// when each stands for one. What is drawn depends only on the points and their weights.
    public var weights: [Int]?
    /// Whether points at the same (x, y) always share one marker whose area is proportional to their count,
    /// however few they are (a size key in the legend and a note say so). Such points are never jittered: each
    /// is drawn exactly where its values put it. Above ``distinctLimit`` distinct positions they are binned
    /// like any other points.
    public var sizedByCount: Bool

    /// Points drawn individually up to this count.
    public static let individualLimit = 2_000
    /// Distinct positions above which points are binned.
    public static let distinctLimit = 5_000

    /// Creates a point mark; `x` and `y` must have equal length (extra values are ignored).
    public init(x: Channel, y: Channel, series: Int = 0, label: String? = nil, radius: Double = 3.2,
                jitter: Jitter? = nil, noun: String = "brews", weights: [Int]? = nil, sizedByCount: Bool = false) {
        self.x = x
        self.sizedByCount = sizedByCount
        self.y = y
        self.weights = weights
        self.series = series
        self.label = label
        self.radius = radius
        self.jitter = jitter
        self.noun = noun
    }
}

extension PointMark {
    /// Numeric points with identical (x, y) merged into one weighted point, when there are more than
    /// ``individualLimit`` of them; otherwise the points as given, unweighted.
    ///
    /// Above the limit the statistic stage merges identical positions (or bins them) anyway, so a chart built
    /// from the merged points draws exactly what the raw points would, while it carries a few hundred
    /// positions instead of a million (grind settings, days and ratings are discrete). Below it, points are
    /// drawn one by one with jitter and are kept as they are. Non-finite points are dropped; −0 is +0.
    ///
    /// - Parameter counts: how many points each (x[i], y[i]) stands for, when the input comes merged already
    ///   (e.g. a statistics layer's distinct pairs); `nil`: one each. Below the limit such points are expanded
    ///   back into single points.
    /// - Returns: The x and y values, and their weights (`nil` when unmerged).
    public static func merged(x: [Double], y: [Double], counts: [Int]? = nil)
        -> (x: [Double], y: [Double], weights: [Int]?) {
        let n = min(x.count, y.count)
        let count = { (i: Int) -> Int in counts.map { i < $0.count ? max($0[i], 0) : 1 } ?? 1 }
        var finite = 0
        for i in 0..<n where x[i].isFinite && y[i].isFinite { finite += count(i) }
        guard finite > individualLimit else {
            var xs: [Double] = [], ys: [Double] = []
            for i in 0..<n where x[i].isFinite && y[i].isFinite {
                for _ in 0..<count(i) { xs.append(x[i]); ys.append(y[i]) }
            }
            return (xs, ys, nil)
        }
        var slot: [SIMD2<UInt64>: Int] = [:]
        var xs: [Double] = [], ys: [Double] = [], weights: [Int] = []
        for i in 0..<n where x[i].isFinite && y[i].isFinite && count(i) > 0 {
            let a = x[i] == 0 ? 0 : x[i], b = y[i] == 0 ? 0 : y[i]
            let key = SIMD2(a.bitPattern, b.bitPattern)
            if let k = slot[key] { weights[k] += count(i); continue }
            slot[key] = xs.count
            xs.append(a); ys.append(b); weights.append(count(i))
        }
        return (xs, ys, weights)
    }
}

/// A polyline through points in the given order. Non-finite points break the line.
public struct LineMark: Sendable, Hashable {
    /// Horizontal positions.
    public var x: Channel
    /// Vertical positions.
    public var y: Channel
    /// Series style index (grey level and dash).
    public var series: Int
    /// Legend entry.
    public var label: String?
    /// Line width in points.
    public var width: Double
    /// Text drawn just past the last point (e.g. "1:16"), or `nil`.
    public var endLabel: String?

    /// Creates a line mark.
    public init(
        x: Channel, y: Channel, series: Int = 0, label: String? = nil, width: Double = 2, endLabel: String? = nil
    ) {
        self.x = x
        self.y = y
        self.series = series
        self.label = label
        self.width = width
        self.endLabel = endLabel
    }
}

/// Bars from zero to a value. The categorical or time channel is the base; if `y` is categorical the bars are
/// horizontal.
public struct BarMark: Sendable, Hashable {
    /// Base positions (categories or dates) for vertical bars, or values for horizontal bars.
    public var x: Channel
    /// Values for vertical bars, or categories for horizontal bars.
    public var y: Channel
    /// For dates or numbers on the base axis: the bar span in data units (seconds for dates), starting at the
    /// base value. Ignored for categories.
    public var span: Double?
    /// Whether to print each value at the bar's end.
    public var valueLabels: Bool
    /// Series style index.
    public var series: Int
    /// Legend entry.
    public var label: String?

    /// Creates a bar mark.
    public init(
        x: Channel, y: Channel, span: Double? = nil, valueLabels: Bool = false, series: Int = 0, label: String? = nil
    ) {
        self.x = x
        self.y = y
        self.span = span
        self.valueLabels = valueLabels
        self.series = series
        self.label = label
    }
}

/// A reference line across the plot at one value.
public struct RuleMark: Sendable, Hashable {
    /// The axis the rule is perpendicular to.
    public enum Orientation: Sendable, Hashable {
        /// A vertical line at an x value.
        case vertical
        /// A horizontal line at a y value.
        case horizontal
    }
    /// Direction of the line.
    public var orientation: Orientation
    /// Position on the perpendicular axis.
    public var value: PlotValue
    /// Text placed at the line's top (vertical) or right end (horizontal), or `nil`. When that spot covers data
    /// or other text, the label moves along the rule (to the other side, the other end, then inwards).
    public var label: String?
    /// Whether the rule is emphasised (solid, dark) rather than a quiet dashed reference.
    public var emphasised: Bool

    /// Creates a rule.
    public init(_ orientation: Orientation, at value: PlotValue, label: String? = nil, emphasised: Bool = false) {
        self.orientation = orientation
        self.value = value
        self.label = label
        self.emphasised = emphasised
    }
}

/// A filled area between a lower and an upper line (e.g. a rolling range).
public struct AreaMark: Sendable, Hashable {
    /// Horizontal positions.
    public var x: Channel
    /// Lower bound per position.
    public var lower: [Double]
    /// Upper bound per position.
    public var upper: [Double]
    /// Series style index.
    public var series: Int
    /// Legend entry.
    public var label: String?

    /// Creates an area mark.
    public init(x: Channel, lower: [Double], upper: [Double], series: Int = 0, label: String? = nil) {
        self.x = x
        self.lower = lower
        self.upper = upper
        self.series = series
        self.label = label
    }
}

/// Text placed at a data position, with an offset in points.
///
/// Placement: the label is tried at `offset`, then at each of `nudges` in order, and the first position that
/// overlaps no earlier text and covers no data mark wins; when every position covers data, the one covering
/// least is used. A label that would overlap earlier text everywhere is dropped — unless it is `required`,
/// in which case it is placed before the optional labels of the chart (so it wins their space) and, as a
/// last resort, at its first position.
public struct TextMark: Sendable, Hashable {
    /// Horizontal data position.
    public var x: PlotValue
    /// Vertical data position.
    public var y: PlotValue
    /// The text (one line; shortened with an ellipsis if it would leave the canvas).
    public var text: String
    /// Horizontal alignment around the anchor.
    public var alignment: TextAlignment
    /// Offset of the baseline-centre from the anchor, in points (y down).
    public var offset: Point
    /// Visual role.
    public var role: TextRole
    /// Alternative offsets (points, y down) tried in order when `offset` is taken or covers data.
    public var nudges: [Point]
    /// Whether the label must appear (placed first, never dropped).
    public var required: Bool
    /// Whether a region label (glyph halo) also keeps clear of lines where it can: it takes the first spot that
    /// crosses no line and hides no data. Other region labels let lines run beneath them.
    public var avoidsLines: Bool

    /// Creates a text mark.
    public init(x: PlotValue, y: PlotValue, text: String, alignment: TextAlignment = .center,
                offset: Point = Point(x: 0, y: 0), role: TextRole = .annotation, nudges: [Point] = [],
                required: Bool = false, avoidsLines: Bool = false) {
        self.avoidsLines = avoidsLines
        self.x = x
        self.y = y
        self.text = text
        self.alignment = alignment
        self.offset = offset
        self.role = role
        self.nudges = nudges
        self.required = required
    }
}

/// A shaded range: a vertical strip (x range), a horizontal strip (y range) or a box (both).
public struct BandMark: Sendable, Hashable {
    /// Horizontal extent, or `nil` for the full width.
    public var x: ClosedRange<Double>?
    /// Vertical extent, or `nil` for the full height.
    public var y: ClosedRange<Double>?
    /// Label placed inside the band's top-left corner, or — when that covers data — another inside corner, or
    /// just outside the band's top or bottom edge.
    public var label: String?
    /// Legend entry.
    public var legend: String?

    /// Creates a band over numeric ranges.
    public init(
        x: ClosedRange<Double>? = nil, y: ClosedRange<Double>? = nil, label: String? = nil, legend: String? = nil
    ) {
        self.x = x
        self.y = y
        self.label = label
        self.legend = legend
    }
}

/// The closed set of marks of the grammar.
public enum Mark: Sendable, Hashable {
    /// Scatter points.
    case point(PointMark)
    /// A polyline.
    case line(LineMark)
    /// Bars.
    case bar(BarMark)
    /// A reference line.
    case rule(RuleMark)
    /// A filled range between two lines.
    case area(AreaMark)
    /// Text at a data position.
    case text(TextMark)
    /// A shaded range.
    case band(BandMark)
}
