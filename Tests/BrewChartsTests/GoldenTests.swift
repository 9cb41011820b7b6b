import BrewCharts
import Foundation
import Testing

/// Recorded-backend goldens for every chart kind, and SVG goldens for a few.
@Suite struct GoldenTests {
    @Test(arguments: ChartFixtures.all.map(\.0))
    func recordedLogMatchesGolden(name: String) throws {
        let chart = ChartFixtures.all.first { $0.0 == name }!.1
        let log = ChartRenderer.record(chart)
        let golden = try Golden.check("\(name).txt", log)
        #expect(golden != nil, "missing golden \(name).txt; run with BREWSTATS_UPDATE_GOLDENS=1")
        if let golden, golden != log {
            let mismatch = zip(golden.split(separator: "\n"), log.split(separator: "\n")).first { $0 != $1 }
            Issue.record("\(name) differs from its golden; first difference: \(mismatch.map { "\($0.0) ≠ \($0.1)" } ?? "length")")
        }
    }

    @Test(arguments: ["equipment-usage", "empty", "control-espresso"])
    func svgMatchesGolden(name: String) throws {
        let chart = ChartFixtures.all.first { $0.0 == name }!.1
        let svg = String(decoding: try ChartRenderer.render(chart, format: .svg), as: UTF8.self)
        let golden = try Golden.check("\(name).svg", svg)
        #expect(golden != nil, "missing golden \(name).svg; run with BREWSTATS_UPDATE_GOLDENS=1")
        if let golden { #expect(golden == svg, "\(name).svg differs from its golden") }
    }
}
