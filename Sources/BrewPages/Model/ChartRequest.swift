import BrewCharts

/// A chart the page shows, as a request: its kind and file stem, the chart spec (data, marks, axes: BrewCharts'
/// ``BrewCharts/Chart``), and its size class. The chart layer draws it — for every screen width and colour scheme
/// the page needs, and in the file formats asked (``PageCharts``); the renderers only refer to the files.
public struct ChartRequest: Sendable {
    /// How much room a chart takes on a wide screen.
    public enum Size: Sendable, Hashable {
        /// The content width (one chart per row).
        case wide
        /// Half of it (two to a row on a desktop; one per row on a phone).
        case half
    }

    /// The file stem (`brews-per-week`, `beans/kochere-ratings` is the stem `kochere-ratings` in the `beans/` folder).
    public var stem: String
    /// What the chart shows, as a caption and the image's alternative text.
    public var title: String
    /// The chart kind's name (`rating-trend`, `grind-rating`), for the HTML's `data-chart` attribute.
    public var kind: String
    /// The spec: data and marks.
    public var chart: Chart
    public var size: Size
    /// Further files the figure links (a comparison's table).
    public var links: [Link]

    public init(
        stem: String, title: String, kind: String? = nil, chart: Chart, size: Size = .wide, links: [Link] = []
    ) {
        self.stem = stem
        self.title = title
        self.kind = kind ?? stem
        self.chart = chart
        self.size = size
        self.links = links
    }

    /// Whether the chart has data points to draw: no empty message, and marks (or panels) to draw.
    public var hasData: Bool {
        chart.emptyMessage == nil && (!chart.marks.isEmpty || !chart.panels.isEmpty)
    }
}
