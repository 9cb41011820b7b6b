import Foundation

/// The stages between a spec and drawing: statistics, scales and the plot rectangle.
///
/// Built by ``ChartLayout/init(chart:theme:measurer:)`` in pipeline order — data → statistic (points are
/// aggregated or binned) → scales (kind from the data type, domain from extents and axis options) → layout of
/// guides around the plot. Positions and coordinates are then applied by the painters through ``Coordinates``.
struct ChartLayout {
    let chart: Chart
    let theme: Theme
    let measurer: any TextMeasuring
    /// Point statistics, keyed by the mark's index in `chart.marks`.
    var statistics: [Int: PointStatistic] = [:]
    var xScale: AxisScale
    var yScale: AxisScale
    var plot: Rect
    var notes: [String]
    /// Baselines of the header lines and legend row.
    var titleBaseline = 0.0
    var subtitleBaseline = 0.0
    var legendTop = 0.0
    var yTitleBaseline = 0.0
    var xTitleBaseline = 0.0
    var notesTop = 0.0
    var legend: [LegendEntry] = []
    /// The legend's rows: one row under the subtitle in the regular class; below the plot, as many rows as the
    /// entries need, on a phone (``ChartSizeClass``).
    var legendRows: [[LegendEntry]] = []
    /// The title, subtitle and notes as drawn: one line each (shortened to fit when drawn) in the regular class,
    /// wrapped on a phone.
    var titleLines: [String] = []
    var subtitleLines: [String] = []
    var noteLines: [String] = []
    var titleLineHeight = 0.0
    var subtitleLineHeight = 0.0
    var isPhone: Bool { chart.sizeClass == .phone }
    /// Radius of the largest marker of each aggregated point mark, keyed by mark index (see ``markerRadius``).
    var largestMarker: [Int: Double] = [:]
    /// The count-sized point marks drawn on one size scale (``sharedSizeMarks(_:_:)``).
    var sharedSize: [Int] = []
    /// The largest count of each point statistic with a count, keyed by mark index: taken once here, as every
    /// marker's radius (``markerRadius(_:count:)``) and every density cell's shade scales by it (taking it per marker
    /// made drawing an aggregated mark quadratic in its points).
    var largestCount: [Int: Int] = [:]

    static let margin = 20.0
    /// The largest marker an aggregated point mark draws, in points.
    static let largestMarkerCap = 9.0

    var titleStyle: TextStyle { TextStyle(size: theme.titleSize, bold: true, color: theme.text) }
    var subtitleStyle: TextStyle { TextStyle(size: theme.subtitleSize, color: theme.mutedText) }
    var labelStyle: TextStyle { TextStyle(size: theme.labelSize, color: theme.text) }
    var axisTitleStyle: TextStyle { TextStyle(size: theme.labelSize, color: theme.mutedText) }
    var tickStyle: TextStyle { TextStyle(size: theme.tickSize, color: theme.mutedText) }
    var noteStyle: TextStyle { TextStyle(size: theme.noteSize, color: theme.mutedText) }

    init(chart: Chart, theme: Theme, measurer: any TextMeasuring) {
        self.chart = chart
        self.theme = theme
        self.measurer = measurer
        let margin = Self.margin
        let width = chart.width
        let height = chart.height

        // Statistic stage.
        var notes = chart.notes
        var statistics: [Int: PointStatistic] = [:]
        for (index, mark) in chart.marks.enumerated() {
            guard case .point(let point) = mark,
                  let xs = Self.continuous(point.x), let ys = Self.continuous(point.y) else { continue }
            let statistic = PointStatistic.resolve(xs: xs, ys: ys, weights: point.weights, jitter: point.jitter,
                                                   noun: point.noun,
                                                   xValid: point.x.kind == .linear ? chart.x.valid : nil,
                                                   yValid: point.y.kind == .linear ? chart.y.valid : nil,
                                                   sizedByCount: point.sizedByCount)
            if let note = statistic.note { notes.append(note) }
            statistics[index] = statistic
        }
        let shared = Self.sharedSizeMarks(chart.marks, statistics)
        if case .point(let first)? = shared.first.map({ chart.marks[$0] }) {
            // Series sized by count on one scale (one per bean, say): one note says so for all of them.
            let own = Set(shared.compactMap { statistics[$0]?.note })
            notes.removeAll { own.contains($0) }
            let total = shared.reduce(0) { $0 + (statistics[$1]?.total ?? 0) }
            let positions = shared.reduce(0) { $0 + (statistics[$1]?.xs.count ?? 0) }
            notes.append(
                "Each marker is drawn at its logged values; its area is proportional to the \(first.noun) there "
                         + "(\(PointStatistic.grouped(total)) at \(PointStatistic.grouped(positions)) positions).")
        }
        self.sharedSize = shared
        self.statistics = statistics
        self.largestCount = statistics.compactMapValues { $0.counts.max() }
        self.notes = notes
        self.legend = LegendEntry.entries(for: chart.marks, statistics: statistics, theme: theme)

        // Vertical layout: header, legend, plot, x guides, notes (a phone's legend goes under the x guides).
        let phone = chart.sizeClass == .phone
        let textWidth = width - 2 * margin
        var top = margin
        let titleStyle = TextStyle(size: theme.titleSize, bold: true, color: theme.text)
        let title = measurer.measure(chart.title, style: titleStyle)
        titleLines = phone ? Self.wrap(chart.title, style: titleStyle, width: textWidth, measurer: measurer)
            : [chart.title]
        titleLineHeight = title.height
        titleBaseline = top + title.ascent
        top += title.height * Double(titleLines.count)
        if let subtitle = chart.subtitle, !subtitle.isEmpty {
            let style = TextStyle(size: theme.subtitleSize, color: theme.mutedText)
            let size = measurer.measure(subtitle, style: style)
            subtitleLines = phone ? Self.wrap(subtitle, style: style, width: textWidth, measurer: measurer) : [subtitle]
            subtitleLineHeight = size.height
            top += 5
            subtitleBaseline = top + size.ascent
            top += size.height * Double(subtitleLines.count)
        }
        legendRows = legend.isEmpty ? [] : phone
            ? LegendPainter.rows(legend, width: textWidth, theme: theme, measurer: measurer) : [legend]
        let legendHeight = LegendEntry.rowHeight(theme, entries: legend) * Double(legendRows.count)
        if !legend.isEmpty, !phone {
            top += 10
            legendTop = top
            top += legendHeight
        }
        top += 16
        let axisTitle = measurer.measure("Hg", style: TextStyle(size: theme.labelSize, color: theme.mutedText))
        if chart.y.visible, chart.y.title != nil, chart.emptyMessage == nil {
            yTitleBaseline = top + axisTitle.ascent
            top += axisTitle.height + 8
        }
        var bottom = height - margin
        let noteHeight = theme.noteSize * 1.4
        let noteStyle = TextStyle(size: theme.noteSize, color: theme.mutedText)
        noteLines = phone ? notes.flatMap { Self.wrap($0, style: noteStyle, width: textWidth, measurer: measurer) }
            : notes
        if !noteLines.isEmpty {
            bottom -= noteHeight * Double(noteLines.count)
            notesTop = bottom
            bottom -= 8
        }
        if !legend.isEmpty, phone {
            bottom -= legendHeight
            legendTop = bottom
            bottom -= 8
        }
        let tick = measurer.measure("Hg", style: TextStyle(size: theme.tickSize, color: theme.mutedText))
        if chart.x.visible, chart.emptyMessage == nil {
            if chart.x.title != nil {
                xTitleBaseline = bottom - axisTitle.descent
                bottom -= axisTitle.height + 6
            }
            bottom -= tick.height + 8
        }
        let plotTop = top
        let plotBottom = max(plotTop + 20, bottom)

        // Scales: the y scale first (its tick labels set the left edge), then x over the remaining width.
        let marks = chart.marks
        let xKind = Self.kind(of: marks, axis: \.x) ?? (chart.x.dateDomain != nil ? .time : .linear)
        let yKind = Self.kind(of: marks, axis: \.y) ?? .linear
        let provisionalWidth = width - 2 * margin - 60
        let yScale = Self.scale(kind: yKind, axis: chart.y,
                                extent: Self.extent(marks, statistics, vertical: true, kind: yKind),
                                categories: Self.categories(marks, vertical: true), length: plotBottom - plotTop,
                                calendar: chart.calendar, labelWidth: 60, pad: false)
        let tickStyle = TextStyle(size: theme.tickSize, color: theme.mutedText)
        var left = margin
        if chart.y.visible, chart.emptyMessage == nil {
            switch yScale {
            case .continuous(let scale):
                let widest = scale.labels.map { measurer.measure($0, style: tickStyle).width }.max() ?? 0
                left += widest + 8
            case .band(let scale):
                let labelStyle = TextStyle(size: theme.labelSize, color: theme.text)
                let widest = scale.slots.map { slot -> Double in
                    if case .category(let name) = slot { return measurer.measure(name, style: labelStyle).width }
                    return 0
                }.max() ?? 0
                left += min(widest, width * 0.3) + 16
            }
        }
        var right = width - margin
        right -= Self.trailingInset(marks, statistics, measurer: measurer, theme: theme)
        let timeLabel = measurer.measure("28 Sep 2025", style: tickStyle).width * 0.75
        let pad = marks.contains { if case .bar = $0 { return false } else { return true } }
        let xScale = Self.scale(kind: xKind, axis: chart.x,
                                extent: Self.extent(marks, statistics, vertical: false, kind: xKind),
                                categories: Self.categories(marks, vertical: false), length: max(40, right - left),
                                calendar: chart.calendar, labelWidth: timeLabel, pad: pad)
        if case .continuous(let scale) = xScale, chart.x.visible, let last = scale.labels.last {
            // Keep the last tick label on the canvas.
            let overhang = measurer.measure(last, style: tickStyle).width / 2 - (width - margin - right)
            if overhang > 0, scale.ticks.last.map({ scale.unit($0) > 0.98 }) == true { right -= overhang }
        }
        _ = provisionalWidth
        left = max(left, chart.minimumPlotLeft)
        right = min(right, chart.maximumPlotRight)
        self.xScale = xScale
        self.yScale = yScale
        self.plot = Rect(x: left, y: plotTop, width: max(20, right - left), height: plotBottom - plotTop)

        // Marker sizes of merged points: the largest marker fits the spacing of the discrete grid on the canvas,
        // so neighbours do not swallow each other.
        let coordinates = Coordinates(plot: plot, x: xScale, y: yScale)
        for (index, statistic) in statistics where statistic.kind == .aggregated {
            guard case .point(let mark) = chart.marks[index] else { continue }
            func spacing(_ values: [Double?]) -> Double {
                let sorted = Array(Set(values.compactMap { $0 })).sorted()
                return zip(sorted.dropFirst(), sorted).map { $0 - $1 }.filter { $0 > 0.5 }.min() ?? 40
            }
            let sx = spacing(statistic.xs.map { coordinates.canvasX(value: $0) })
            let sy = spacing(statistic.ys.map { coordinates.canvasY(value: $0) })
            largestMarker[index] = max(mark.radius * 1.2, min(Self.largestMarkerCap, 0.48 * min(sx, sy)))
        }
    }

    /// Radius of a merged marker standing for `count` points of the point mark at `index`: its area grows with
    /// the count, from 0.7 × the mark's radius (at no points) to the largest marker (at the most points).
    ///
    /// A ``PointMark/sizedByCount`` mark keeps area exactly proportional to the count: radius r₁ × √count, with
    /// r₁ the mark's radius, shrunk when needed so the fullest marker is the largest marker.
    func markerRadius(_ index: Int, count: Int) -> Double {
        guard case .point(let mark) = chart.marks[index], statistics[index] != nil else { return 3 }
        let largest = largestMarker[index] ?? mark.radius * 1.2
        if mark.sizedByCount {
            // Marks on a shared size scale: the same count, the same area, set by the fullest marker of any of them
            // and the tightest of their largest markers.
            var most = max(1, largestCount[index] ?? 1), cap = largest
            if sharedSize.contains(index) {
                for i in sharedSize where i != index {
                    guard case .point(let m) = chart.marks[i] else { continue }
                    most = max(most, largestCount[i] ?? 1)
                    cap = min(cap, largestMarker[i] ?? m.radius * 1.2)
                }
            }
            let single = min(mark.radius, cap / Double(most).squareRoot())
            return single * Double(max(0, count)).squareRoot()
        }
        let share = Double(count) / Double(max(1, largestCount[index] ?? 1))
        return mark.radius * 0.7 + (largest - mark.radius * 0.7) * share.squareRoot()
    }

    /// The count-sized point marks that share one size scale, legend key and note: two or more aggregated,
    /// ``PointMark/sizedByCount`` marks counting the same thing (the same ``PointMark/noun``, e.g. one mark of
    /// "shots" per bean). Count-sized marks of different nouns ("brews" and "earlier brews") keep their own
    /// scales. Empty when there is no such group; with several, the one whose first mark comes first.
    static func sharedSizeMarks(_ marks: [Mark], _ statistics: [Int: PointStatistic]) -> [Int] {
        var byNoun: [String: [Int]] = [:]
        var order: [String] = []
        for (i, mark) in marks.enumerated() {
            guard case .point(let p) = mark, p.sizedByCount, statistics[i]?.kind == .aggregated else { continue }
            if byNoun[p.noun] == nil { order.append(p.noun) }
            byNoun[p.noun, default: []].append(i)
        }
        return order.lazy.compactMap { byNoun[$0] }.first { $0.count > 1 } ?? []
    }

    /// `text` broken at spaces into lines no wider than `width` (a word wider than the line is a line of its own,
    /// shortened when drawn).
    static func wrap(_ text: String, style: TextStyle, width: Double, measurer: any TextMeasuring) -> [String] {
        guard measurer.measure(text, style: style).width > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if line.isEmpty || measurer.measure(candidate, style: style).width <= width {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [text] : lines
    }

    // MARK: Scale helpers

    static func continuous(_ channel: Channel) -> [Double]? {
        switch channel {
        case .numbers(let values): values
        case .dates(let values): values.map(\.timeIntervalSinceReferenceDate)
        case .categories: nil
        }
    }

    /// The scale kind of the first mark with a channel on that axis.
    static func kind(of marks: [Mark], axis: KeyPath<MarkAxes, Channel?>) -> ScaleKind? {
        for mark in marks {
            if let channel = MarkAxes(mark)[keyPath: axis] { return channel.kind }
        }
        for mark in marks {
            if let value = MarkAxes(mark).single(vertical: axis == \MarkAxes.y) { return value.kind }
        }
        return nil
    }

    static func categories(_ marks: [Mark], vertical: Bool) -> [String] {
        var result: [String] = []
        for mark in marks {
            if case .categories(let names)? = vertical ? MarkAxes(mark).y : MarkAxes(mark).x { result += names }
        }
        return result
    }

    /// Min and max over every mark's values on one axis (bar values include zero; bands and rules count).
    static func extent(
        _ marks: [Mark], _ statistics: [Int: PointStatistic], vertical: Bool, kind: ScaleKind
    ) -> (Double, Double)? {
        var lo = Double.infinity
        var hi = -Double.infinity
        func add(_ v: Double) { if v.isFinite { lo = min(lo, v); hi = max(hi, v) } }
        func add(_ channel: Channel?) {
            guard let channel, channel.kind == kind, let values = continuous(channel) else { return }
            for v in values { add(v) }
        }
        for (index, mark) in marks.enumerated() {
            switch mark {
            case .point:
                if let statistic = statistics[index] {
                    let values = vertical ? statistic.ys : statistic.xs
                    var half = 0.0
                    if case .binned(let cw, let ch) = statistic.kind { half = (vertical ? ch : cw) / 2 }
                    for v in values { add(v - half); add(v + half) }
                }
            case .line(let line): add(vertical ? line.y : line.x)
            case .bar(let bar):
                let channel = vertical ? bar.y : bar.x
                let isValueAxis = vertical != (bar.y.kind == .band)
                add(channel)
                if isValueAxis { add(0) }
                if !isValueAxis, let span = bar.span, let values = continuous(channel), channel.kind == kind {
                    for v in values { add(v + span) }
                }
            case .area(let area):
                if vertical { (area.lower + area.upper).forEach { add($0) } } else { add(area.x) }
            case .rule(let rule):
                if (rule.orientation == .horizontal) == vertical, rule.value.kind == kind,
                    let v = rule.value.continuous { add(v) }
            case .band(let band):
                if let range = vertical ? band.y : band.x, kind == .linear {
                    add(range.lowerBound); add(range.upperBound)
                }
            case .text: break
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    static func scale(kind: ScaleKind, axis: AxisSpec, extent: (Double, Double)?, categories: [String], length: Double,
                      calendar: Calendar, labelWidth: Double, pad: Bool) -> AxisScale {
        switch kind {
        case .band:
            return .band(BandScale(categories: categories, groups: axis.groups))
        case .time:
            var extent = extent
            if pad, let (lo, hi) = extent, axis.dateDomain == nil {
                let margin = max((hi - lo) * 0.025, 86_400)
                extent = (lo - margin, hi + margin)
            }
            return .continuous(
                .time(extent: extent, axis: axis, length: length, calendar: calendar, labelWidth: labelWidth))
        case .linear:
            return .continuous(.linear(extent: extent, axis: axis, length: length))
        }
    }

    /// Room needed right of the plot for bar value labels on horizontal bars.
    static func trailingInset(
        _ marks: [Mark], _ statistics: [Int: PointStatistic], measurer: any TextMeasuring, theme: Theme
    ) -> Double {
        var inset = 0.0
        for mark in marks {
            if case .bar(let bar) = mark, bar.valueLabels, bar.y.kind == .band, case .numbers(let values) = bar.x {
                let style = TextStyle(size: theme.tickSize, color: theme.text)
                let widest = values.map {
                    measurer.measure(TickFormatter.labels([$0], format: .automatic)[0], style: style).width
                }.max() ?? 0
                inset = max(inset, widest + 6)
            }
        }
        return inset
    }
}

/// Uniform access to a mark's x and y channels for scale inference.
struct MarkAxes {
    var x: Channel?
    var y: Channel?
    var singleX: PlotValue?
    var singleY: PlotValue?

    init(_ mark: Mark) {
        switch mark {
        case .point(let m): x = m.x; y = m.y
        case .line(let m): x = m.x; y = m.y
        case .bar(let m): x = m.x; y = m.y
        case .area(let m): x = m.x; y = .numbers(m.lower)
        case .rule(let m):
            if m.orientation == .vertical { singleX = m.value } else { singleY = m.value }
        case .text(let m): singleX = m.x; singleY = m.y
        case .band(let m):
            if m.x != nil { singleX = .number(0) }
            if m.y != nil { singleY = .number(0) }
        }
    }

    func single(vertical: Bool) -> PlotValue? { vertical ? singleY : singleX }
}
