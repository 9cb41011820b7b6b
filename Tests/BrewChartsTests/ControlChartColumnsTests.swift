import Testing
@testable import BrewCharts

/// The brewing control chart drawn from columns (EY, TDS, group code) and its marker groups.
@Suite("Control chart from columns")
struct ControlChartColumnsTests {
    /// The point marks of `chart`: series, label and x values, in mark order.
    static func points(_ chart: Chart) -> [(series: Int, label: String?, x: [Double], y: [Double])] {
        chart.marks.compactMap { mark in
            guard case .point(let p) = mark, case .numbers(let x) = p.x, case .numbers(let y) = p.y else { return nil }
            return (p.series, p.label, x, y)
        }
    }

    @Test("codes naming one string are one group; groups by brews, then name; brews without a group are Other")
    func groupsByName() {
        // Codes 0 and 2 both name V60: V60 holds brews 0, 2, 3; Kalita brews 1, 5; brew 4 has no group.
        let chart = BrewstatsCharts.brewingControlChart(extraction: [18, 19, 20, 21, 22, 23], tds: [1.1, 1.2, 1.3, 1.4, 1.5, 1.6],
                                                        groups: [0, 1, 2, 0, -1, 1], groupNames: ["V60", "Kalita", "V60"])
        let marks = Self.points(chart)
        #expect(marks.map(\.series) == [0, 1, 2])
        #expect(marks.map(\.label) == ["V60", "Kalita", "Other methods"])
        #expect(marks.map(\.x) == [[18, 20, 21], [19, 23], [22]])
        #expect(marks.map(\.y) == [[1.1, 1.3, 1.4], [1.2, 1.6], [1.5]])
        #expect(chart.subtitle?.hasPrefix("6 brews") == true)
    }

    @Test("equal counts are ordered by name; past four groups the three largest are named and the rest share series 3")
    func fiveGroups() {
        // Brews per group: A 1, B 2, C 3, D 3, E 1 → C, D (tie: by name), B named; A and E are the rest, in brew order.
        let codes: [Int32] = [4, 3, 2, 2, 1, 1, 0, 3, 3, 2]
        let names = ["A", "B", "C", "D", "E"]
        let ey = (0..<codes.count).map { 15 + Double($0) }
        let chart = BrewstatsCharts.brewingControlChart(extraction: ey, tds: Array(repeating: 1.2, count: codes.count),
                                                        groups: codes, groupNames: names)
        let marks = Self.points(chart)
        #expect(marks.map(\.label) == ["C", "D", "B", "Other methods"])
        #expect(marks.map(\.series) == [0, 1, 2, 3])
        #expect(marks.map(\.x) == [[17, 18, 24], [16, 22, 23], [19, 20], [15, 21]])
    }

    @Test("one group, or none, is one unlabelled mark of every brew; non-finite brews are left out")
    func oneMark() {
        let chart = BrewstatsCharts.brewingControlChart(extraction: [20, .nan, 19], tds: [1.2, 1.3, .infinity],
                                                        groups: [0, 0, 0], groupNames: ["V60"], kind: .filter())
        let marks = Self.points(chart)
        #expect(marks.count == 1)
        #expect(marks.first?.label == "Brew")
        #expect(marks.first?.x == [20])
        #expect(chart.subtitle?.hasPrefix("1 brew ") == true)
        let none = BrewstatsCharts.brewingControlChart(extraction: [.nan], tds: [1], groups: [-1], groupNames: [], kind: .espresso)
        #expect(Self.points(none).isEmpty)
        #expect(none.emptyMessage != nil)
    }

    @Test("the columns give the chart the same brews as points give")
    func sameAsPoints() {
        let methods = ["V60", "Kalita", "Chemex", "Aeropress", "Origami"]
        let points: [ExtractionPoint] = (0..<300).map { (i: Int) -> ExtractionPoint in
            let extraction: Double = 16 + Double(i % 13) * 0.5
            let tds: Double = 1 + Double(i % 7) * 0.08
            let group: String? = i % 11 == 0 ? nil : methods[i % 5]
            return ExtractionPoint(extraction: extraction, tds: tds, group: group)
        }
        let codes: [Int32] = points.map { (p: ExtractionPoint) -> Int32 in
            p.group.map { Int32(methods.firstIndex(of: $0)!) } ?? -1
        }
        let extraction: [Double] = points.map { $0.extraction }
        let tds: [Double] = points.map { $0.tds }
        let fromColumns = BrewstatsCharts.brewingControlChart(extraction: extraction, tds: tds,
                                                              groups: codes, groupNames: methods)
        #expect(fromColumns == BrewstatsCharts.brewingControlChart(points))
    }

    @Test("brews binned by the point statistic are one grid of every method, the note counting each method")
    func binnedMethodsAreOneGrid() {
        // 6,000 brews at 6,000 distinct positions (past PointMark.distinctLimit): V60 the first 4,000,
        // Chemex the last 2,000.
        let n = 6_000
        let ey = (0..<n).map { 16 + Double($0) * 0.001 }
        let tds = (0..<n).map { 1.1 + Double($0 % 97) * 0.004 }
        let codes = (0..<n).map { Int32($0 < 4_000 ? 0 : 1) }
        let chart = BrewstatsCharts.brewingControlChart(extraction: ey, tds: tds, groups: codes, groupNames: ["V60", "Chemex"])
        let marks = Self.points(chart)
        #expect(marks.count == 1)
        #expect(marks.first?.label == "Brew")
        #expect(marks.first?.x.count == n)
        let expected = "Methods are not told apart in the grid: V60 \(TickFormatter.plain(4_000, decimals: 0)), Chemex \(TickFormatter.plain(2_000, decimals: 0))."
        #expect(chart.notes.contains(expected))
        // The same brews at 97 × 13 distinct positions (aggregated, not binned) keep a mark per method.
        let coarse = BrewstatsCharts.brewingControlChart(extraction: ey.indices.map { 16 + Double($0 % 13) * 0.5 }, tds: tds,
                                                         groups: codes, groupNames: ["V60", "Chemex"])
        #expect(Self.points(coarse).map(\.label) == ["V60", "Chemex"])
        #expect(!coarse.notes.contains { $0.hasPrefix("Methods are not told apart") })
    }
}
