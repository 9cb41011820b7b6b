import BrewImport

/// An import's warnings split for the reader: problems with the data (out-of-range values, dangling
/// references, unreadable values, assumed rating scales, …) stay in view; the app's cached equipment counters
/// that disagree with the brews (`brewCount`, `lastUsedDate`) are bookkeeping the report recomputes anyway, so
/// they collapse into one line (``countersSummary``) with the details behind it.
struct ImportNotes {
    /// Warnings about the data, in the import's order.
    let problems: [ImportWarning]
    /// ``ImportWarning/Kind/cachedCounterMismatch`` warnings, in the import's order.
    let counters: [ImportWarning]

    init(_ report: ImportReport) {
        problems = report.warnings.filter { $0.kind != .cachedCounterMismatch }
        counters = report.warnings.filter { $0.kind == .cachedCounterMismatch }
    }

    /// "360 of 360 brews imported from the app's Core Data store, 0 rejected; 8 methods, 1 grinder, 23 beans,
    /// 111 tasting notes." — each noun in the singular for one.
    static func headline(_ imp: ImportReport) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return "\(imp.brews.kept) of \(count(imp.brews.read, "brew")) imported from \(imp.format.displayName), "
            + "\(imp.brews.rejected) rejected; \(count(imp.methods, "method")), \(count(imp.grinders, "grinder")), "
            + "\(count(imp.beans, "bean")), \(count(imp.tastingNotes, "tasting note"))."
    }

    /// "The app's cached counters disagree with the brews for 4 methods and 1 grinder: harmless, recomputed
    /// from the brews." — each piece of equipment counted once however many of its counters disagree; `nil`
    /// when none does.
    var countersSummary: String? {
        guard !counters.isEmpty else { return nil }
        var methods = Set<String>(), grinders = Set<String>(), other = Set<String>()
        for w in counters {
            // The message names the equipment first: "method 'V60': cached brewCount 77, …".
            let subject = w.message.range(of: "': ").map { String(w.message[..<$0.lowerBound]) } ?? w.message
            switch w.column?.split(separator: ".").first {
            case "method": methods.insert(subject)
            case "grinder": grinders.insert(subject)
            default: other.insert(subject)
            }
        }
        let parts = [(methods.count, "method"), (grinders.count, "grinder"), (other.count, "piece of equipment")]
            .filter { $0.0 > 0 }
            .map { n, noun in
                "\(n) \(n == 1 ? noun : noun == "piece of equipment" ? "pieces of equipment" : noun + "s")"
            }
        return "The app's cached counters disagree with the brews for " +
            "\(parts.joined(separator: " and ")): harmless, recomputed from the brews."
    }
}
