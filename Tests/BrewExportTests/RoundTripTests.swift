import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport

/// Export to each format, import the result, compare the brew tables column by column: every difference must be
/// one the dropped-fields list names (and the lossless formats have none).
@Suite struct RoundTripTests {
    /// A generated journal written as the app's store (every entity field set), read as a user's journal is.
    static func generated(brews: Int, seed: UInt64) throws -> (ShotJournal, URL) {
        let folder = try Repo.scratch("export-gen")
        let store = folder.appendingPathComponent("journal.sqlite")
        let generator = JournalGenerator(GeneratorOptions(brewCount: brews, seed: seed))
        try CoreDataStoreWriter().write(generator, to: store)
        let journal = try importAnyJournal(at: store, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        return (journal, folder)
    }

    @Test(arguments: [(UInt64(1), 400), (UInt64(7), 1_500), (UInt64(23), 90)])
    func jsonIsLossless(seed: UInt64, brews: Int) throws {
        let (journal, folder) = try Self.generated(brews: brews, seed: seed)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (summary, back) = try RoundTrip.export(journal, .json, into: folder, name: "out.json")
        let diffs = RoundTrip.differences(journal.result.journal, back.result.journal, byID: true)
        #expect(diffs.missing == 0)
        #expect(RoundTrip.unexplained(diffs.columns, summary.dropped) == [], "columns differ: \(diffs.columns)")
        #expect(back.result.journal.brews.count == journal.result.journal.brews.count)
        // Entities keep every field, unused ones included.
        #expect(back.result.journal.grinders == journal.result.journal.grinders.map { g in
            var g = g; g.cachedBrewCount = nil; g.cachedLastUsed = nil; g.createdAt = nil; g.updatedAt = nil; return g })
    }

    @Test(arguments: [(UInt64(1), 400), (UInt64(7), 1_500), (UInt64(23), 90)])
    func csvDiffersOnlyWhereListed(seed: UInt64, brews: Int) throws {
        let (journal, folder) = try Self.generated(brews: brews, seed: seed)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (summary, back) = try RoundTrip.export(journal, .csv, into: folder, name: "out.csv")
        let diffs = RoundTrip.differences(journal.result.journal, back.result.journal, byID: true)
        #expect(diffs.missing == 0)
        #expect(RoundTrip.unexplained(diffs.columns, summary.dropped) == [], "columns differ: \(diffs.columns); dropped: \(summary.dropped.summary)")
        #expect(back.result.report.brews.rejected == 0)
    }

    @Test(arguments: [(UInt64(1), 400), (UInt64(23), 90)])
    func brewSpecDiffersOnlyWhereListed(seed: UInt64, brews: Int) throws {
        let (journal, folder) = try Self.generated(brews: brews, seed: seed)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["out.yaml", "out.json"] {
            let (summary, back) = try RoundTrip.export(journal, .brewspec, into: folder, name: name)
            let diffs = RoundTrip.differences(journal.result.journal, back.result.journal, byID: false)
            #expect(diffs.missing == 0, "\(name)")
            #expect(back.result.report.brews.rejected == 0, "\(name): \(back.result.report.rejects.prefix(3))")
            #expect(RoundTrip.unexplained(diffs.columns, summary.dropped) == [], "\(name): columns differ: \(diffs.columns); dropped: \(summary.dropped.summary)")
            // The generator's ratings are half steps: BrewSpec's whole 1–9 scale must say it changed them.
            if journal.result.journal.brews.rating.nullCount < journal.result.journal.brews.count {
                #expect(summary.dropped.entries.contains { $0.field == "rating" && $0.action == .changed } || diffs.columns["rating"] == nil)
            }
        }
    }

    /// Every real file in the shared peer data that reads as a journal: each format's export reads back with only
    /// listed differences; shot files also through Decent JSON, with the same metrics value for value.
    @Test func peerFilesRoundTrip() throws {
        guard let peer = Repo.peerData else {
            Issue.record("../shared/peer-data is absent: the peer round trips need it")
            return
        }
        let folder = try Repo.scratch("export-peer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: peer.path).sorted()
            .filter { !$0.hasSuffix("SOURCE.txt") && !$0.hasSuffix(".schema.json") }
        var exported = 0, shotFiles = 0
        for (n, file) in files.enumerated() {
            let url = peer.appendingPathComponent(file)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            guard let journal = try? importAnyJournal(at: url, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!)),
                  journal.result.journal.brews.count > 0 else { continue }
            for format in [ExportFormat.csv, .json, .brewspec] {
                let ext = format == .brewspec ? "yaml" : format.rawValue
                let (summary, back) = try RoundTrip.export(journal, format, into: folder, name: "\(n)-\(format.rawValue).\(ext)")
                let ids = journal.result.journal.brews.id.nullCount == 0
                let diffs = RoundTrip.differences(journal.result.journal, back.result.journal, byID: format != .brewspec && ids)
                #expect(diffs.missing == 0, "\(file) → \(format)")
                #expect(RoundTrip.unexplained(diffs.columns, summary.dropped) == [],
                        "\(file) → \(format): columns differ: \(diffs.columns); dropped: \(summary.dropped.summary)")
                exported += 1
            }
            if let shots = journal.shots, shots.kept > 0 {
                shotFiles += 1
                let (decent, back) = try RoundTrip.export(journal, .decentJSON, into: folder, name: "\(n)-decent")
                let yieldFilled = decent.dropped.entries.contains { $0.field == "yield_g" && $0.action == .changed }
                let original = ShotMetrics(shots.samples, dose: journal.result.journal.brews.doseGrams, yield: journal.result.journal.brews.yieldGrams,
                                           phaseStarts: shots.phaseStarts)
                guard let backShots = back.shots else { Issue.record("\(file): the Decent JSON read back without shots"); continue }
                #expect(backShots.kept == shots.kept, "\(file)")
                let again = ShotMetrics(backShots.samples, dose: back.result.journal.brews.doseGrams, yield: back.result.journal.brews.yieldGrams,
                                        phaseStarts: backShots.phaseStarts)
                for metric in ShotMetric.allCases {
                    for s in 0..<min(shots.kept, backShots.kept) {
                        let a = original.value(metric, of: s), b = again.value(metric, of: s)
                        // Samples are 32-bit: a metric read from the samples (a yield without a stated one) agrees to
                        // a float's precision with the same metric from the exported text's 64-bit reading.
                        #expect(a == b || (a.map(\.isNaN) == true && b.map(\.isNaN) == true)
                                    || (yieldFilled && isClose(a, b, relative: 1e-6)),
                                "\(file): \(metric) of shot \(s): \(String(describing: a)) then \(String(describing: b))")
                    }
                }
                for c in ["dose_g", yieldFilled ? "dose_g" : "yield_g", "brew_time_s", "rating", "tds_pct", "notes", "grinder", "grind_setting",
                          "bean", "roaster", "roast_date", "pressure_profile", "brew_date"] {
                    for s in 0..<min(shots.kept, backShots.kept) {
                        #expect(RoundTrip.cell(journal.result.journal, c, shots.shots[s].journalRow)
                                    == RoundTrip.cell(back.result.journal, c, backShots.shots[s].journalRow),
                                "\(file): \(c) of shot \(s)")
                    }
                }
            }
        }
        #expect(exported >= 30, "peer files exported: \(exported)")
        #expect(shotFiles >= 10, "shot files exported: \(shotFiles)")
    }
}
