import BrewColumns
import BrewStats

/// The tasting notes users wrote, as a page section: flavour tags counted, acidity, body and sweetness with their
/// spread, and the notes quoted (``TastingSummary``). Used by the bean pages (all of a bag's brews up to the report's
/// end), the report (the period's brews) and the year in review (the year's brews, tags only).
enum TastingNotesHTML {
    /// How many tags a section lists (the rest are counted in one line).
    static let tagLimit = 12
    /// How many notes a section quotes, most recent first (the rest are counted in one line).
    static let noteLimit = 5

    /// The brews of the report's period (its week, month, year or range), in table order; empty without a period.
    static func periodRows(_ report: PeriodReport) -> [Int] {
        guard let days = report.coveredDays ?? report.period?.days else { return [] }
        return rows(in: days, report.analysis)
    }

    /// The brews dated on `days` (local days), in table order.
    static func rows(in days: ClosedRange<Day>, _ analysis: BrewAnalysis) -> [Int] {
        analysis.rows(in: days).indices.map(Int.init)
    }

    /// The section for `summary`, headed `heading`; `scope` names the brews ("this bag's brews", "this week's brews").
    ///
    /// - Parameters:
    ///   - days: The brews' local days (``DerivedColumns/localDay``), to date each note quoted.
    ///   - quotes: Whether to quote notes (the year in review lists tags and scores only).
    static func section(_ summary: TastingSummary, heading: String, scope: String, days: Int32Column, quotes: Bool = true) -> String {
        let e = HTML.escape
        var h = "<section class=\"tasting\"><h2>\(e(heading))</h2>\n"
        guard !summary.isEmpty else {
            return h + "<p class=\"muted\">None of \(e(scope)) (\(summary.brews)) carries a flavour tag, a taste score or a note.</p>\n</section>\n"
        }
        h += "<p class=\"muted\">\(summary.notedBrews) of \(e(scope)) (\(summary.brews)) carry tasting notes.</p>\n"
        if !summary.tags.isEmpty {
            h += "<ul class=\"tags\" aria-label=\"Flavour tags, with the brews that name each\">"
            for tag in summary.tags.prefix(tagLimit) {
                h += "<li>\(e(tag.name)) <span class=\"muted\">×\(tag.brews)</span></li>"
            }
            h += "</ul>\n"
            if summary.tags.count > tagLimit {
                h += "<p class=\"muted\">and \(summary.tags.count - tagLimit) more tag\(summary.tags.count - tagLimit == 1 ? "" : "s") (tasting.csv lists them).</p>\n"
            }
        }
        let scores = [("Acidity", summary.acidity), ("Body", summary.body), ("Sweetness", summary.sweetness)]
            .compactMap { name, s in s.map { (name, $0) } }
        if !scores.isEmpty {
            h += "<ul class=\"findings\">\n"
            for (name, s) in scores { h += "<li>\(e(scoreSentence(name, s)))</li>\n" }
            h += "</ul>\n"
        }
        if quotes, !summary.notes.isEmpty {
            for note in summary.notes.prefix(noteLimit) {
                let when = days.isValid(note.row) ? "\(Day(index: days.values[note.row])): " : ""
                h += "<blockquote><span class=\"muted\">\(e(when))</span>“\(e(note.text))”</blockquote>\n"
            }
            if summary.notes.count > noteLimit {
                h += "<p class=\"muted\">and \(summary.notes.count - noteLimit) more note\(summary.notes.count - noteLimit == 1 ? "" : "s").</p>\n"
            }
        }
        return h + "</section>\n"
    }

    /// "Acidity: mean 3.4 of 5 over 12 brews, from 2 to 5 (sd 0.9)"; one brew: "Acidity: 4 of 5 (one brew)".
    static func scoreSentence(_ name: String, _ s: TastingSummary.Score) -> String {
        guard s.n > 1 else { return "\(name): \(Format.number(s.mean, decimals: 1)) of 5 (one brew)" }
        let spread = s.sd.map { " (sd \(Format.number($0, decimals: 1)))" } ?? ""
        return "\(name): mean \(Format.number(s.mean, decimals: 1)) of 5 over \(s.n) brews, from \(Format.number(s.min, decimals: 1)) to \(Format.number(s.max, decimals: 1))\(spread)"
    }

    /// Styles the section needs beside the report's own: tags as a wrapped row of chips, notes as quotes.
    static let css = """
    ul.tags{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}ul.tags li{background:var(--tile);border-radius:4px;padding:2px 8px}
    .tasting blockquote{margin:.4em 0;padding-left:.8em;border-left:3px solid var(--line)}
    """
}
