@testable import BrewCharts
import Foundation
import Testing

/// A chart laid out once and drawn into every format gives each format the bytes of drawing it on its own.
@Suite struct LaidOutChartTests {
    static let charts: [Chart] = [ChartFixtures.brewsPerWeek, ChartFixtures.grindVsRating, ChartFixtures.equipmentUsage,
                                  ChartFixtures.controlFilter, Chart.empty(title: "Nothing to draw")]

    @Test(arguments: charts)
    func oneLayoutGivesEveryFormatsBytes(_ chart: Chart) throws {
        let laidOut = ChartRenderer.layout(chart, theme: .monochrome)
        #expect(laidOut.width == chart.width && laidOut.height == chart.height && laidOut.title == chart.title)
        let creation = "2026-11-22T10:40:52+01:00"
        for format: ChartImageFormat in [.png(scale: 2), .svg, .pdf, .png(scale: 1)] {
            let alone = try ChartRenderer.render(chart, format: format, theme: .monochrome, creationDate: creation)
            // The same layout replayed twice, and after other formats: the bytes do not depend on what came before.
            let first = try laidOut.render(format: format, creationDate: creation)
            let again = try laidOut.render(format: format, creationDate: creation)
            #expect(first == alone, "\(format) from the shared layout")
            #expect(again == alone)
        }
    }

    @Test func writeGoesThroughTheSharedLayout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brewstats-laidout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let chart = ChartFixtures.ratingTrend
        let laidOut = ChartRenderer.layout(chart)
        try laidOut.write(to: folder.appendingPathComponent("a.svg"), format: .svg)
        try ChartRenderer.write(chart, to: folder.appendingPathComponent("b.svg"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("a.svg")) == Data(contentsOf: folder.appendingPathComponent("b.svg")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.svg", "b.svg"])
    }
}
