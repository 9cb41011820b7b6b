import BrewCharts
import BrewColumns
import BrewFiles
import BrewStats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The report's page per bean (bag): `beans/<slug>.html` with its charts beside it (`beans/<slug>-*.svg`, or `.png`
/// when SVG is not among the report's formats; see ``formats(_:)``), linked from `index.html`.
///
/// **Which beans get a page.** Beans with at least one brew in the ``recentWeeks`` weeks ending with the report
/// week (8: the bags in use and those just finished; for a month, a year or a range, the period or those 8 weeks,
/// whichever is longer), most recently brewed first, at most ``limit``. So a page
/// exists for every bag in current use, and a journal of years writes no more pages than two months'. Each page
/// uses the bean's brews dated up to the report week's end (no look-ahead, like the report).
public enum BeanPages {
    /// At most this many bean pages per report: 12.
    public static let limit = 12
    /// The weeks, ending with the report week, in which a bean must have been brewed to get a page: 8.
    public static let recentWeeks = 8

    /// A page written: the bean's label, its file (relative to the report folder) and its brews.
    public struct Link: Sendable, Equatable {
        public let label: String
        public let href: String
        public let brews: Int
    }

    /// The formats a bean page's charts are written in: the report's, without PNG when SVG is among them (the page
    /// shows the SVG, sharp at any size; a PNG beside it would double the drawing work of a dozen pages for a file
    /// nobody looks at).
    static func formats(_ chosen: [ChartImageFormat]) -> [ChartImageFormat] {
        guard chosen.contains(where: { $0.fileExtension == "svg" }) else { return chosen }
        return chosen.filter { $0.fileExtension != "png" }
    }

    /// The beans given a page, with the last day their brews are counted to; `nil` without a report period.
    ///
    /// For a week the window is the ``recentWeeks`` weeks ending with it; for a month, a year or a range of days it
    /// is the period itself or those 8 weeks ending with its last day, whichever starts earlier.
    static func chosen(_ report: PeriodReport, options: ReportOptions) -> (beans: [Int], through: Day)? {
        guard let period = report.period else { return nil }
        let last = period.lastDay
        let recent = Day(index: last.index - Int32(recentWeeks * 7 - 1))
        let first = min(recent, period.firstDay)
        return (report.analysis.beansBrewed(from: first, through: last, limit: limit), last)
    }

    /// Writes the pages and their charts into `folder/beans/` (created when there is a page).
    ///
    /// - Returns: The pages written, in the order the index lists them, and every file name (relative to `folder`).
    /// - Throws: ``ReportError/output(path:reason:)`` when a file cannot be written (named as under `out`).
    static func write(_ report: PeriodReport, options: ReportOptions, into folder: StagedFolder,
                      reportedAs out: URL) throws(ReportError) -> (links: [Link], files: [String]) {
        guard let (beans, last) = chosen(report, options: options), !beans.isEmpty else { return ([], []) }
        let analysis = report.analysis
        let summaries = analysis.beanSummaries(beans, through: last)
        let dir = folder.folder(ReportFiles.beanFolder)
        // Not `withIntermediateDirectories`: when an interruption has removed the staging folder, this fails rather
        // than bring it back.
        // POSIX, not FileManager: its EIO reads "The operation could not be completed. (NSCocoaErrorDomain error 512.)".
        guard mkdir(dir.url.path, 0o777) == 0 else {
            let code = errno  // before anything else can change it
            throw .output(path: out.appendingPathComponent(ReportFiles.beanFolder).path, reason: String(cString: strerror(code)))
        }
        var naming = OutputNaming(reserved: [])
        let slugs = summaries.map { naming.name(for: URL(fileURLWithPath: ReportCharts.slugText($0.label), isDirectory: false)) }
        // Each bean's charts (its LOESS curves among them) are independent of the others': built across the cores.
        let work = options.parallelRendering ? summaries.reduce(0) { $0 + $1.brews } : 0
        let every = parallelMap(summaries.count, work: work, largestFirst: { summaries[$0].brews }) { k in
            BeanCharts.all(summaries[k], analysis: analysis, slug: slugs[k])
        }
        let charts = every.map { $0.filter { $0.chart.emptyMessage == nil } }
        let formats = Self.formats(options.formats)
        let shown = charts.map { page in
            page.map { c in
                let names = formats.map { "\(c.stem).\($0.fileExtension)" }
                return (chart: c, image: names.first { $0.hasSuffix(".svg") } ?? names.first { $0.hasSuffix(".png") }, links: names)
            }
        }
        // Each chart is one job: laid out once, drawn from that layout into every format, and its hover overlay for
        // the page taken from the same layout (made afresh, it would lay the chart out again). Then every page is one
        // job. The first error in job order (charts by format, then pages) is the one reported.
        let drawn = charts.flatMap { $0 }
        let pages = summaries.indices.map { "\(slugs[$0]).html" }
        let shows = formats.contains { $0.fileExtension == "svg" || $0.fileExtension == "png" }
        // A chart PDF carries the report's creation date, like report.pdf.
        let created = PDFReport.creationDate(options, lastDay: report.period?.lastDay, analysis.options.timeZone)
        let theme = options.theme
        /// Writes `bytes` as `beans/<name>`, the error named as under `out` like every other file of the report.
        @Sendable func put(_ bytes: Data, _ name: String) throws(ReportError) {
            do {
                try AtomicFile.write(bytes, to: dir.file(name))
            } catch {
                throw .output(path: out.appendingPathComponent("beans/" + name).path, reason: error.reason)
            }
        }
        // The jobs draw or format their files and write them into the staging folder unflushed (the folder's commit
        // flushes every file once): they only compute, so they run on the cores and no more threads.
        /// Draws chart `job` into every format: its hover overlay (nil when the page shows no image), or the first
        /// format's error.
        @Sendable func draw(_ job: Int) -> Result<String?, ReportError> {
            let c = drawn[job]
            let laidOut = ChartRenderer.layout(c.chart, theme: theme)
            for format in formats {
                let name = "\(c.stem).\(format.fileExtension)"
                do {
                    let bytes: [UInt8]
                    do {
                        bytes = try laidOut.render(format: format, creationDate: created)
                    } catch {
                        throw ReportError.cannotWrite(out.appendingPathComponent("beans/" + name).path, error)
                    }
                    try put(Data(bytes), name)
                } catch {
                    return .failure(error as? ReportError ?? .cannotWrite(out.path, error))
                }
            }
            return .success(shows ? HTMLFigure.hoverOverlay(c.chart, theme: theme, drawn: laidOut) : nil)
        }
        let parallel = options.parallelRendering
        // Every job returns its outcome into a slot of its own, read after the join: no lock.
        var overlays: [String: String] = [:]
        for (job, outcome) in parallelMap(drawn.count, work: parallel ? Int.max : 0, { draw($0) }).enumerated() {
            // A page links its charts: none is written when a chart failed (the report fails with that chart's error).
            switch outcome {
            case .failure(let error): throw error
            case .success(let overlay?): overlays[drawn[job].stem] = overlay
            case .success(nil): break
            }
        }
        let made = overlays
        /// Writes bean page `k`: nil, or its error.
        @Sendable func page(_ k: Int) -> ReportError? {
            let empty = every[k].compactMap { c in c.chart.emptyMessage.map { (title: c.chart.title, message: $0) } }
            let html = BeanPageHTML.render(summaries[k], report: report, charts: shown[k], empty: empty, theme: theme,
                                           overlays: made)
            do {
                try put(Data(html.utf8), pages[k])
                return nil
            } catch {
                return error
            }
        }
        if let first = parallelMap(pages.count, work: parallel ? Int.max : 0, { page($0) }).lazy.compactMap({ $0 }).first {
            throw first
        }
        var files: [String] = []
        var links: [Link] = []
        for (k, s) in summaries.enumerated() {
            files += shown[k].flatMap(\.links).map { "beans/" + $0 } + ["beans/" + pages[k]]
            links.append(Link(label: s.label, href: "beans/" + pages[k], brews: s.brews))
        }
        return (links, files)
    }

    /// The index's section listing the bean pages; empty when there are none.
    static func indexSection(_ links: [Link]) -> String {
        guard !links.isEmpty else { return "" }
        let e = HTML.escape
        var h = "<section><h2>Beans</h2>\n<p class=\"muted\">A page per bag brewed in the last weeks: its brews, ratings, grind, best brew and what is left of it.</p>\n<ul class=\"findings bean-pages\">\n"
        for l in links {
            h += "<li><a href=\"\(e(HTMLReport.href(l.href)))\">\(e(l.label))</a> <span class=\"muted\">· \(l.brews) brew\(l.brews == 1 ? "" : "s")</span></li>\n"
        }
        return h + "</ul>\n</section>\n"
    }
}
