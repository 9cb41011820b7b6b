import Foundation

/// A mark's label waiting to be placed: its text, the spots it may take (best first) and how it is drawn.
struct PendingLabel {
    /// What keeps a label readable over the marks beneath it.
    enum Halo {
        /// Nothing (bar values, which sit on empty background).
        case none
        /// A background-coloured box (reference and annotation labels).
        case box
        /// A background-coloured outline around the glyphs only (region names), so lines beneath are not cut.
        case glyphs
    }

    var text: String
    var candidates: [LabelCandidate]
    var style: TextStyle
    var halo: Halo
    var required: Bool
    /// What covering a stretch of line costs, relative to a box label (1); `nil`: 1, or 0 with a glyph halo.
    var lineFactor: Double?

    init(_ text: String, candidates: [LabelCandidate], style: TextStyle, halo: Halo = .box, required: Bool = false,
         lineFactor: Double? = nil) {
        self.lineFactor = lineFactor
        self.text = text
        self.candidates = candidates
        self.style = style
        self.halo = halo
        self.required = required
    }

    /// A label with one spot and no halo.
    init(_ text: String, at anchor: Point, _ alignment: TextAlignment, _ style: TextStyle) {
        self.init(text, candidates: [LabelCandidate(anchor: anchor, alignment: alignment)], style: style, halo: .none)
    }
}

extension MarkPainter {
    /// Places the labels, required ones first (otherwise in mark order), and draws those that found room.
    func place(_ labels: [PendingLabel], into list: inout DisplayList, placer: inout TextPlacer) {
        let ordered = labels.filter(\.required) + labels.filter { !$0.required }
        for label in ordered {
            let padding = label.halo == .glyphs ? 1.0 : 2.0
            guard let (fitted, origin, rect) = placer.place(label.text, candidates: label.candidates,
                                                            style: label.style,
                                                            padding: padding, required: label.required,
                                                            lineFactor: label.lineFactor
                                                                ?? (label.halo == .glyphs ? 0 : 1)) else { continue }
            switch label.halo {
            case .none: break
            case .box: list.fill(.rect(rect.insetBy(-2)), color: theme.background.withAlpha(0.88))
            case .glyphs:
                let halo = TextStyle(size: label.style.size, bold: label.style.bold,
                    color: theme.background.withAlpha(0.9))
                for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1), (-0.7, -0.7), (0.7, -0.7), (-0.7, 0.7),
                    (0.7, 0.7)] {
                    list.text(fitted, at: Point(x: origin.x + dx, y: origin.y + dy), style: halo)
                }
            }
            list.text(fitted, at: origin, style: label.style)
        }
    }

    /// What mark labels keep clear of: every drawn point (its marker box), density cell and bar, with weight 1,
    /// and every line segment, with weight 0.3 (covering a stretch of a line is bad, hiding data is worse).
    func obstacles() -> [LabelObstacle] {
        var result: [LabelObstacle] = []
        for (index, mark) in layout.chart.marks.enumerated() {
            switch mark {
            case .point(let point):
                guard let statistic = layout.statistics[index] else { continue }
                if case .binned = statistic.kind {
                    result += cellRects(statistic).map { LabelObstacle(shape: .rect($0.1), weight: 1) }
                    continue
                }
                for i in statistic.xs.indices {
                    guard let x = coordinates.canvasX(value: statistic.xs[i]),
                        let y = coordinates.canvasY(value: statistic.ys[i]) else { continue }
                    let r = statistic.kind == .aggregated ? layout.markerRadius(index, count: statistic.counts[i])
                        : point.radius * 1.25
                    result.append(
                        LabelObstacle(shape: .rect(Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)), weight: 1))
                }
            case .line(let line):
                for run in runs(line) {
                    for (a, b) in zip(run, run.dropFirst()) {
                        result.append(LabelObstacle(shape: .segment(a, b), weight: 0.3))
                    }
                }
            case .bar(let bar):
                result += barRects(bar).map { LabelObstacle(shape: .rect($0), weight: 1) }
            default:
                continue
            }
        }
        return result
    }

    func textLabel(_ text: TextMark, labels: inout [PendingLabel]) {
        guard let anchor = coordinates.point(text.x, text.y) else { return }
        let style: TextStyle
        switch text.role {
        case .annotation: style = TextStyle(size: theme.labelSize, color: theme.mutedText)
        case .emphasis: style = TextStyle(size: theme.labelSize, bold: true, color: theme.emphasis)
        case .value: style = TextStyle(size: theme.tickSize, color: theme.text)
        case .region:
            style = TextStyle(size: layout.isPhone ? theme.tickSize : theme.tickSize - 1, color: theme.regionText)
        }
        let candidates = ([text.offset] + text.nudges).map { offset in
            LabelCandidate(anchor: Point(x: anchor.x + offset.x, y: anchor.y + offset.y), alignment: text.alignment)
        }
        let halo: PendingLabel.Halo = text.role == .value ? .none : text.role == .region ? .glyphs : .box
        labels.append(PendingLabel(text.text, candidates: candidates, style: style, halo: halo, required: text.required,
                                   lineFactor: text.avoidsLines ? 0.1 : nil))
    }

    /// A band's label: inside its top-left corner, else another inside corner or along its top or bottom edge,
    /// else just outside the top or bottom edge (only when that hides less data than crossing a line inside).
    func bandLabel(_ band: BandMark, labels: inout [PendingLabel]) {
        guard let label = band.label else { return }
        let plot = layout.plot
        let rect = bandRect(band)
        let style = TextStyle(size: theme.tickSize, bold: true, color: theme.mutedText)
        let size = layout.measurer.measure(label, style: style)
        let left = max(rect.x, plot.x) + 6, right = min(rect.maxX, plot.maxX) - 6
        let top = max(rect.y, plot.y), bottom = min(rect.maxY, plot.maxY)
        let insideTop = top + size.ascent + 5, insideBottom = bottom - size.descent - 5
        let aboveTop = top - size.descent - 4, belowBottom = bottom + size.ascent + 4
        var candidates: [LabelCandidate] = []
        for y in [insideTop, insideBottom] {
            candidates.append(LabelCandidate(anchor: Point(x: left, y: y), alignment: .leading))
            candidates.append(LabelCandidate(anchor: Point(x: right, y: y), alignment: .trailing))
            for f in [0.25, 0.5, 0.75] where right - left > 3 * size.width {
                candidates.append(LabelCandidate(anchor: Point(x: left + (right - left) * f, y: y), alignment: .center))
            }
        }
        // Outside the band the label is further from what it names: worth it only to avoid hiding data.
        for y in [aboveTop, belowBottom] where y - size.ascent > plot.y && y + size.descent < plot.maxY {
            candidates.append(LabelCandidate(anchor: Point(x: left, y: y), alignment: .leading, penalty: 0.7))
            candidates.append(LabelCandidate(anchor: Point(x: right, y: y), alignment: .trailing, penalty: 0.7))
        }
        labels.append(PendingLabel(label, candidates: candidates, style: style))
    }

    /// A vertical rule's label: beside the rule at the top (right side first), else at the bottom, else part-way.
    func verticalRuleLabel(_ label: String, x: Double, style: TextStyle) -> PendingLabel {
        let plot = layout.plot
        let size = layout.measurer.measure(label, style: style)
        let fitsRight = x + 6 + size.width <= plot.maxX
        let fitsLeft = x - 6 - size.width >= plot.x
        var candidates: [LabelCandidate] = []
        let heights = [plot.y + size.ascent + 2, plot.maxY - size.descent - 4]
            + [0.25, 0.5, 0.75].map { plot.y + plot.height * $0 }
        for y in heights {
            if fitsRight || !fitsLeft {
                candidates.append(LabelCandidate(anchor: Point(x: x + 6, y: y), alignment: .leading))
            }
            if fitsLeft { candidates.append(LabelCandidate(anchor: Point(x: x - 6, y: y), alignment: .trailing)) }
        }
        return PendingLabel(label, candidates: candidates, style: style)
    }

    /// A horizontal rule's label: above the rule at its right end, else at its left end, else part-way along
    /// it, else below it in the same order.
    func horizontalRuleLabel(_ label: String, y: Double, style: TextStyle) -> PendingLabel {
        let plot = layout.plot
        let size = layout.measurer.measure(label, style: style)
        var candidates: [LabelCandidate] = []
        for baseline in [y - 5, y + size.ascent + 4] {
            candidates.append(LabelCandidate(anchor: Point(x: plot.maxX - 4, y: baseline), alignment: .trailing))
            candidates.append(LabelCandidate(anchor: Point(x: plot.x + 4, y: baseline), alignment: .leading))
            // Every 12 pt from right to left, so a gap between bars a little wider than the label is found.
            for x in stride(from: plot.maxX - 4 - 12, through: plot.x + 4 + size.width, by: -12) {
                candidates.append(LabelCandidate(anchor: Point(x: x, y: baseline), alignment: .trailing))
            }
        }
        return PendingLabel(label, candidates: candidates, style: style)
    }

    /// A line's end label: beside the last visible point, else sliding back along the line.
    ///
    /// A line leaving through the top gets its label to its right, just below the edge; one leaving through the
    /// right edge gets it above the line, ending at the edge. Further back the label keeps the same side.
    func lineEndLabel(_ label: String, line: LineMark) -> PendingLabel? {
        guard let run = runs(line).last, let end = run.last else { return nil }
        let plot = layout.plot
        let style = TextStyle(size: theme.tickSize, color: theme.mutedText)
        let size = layout.measurer.measure(label, style: style)
        let leavesTop = end.x < plot.maxX - size.width - 8
        func candidate(at p: Point) -> LabelCandidate {
            leavesTop
                ? LabelCandidate(anchor: Point(x: p.x + 5, y: max(plot.y, p.y) + size.ascent + 3), alignment: .leading)
                : LabelCandidate(anchor: Point(x: min(plot.maxX, p.x) - 3, y: max(plot.y + size.ascent + 2, p.y - 5)),
                    alignment: .trailing)
        }
        var candidates = [candidate(at: end)]
        // Points part-way back along the visible run (by length), nearest the end first.
        let lengths = zip(run, run.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let total = lengths.reduce(0, +)
        for f in [0.93, 0.86, 0.79, 0.72, 0.65, 0.58] where total > 0 {
            var remaining = total * (1 - f)
            var p = end
            for (k, length) in lengths.enumerated().reversed() {
                let a = run[k], b = run[k + 1]
                if remaining <= length {
                    let t = length > 0 ? remaining / length : 0
                    p = Point(x: b.x + (a.x - b.x) * t, y: b.y + (a.y - b.y) * t)
                    break
                }
                remaining -= length
                p = a
            }
            guard plot.contains(p) else { continue }
            candidates.append(candidate(at: p))
        }
        return PendingLabel(label, candidates: candidates, style: style)
    }
}
