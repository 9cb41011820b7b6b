import BrewColumns
import BrewImport
import BrewSynth
import Foundation
import Testing
import TestSupport

/// Helpers of the projection tests: column slots by schema name, the sets of groups tried, and the projected
/// import compared with the full one.
enum Projection {
    /// The sets tried: none, each group alone, all but each group, all.
    static let sets: [BrewColumnSet] = [[], .all] + BrewColumnSet.groups.map(\.group)
        + BrewColumnSet.groups.map { BrewColumnSet.all.subtracting($0.group) }

    /// Whether the schema column `name` is read under `set` (always-read columns are).
    static func reads(_ set: BrewColumnSet, _ name: String) -> Bool {
        BrewColumnSet.group(ofColumn: name).map(set.contains) ?? true
    }

    /// Every slot of the schema column `name`, as text (`nil` for a null), so columns of any type compare alike.
    static func slots(_ t: BrewTable, _ name: String) -> [String?] {
        guard let texts = t.slotTexts(name) else { Issue.record("unknown column \(name)"); return [] }
        return texts
    }

    /// Checks that `projected` (imported with `set`, not validating all) holds the full import's brews and entities,
    /// the full import's values in every column read and nulls elsewhere, and a report that differs from the full one
    /// only where the projection says it may: no tasting notes without them, and only warnings the full import also
    /// gave. The journal must be one whose rejects come from always-read columns only (a clean journal).
    static func expectMatches(_ projected: ImportResult, full: ImportResult, set: BrewColumnSet, _ label: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let t = projected.journal.brews, f = full.journal.brews
        let p = projected.report, r = full.report
        #expect(p.brews == r.brews && p.rejects == r.rejects, "\(label) \(set): counts", sourceLocation: sourceLocation)
        #expect(p.methods == r.methods && p.grinders == r.grinders && p.beans == r.beans, sourceLocation: sourceLocation)
        #expect(p.tastingNotes == (set.contains(.tastingNote) ? r.tastingNotes : 0), "\(label) \(set)", sourceLocation: sourceLocation)
        #expect(projected.journal.methods.map(\.displayName) == full.journal.methods.map(\.displayName), sourceLocation: sourceLocation)
        #expect(projected.journal.beans.map(\.displayName) == full.journal.beans.map(\.displayName), sourceLocation: sourceLocation)
        for w in p.warnings {
            #expect(r.warnings.contains { $0.kind == w.kind && $0.column == w.column && $0.count >= w.count },
                    "\(label) \(set): warning \(w.message) not in the full import", sourceLocation: sourceLocation)
        }
        guard t.count == f.count else { return }
        for info in f.schema {
            let got = slots(t, info.name)
            if reads(set, info.name) {
                #expect(got == slots(f, info.name), "\(label) \(set): column \(info.name) differs", sourceLocation: sourceLocation)
            } else {
                #expect(got.allSatisfy { $0 == nil }, "\(label) \(set): column \(info.name) not null", sourceLocation: sourceLocation)
            }
        }
    }

    /// A generated journal of `brews` brews written as a store, a CSV export and a JSON export in `folder`.
    static func generated(in folder: URL, brews: Int = 400, seed: UInt64 = 5) throws -> [URL] {
        let generator = JournalGenerator(GeneratorOptions(brewCount: brews, seed: seed))
        let store = folder.appendingPathComponent("generated.sqlite")
        let csv = folder.appendingPathComponent("generated.csv")
        let json = folder.appendingPathComponent("generated.json")
        try CoreDataStoreWriter().write(generator, to: store)
        try CSVExportWriter().write(generator, to: csv)
        try JSONExportWriter().write(generator, to: json)
        return [store, csv, json]
    }
}
