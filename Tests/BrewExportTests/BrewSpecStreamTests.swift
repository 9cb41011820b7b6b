import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import BrewSynth
import Foundation
import Testing
import TestSupport
import Yams

/// A one-file BrewSpec YAML export is written brew by brew (`BrewSpecWriter.writeYAML`), and is the document Yams
/// writes when it encodes the whole tree at once.
@Suite struct BrewSpecStreamTests {
    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    /// The brews as one document, encoded whole by Yams (the reference the streamed file is compared with).
    static func whole(_ journal: ShotJournal) throws -> [UInt8] {
        var dropped = DroppedFields()
        let writer = BrewSpecWriter()
        return try writer.encode(writer.brews(journal.result.journal, dropped: &dropped), as: .yaml)
    }

    @Test func theStreamedDocumentIsTheWholeOne() throws {
        let folder = try Repo.scratch("brewspec-stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("gen.sqlite")
        try CoreDataStoreWriter().write(JournalGenerator(GeneratorOptions(brewCount: 1_500, seed: 7)), to: store)
        for source in [Repo.sample("journal.sqlite"), Repo.sample("journal.csv"), store] {
            let journal = try importAnyJournal(at: source, options: Self.utc)
            let out = folder.appendingPathComponent("out.yaml")
            let summary = try JournalExporter(format: .brewspec, replacing: true).export(journal, to: out)
            #expect(summary.records == journal.result.journal.brews.count)
            let streamed = try [UInt8](Data(contentsOf: out))
            #expect(streamed == (try Self.whole(journal)), "\(source.lastPathComponent)")
        }
    }

    /// Notes that stress YAML's block structure (leading spaces, blank lines, a line that looks like a sequence
    /// entry, a comment or a key, quotes, a trailing newline, non-ASCII) read back exactly from the streamed file.
    @Test func awkwardNotesReadBackExactly() throws {
        let folder = try Repo.scratch("brewspec-stream-notes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = ["  starts with spaces\nand then: a key?\n\n- not an entry\n# not a comment",
                     "ends with a newline\n", "\"quoted\" and 'single'", "Kaffeerösterei · 丸山珈琲 ☕",
                     "- dash first", "| pipe first\n  indented", "tab\there", "---\n..."]
        var csv = "brew_id,brewed_at,method,method_category,dose_g,water_g,rating,notes\n"
        for (k, note) in notes.enumerated() {
            csv += "id-\(k),2026-06-\(10 + k)T07:00:00+00:00,V60,pour_over,15,250,4,\"\(note.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
        }
        let input = folder.appendingPathComponent("notes.csv")
        try Data(csv.utf8).write(to: input)
        let journal = try importAnyJournal(at: input, options: Self.utc)
        #expect(journal.result.journal.brews.count == notes.count)
        let out = folder.appendingPathComponent("notes.yaml")
        _ = try JournalExporter(format: .brewspec).export(journal, to: out)
        #expect(try [UInt8](Data(contentsOf: out)) == (try Self.whole(journal)))
        var options = Self.utc
        options.format = .brewSpec
        let back = try importAnyJournal(at: out, options: options)
        let read = (0..<back.result.journal.brews.count).map { back.result.journal.brews.notes[$0] }
        let written = (0..<journal.result.journal.brews.count).map { journal.result.journal.brews.notes[$0] }
        #expect(read == written)
        // And Yams reads the same values as from the whole document.
        let a = try Yams.load(yaml: String(decoding: try Data(contentsOf: out), as: UTF8.self)) as? [String: Any]
        let brews = try #require(a?["brews"] as? [[String: Any]])
        #expect(brews.compactMap { $0["process_notes"] as? String } == written.compactMap { $0 })
    }

    /// The file is the header followed by each brew's entry exactly as Yams writes a document of that brew alone:
    /// no brew's text depends on another's (which is what keeps the export linear).
    @Test func eachBrewIsEncodedAlone() throws {
        let folder = try Repo.scratch("brewspec-stream-alone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("gen.sqlite")
        try CoreDataStoreWriter().write(JournalGenerator(GeneratorOptions(brewCount: 300, seed: 3)), to: store)
        let journal = try importAnyJournal(at: store, options: Self.utc)
        let writer = BrewSpecWriter()
        var dropped = DroppedFields()
        let brews = writer.brews(journal.result.journal, dropped: &dropped)
        // The file is the header and each brew's entry, concatenated.
        let header = Array("brewspec_version: '1.0'\nbrews:\n".utf8)
        var expected = header
        for brew in brews {
            let alone = try writer.encode([brew], as: .yaml)
            #expect(Array(alone.prefix(header.count)) == header)
            expected += alone.dropFirst(header.count)
        }
        let out = folder.appendingPathComponent("out.yaml")
        _ = try JournalExporter(format: .brewspec).export(journal, to: out)
        #expect(try [UInt8](Data(contentsOf: out)) == expected)
    }
}
