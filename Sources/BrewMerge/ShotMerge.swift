import BrewColumns
import BrewImport
import BrewShots

/// The shot tables of merged sources as one (``JournalMerge``).
enum ShotMerge {
    /// Concatenates `tables` (nil for a source without shots), each shot's brew moved to its merged row. A shot whose
    /// merged brew already has one is listed as a duplicate (and rejected, so `read == kept + rejected` holds).
    ///
    /// - Returns: The table, and the rejects the merge itself added (the sources' own are in their reports).
    static func combine(
        _ tables: [ShotTable?], rowMaps: [[Int]], names: [String]
    ) -> (table: ShotTable, added: [Reject])? {
        guard tables.contains(where: { $0 != nil }) else { return nil }
        var added: [Reject] = []
        var builder = ShotSamplesBuilder()
        var records: [ShotRecord] = []
        var duplicates: [ShotDuplicate] = []
        var rejects: [Reject] = []
        var read = 0
        var shotOfRow: [Int: String] = [:]
        for (s, table) in tables.enumerated() {
            guard let table else { continue }
            read += table.read
            rejects += table.rejects
            duplicates += table.duplicates
            for (k, record) in table.shots.enumerated() {
                let row = rowMaps[s][record.journalRow]
                if let kept = shotOfRow[row] {
                    duplicates.append(ShotDuplicate(file: record.file, duplicateOf: kept))
                    let reject = Reject(file: record.file, where: names[s], column: nil,
                                        reason: "its brew is the same brew as the shot \(kept)'s: one shot is kept",
                                        record: nil)
                    rejects.append(reject)
                    added.append(reject)
                    continue
                }
                shotOfRow[row] = record.file
                var channels: [ShotChannel: [Float?]] = [:]
                for channel in table.samples.channels(of: k).channels {
                    channels[channel] = table.samples.values(channel, of: k)
                }
                builder.appendShot(count: table.samples.range(of: k).count, channels: channels)
                var moved = record
                moved.journalRow = row
                records.append(moved)
            }
        }
        let samples = builder.finish()
        return (
            ShotTable(samples: samples, shots: records, duplicates: duplicates, read: read, rejects: rejects), added)
    }
}
