import Foundation

/// What `brewstats inspect` prints for an import: the report's counts, warnings and rejects, and the brew table's
/// schema, as text for people or as JSON for programs.
extension ImportResult {
    /// The human summary: file and format; brews read, kept and rejected; entity counts; each warning with its
    /// count and first place; the first `showingRejects` rejects; the brew table's columns with their types and
    /// null counts, aligned.
    public func summaryText(showingRejects: Int) -> String {
        let r = report
        var out = "\(r.file)\n"
        out += "  format        \(r.format.cliName)\n"
        out += "  brews         read \(r.brews.read), kept \(r.brews.kept), rejected \(r.brews.rejected)\n"
        out += "  methods       \(r.methods)\n  grinders      \(r.grinders)\n  beans         \(r.beans)\n"
        out += "  tasting notes \(r.tastingNotes)\n"
        if !r.warnings.isEmpty {
            out += "\nwarnings (\(r.warnings.count))\n"
            for w in r.warnings {
                let count = w.count > 1 ? " ×\(w.count)" : ""
                let place = w.where.map { " (first at \($0))" } ?? ""
                out += "  \(w.kind.rawValue)\(w.column.map { " \($0)" } ?? "")\(count)\(place): \(w.message)\n"
            }
        }
        if !r.rejects.isEmpty {
            let shown = r.rejects.prefix(max(0, showingRejects))
            out += "\nrejects (\(r.rejects.count)\(shown.count < r.rejects.count ? ", first \(shown.count)" : ""))\n"
            for j in shown {
                out += "  \(j.where)\(j.column.map { "  \($0)" } ?? ""): \(j.reason)\n"
            }
        }
        let schema = journal.brews.schema
        let width = (schema.map(\.name.count).max() ?? 4) + 2
        let typeWidth = (schema.map(\.kind.words.count).max() ?? 4) + 2
        out += "\ntable brews: \(journal.brews.count) rows, \(schema.count) columns\n"
        out += "  " + "column".padding(toLength: width, withPad: " ", startingAt: 0)
            + "type".padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "nulls\n"
        for c in schema {
            out += "  " + c.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + c.kind.words.padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "\(c.nullCount)\n"
        }
        return out
    }

    /// The report (``ImportReport/jsonData()``) with the brew table's row count (`rows`) and schema (`schema`: name,
    /// Arrow type, the type in plain words as `kind` and null count of each column), as JSON values; `extra` adds keys
    /// (e.g. a shot table's `shots`).
    public func summaryObject() -> [String: Any] {
        var object = (try? JSONSerialization.jsonObject(with: report.jsonData())) as? [String: Any] ?? [:]
        object["rows"] = journal.brews.count
        object["schema"] = journal.brews.schema.map {
            ["name": $0.name, "type": $0.type, "kind": $0.kind.words, "nulls": $0.nullCount]
        }
        return object
    }
}
