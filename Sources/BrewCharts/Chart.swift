import Foundation

/// A titled group of categories on a band axis (e.g. "Methods" and "Grinders").
public struct BandGroup: Sendable, Hashable {
    /// Heading drawn above the group.
    public var title: String
    /// The group's categories, in display order.
    public var categories: [String]
    /// Creates a group.
    public init(title: String, categories: [String]) {
        self.title = title
        self.categories = categories
    }
}

/// Options for one axis. The scale kind comes from the data; these options refine it.
public struct AxisSpec: Sendable, Hashable {
    /// Axis title including the unit, e.g. "Extraction yield (%)"; `nil` for none.
    public var title: String?
    /// A fixed numeric domain (linear axes), e.g. 0...5 for ratings; `nil` to fit the data.
    public var domain: ClosedRange<Double>?
    /// A fixed date domain (time axes); `nil` to fit the data.
    public var dateDomain: ClosedRange<Date>?
    /// Whether a fitted linear domain must include zero (always true for bar values).
    public var includeZero: Bool
    /// Tick label format for linear axes.
    public var format: NumberFormat
    /// Whether to draw grid lines at the ticks.
    public var grid: Bool
    /// Groups for a band axis; categories in no group follow in data order.
    public var groups: [BandGroup]
    /// Whether to draw the axis at all (ticks, labels, title).
    public var visible: Bool
    /// Explicit tick positions (linear axes), e.g. from ``AnchoredTicks`` so reference values fall on ticks;
    /// `nil` to let Wilkinson's extended algorithm choose. Ticks outside the domain are not drawn.
    public var ticks: [Double]?
    /// The range of values that can occur (e.g. 0...5 for ratings), or `nil` when unbounded. When set, ticks
    /// are chosen inside it, jitter is kept inside it and lines are clipped to it, while the domain may be a
    /// little wider so markers at the bounds stay whole.
    public var valid: ClosedRange<Double>?

    /// Creates axis options.
    public init(title: String? = nil, domain: ClosedRange<Double>? = nil, dateDomain: ClosedRange<Date>? = nil,
                includeZero: Bool = false, format: NumberFormat = .automatic, grid: Bool = true,
                groups: [BandGroup] = [], visible: Bool = true, ticks: [Double]? = nil,
                valid: ClosedRange<Double>? = nil) {
        self.title = title
        self.domain = domain
        self.dateDomain = dateDomain
        self.includeZero = includeZero
        self.format = format
        self.grid = grid
        self.groups = groups
        self.visible = visible
        self.ticks = ticks
        self.valid = valid
    }
}

/// A complete chart specification: marks, axes and guides. Render it with ``ChartRenderer``.
///
/// A chart with no marks, or with ``emptyMessage`` set, renders as a titled frame with the message centred
/// — never an error.
public struct Chart: Sendable, Hashable {
    /// Headline.
    public var title: String
    /// Second line under the title (sample size, period), or `nil`.
    public var subtitle: String?
    /// Horizontal axis options.
    public var x: AxisSpec
    /// Vertical axis options.
    public var y: AxisSpec
    /// Layers, drawn in order.
    public var marks: [Mark]
    /// Notes printed under the plot (data caveats, aggregation done).
    public var notes: [String]
    /// When set, the chart shows this message instead of a plot.
    public var emptyMessage: String?
    /// Canvas width in points.
    public var width: Double
    /// Canvas height in points.
    public var height: Double
    /// The calendar (and time zone) used for time ticks.
    public var calendar: Calendar
    /// Charts drawn one under another instead of this chart's own plot (small multiples sharing an x axis, see
    /// ``ChartPanels``); empty for an ordinary chart. When set, this chart's marks and axes are not drawn, its
    /// title names the figure (file title), and `height` should be the sum of the panels' heights.
    public var panels: [Chart] = []
    /// The screen the chart is laid out for (``ChartSizeClass``); set with ``sized(for:)``.
    public var sizeClass: ChartSizeClass = .regular
    /// Bounds the plot's left and right edges on the canvas (panels aligned by ``ChartPanels``).
    var minimumPlotLeft = 0.0
    var maximumPlotRight = Double.infinity

    /// Creates a chart.
    public init(title: String, subtitle: String? = nil, x: AxisSpec = AxisSpec(), y: AxisSpec = AxisSpec(),
                marks: [Mark] = [], notes: [String] = [], emptyMessage: String? = nil,
                width: Double = 720, height: Double = 420, calendar: Calendar = Chart.isoCalendar(.gmt)) {
        self.title = title
        self.subtitle = subtitle
        self.x = x
        self.y = y
        self.marks = marks
        self.notes = notes
        self.emptyMessage = emptyMessage
        self.width = width
        self.height = height
        self.calendar = calendar
    }

    /// A chart that only says `message` (default "No brews in this period") under its title.
    public static func empty(title: String, subtitle: String? = nil,
                             message: String = "No brews in this period") -> Chart {
        Chart(title: title, subtitle: subtitle, emptyMessage: message)
    }

    /// An ISO 8601 calendar (Monday-first weeks) in `timeZone`.
    public static func isoCalendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}
