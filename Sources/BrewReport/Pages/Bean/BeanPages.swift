import BrewCharts
import BrewPages
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
        // POSIX, not FileManager: its EIO reads "The operation could not be completed. (NSCocoaErrorDomain error
        // 512.)".
        guard mkdir(dir.url.path, 0o777) == 0 else {
            let code = errno  // before anything else can change it
            throw .output(path: out.appendingPathComponent(ReportFiles.beanFolder).path,
                reason: String(cString: strerror(code)))
        }
        var naming = OutputNaming(reserved: [])
        let slugs = summaries.map {
            naming.name(for: URL(fileURLWithPath: ReportCharts.slugText($0.label), isDirectory: false))
        }
        // Each bean's charts (its LOESS curves among them) are independent of the others': built across the cores.
        let work = options.parallelRendering ? summaries.reduce(0) { $0 + $1.brews } : 0
        let every = parallelMap(summaries.count, work: work, largestFirst: { summaries[$0].brews }) { k in
            BeanCharts.all(summaries[k], analysis: analysis, slug: slugs[k])
        }
        // Every page's charts in one batch (laid out once per variant, across the cores), then every page.
        let requests = every.map { $0.map(\.request) }
        let created = PDFDate.creationDate(options, lastDay: report.period?.lastDay, analysis.options.timeZone)
        let drawn = try ReportError.page { () throws(PageError) in
            try PageCharts.draw(requests.flatMap { $0 }.filter(\.hasData),
                                outputs: ChartOutputs(Self.formats(options.formats)),
                                theme: options.theme, into: .staged(dir), created: created,
                                parallel: options.parallelRendering)
        }
        var drawnByStem: [String: DrawnChart] = [:]
        for d in drawn { drawnByStem[d.request.stem] = d }
        let byStem = drawnByStem
        let pages = summaries.indices.map { "\(slugs[$0]).html" }
        let parallel = options.parallelRendering
        /// Writes bean page `k`: nil, or its error.
        @Sendable func page(_ k: Int) -> ReportError? {
            let page = BeanPage.page(summaries[k], report: report, charts: requests[k], zone: options.zoneLine,
                currency: options.currency)
            do {
                try PageWriter.write(page, outputs: .init(html: pages[k]),
                                     charts: requests[k].compactMap { byStem[$0.stem] },
                                     theme: options.theme, created: created, into: .staged(dir))
                return nil
            } catch {
                return .output(path: error.path, reason: error.reason)
            }
        }
        if let first = parallelMap(
            pages.count, work: parallel ? Int.max : 0, { page($0) }).lazy.compactMap({ $0 }).first {
            throw first
        }
        var files: [String] = []
        var links: [Link] = []
        for (k, s) in summaries.enumerated() {
            files += requests[k].compactMap {
                byStem[$0.stem]
            }.flatMap(\.files).map { "beans/" + $0 } + ["beans/" + pages[k]]
            links.append(Link(label: s.label, href: "beans/" + pages[k], brews: s.brews))
        }
        return (links, files)
    }

    /// The report's section listing the bean pages; `nil` when there are none.
    static func indexSection(_ links: [Link]) -> Section? {
        guard !links.isEmpty else { return nil }
        return Section(id: "bean-pages", heading: "Beans", blocks: [
            .note(
                "A page per bag brewed in the last weeks: its brews, ratings, grind, best brew and what is left of "
                    + "it."),
            .list(
                links.map {
                    BrewPages.Text.link(
                        $0.label,
                        href: $0.href) + BrewPages.Text.muted(" · \($0.brews) brew\($0.brews == 1 ? "" : "s")")
                }),
        ])
    }
}
