import BrewAdvice
import BrewCharts
import BrewColumns
import Foundation
import Testing
@testable import BrewReport

@Suite struct DialInChartTests {
    /// Two earlier bags and a new one on a C40 × V60.
    static func advice() throws -> DialInAdvice {
        var b = JournalBuilder()
        let g = b.addGrinder(Grinder(name: "Comandante C40", settingMin: 0, settingMax: 40, settingStep: 1))
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        var day = 0.0
        for (name, brews) in [("Old", [(18.0, 3.5), (22, 4.5), (26, 3.5)]), ("New", [(28.0, 3.0), (25, 4.0)])] {
            let bean = b.addBean(CoffeeBean(name: name))
            for (setting, rating) in brews {
                var row = BrewRow()
                day += 1
                row.id = "\(name)\(day)"; row.brewDate = Timestamp(unixSeconds: 1_700_000_000 + day * 86_400)
                row.method = m; row.grinder = g; row.bean = bean; row.grindSetting = setting; row.rating = rating
                b.appendBrew(row)
            }
        }
        return try DialInAdvisor.advise(journal: b.finish(), grinder: 0, method: 0)
    }

    @Test func drawsCurveBandPointsAndTheNextSetting() throws {
        let a = try Self.advice()
        let chart = DialInChart.chart(a)
        #expect(chart.title == "Dial-in — Comandante C40 · V60 · New")
        let rules = chart.marks.compactMap { if case let .rule(r) = $0 { r } else { nil } }
        #expect(rules.count == 1 && rules[0].value == .number(a.estimate.next) && rules[0].label == "Next: \(a.text(a.estimate.next))")
        let points = chart.marks.compactMap { if case let .point(p) = $0 { p } else { nil } }
        #expect(points.map(\.label) == ["Earlier bags", "This bag"])
        #expect(points.last?.x == .numbers([28, 25]) && points.last?.y == .numbers([3, 4]))
        let lines = chart.marks.compactMap { if case let .line(l) = $0 { l } else { nil } }
        #expect(lines.count == 1 && lines[0].x == .numbers(a.estimate.curve.map(\.setting)))
        #expect(chart.marks.contains { if case .area = $0 { true } else { false } })
        // The grind axis spans the grinder's dial.
        #expect(chart.x.ticks?.first == 0 && chart.x.ticks?.last == 40)
        // It renders (recording backend): the title and the next-setting label are drawn.
        let log = ChartRenderer.record(chart)
        #expect(log.contains("Next: \(a.text(a.estimate.next))"))
    }

    @Test func writesTheFormatOfTheExtension() throws {
        let a = try Self.advice()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dial-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("d.svg")
        try DialInChart.write(a, to: svg)
        #expect(try String(contentsOf: svg, encoding: .utf8).hasPrefix("<?xml"))
        #expect(throws: ReportError.self) { try DialInChart.write(a, to: folder.appendingPathComponent("d.gif")) }
    }
}
