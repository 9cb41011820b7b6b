import BrewImport
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// The sample weekly report speaks plain words: outside its details folds the page's visible text has none of the
/// statistician's words, and the charts it shows have none either; every money figure has its currency or says that
/// none is set.
@Suite struct PlainWordsTests {
    static let statisticians = ["R²", "LOESS", "pooled", "Pooled", "norm", "Mix"]

    /// The page's text outside every `<details>` (folds and "How sure"), without tags, style or markup.
    static func visibleText(_ html: String) -> String {
        var text = html.replacing(#/<style>.*?</style>/#.dotMatchesNewlines(), with: " ")
        // Nested folds: remove innermost details first until none is left.
        while let r = text.firstRange(of: #/<details[^>]*>(?:(?!<details).)*?</details>/#.dotMatchesNewlines()) {
            text.replaceSubrange(r, with: " ")
        }
        return text.replacing(#/<[^>]+>/#, with: " ")
    }

    @Test func theSampleWeekInPlainWords() throws {
        let folder = try Repo.scratch("plain").appendingPathComponent("out")
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23
        options.parallelRendering = false
        let result = try importJournal(at: Repo.sample("journal.sqlite"))
        let report = try PeriodReport(journal: result.journal, journalName: "journal.sqlite", importReport: result.report, options: options)
        try ReportWriter.write(report, options: options, to: folder)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let visible = Self.visibleText(html)
        #expect(visible.contains("This week’s beans"))
        for word in Self.statisticians {
            #expect(!visible.contains(word), "“\(word)” in the page's visible text")
        }
        // The statistics are there, in the folds.
        #expect(html.contains("R² = "))
        // The charts the page shows (their wide and phone drawings) speak the same words.
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".svg") {
            let svg = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for word in Self.statisticians { #expect(!svg.contains(">\(word)") && !svg.contains(" \(word) "), "“\(word)” in \(name)") }
        }
    }

    @Test func moneyHasACurrencyOrSaysNoneIsSet() {
        #expect(Format.money(29.6, currency: "EUR") == "29.60 EUR")
        #expect(Format.money(29.6, currency: nil) == "29.60 (no currency set)")
    }
}
