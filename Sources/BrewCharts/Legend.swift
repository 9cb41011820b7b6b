import Foundation

/// One legend item: a swatch drawn like its mark, and a label.
///
/// Point marks are described by what the statistic stage made of them: a marker for individual points, a size
/// key for points merged by count (``Swatch/sizes(mark:counts:)``), a shade ramp with the smallest and largest
/// counts for binned points (``Swatch/ramp(low:high:lowCount:highCount:)``).
struct LegendEntry: Sendable, Hashable {
    enum Swatch: Sendable, Hashable {
        case point(series: Int)
        case line(series: Int, width: Double)
        case bar(series: Int)
        case band
        case area(series: Int)
        /// Merged markers of the point mark at index `mark`, one per count, sized like the plot's.
        case sizes(mark: Int, counts: [Int])
        /// A density ramp from `low` to `high`, labelled with the cell counts at its ends.
        case ramp(low: Color, high: Color, lowCount: Int, highCount: Int)
    }

    let swatch: Swatch
    let label: String

    /// Entries for every mark with a legend label, in mark order, without duplicates.
    ///
    /// Labelled point marks on a shared size scale (``ChartLayout/sharedSizeMarks(_:_:)``, one per bean, say) each
    /// get their series marker and label, and one size key follows them.
    static func entries(
        for marks: [Mark], statistics: [Int: PointStatistic] = [:], theme: Theme = .monochrome
    ) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        let sized = ChartLayout.sharedSizeMarks(marks, statistics).filter { i in
            if case .point(let m) = marks[i] { m.label != nil } else { false }
        }
        if sized.count > 1 {
            var counts: [Int] = []
            for i in sized { counts += statistics[i]?.counts ?? [] }
            let fullest = sized.max { (statistics[$0]?.counts.max() ?? 0) < (statistics[$1]?.counts.max() ?? 0) }!
            var key: LegendEntry?
            if case .point(let m) = marks[fullest], let low = counts.min(), let high = counts.max() {
                key = LegendEntry(swatch: .sizes(mark: fullest, counts: keyCounts(low: low, high: high)),
                    label: "\(m.noun) per marker")
            }
            for (index, mark) in marks.enumerated() {
                guard sized.contains(index), case .point(let m) = mark, let label = m.label else { continue }
                entries.append(LegendEntry(swatch: .point(series: m.series), label: label))
            }
            if let key { entries.append(key) }
        }
        // A legend never names a mark that draws nothing (a rolling mean without the points it needs).
        for (index, mark) in marks.enumerated() where !(sized.count > 1 && sized.contains(index))
            && mark.drawsSomething {
            let entry: LegendEntry?
            switch mark {
            case .point(let m):
                entry = m.label.map { label in
                    guard let statistic = statistics[index], !statistic.counts.isEmpty else {
                        return LegendEntry(swatch: .point(series: m.series), label: label)
                    }
                    let low = statistic.counts.min()!, high = statistic.counts.max()!
                    switch statistic.kind {
                    case .individual:
                        return LegendEntry(swatch: .point(series: m.series), label: label)
                    case .aggregated:
                        return LegendEntry(swatch: .sizes(mark: index, counts: keyCounts(low: low, high: high)),
                                           label: "\(m.noun) per marker")
                    case .binned:
                        // The shade of the emptiest cell, as the painter computes it (log scale).
                        let t = high > 0 ? log1p(Double(low)) / log1p(Double(high)) : 0
                        return LegendEntry(swatch: .ramp(low: theme.densityLow.mixed(with: theme.densityHigh, t),
                                                         high: theme.densityHigh,
                                                         lowCount: low, highCount: high),
                                           label: "\(m.noun) per cell")
                    }
                }
            case .line(let m):
                entry = m.label.map { LegendEntry(swatch: .line(series: m.series, width: m.width), label: $0) }
            case .bar(let m): entry = m.label.map { LegendEntry(swatch: .bar(series: m.series), label: $0) }
            case .area(let m): entry = m.label.map { LegendEntry(swatch: .area(series: m.series), label: $0) }
            case .band(let m): entry = m.legend.map { LegendEntry(swatch: .band, label: $0) }
            case .rule, .text: entry = nil
            }
            if let entry, !entries.contains(entry) { entries.append(entry) }
        }
        return entries
    }

    /// The counts a size key shows: the smallest, the round number (1, 2 or 5 × 10ⁿ) nearest their geometric
    /// mean when it is clearly between them, and the largest.
    static func keyCounts(low: Int, high: Int) -> [Int] {
        guard high > low else { return [high] }
        var keys = [low]
        let target = (Double(max(1, low)) * Double(high)).squareRoot()
        let magnitude = pow(10, floor(log10(max(1, target))))
        let middle = Int(([1.0, 2, 5, 10].map { $0 * magnitude }.min { abs($0 - target) < abs($1 - target) } ?? target))
        if Double(middle) > Double(low) * 1.5, Double(middle) < Double(high) / 1.5 { keys.append(middle) }
        keys.append(high)
        return keys
    }

    /// The legend row height: room for the label text, and for the largest marker of a size key.
    static func rowHeight(_ theme: Theme, entries: [LegendEntry] = []) -> Double {
        let text = max(12, theme.labelSize * 1.5)
        let sized = entries.contains { if case .sizes = $0.swatch { return true } else { return false } }
        return sized ? max(text, 2 * ChartLayout.largestMarkerCap + 4) : text
    }
}

/// Draws the legend row under the subtitle: each entry's swatch, then its label, left to right; entries that
/// no longer fit are left out.
struct LegendPainter {
    let layout: ChartLayout
    var theme: Theme { layout.theme }

    func paint(into list: inout DisplayList, placer: inout TextPlacer) {
        guard !layout.legend.isEmpty else { return }
        let rowHeight = LegendEntry.rowHeight(theme, entries: layout.legend)
        for (k, row) in layout.legendRows.enumerated() {
            paint(
                row, top: layout.legendTop + Double(k) * rowHeight, rowHeight: rowHeight, into: &list, placer: &placer)
        }
    }

    /// The width one entry takes in a row: its swatch (or size key, or ramp), its label and the gap after it.
    static func width(_ entry: LegendEntry, theme: Theme, measurer: any TextMeasuring) -> Double {
        let style = TextStyle(size: theme.labelSize, color: theme.text)
        let countStyle = TextStyle(size: theme.tickSize, color: theme.mutedText)
        var w = measurer.measure(entry.label, style: style).width + 18
        switch entry.swatch {
        case .sizes(_, let counts):
            w += counts.reduce(0) {
                $0 + 2 * ChartLayout.largestMarkerCap + 11 + measurer.measure(PointStatistic.grouped($1),
                    style: countStyle).width
            }
        case .ramp(_, _, let lowCount, let highCount):
            w += 6 * 8 + 14 + measurer.measure(PointStatistic.grouped(lowCount), style: countStyle).width
                + measurer.measure(PointStatistic.grouped(highCount), style: countStyle).width
        default:
            w += 24
        }
        return w
    }

    /// `entries` packed into rows no wider than `width`, in order (an entry wider than a row has a row of its own).
    static func rows(
        _ entries: [LegendEntry], width: Double, theme: Theme, measurer: any TextMeasuring
    ) -> [[LegendEntry]] {
        var rows: [[LegendEntry]] = []
        var row: [LegendEntry] = []
        var used = 0.0
        for entry in entries {
            let w = Self.width(entry, theme: theme, measurer: measurer)
            if !row.isEmpty, used + w - 18 > width {
                rows.append(row)
                row = []
                used = 0
            }
            row.append(entry)
            used += w
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// One row of entries, left to right from the margin; entries that no longer fit are left out.
    func paint(
        _ entries: [LegendEntry], top: Double, rowHeight: Double, into list: inout DisplayList, placer: inout TextPlacer
    ) {
        let style = TextStyle(size: theme.labelSize, color: theme.text)
        let countStyle = TextStyle(size: theme.tickSize, color: theme.mutedText)
        let right = layout.chart.width - ChartLayout.margin
        var x = ChartLayout.margin
        let centreY = top + rowHeight / 2
        let baseline = placer.centredBaseline(centreY, style: style)
        let countBaseline = placer.centredBaseline(centreY, style: countStyle)
        func text(_ string: String, _ style: TextStyle, _ baseline: Double) {
            list.text(string, at: Point(x: x, y: baseline), style: style)
            x += layout.measurer.measure(string, style: style).width
        }
        for entry in entries {
            guard right - x > 60 else { break }
            switch entry.swatch {
            case .sizes(let mark, let counts):
                let series = theme.style(layout.chart.marks[mark].pointSeries ?? 0)
                let filled = SeriesStyle(color: series.color, shape: series.shape, dash: series.dash, filled: true)
                for count in counts {
                    let r = layout.markerRadius(mark, count: count)
                    MarkPainter.marker(filled, center: Point(x: x + r, y: centreY), radius: r, fillAlpha: 0.3,
                        into: &list)
                    x += 2 * r + 3
                    text(PointStatistic.grouped(count), countStyle, countBaseline)
                    x += 8
                }
            case .ramp(let low, let high, let lowCount, let highCount):
                text(PointStatistic.grouped(lowCount), countStyle, countBaseline)
                x += 4
                let steps = 6
                for i in 0..<steps {
                    let t = Double(i) / Double(steps - 1)
                    list.fill(.rect(Rect(x: x + Double(i) * 8, y: centreY - 5, width: 8.3, height: 10)),
                        color: low.mixed(with: high, t))
                }
                x += Double(steps) * 8 + 4
                text(PointStatistic.grouped(highCount), countStyle, countBaseline)
                x += 6
            default:
                paintSwatch(entry.swatch, in: Rect(x: x, y: centreY - 5, width: 18, height: 10), into: &list)
                x += 24
            }
            let room = right - x
            guard room > 20 else { break }
            let label = placer.fit(entry.label, style: style, maxWidth: room)
            text(label, style, baseline)
            x += 18
        }
    }

    func paintSwatch(_ swatch: LegendEntry.Swatch, in rect: Rect, into list: inout DisplayList) {
        switch swatch {
        case .point(let series):
            MarkPainter.marker(theme.style(series), center: Point(x: rect.midX, y: rect.midY), radius: 3.6,
                               fillAlpha: 0.85, into: &list)
        case .line(let series, let width):
            let style = theme.style(series)
            list.stroke(.segment(Point(x: rect.x, y: rect.midY), Point(x: rect.maxX, y: rect.midY)), color: style.color,
                        style: StrokeStyle(width: min(width, 3), dash: style.dash, round: style.dash.isEmpty))
        case .bar(let series):
            list.fill(.rect(rect.insetBy(1)), color: theme.barColor(series))
        case .band:
            list.fill(.rect(rect), color: theme.band)
            list.stroke(.rect(rect), color: theme.bandEdge, style: StrokeStyle(width: 0.8))
        case .area(let series):
            list.fill(.rect(rect), color: theme.style(series).color.withAlpha(0.18))
        case .sizes, .ramp:
            break
        }
    }
}

extension Mark {
    /// Whether the mark draws anything: a point or bar with a finite value, a line or area through two finite
    /// points; rules, texts and bands always draw.
    var drawsSomething: Bool {
        func finite(_ c: Channel, _ i: Int) -> Bool {
            switch c {
            case .numbers(let v): i < v.count && v[i].isFinite
            case .dates(let d): i < d.count && d[i].timeIntervalSinceReferenceDate.isFinite
            case .categories(let c): i < c.count
            }
        }
        func pairs(_ x: Channel, _ y: Channel) -> Int {
            (0..<min(x.count, y.count)).reduce(0) { $0 + (finite(x, $1) && finite(y, $1) ? 1 : 0) }
        }
        switch self {
        case .point(let m): return pairs(m.x, m.y) > 0
        case .bar(let m): return pairs(m.x, m.y) > 0
        case .line(let m): return pairs(m.x, m.y) > 1
        case .area(let m):
            return (0..<min(m.x.count, m.lower.count, m.upper.count)).filter {
                finite(m.x, $0) && m.lower[$0].isFinite && m.upper[$0].isFinite
            }.count > 1
        case .rule, .text, .band: return true
        }
    }

    /// The series of a point mark, `nil` for other marks.
    var pointSeries: Int? {
        if case .point(let m) = self { return m.series }
        return nil
    }
}
