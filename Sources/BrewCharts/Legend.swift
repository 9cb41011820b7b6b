/// One legend item: a swatch drawn like its mark, and a label.
struct LegendEntry: Sendable, Hashable {
    enum Swatch: Sendable, Hashable {
        case point(series: Int)
        case line(series: Int, width: Double)
        case bar(series: Int)
        case band
        case area(series: Int)
    }

    let swatch: Swatch
    let label: String

    /// Entries for every mark with a legend label, in mark order, without duplicates.
    static func entries(for marks: [Mark]) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        for mark in marks {
            let entry: LegendEntry?
            switch mark {
            case .point(let m): entry = m.label.map { LegendEntry(swatch: .point(series: m.series), label: $0) }
            case .line(let m): entry = m.label.map { LegendEntry(swatch: .line(series: m.series, width: m.width), label: $0) }
            case .bar(let m): entry = m.label.map { LegendEntry(swatch: .bar(series: m.series), label: $0) }
            case .area(let m): entry = m.label.map { LegendEntry(swatch: .area(series: m.series), label: $0) }
            case .band(let m): entry = m.legend.map { LegendEntry(swatch: .band, label: $0) }
            case .rule, .text: entry = nil
            }
            if let entry, !entries.contains(entry) { entries.append(entry) }
        }
        return entries
    }

    static func rowHeight(_ theme: Theme) -> Double { max(12, theme.labelSize * 1.5) }
}
