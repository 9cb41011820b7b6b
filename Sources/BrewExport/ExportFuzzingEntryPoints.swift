import BrewColumns
import BrewShots
import Foundation

/// Entry points of the writers for the `fuzz-decent-export` and `fuzz-beanconqueror-merge` targets under `fuzz/`
/// (SPI `Fuzzing`, not API). A hostile input may rightly be refused; a trap, an out-of-bounds read or a hang is a
/// bug. Each traps when the writer's promise fails, so that the fuzzer reports it.
@_spi(Fuzzing) public enum ExportFuzzingEntryPoints {
    /// Reads `journal` (a shot file written to disk) and writes each of its shots as Decent JSON: every file must
    /// pass ``VisualizerUploadRules`` and parse as JSON; a shot the export leaves out
    /// (``DecentShotWriter/leftOut(_:of:)``, no series) is not written. Returns the number of shots written.
    @discardableResult
    public static func decentExport(_ journal: ShotJournal) -> Int {
        guard let shots = journal.shots else { return 0 }
        var dropped = DroppedFields()
        var written = 0
        for s in 0..<shots.kept where DecentShotWriter.leftOut(s, of: shots) == nil {
            let bytes = DecentShotWriter().encode(
                shot: s, of: shots, journal: journal.result.journal, dropped: &dropped)
            let problems = VisualizerUploadRules.problems(bytes)
            precondition(problems.isEmpty, "a written Decent file breaks Visualizer's rules: \(problems)")
            written += 1
        }
        return written
    }

    /// Reads the file at `backup` as a Beanconqueror backup and merges a two-brew journal into it: every original
    /// entry must be in the result as its bytes, in order, and the main document must parse as a JSON object.
    /// Returns the number of brews added (0 when the backup is refused).
    @discardableResult
    public static func beanconquerorMerge(_ backup: URL) -> Int {
        guard var merged = try? BeanconquerorBackup(reading: backup, maxBytes: 4 << 20) else { return 0 }
        let originals = merged.arrays
        var dropped = DroppedFields()
        let added = BeanconquerorWriter().add(sample, to: &merged, dropped: &dropped)
        for (key, entries) in originals {
            precondition(Array(merged.arrays[key]!.prefix(entries.count)) == entries,
                "\(key): an original entry changed")
        }
        let main = merged.entries()[0].bytes
        precondition((try? JSONSerialization.jsonObject(with: Data(main))) is [String: Any],
            "the merged main document is not JSON")
        return added.brews
    }

    /// Two brews with a method, grinder and bean.
    static let sample: Journal = {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(id: "m", name: "V60", category: .pourOver))
        let g = b.addGrinder(Grinder(id: "g", name: "Comandante"))
        let bean = b.addBean(CoffeeBean(id: "b", name: "Kochere", roaster: "Tim Wendelboe"))
        for i in 0..<2 {
            var row = BrewRow()
            row.id = "brew-\(i)"
            row.brewDate = Timestamp(microseconds: 1_700_000_000_000_000 + Int64(i) * 86_400_000_000)
            row.method = m; row.grinder = g; row.bean = bean
            row.doseGrams = 15; row.waterGrams = 250; row.rating = 4
            b.appendBrew(row)
        }
        return b.finish()
    }()
}
