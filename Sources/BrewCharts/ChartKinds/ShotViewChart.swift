import Foundation

/// The panels of the full view of one shot, top to bottom.
public enum ShotViewPanel: String, Sendable, Hashable, CaseIterable {
    case pressure, flow, weight, temperature, resistance

    /// The panel's axis title with its unit.
    public var axisTitle: String {
        switch self {
        case .pressure: "Pressure (bar)"
        case .flow: "Flow (ml/s, g/s)"
        case .weight: "Weight in the cup (g)"
        case .temperature: "Temperature (°C)"
        case .resistance: "Resistance (bar·s²/ml²)"
        }
    }
}

/// One series of the full shot view: its legend name, panel, values (parallel to the view's time; NaN = missing)
/// and its line: the measured quantity solid (series 0), its goal dashed (1), a second measurement dotted (2), a
/// third dash-dot (3) — the monochrome theme's line styles, so the view needs no colour.
public struct ShotViewSeries: Sendable, Hashable {
    public var name: String
    public var panel: ShotViewPanel
    public var values: [Double]
    public var style: Int

    public init(name: String, panel: ShotViewPanel, values: [Double], style: Int) {
        self.name = name
        self.panel = panel
        self.values = values
        self.style = style
    }
}

/// What the full view of one shot is drawn from: every series the file holds, its phases and its marks.
public struct ShotViewInput: Sendable, Hashable {
    public var title: String
    public var subtitle: String
    /// Seconds from the start of the shot (its own clock's zero).
    public var time: [Double]
    public var series: [ShotViewSeries]
    /// The phases the file marks: start (s) and name, in order.
    public var phases: [PhaseMark]
    /// When the first drops fell and when pre-infusion ended (s), when known.
    public var firstDrops: Double?
    public var preinfusionEnd: Double?

    public struct PhaseMark: Sendable, Hashable {
        public var start: Double
        public var name: String
        public init(start: Double, name: String) { self.start = start; self.name = name }
    }

    public init(title: String, subtitle: String, time: [Double], series: [ShotViewSeries], phases: [PhaseMark] = [],
                firstDrops: Double? = nil, preinfusionEnd: Double? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.time = time
        self.series = series
        self.phases = phases
        self.firstDrops = firstDrops
        self.preinfusionEnd = preinfusionEnd
    }
}

extension BrewstatsCharts {
    /// The full view of one shot: every series its file holds, on the time from the start of the shot.
    ///
    /// Small multiples sharing the time axis (``Chart/panels``), one per ``ShotViewPanel`` that has a series with a
    /// finite value: pressure and its goal; flow, its goal and the weight flow; the weight in the cup; the basket,
    /// mix and goal temperatures; the puck resistance. Each series is a line named in its panel's legend (measured
    /// solid, goal dashed, a second measurement dotted). The phases the file marks are shaded every other one and
    /// named at their start in the first panel; dashed rules mark the first drops and the end of pre-infusion in
    /// every panel (named in the first). Samples beyond ``shotTraceSampleLimit`` are thinned evenly.
    public static func shotView(_ input: ShotViewInput, width: Double = 720) -> Chart {
        let panels = ShotViewPanel.allCases.filter { p in
            input.series.contains { $0.panel == p && $0.values.contains(where: \.isFinite) }
        }
        guard !panels.isEmpty, input.time.count >= 2 else {
            return .empty(title: input.title, message: "The shot records no series to draw")
        }
        let lo = min(0, input.time.first ?? 0), hi = max(input.time.last ?? 1, lo + 1)
        let step = AnchoredTicks.step(lower: lo, upper: hi, anchor: 0, steps: [1, 2, 5, 10, 15, 30, 60, 120, 300],
            maxCount: 12)
        let domain = AnchoredTicks.snapped(lower: lo, upper: hi, anchor: 0, step: step)
        let ticks = AnchoredTicks.ticks(lower: domain.lowerBound, upper: domain.upperBound, anchor: 0, step: step)
        let n = input.time.count
        var indices = Array(0..<n)
        if n > shotTraceSampleLimit {
            let stride = Double(n - 1) / Double(shotTraceSampleLimit - 1)
            indices = (0..<shotTraceSampleLimit).map { min(n - 1, Int((Double($0) * stride).rounded())) }
        }
        var charts: [Chart] = []
        for (k, panel) in panels.enumerated() {
            let first = k == 0, last = k == panels.count - 1
            let series = input.series.filter { $0.panel == panel && $0.values.contains(where: \.isFinite) }
            var lines: [Mark] = []
            var high = 0.0, low = 0.0
            for s in series {
                let v = indices.map { $0 < s.values.count ? s.values[$0] : .nan }
                for x in v where x.isFinite { high = max(high, x); low = min(low, x) }
                lines.append(.line(LineMark(x: .numbers(indices.map { input.time[$0] }), y: .numbers(v),
                                            series: s.style,
                                            label: s.name, width: s.style == 0 ? 2 : 1.4)))
            }
            if panel == .temperature, let m = series.flatMap({ $0.values.filter(\.isFinite) }).min() {
                low = max(0, (m - 5).rounded(.down))
            }
            if high <= low { high = low + 1 }
            var marks: [Mark] = []
            // Every other phase shaded across the panel's height, under the lines.
            for (i, phase) in input.phases.enumerated() where i % 2 == 1 {
                let end = i + 1 < input.phases.count ? input.phases[i + 1].start : hi
                guard end > phase.start else { continue }
                marks.append(.area(AreaMark(x: .numbers([phase.start, end]), lower: [low, low], upper: [high, high],
                                            series: Theme.guideSeries)))
            }
            for phase in input.phases {
                marks.append(.rule(RuleMark(.vertical, at: .number(phase.start), label: first ? phase.name : nil)))
            }
            if let t = input.preinfusionEnd {
                marks.append(
                    .rule(
                        RuleMark(
                            .vertical, at: .number(t), label: first ? "Pre-infusion ends" : nil, emphasised: true)))
            }
            if let t = input.firstDrops {
                marks.append(
                    .rule(RuleMark(.vertical, at: .number(t), label: first ? "First drops" : nil, emphasised: true)))
            }
            marks += lines
            let ystep = AnchoredTicks.step(lower: low, upper: high, anchor: 0,
                                           steps: [0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 500], maxCount: 6)
            let ydomain = AnchoredTicks.snapped(lower: low, upper: high, anchor: 0, step: ystep)
            let y = AxisSpec(title: panel.axisTitle, domain: ydomain,
                             ticks: AnchoredTicks.ticks(lower: ydomain.lowerBound, upper: ydomain.upperBound, anchor: 0,
                                 step: ystep))
            let x = AxisSpec(title: last ? "Seconds from the start of the shot" : nil, domain: domain,
                             format: .decimals(0),
                             visible: last, ticks: ticks)
            let height = first ? shotPanelHeights.first : last ? shotPanelHeights.last : shotPanelHeights.middle
            charts.append(Chart(title: first ? input.title : "", subtitle: first ? input.subtitle : nil, x: x, y: y,
                                marks: marks, width: width, height: height))
        }
        if charts.count == 1 { return charts[0] }
        var figure = Chart(title: input.title, subtitle: input.subtitle, width: width,
            height: charts.map(\.height).reduce(0, +))
        figure.panels = charts
        return figure
    }
}
