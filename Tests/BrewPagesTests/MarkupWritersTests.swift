import Foundation
import Testing

/// Page markup — HTML elements, Markdown syntax, the PDF's document blocks — is written only by BrewPages' three
/// renderers (and the PDF layout they draw through): every other file builds a page model. The test reads every Swift
/// file under Sources/ and lists those that write markup; a new file on that list fails it.
@Suite struct MarkupWritersTests {
    /// The files allowed to write page markup, relative to Sources/.
    static let renderers: Set<String> = [
        "BrewPages/Render/HTMLRenderer.swift", "BrewPages/Render/HTMLStyle.swift", "BrewPages/Render/HTMLText.swift",
        "BrewPages/Render/HoverOverlay.swift", "BrewPages/Render/MarkdownRenderer.swift", "BrewPages/Render/PDFRenderer.swift",
    ]

    /// Files that write Markdown tables that are not pages: benchmark results (`reports/bench/results.md`) and the
    /// dial-in simulator's summary, its confidence-calibration table and its roast-level comparison.
    static let notPages: Set<String> = [
        "brewstats-bench/Measurement.swift", "BrewAdviceSimulation/DialInSimulator+Summary.swift",
        "BrewAdviceSimulation/DialInSimulator+Calibration.swift", "BrewAdviceSimulation/DialInSimulator+Attributes.swift",
        "BrewAdviceSimulation/DialInSimulator+Age.swift",
    ]

    /// What page markup looks like in a string literal: an HTML element, a Markdown heading, table row, image or bold
    /// list item, or a PDF document block being made.
    static let patterns: [(String, NSRegularExpression)] = [
        ("HTML element", try! NSRegularExpression(pattern: #""[^"\n]*</?(html|head|body|main|section|div|p|ul|ol|li|table|thead|tbody|tr|td|th|h1|h2|h3|figure|figcaption|details|summary|nav|header|footer|span|strong|picture|img|blockquote|a)[ >]"#)),
        ("Markdown", try! NSRegularExpression(pattern: #""(#{1,3} |\| ---|!\[|- \*\*)"#)),
        ("PDF document block", try! NSRegularExpression(pattern: #"(DocumentBlock|\.bullets\(|\.figures\(\[HeadlineFigure|ReportDocument\()"#)),
    ]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    }

    @Test func onlyTheRenderersWritePageMarkup() throws {
        let root = Self.sources
        var writers: [String: [String]] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            // The chart layer's own SVG and the PDF layout engine draw charts and lay out the blocks they are given.
            if relative.hasPrefix("BrewCharts/") { continue }
            // Benchmark and simulator results are tables for the developers' docs, not pages.
            if Self.notPages.contains(relative) { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            let range = NSRange(code.startIndex..., in: code)
            for (name, regex) in Self.patterns where regex.firstMatch(in: code, range: range) != nil {
                writers[relative, default: []].append(name)
            }
        }
        let offenders = writers.keys.filter { !Self.renderers.contains($0) }.sorted()
        #expect(offenders.isEmpty, "page markup outside the renderers: \(offenders.map { "\($0) (\(writers[$0]!.joined(separator: ", ")))" })")
        // The renderers do write it (the test would pass vacuously if the patterns matched nothing).
        #expect(Set(writers.keys).isSuperset(of: ["BrewPages/Render/HTMLRenderer.swift", "BrewPages/Render/MarkdownRenderer.swift",
                                                  "BrewPages/Render/PDFRenderer.swift"]))
    }
}
