import BrewColumns
import BrewShots
import Foundation

extension JournalExporter {
    /// The largest size a backup to add to may have, its JSON inflated (as the importer's default).
    static let maxBackupBytes = 2 << 30

    /// Writes `journal` as a Beanconqueror backup zip: a new one, or (``mergeInto``) the user's own with our brews
    /// added (``BeanconquerorWriter``).
    func exportBeanconqueror(_ shotJournal: ShotJournal, to output: URL) throws(ExportError) -> ExportSummary {
        let journal = shotJournal.result.journal
        var dropped = DroppedFields()
        guard journal.brews.count > 0 else {
            throw ExportError(.nothingToExport, path: output.path, "the journal has no brews to export")
        }
        var backup = BeanconquerorBackup()
        if let mergeInto {
            backup = try BeanconquerorBackup(reading: mergeInto, maxBytes: Self.maxBackupBytes)
        } else {
            backup.keyOrder = BeanconquerorBackup.entityKeys + ["SETTINGS", "VERSION"]
            backup.values["SETTINGS"] = Self.settings(journal)
            backup.values["VERSION"] = Self.version
        }
        let file = try ExportFile(target: output, replacing: replacing)
        let added = BeanconquerorWriter(aliases: aliases).add(journal, shots: shotJournal.shots, to: &backup,
            dropped: &dropped)
        EntityDrops.note(journal, used: UsedEntities(journal.brews), into: &dropped, holdsEntityFields: true)
        for g in journal.grinders where g.type != nil || g.settingMin != 0 || g.settingMax != 40 || g.settingStep != 1 {
            dropped.note("grinder.range", record: g.displayName, "a Beanconqueror mill has no type, range or step")
        }
        file.buffer = try BeanconquerorBackup.zip(backup.entries(), path: output.path)
        try file.publish(replacing: replacing)
        var notes: [String] = []
        if mergeInto != nil {
            func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
            let what = [count(added.brews, "brew"), count(added.beans, "bean"), count(added.mills, "grinder")]
            let present = added.present == 1 ? "1 brew was" : "\(added.present) brews were"
            notes.append("added " + what.joined(separator: ", ") + " and " + count(added.preparations, "method")
                         + "; " + present + " in the backup already")
        }
        notes.append("restoring this backup in Beanconqueror replaces all of the phone's Beanconqueror data with it")
        var summary = ExportSummary(output: output.path, files: 1, records: added.brews, dropped: dropped)
        summary.notes = notes
        return summary
    }

    /// `SETTINGS` of a new backup: the rating scale (0–5) with the coarsest slider step that holds every rating,
    /// the currency of the bags' prices, and the brew view the app restores into (`"0"`, its single-page view).
    static func settings(_ journal: Journal) -> [UInt8] {
        let t = journal.brews
        var ratings: [Double] = []
        for i in 0..<t.count where t.rating.isValid(i) { ratings.append(t.rating.values[i]) }
        func holds(_ step: Double) -> Bool {
            ratings.allSatisfy { (r: Double) -> Bool in Swift.abs((r / step).rounded() * step - r) < 1e-9 }
        }
        let step: Double = [1.0, 0.5, 0.25, 0.1].first(where: holds) ?? 0.1
        var j = JSONText()
        j.open("["); j.comma(); j.open("{")
        j.text("brew_view", "0")
        j.number("brew_rating", 5)
        j.number("brew_rating_steps", step)
        if let currency = journal.beans.lazy.compactMap(\.currency).first { j.text("currency", currency) }
        BeanconquerorEntities.config(&j, uuid: StableUUID.make("brewstats settings"), created: nil)
        j.close("}"); j.close("]")
        return j.out
    }

    /// `VERSION` of a new backup: every data update the app knows marked as done (the entries are written in the
    /// current layout, so none of the app's migrations may run on them).
    static let version: [UInt8] = {
        var j = JSONText()
        j.open("["); j.comma(); j.open("{")
        j.key("alreadyDisplayedVersions"); j.open("["); j.close("]")
        j.key("updatedDataVersions"); j.open("[")
        for n in 1...14 { j.string("UPDATE_\(n)") }
        j.close("]")
        BeanconquerorEntities.config(&j, uuid: StableUUID.make("brewstats version"), created: nil)
        j.close("}"); j.close("]")
        return j.out
    }()
}
