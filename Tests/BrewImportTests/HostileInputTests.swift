import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// Damaged and hostile files end in a clear error or rejected rows, never a crash.
@Suite(.cleansScratch) struct HostileInputTests {
    /// Every prefix length of a small CSV export imports or fails cleanly, and the invariant holds.
    @Test func everyTruncationOfACSV() throws {
        let text = try String(contentsOf: Repo.fixture("import/edge.csv"), encoding: .utf8)
        let bytes = Array(text.utf8)
        for n in stride(from: 0, through: bytes.count, by: 7) {
            let url = try scratchFile("t.csv", Data(bytes.prefix(n)))
            do {
                let result = try importJournal(at: url, options: ImportOptions(format: .csv))
                expectBalanced(result)
            } catch {
                #expect(error.kind == .notAJournal || error.kind == .corrupt, "prefix \(n): \(error)")
            }
        }
    }

    /// Every truncation of a JSON export is `corrupt` (or, cut inside the first bytes, not a journal).
    @Test func everyTruncationOfAJSONExport() throws {
        let json = #"{"format":"coffee-journal","brews":[{"id":"a","brewDate":"2026-11-16T07:00:00Z","doseGrams":15}]}"#
        let bytes = Array(json.utf8)
        for n in 0..<bytes.count {
            let url = try scratchFile("t.json", Data(bytes.prefix(n)))
            let error = importError(url, ImportOptions(format: .json))
            #expect(error?.kind == .corrupt || error?.kind == .notAJournal, "prefix \(n)")
        }
    }

    @Test func binaryGarbageAsCSVIsNotAJournal() throws {
        var rng = TestRNG(seed: 9)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let url = try scratchFile("noise.bin", Data(bytes))
        if let error = importError(url, ImportOptions(format: .csv)) {
            #expect(error.kind == .notAJournal)
        }
    }

    @Test func sqliteMagicWithoutADatabase() throws {
        let url = try scratchFile("fake.sqlite", Data("SQLite format 3\u{0}".utf8) + Data(count: 50))
        let error = importError(url)
        #expect(error?.kind == .corrupt || error?.kind == .notAJournal)
    }

    @Test func wrongFormatForced() throws {
        let url = Repo.fixture("import/edge.csv")
        #expect(importError(url, ImportOptions(format: .json))?.kind == .corrupt)
        #expect(importError(url, ImportOptions(format: .coreDataStore)) != nil)
        #expect(importError(url, ImportOptions(format: .beanconqueror)) != nil)
    }

    @Test func aCSVWithOnlyBlankLinesAfterTheHeader() throws {
        let result = try importChecked(try scratchFile("blank.csv", "brewed_at,dose_g\r\n\r\n\n\r\n"))
        #expect(result.report.brews == .init(read: 0, kept: 0, rejected: 0))
    }

    @Test func raggedRowsAreRead() throws {
        let csv = "brewed_at,dose_g,water_g\n2026-11-16T07:00:00Z\n2026-11-16T08:00:00Z,15,250,extra,fields\n"
        let result = try importChecked(try scratchFile("ragged.csv", csv))
        #expect(result.report.brews == .init(read: 2, kept: 2, rejected: 0))
        #expect(result.journal.brews.doseGrams[0] == nil && result.journal.brews.waterGrams[1] == 250)
    }

    /// A CSV brew dated outside the accepted years 1900–2199 is rejected, the first and last second kept.
    @Test func brewDatesOutsideTheAcceptedYearsAreRejected() throws {
        let csv = "brewed_at,dose_g\n1900-01-01T00:00:00Z,15\n1899-12-31T23:59:59Z,15\n2199-12-31 23:59,15\n9999-12-31T00:00:00+14:00,15\n"
        let result = try importChecked(try scratchFile("years.csv", csv), ImportOptions(timeZone: utc))
        #expect(result.report.brews == .init(read: 4, kept: 2, rejected: 2))
        #expect(result.report.rejects.map(\.where) == ["line 3", "line 5"])
        #expect(result.report.rejects.allSatisfy { $0.column == "brewed_at" && $0.reason.contains("1900–2199") })
    }

    @Test func textAfterAClosingQuoteRejectsTheRow() throws {
        let csv = "brewed_at,notes\n2026-11-16T07:00:00Z,\"ok\"junk\n2026-11-16T08:00:00Z,fine\n"
        let result = try importChecked(try scratchFile("junk.csv", csv))
        #expect(result.report.brews == .init(read: 2, kept: 1, rejected: 1))
        #expect(result.report.rejects.first?.where == "line 2")
    }
}

@Suite("Sniffing refuses what cannot be a CSV", .cleansScratch)
struct SniffRefusalTests {
    func scratchFile(_ name: String, _ data: Data) throws -> URL {
        let url = try scratchFolder("sniff").appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func error(_ url: URL) -> ImportError? {
        do { _ = try importJournal(at: url); return nil } catch { return error }
    }

    @Test func textNamedLikeAStoreIsNotAJournal() throws {
        let e = error(try scratchFile("broken.sqlite", Data("garbage\n".utf8)))
        #expect(e?.kind == .notAJournal)
        #expect(e?.description.contains("not an SQLite database") == true)
    }

    @Test func textNamedLikeAnArchiveIsNotAJournal() throws {
        #expect(error(try scratchFile("backup.zip", Data("hello".utf8)))?.kind == .notAJournal)
    }

    @Test func binaryWithoutAKnownHeaderIsNotAJournal() throws {
        let e = error(try scratchFile("noise.bin", Data([0x41, 0x00, 0x42, 0x0A, 0x43])))
        #expect(e?.kind == .notAJournal)
        #expect(e?.description.contains("binary") == true)
    }
}
