import BrewCharts
import BrewStats
import Foundation

/// Grind versus rating pooled per grinder model across a batch's journals.
///
/// The pool holds counts of identical (grinder, setting, rating) triples, so its size is bounded by the
/// grinders' discrete settings and the rating scale, however many journals it summarises. Statistics are
/// computed on the brews the counts stand for: the quadratic fit's R² and its sweet spot (stated only as ``EvidenceRules`` allow) (the vertex
/// −b ÷ 2c when c < 0 and inside the observed settings, contract §4). Pooled charts carry no LOESS curve:
/// brews of different journals mix methods and beans.
enum PooledGrind {
    static func charts(_ grind: [String: Int], limit: Int) -> [NamedChart] {
        var byGrinder: [String: (x: [Double], y: [Double])] = [:]
        for (key, n) in grind.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "\t").map(String.init)
            guard parts.count == 3, let x = Double(parts[1]), let y = Double(parts[2]) else { continue }
            byGrinder[parts[0], default: ([], [])].x.append(contentsOf: repeatElement(x, count: n))
            byGrinder[parts[0], default: ([], [])].y.append(contentsOf: repeatElement(y, count: n))
        }
        let ranked = byGrinder.sorted { $0.value.x.count != $1.value.x.count ? $0.value.x.count > $1.value.x.count : $0.key < $1.key }
        var naming = OutputNaming(reserved: [])
        return ranked.prefix(limit).map { name, xy in
            let slug = naming.name(for: URL(fileURLWithPath: ReportCharts.slugText(name)))
            return NamedChart(stem: "grind-rating-\(slug)", title: "\(name): pooled over journals, n = \(xy.x.count)",
                              chart: BrewstatsCharts.grindVsRating(GrindRatingInput(
                                  grinder: name, method: "all methods", grindSettings: xy.x, ratings: xy.y,
                                  sweetSpot: EvidenceRules.statesSweetSpot(n: xy.x.count, distinctSettings: Set(xy.x).count,
                                                                           r2: r2(xy.x, xy.y)) ? sweetSpot(xy.x, xy.y) : nil,
                                  rSquared: r2(xy.x, xy.y),
                                  quadratic: Regression.quadratic(xy.x, xy.y).map { QuadraticCurve(a: $0.a, b: $0.b, c: $0.c) })))
        }
    }

    /// R² of the quadratic fit of the pooled points (``GrindRatingGroup/rSquared(_:x:y:)``), or `nil`.
    static func r2(_ x: [Double], _ y: [Double]) -> Double? {
        Regression.quadratic(x, y).flatMap { GrindRatingGroup.rSquared($0, x: x, y: y) }
    }

    /// The contract's sweet spot of a quadratic fit, or `nil`.
    static func sweetSpot(_ x: [Double], _ y: [Double]) -> Double? {
        guard let q = Regression.quadratic(x, y), let lo = x.min(), let hi = x.max() else { return nil }
        return q.sweetSpot(within: lo...hi)
    }
}

/// `combined/index.html`: every journal's outcome with a link to its report, and the cross-journal charts.
enum CombinedPage {
    /// - Parameter link: A journal's report page relative to the combined folder (`../j1/index.html`), or `nil`.
    static func render(outcomes: [JournalOutcome], charts: [NamedChart], formats: [ChartImageFormat],
                       link: (JournalOutcome) -> String?) -> String {
        let e = HTML.escape
        let ok = outcomes.filter { $0.status != .failed }.count
        var h = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Batch — \(outcomes.count) journals</title><style>\(HTMLReport.css)</style></head><body>
        <header><p class="eyebrow">brewstats batch</p><h1>\(outcomes.count) journals</h1>
        <p class="sub">\(ok) reported, \(outcomes.count - ok) failed</p></header><main>
        <section><h2>Across journals</h2><div class="charts">

        """
        for c in charts {
            let files = formats.map { "\(c.stem).\($0.fileExtension)" }
            let image = files.first { $0.hasSuffix(".svg") } ?? files.first { $0.hasSuffix(".png") }
            h += HTMLReport.figure(stem: c.stem, title: c.title, image: image, links: files)
        }
        h += "</div></section>\n<section><h2>Journals</h2><div class=\"scroll\"><table><thead><tr><th>Journal</th><th>Status</th><th>Format</th><th class=\"n\">Kept</th><th class=\"n\">Rejected</th><th>Week</th><th>Error</th></tr></thead><tbody>\n"
        for o in outcomes {
            let name = link(o).map { "<a href=\"\(e(HTMLReport.href($0)))\">\(e(o.journal))</a>" } ?? e(o.journal)
            h += "<tr><td>\(name)</td><td>\(o.status.rawValue)</td><td>\(e(o.format))</td><td class=\"n\">\(o.kept)</td><td class=\"n\">\(o.rejected)</td><td>\(e(o.week))</td><td>\(e(o.error))</td></tr>\n"
        }
        h += "</tbody></table></div></section></main><footer>Made by brewstats.</footer></body></html>\n"
        return h
    }
}
