import BrewImport
import Foundation

/// What `brewstats inspect` prints for a shot table, as text for people or as JSON values for programs.
extension ShotTable {
    /// The summary: shots read, kept, rejected and duplicated; the formats and channels found; the samples and
    /// their median rate; the first ten duplicates; and, when the table's rejects are not the journal's own (a
    /// backup's brew graphs), its first ten rejects.
    ///
    /// - Parameter journalRejects: The journal's rejects (``ImportReport/rejects``), already listed with it.
    public func summaryText(journalRejects: [Reject]) -> String {
        var out = "\nshots         read \(read), kept \(kept), rejected \(rejected) (duplicates \(duplicates.count))\n"
        let formats = self.formats.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }
        out += "  formats     \(formats.isEmpty ? "none" : formats.joined(separator: ", "))\n"
        out += "  channels    \(channelsFound.channels.map(\.name).joined(separator: ", "))\n"
        out += "  samples     \(samples.sampleCount)"
        if let rate = medianSampleRate { out += String(format: ", median rate %.1f Hz", rate) }
        out += "\n"
        for d in duplicates.prefix(10) { out += "  duplicate   \(d.file) (same series as \(d.duplicateOf))\n" }
        if rejected > 0 && rejects != journalRejects {
            // A backup's brew graphs: their rejects are not the journal's.
            for j in rejects.prefix(10) {
                out += "  rejected    \(j.where)\(j.column.map { "  \($0)" } ?? ""): \(j.reason)\n"
            }
        }
        return out
    }

    /// The summary as JSON values, with one entry per kept shot (file, format, samples, journal row, rate,
    /// profile, channels; `null` for a rate or profile not known).
    public func summaryObject() -> [String: Any] {
        [
            "read": read, "kept": kept, "rejected": rejected,
            "duplicates": duplicates.map { ["file": $0.file, "duplicateOf": $0.duplicateOf] },
            "channels": channelsFound.channels.map(\.name),
            "samples": samples.sampleCount,
            "shots": shots.map { s -> [String: Any] in
                ["file": s.file, "format": s.format.rawValue, "samples": s.sampleCount, "row": s.journalRow,
                 "rate": s.sampleRate ?? NSNull(), "profile": s.profile ?? NSNull(),
                 "channels": s.channels.channels.map(\.name)]
            },
        ]
    }
}

extension ShotJournal {
    /// `brewstats inspect`'s text: the import's summary (``ImportResult/summaryText(showingRejects:)``), then the
    /// shot table's when there is one.
    public func summaryText(showingRejects: Int) -> String {
        result.summaryText(showingRejects: showingRejects)
            + (shots.map { $0.summaryText(journalRejects: result.report.rejects) } ?? "")
    }

    /// `brewstats inspect --json`: the import's summary object with the shot table's under `shots`, as sorted-key,
    /// pretty-printed JSON ending in a newline. Every reject carries `column` and `record`, every warning `column`
    /// and `where`: `null` when there is none (``ImportReport``'s encoding), so a consumer finds the same keys on
    /// every entry.
    public func summaryJSON() -> String {
        var object = result.summaryObject()
        if let shots { object["shots"] = shots.summaryObject() }
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: options)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
