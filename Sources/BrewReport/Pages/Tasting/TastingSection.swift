import BrewColumns
import BrewPages
import BrewStats

/// The tasting notes users wrote, as a page section: flavour tags counted, acidity, body and sweetness with their
/// spread, and the notes quoted (``TastingSummary``). Used by the bean pages (all of a bag's brews up to the report's
/// end), the report (the period's brews) and the year in review (the year's brews, tags only).
enum TastingSection {
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
    static func section(_ summary: TastingSummary, id: String, heading: String, scope: String, days: Int32Column,
                        quotes: Bool = true) -> Section {
        guard !summary.isEmpty else {
            return Section(id: id, heading: heading, blocks: [
                .missing(
                    Text(
                        "None of \(scope) (\(summary.brews)) carries a flavour tag, a taste score or a note: add " +
                            "them when you log a brew to see them here.")),
            ])
        }
        var blocks: [Block] = [.note(Text("\(summary.notedBrews) of \(scope) (\(summary.brews)) carry tasting notes."))]
        if !summary.tags.isEmpty {
            blocks.append(.tags(summary.tags.prefix(tagLimit).map { Tag(name: $0.name, count: $0.brews) }))
            if summary.tags.count > tagLimit {
                blocks.append(
                    .note(
                        Text(
                            "and \(summary.tags.count - tagLimit) more " +
                                "tag\(summary.tags.count - tagLimit == 1 ? "" : "s") (tasting.csv lists them).")))
            }
        }
        let scores = [("Acidity", summary.acidity), ("Body", summary.body), ("Sweetness", summary.sweetness)]
            .compactMap { name, s in s.map { (name, $0) } }
        if !scores.isEmpty { blocks.append(.list(scores.map { Text(scoreSentence($0, $1)) })) }
        if quotes, !summary.notes.isEmpty {
            for note in summary.notes.prefix(noteLimit) {
                blocks.append(
                    .quote(Text(note.text),
                        source: days.isValid(note.row) ? "\(Day(index: days.values[note.row]))" : nil))
            }
            if summary.notes.count > noteLimit {
                blocks.append(
                    .note(
                        Text(
                            "and \(summary.notes.count - noteLimit) more " +
                                "note\(summary.notes.count - noteLimit == 1 ? "" : "s").")))
            }
        }
        return Section(id: id, heading: heading, blocks: blocks)
    }

    /// "Acidity: mean 3.4 of 5 over 12 brews, from 2 to 5 (spread 0.9)"; one brew: "Acidity: 4 of 5 (one brew)".
    static func scoreSentence(_ name: String, _ s: TastingSummary.Score) -> String {
        guard s.n > 1 else { return "\(name): \(Format.number(s.mean, decimals: 1)) of 5 (one brew)" }
        let spread = s.sd.map { " (typically ± \(Format.number($0, decimals: 1)))" } ?? ""
        return "\(name): mean \(Format.number(s.mean, decimals: 1)) of 5 over \(s.n) brews, from " +
            "\(Format.number(s.min, decimals: 1)) to \(Format.number(s.max, decimals: 1))\(spread)"
    }
}
