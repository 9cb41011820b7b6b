import BrewBacktest
import BrewCharts
import BrewFiles
import BrewPages
import Foundation

extension PageKind {
    /// The advisor replayed over the journal's bags (`brewstats backtest`).
    public static let backtest = PageKind("backtest")
}

/// The page of `brewstats backtest` (`index.html`, `backtest.md`, `backtest.pdf`): the verdict with the bags it rests
/// on, each grinder × method's figures, the distance chart, every bag's figures and its CSV, and how it is measured.
public enum BacktestPage {
    /// The chart's stem (`distance.svg`, `distance-phone.svg`, …).
    static let chartStem = "distance"

    /// The file of `bag`'s brews: `bags/NN-grinder-method-bean[-profile].csv`, numbered in the page's order (with as
    /// many digits as `of`, the number of bags, needs: at least two) so that two bags whose names read alike never
    /// share a file and the files list in the page's order.
    public static func bagFile(_ bag: BacktestBag, number: Int, of total: Int) -> String {
        let name = [bag.grinder, bag.method, bag.bean, bag.profile].compactMap { $0 }.joined(separator: " ")
        let digits = String(number), width = max(2, String(total).count)
        return "bags/" + String(repeating: "0", count: max(0, width - digits.count)) + digits + "-"
            + ReportCharts.slugText(name) + ".csv"
    }

    /// The page of `backtest`; `source` names the journal in the subtitle.
    public static func page(_ backtest: Backtest, source: String) -> Page {
        let o = backtest.overall, options = backtest.options
        let scope = backtest.pairs.count == 1 ? "\(backtest.pairs[0].grinder) × \(backtest.pairs[0].method)"
            : "every grinder × method"
        // Said in the verdict's direction: "Brews later 2.3", never "Brews sooner −2.3" beside a sentence saying later.
        let figure = o.leadFigure
        let interval = figure.low.map { lo in
            "\(Format.number(lo, decimals: 1)) to \(Format.number(figure.high, decimals: 1))"
        }
        let lead = Section(id: "lead", blocks: [
            .figures([
                Figure(label: "Bags replayed", value: "\(o.bags)", evidence: "\(o.judged) judged"),
                Figure(label: figure.label, value: Format.number(figure.mean, decimals: 1),
                       comparison: interval.map { "\(BacktestSummary.percentWords(o.level)) interval \($0)" },
                       evidence: "mean over \(o.judged) judged bags"),
                Figure(label: "Brews to within \(Format.number(options.withinRating, decimals: 1)) of the best",
                       value: Format.number(o.meanWithinReach, decimals: 1), evidence: "your mean per judged bag"),
            ]),
            .paragraph(Text(o.sentence(options))),
            .note(Text(BacktestSummary.comparisonWords)),
        ])
        let pairRows: [[Cell]] = backtest.pairs.map { p in
            let s = p.summary
            return [Cell("\(p.grinder) × \(p.method)"), Cell("\(s.bags)"), Cell("\(s.judged)"),
                    Cell(Format.number(s.meanWithinReach, decimals: 1)), Cell(Format.change(s.meanSaved, decimals: 1)),
                    Cell(s.low.map { "\(Format.change($0, decimals: 1)) to \(Format.change(s.high, decimals: 1))" }
                        ?? "—"),
                    Cell(s.verdictWords)]
        }
        let pairs = Table(columns: [
            Column("Grinder × method", priority: 1), Column("Bags", kind: .number, priority: 3),
            Column("Judged", kind: .number, priority: 2), Column("Within reach", kind: .number),
            Column("Sooner", kind: .number, priority: 2), Column("Interval", priority: 3),
            Column("Verdict", priority: 2),
        ], rows: pairRows)
        var number = 0
        let bagRows: [[Cell]] = backtest.bags.map { b in
            number += 1
            let file = bagFile(b, number: number, of: backtest.bags.count)
            return [Cell(b.bean + (b.profile.map { " · \($0)" } ?? ""), href: file),
                    Cell("\(b.grinder) × \(b.method)"), Cell("\(b.brews.count)"),
                    Cell(Format.number(b.bestRating, decimals: 1)),
                    Cell(b.bestSettings.map { b.scale.text($0) }.joined(separator: ", ")),
                    Cell("\(b.withinReach)"), Cell("\(b.userReached)"),
                    Cell(b.adviceReached.map(String.init) ?? "never"),
                    Cell(b.judged ? Format.change(Double(b.saved), decimals: 0) : "not judged")]
        }
        let bags = Table(columns: [
            Column("Bag", priority: 1), Column("Grinder × method", priority: 3), Column("Brews", kind: .number),
            Column("Best rating", kind: .number), Column("Best-rated settings", priority: 2),
            Column("Within reach at brew", kind: .number), Column("You brewed it at brew", kind: .number, priority: 2),
            Column("Advice pointed there at brew", kind: .number, priority: 2),
            Column("Sooner", kind: .number, priority: 2),
        ], rows: bagRows)
        let request = ChartRequest(stem: chartStem, title: "Distance from each bag's best-rated setting, per brew",
                                   kind: "backtest-distance", chart: BacktestChart.chart(o, scope: scope))
        var measured: [Block] = [
            .list([
                Text("Each bag is replayed in brewing order; before each brew the advisor is asked with only the " +
                    "brews dated before it, as a past week's report is cut."),
                Text("A bag's best-rated settings are every setting its highest-rated cup was brewed at; a " +
                    "setting's distance is how many steps (clicks) it lies from the nearest of them."),
                Text("Within reach: the first brew rated at most \(Format.number(options.withinRating, decimals: 1)) " +
                    "below the bag's best. You brewed it: the first brew on a best-rated setting. Advice pointed " +
                    "there: the first brew before which the advice was on one; never means it was not, and the bag " +
                    "then counts as reached one brew after its last."),
                Text("Within reach (by grinder × method): the mean brew at which a judged bag came within reach. " +
                    "Sooner: you brewed it minus advice pointed there, per bag (negative: later); its interval " +
                    "is a percentile bootstrap over the judged bags (\(options.resamples) resamples, seed " +
                    "\(options.seed)). A bag is judged with \(options.minimumBrews) or more replayed brews and " +
                    "advice; fewer than \(options.minimumBags) judged bags are too thin to judge."),
                Text("The best-rated settings are where you happened to brew: a bag whose best cup was its first " +
                    "can show no saving, and a setting nobody brewed is never the target."),
            ]),
        ]
        let left = backtest.leftOut
        if left.total > 0 {
            let parts = [(left.undated, "without a brew date"), (left.withoutBean, "without a bean"),
                         (left.withoutProfile, "shots without a profile where the others name one")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            measured.append(.note(Text("Rated brews not replayed: " + parts.joined(separator: "; ") + ".")))
        }
        return Page(kind: .backtest, title: "Back-test of the dial-in advice", eyebrow: "Back-test",
                    heading: "Would the advice have helped?",
                    subtitle: "\(source) · \(scope) · \(o.bags) bag\(o.bags == 1 ? "" : "s")",
                    sections: [
                        lead,
                        Section(id: "pairs", heading: "By grinder × method", blocks: [.table(pairs)]),
                        Section(id: "distance", heading: "Distance per brew", blocks: [
                            Block.chartOrMissing(request, missing: "No judged bag: no distances to draw."),
                        ]),
                        Section(id: "bags", heading: "Bags", blocks: [.table(bags)], folds: bagRows.count > 12,
                                summary: "\(bagRows.count) bags, each with its brews' CSV"),
                        Section(id: "measured", heading: "How it is measured", blocks: measured),
                        Section(id: "files", heading: "Files", blocks: [
                            .links([Link("bags.csv", href: "bags.csv"), Link("summary.csv", href: "summary.csv"),
                                    Link("backtest.md", href: "backtest.md"),
                                    Link("backtest.pdf", href: "backtest.pdf")]),
                        ]),
                    ],
                    footer: "Made by brewstats. The back-test is defined in docs/advisor.md.")
    }

    /// Writes the page of `backtest` (HTML, Markdown, PDF and its chart), `bags.csv`, `summary.csv` and one CSV per
    /// bag into `folder`, which appears whole or not at all (``StagedDirectory``): an existing folder is replaced
    /// only when brewstats wrote it, and never when it is, or holds, one of `protecting` (the inputs).
    ///
    /// - Returns: The number of files written.
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` for a folder that may not be replaced,
    ///   ``ReportError/output(path:reason:)`` when a file cannot be written (nothing changed at `folder`).
    @discardableResult
    public static func write(_ backtest: Backtest, source: String, to folder: URL, theme: Theme,
                             outputs: ChartOutputs, protecting: [URL]) throws(ReportError) -> Int {
        let page = page(backtest, source: source)
        let staged = try StagedDirectory(target: folder, kind: .backtest, protecting: protecting)
        var written = 0
        do {
            let charts = page.charts.filter(\.hasData)
            let drawn = try PageCharts.draw(charts, outputs: outputs, theme: theme, into: .staged(staged.folder),
                created: nil, parallel: false)
            written += drawn.count
            written += try PageWriter.write(page, outputs: .init(html: "index.html", markdown: "backtest.md",
                                                                 pdf: "backtest.pdf"),
                                            charts: drawn, theme: theme, created: nil,
                                            into: .staged(staged.folder)).count
        } catch {
            staged.discard()
            throw .output(path: error.path, reason: error.reason)
        }
        do {
            try ReportError.writing { () throws(FileError) in
                try AtomicFile.write(BacktestCSV.bags(backtest), to: staged.file("bags.csv"))
                try AtomicFile.write(BacktestCSV.summary(backtest), to: staged.file("summary.csv"))
                if !backtest.bags.isEmpty { try staged.folder.makeFolder("bags") }
                let total = backtest.bags.count
                for (k, bag) in backtest.bags.enumerated() {
                    try AtomicFile.write(BacktestCSV.bag(bag), to: staged.file(bagFile(bag, number: k + 1, of: total)))
                }
            }
            written += 2 + backtest.bags.count
        } catch {
            staged.discard()
            throw error
        }
        try staged.commit()
        return written
    }
}
