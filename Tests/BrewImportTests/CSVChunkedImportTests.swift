import BrewColumns
@testable import BrewImport
import Foundation
import Testing
import TestSupport

/// A CSV read in chunks on several threads gives the journal and report of the one-pass read, to the byte: the same
/// rejects on the same lines, the same warnings with the same counts, the same entities in the same order, the same
/// columns. Chunks are forced small (down to one byte), so every boundary shape occurs.
@Suite struct CSVChunkedImportTests {
    /// Reads `bytes` in one pass and in chunks of each size; every chunked read must equal the one-pass read and
    /// (for a file without stray quotes) really have been read in more than one chunk.
    func expectSameAsOnePass(_ bytes: [UInt8], chunkSizes: [Int] = [1, 7, 64, 300, 1024], splits: Bool = true,
                             options: ImportOptions = .init(), sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reference = try Self.importBytes(bytes, .onePass, options)
        for size in chunkSizes {
            let chunking = CSVChunking(workers: 4, minimumBytes: 0, chunkBytes: size)
            let result = try Self.importBytes(bytes, chunking, options)
            expectEqual(result.result, reference.result, "chunks of \(size) bytes", sourceLocation: sourceLocation)
            if splits {
                #expect(result.chunks > 1, "chunks of \(size) bytes: read in one pass", sourceLocation: sourceLocation)
            }
        }
    }

    static func importBytes(_ bytes: [UInt8], _ chunking: CSVChunking,
                            _ options: ImportOptions = .init()) throws -> (result: ImportResult, chunks: Int) {
        try bytes.withUnsafeBufferPointer { p in
            var chunks = 0
            var session = ImportSession(file: "test.csv", format: .csv, options: options,
                                        expectedBrews: CSVImporter.estimatedRecords(p), idCheck: .optimistic)
            chunks = try CSVImporter.read(p, into: &session, chunking: chunking)
            if session.idsRepeated {
                session = ImportSession(file: "test.csv", format: .csv, options: options)
                try CSVImporter.read(p, into: &session, chunking: chunking)
            }
            return (session.finish(), chunks)
        }
    }

    // MARK: Files

    @Test(arguments: ["sample-data/journal.csv", "sample-data/messy.csv", "Tests/Fixtures/import/edge.csv",
                      "Tests/Fixtures/report/hostile.csv"])
    func fixtureFiles(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Repo.root.appendingPathComponent(path)))
        try expectSameAsOnePass(bytes, splits: bytes.count > 2048)
    }

    @Test func unterminatedQuoteAtTheEnd() throws {
        let bytes = [UInt8](try Data(contentsOf: Repo.root.appendingPathComponent("Tests/Fixtures/import/unterminated.csv")))
        try expectSameAsOnePass(bytes, splits: false)
    }

    /// Rows whose notes hold quoted line breaks, doubled quotes and delimiters, with CRLF line ends and a BOM: every
    /// chunk size puts boundaries inside and around them.
    @Test func quotedLineBreaksAcrossBoundaries() throws {
        var text = "\u{FEFF}brew_id,brewed_at,method,bean,roaster,dose_g,rating,notes\r\n"
        for i in 0..<120 {
            let note = i % 3 == 0 ? "\"line one\r\nline \"\"two\"\", with comma\nthree\"" : (i % 3 == 1 ? "plain" : "")
            text += "id-\(i),2026-03-\(String(format: "%02d", i % 28 + 1))T08:00:00Z,V60,Bean \(i % 5),Roaster,15,4,\(note)\r\n"
            if i % 17 == 0 { text += "\r\n" }  // a blank line
        }
        let bytes = Array(text.utf8)
        try expectSameAsOnePass(bytes)
        // Independently: 120 brews, each note with its line breaks kept.
        let (result, _) = try Self.importBytes(bytes, CSVChunking(workers: 2, minimumBytes: 0, chunkBytes: 500))
        #expect(result.journal.brews.count == 120)
        #expect(result.journal.brews.notes[0] == "line one\r\nline \"two\", with comma\nthree")
        #expect(result.journal.beans.map(\.name) == (0..<5).map { "Bean \($0)" })
    }

    /// Rejected rows in different chunks keep their physical lines (counted here by hand: the header is line 1,
    /// each row one line, a quoted two-line note two).
    @Test func rejectsInDifferentChunksKeepTheirLines() throws {
        var text = "brew_id,brewed_at,method,dose_g,notes\n"
        var line = 2
        var expected: [String] = []
        for i in 0..<200 {
            if i % 50 == 7 {
                text += "r\(i),not a date,V60,15,\n"
                expected.append("line \(line)")
                line += 1
            } else if i % 50 == 31 {
                text += "r\(i),2026-01-02,V60,-3,\"two\nlines\"\n"
                expected.append("line \(line)")
                line += 2
            } else {
                text += "r\(i),2026-01-02,V60,15,\"a\nb\"\n"
                line += 2
            }
        }
        let bytes = Array(text.utf8)
        try expectSameAsOnePass(bytes)
        let (result, chunks) = try Self.importBytes(bytes, CSVChunking(workers: 4, minimumBytes: 0, chunkBytes: 400))
        #expect(chunks > 4)
        #expect(result.report.rejects.map(\.where) == expected)
        #expect(result.report.brews.read == 200 && result.report.brews.rejected == 8)
    }

    /// A brew id repeated in another chunk is rejected where it repeats, as in one pass: the first record is kept.
    @Test func duplicateIDsInDifferentChunks() throws {
        let uuid = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        var text = "brew_id,brewed_at,method\n"
        for i in 0..<100 {
            let id = i == 3 || i == 90 ? uuid : (i == 10 || i == 60 ? "plain-id" : "id-\(i)")
            text += "\(id),2026-02-0\(i % 9 + 1),Kalita\n"
        }
        let bytes = Array(text.utf8)
        try expectSameAsOnePass(bytes)
        let (result, _) = try Self.importBytes(bytes, CSVChunking(workers: 2, minimumBytes: 0, chunkBytes: 256))
        #expect(result.report.rejects.map(\.where) == ["line 62", "line 92"])
        #expect(result.report.rejects.allSatisfy { $0.reason.hasPrefix("duplicate brew id") })
        #expect(result.journal.brews.count == 98)
    }

    /// An entity's creation warns once, at its first record, however many chunks name it; entities are numbered in
    /// the order of their first records, and a method's category comes from its first record.
    @Test func entitiesAcrossChunks() throws {
        var text = "brew_id,brewed_at,method,method_category,bean,roaster,roast_level\n"
        for i in 0..<150 {
            let method = i < 100 ? "M\(i % 4)" : "Late"
            let category = i < 4 ? "pour_over" : "espresso"  // later rows disagree: the first naming wins
            let level = i % 6 == 0 ? "scorched" : "light"
            text += "b\(i),2026-04-0\(i % 9 + 1),\(method),\(category),Bean\(i % 6),R,\(level)\n"
        }
        let bytes = Array(text.utf8)
        try expectSameAsOnePass(bytes)
        let (result, _) = try Self.importBytes(bytes, CSVChunking(workers: 3, minimumBytes: 0, chunkBytes: 200))
        #expect(result.journal.methods.map(\.name) == ["M0", "M1", "M2", "M3", "Late"])
        #expect(result.journal.methods.prefix(4).allSatisfy { $0.category == .pourOver })
        #expect(result.journal.brews.category(at: 120) == .espresso)
        #expect(result.journal.brews.category(at: 99) == .pourOver)
        let levels = result.report.warnings.filter { $0.column == "roast_level" }
        #expect(levels.count == 1 && levels.first?.count == 1 && levels.first?.where == "line 2")
    }

    /// A quote inside an unquoted field breaks the quote parity the boundaries are found by; the chunk before the
    /// wrong boundary does not end on it, and the file is read in one pass instead, with the same result.
    @Test func strayQuotesFallBackToOnePass() throws {
        var text = "brew_id,brewed_at,notes\n"
        for i in 0..<80 { text += "s\(i),2026-05-01,\(i == 2 ? "a 5\" screen" : "ok")\n" }
        try expectSameAsOnePass(Array(text.utf8), splits: false)
    }

    // MARK: Boundaries

    /// Every boundary the plan finds is a record start, on the line an independent byte-at-a-time scan gives.
    @Test func planBoundariesAreRecordStarts() throws {
        var text = "h1,h2\n"
        for i in 0..<300 {
            text += i % 4 == 0 ? "\"x\r\ny\",\"\"\"q\"\"\"\r\n" : (i % 4 == 1 ? "a,b\r" : "c,\"d\ne\"\n")
        }
        let bytes = Array(text.utf8)
        // Record starts and their lines, by a plain state machine.
        var starts: [Int: Int] = [:]
        var quoted = false, line = 1, atStart = true
        var i = 0
        while i < bytes.count {
            if atStart { starts[i] = line; atStart = false }
            let b = bytes[i]
            if b == 0x22 { quoted.toggle() }
            if b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                if !quoted { atStart = true }
            }
            i += 1
        }
        try bytes.withUnsafeBufferPointer { p in
            for size in [1, 5, 33, 100] {
                let plan = CSVChunkPlan(p, from: 6, line: 2, chunkBytes: size)
                #expect(plan.starts.count > 10)
                for (k, start) in plan.starts.enumerated() {
                    let expectedLine = try #require(starts[start], "offset \(start) is not a record start")
                    #expect(plan.lines[k] == expectedLine)
                }
            }
        }
    }

    /// The sixteen-bytes-at-a-time count of quotes and line ends agrees with a byte-at-a-time count at every alignment.
    @Test func countsAgreeWithBytewise() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x22, 0x0A, 0x0D, 0x41, 0x2C, 0xFF, 0x00]
        for trial in 0..<60 {
            // Short buffers for every alignment; a few long ones, past the per-lane counters' 255-step flush.
            let length = trial < 50 ? Int.random(in: 0...90, using: &generator) : Int.random(in: 4000...9000, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            bytes.withUnsafeBufferPointer { p in
                for from in 0...min(9, bytes.count) {
                    var quotes = 0, lines = 0
                    for i in from..<bytes.count {
                        if bytes[i] == 0x22 { quotes += 1 }
                        if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { lines += 1 }
                    }
                    let counted = CSVChunkPlan.count(p, from: from, to: bytes.count)
                    #expect(counted.quotes == quotes && counted.lines == lines, "\(bytes.count) bytes from \(from)")
                }
            }
        }
    }
}

/// Two import results agree: the report, the entities, and every column's slots and validity.
func expectEqual(_ a: ImportResult, _ b: ImportResult, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(a.report == b.report, "\(label): reports differ", sourceLocation: sourceLocation)
    #expect(a.journal.methods == b.journal.methods, "\(label): methods", sourceLocation: sourceLocation)
    #expect(a.journal.grinders == b.journal.grinders, "\(label): grinders", sourceLocation: sourceLocation)
    #expect(a.journal.beans == b.journal.beans, "\(label): beans", sourceLocation: sourceLocation)
    #expect(a.journal.tastingNoteCount == b.journal.tastingNoteCount, "\(label): tasting notes", sourceLocation: sourceLocation)
    let x = a.journal.brews, y = b.journal.brews
    func same<E>(_ p: PrimitiveColumn<E>, _ q: PrimitiveColumn<E>, _ name: String) {
        #expect(p.values == q.values && p.validity == q.validity && p.isSorted == q.isSorted, "\(label): \(name)",
                sourceLocation: sourceLocation)
    }
    func same(_ p: StringColumn, _ q: StringColumn, _ name: String) {
        #expect(p.bytes == q.bytes && p.offsets == q.offsets && p.validity == q.validity, "\(label): \(name)",
                sourceLocation: sourceLocation)
    }
    func same(_ p: DictionaryColumn, _ q: DictionaryColumn, _ name: String) {
        same(p.codes, q.codes, name)
        #expect(p.dictionary == q.dictionary, "\(label): \(name) dictionary", sourceLocation: sourceLocation)
    }
    same(x.id, y.id, "id"); same(x.brewDate, y.brewDate, "brewDate"); same(x.method, y.method, "method")
    same(x.category, y.category, "category"); same(x.grinder, y.grinder, "grinder"); same(x.bean, y.bean, "bean")
    same(x.roaster, y.roaster, "roaster"); same(x.origin, y.origin, "origin"); same(x.roastDate, y.roastDate, "roastDate")
    same(x.doseGrams, y.doseGrams, "dose"); same(x.waterGrams, y.waterGrams, "water"); same(x.yieldGrams, y.yieldGrams, "yield")
    same(x.brewTimeSeconds, y.brewTimeSeconds, "time"); same(x.waterTemperature, y.waterTemperature, "temperature")
    same(x.grindSetting, y.grindSetting, "grind"); same(x.grindText, y.grindText, "grindText")
    same(x.pressureProfile, y.pressureProfile, "pressureProfile"); same(x.rating, y.rating, "rating")
    same(x.tds, y.tds, "tds"); same(x.notes, y.notes, "notes"); same(x.acidity, y.acidity, "acidity")
    same(x.body, y.body, "body"); same(x.sweetness, y.sweetness, "sweetness"); same(x.flavorTags, y.flavorTags, "flavorTags")
}
