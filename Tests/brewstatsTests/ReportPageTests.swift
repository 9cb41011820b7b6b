import Foundation
import Testing
import TestSupport

/// The sample report's page as a reader uses it: charts that enlarge, hover details, dark mode.
@Suite struct ReportPageTests {
    @Test(.enabled(if: CLI.available)) func everyChartEnlargesAndEveryInPageLinkHasItsTarget() throws {
        let report = try #require(SampleReport.sqlite)
        let page = try StrictHTML(text(report.file("index.html")))
        let ids = page.ids
        for fragment in page.fragmentLinks { #expect(ids.contains(fragment), "#\(fragment) has no target") }
        let figures = page.root.all("figure")
        #expect(!figures.isEmpty)
        for figure in figures {
            // The chart is a link to its lightbox; the lightbox shows the same file and links the file itself.
            let plot = try #require(figure.all("a").first { $0.attributes["class"] == "plot" })
            let shown = try #require(plot.all("img").first?.attributes["src"])
            let target = try #require(plot.attributes["href"]).dropFirst()
            let zoom = try #require(figure.all("div").first { $0.attributes["id"] == String(target) })
            #expect(zoom.attributes["class"] == "zoom")
            #expect(zoom.all("img").first?.attributes["src"] == shown)
            #expect(zoom.all("a").contains { $0.attributes["href"] == shown })
            // Dark mode shows the chart's own dark drawing (never a filtered image), and a phone its phone drawing.
            let stem = (shown as NSString).deletingPathExtension
            let sources = Dictionary(plot.all("source").compactMap { s in s.attributes["media"].map { ($0, s.attributes["srcset"] ?? "") } },
                                     uniquingKeysWith: { a, _ in a })
            #expect(sources["(prefers-color-scheme: dark)"] == stem + "-dark.svg", "\(sources)")
            #expect(sources.contains { $0.key.contains("max-width") && !$0.key.contains("dark") && $0.value == stem + "-phone.svg" }, "\(sources)")
            #expect(!(figure.attributes["style"] ?? "").contains("filter"))
        }
    }

    @Test(.enabled(if: CLI.available)) func smallChartsCarryOneHoverTitlePerBrew() throws {
        let report = try #require(SampleReport.sqlite)
        let page = try StrictHTML(text(report.file("index.html")))
        // The Comandante × V60 chart: one circle per logged (setting, rating) position, whose counts add up to the
        // brews with a grind setting and a rating, as grind_rating.csv counts them.
        let rows = report.csvRecords("grind_rating.csv").rows
        let group = try #require(rows.first { $0["grinder"] == "Comandante C40" && $0["method"] == "V60" && $0["bean"] == "" })
        let n = try #require(Int(group["n"] ?? ""))
        let figure = try #require(page.root.all("figure").first { $0.attributes["id"] == "grind-rating-comandante-c40-v60" })
        let circles = figure.all("circle")
        #expect(!circles.isEmpty && circles.count <= n)
        var total = 0, positions = Set<String>()
        for c in circles {
            let title = c.all("title").first?.text ?? ""
            #expect(title.contains("Grind setting ") && title.contains(" · Rating "), "\(title)")
            let parts = title.components(separatedBy: " · ")
            positions.insert(parts.prefix(2).joined(separator: " · "))
            total += Int(parts.last?.split(separator: " ").first ?? "") ?? 0
        }
        #expect(total == n)
        #expect(positions.count == circles.count, "one circle per position")
        // A chart with more points than the limit has no overlay, and the page stays script-free.
        #expect(!text(report.file("index.html")).contains("<script"))
    }
}
