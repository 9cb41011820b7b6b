import BrewChartGallery
import BrewCharts
import Foundation
import Testing

/// Writes the gallery into `reports/gallery/` when `BREWSTATS_WRITE_GALLERY=1`.
@Suite struct GalleryTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("reports/gallery")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["BREWSTATS_WRITE_GALLERY"] == "1"))
    func writeGallery() throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        for theme in [Theme.monochrome, Theme.dark] {
            let files = try ChartGallery.write(to: Self.folder, theme: theme)
            for file in files {
                let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
                #expect(size > 1_000 && size < 5_000_000, "\(file.lastPathComponent) is \(size) bytes")
            }
        }
        try ChartGallery.write(to: Self.folder, theme: .colour)
        // The shot charts: their bands come from the statistics layer (CurveBand), which the gallery in BrewCharts
        // cannot call, so they are drawn here from the synthetic shots of `ShotChartFixtures`.
        let shots = [
            ("10-shot-overlay", BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(40, unaligned: true)))),
            ("10-shot-overlay-500", BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(500)))),
            ("11-shot-metric-vs-rating", BrewstatsCharts.shotMetricVsRating(ShotChartFixtures.metricInput())),
        ]
        for theme in [Theme.monochrome, Theme.dark, Theme.colour] {
            for (name, chart) in shots {
                let url = Self.folder.appendingPathComponent("\(name)-\(theme.name).png")
                try ChartRenderer.write(chart, to: url, theme: theme)
                let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
                #expect(size > 1_000 && size < 5_000_000, "\(url.lastPathComponent) is \(size) bytes")
            }
        }
    }
}
