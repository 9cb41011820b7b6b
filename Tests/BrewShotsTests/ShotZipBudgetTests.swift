import BrewImport
import Foundation
import Testing
import TestSupport
import ZIPFoundation
@testable import BrewShots

/// A shot zip's work is bounded by counts, not by what its headers declare: every byte inflated from one archive
/// is taken from one budget, and a list longer than the sample cap stops the parse where the cap is reached.
@Suite struct ShotZipBudgetTests {
    let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    /// A GaggiMate shot of two samples, padded with `padding` blanks (which deflate to almost nothing).
    static func paddedShot(_ padding: Int) -> Data {
        Data((#"{"timestamp": 1752838911, "samples": [{"t": 0, "cp": 1}, {"t": 100, "cp": 2}]}"#
              + String(repeating: " ", count: padding)).utf8)
    }

    /// 24 entries of 1 MiB each (a few KB zipped) against a 3 MiB budget: the bytes inflated never pass the budget,
    /// every entry is still accounted for, and the entries the budget could not pay for are rejected saying so.
    @Test func inflatedBytesAreCountedAcrossTheArchive() throws {
        let folder = try Repo.scratch("shots-zip-budget")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bomb.zip")
        let archive = try Archive(url: url, accessMode: .create)
        let shot = Self.paddedShot(1 << 20)
        for k in 0..<24 {
            try archive.addEntry(with: "shot\(k).json", type: .file, uncompressedSize: Int64(shot.count),
                                 compressionMethod: .deflate) { p, s in shot.subdata(in: Int(p)..<Int(p) + s) }
        }
        let zipped = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(zipped < 200_000, "the archive is small: \(zipped) bytes")
        let limit = 3 << 20
        let (entries, budget) = try ShotJournalSources.zip(url, maxBytes: limit)
        #expect(entries.count == 24)
        let (result, table) = ShotJournalImporter.read(entries, journal: url.path, options: options)
        #expect(budget.inflated <= limit, "\(budget.inflated) bytes inflated")
        // Without the budget: 24 × (64 KiB to sniff + the whole entry) ≈ 25.5 MiB.
        #expect(budget.inflated < 24 * shot.count / 4)
        #expect(table.read == 24 && table.kept + table.rejected == 24)
        #expect(table.rejected >= 22, "3 MiB pays for at most 2 whole entries after sniffing")
        let spent = result.report.rejects.filter { $0.reason == "archive entries inflate to more than 3 MiB in all: not read" }
        #expect(spent.count == table.rejected, "\(result.report.rejects.prefix(2))")
    }

    /// The default budget of a shot zip is 1 GiB (thousands of real shots; a bound on a small hostile archive).
    @Test func defaultBudgetIsOneGiB() {
        #expect(ShotLimits.maxArchiveBytes == 1 << 30)
    }

    /// A list of 150,000 samples: the parse stops at the 100,001st entry (the reason names the byte where it
    /// stopped, computed here from the text), not after reading and counting all of them.
    @Test(arguments: ["gaggimate", "decent"]) func sampleCapStopsTheParse(_ format: String) throws {
        let head: String, entry: String, tail: String
        switch format {
        case "gaggimate": (head, entry, tail) = (#"{"timestamp": 1752838911, "samples": ["#, #"{"t": 0, "cp": 1}"#, "]}")
        default: (head, entry, tail) = (#"{"version": 2, "elapsed": ["#, "0.25", "]}")
        }
        let text = head + Array(repeating: entry, count: 150_000).joined(separator: ",") + tail
        let stopAt = head.utf8.count + ShotLimits.maxSamples * (entry.utf8.count + 1)
        let folder = try Repo.scratch("shots-cap")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try write(text, "long.json", in: folder)
        let journal = try importAnyJournal(at: folder, options: options)
        #expect(journal.shots?.read == 1 && journal.shots?.kept == 0, "\(url.path)")
        let reason = try #require(journal.result.report.rejects.first?.reason)
        #expect(reason == "a list of more than the 100000 samples a shot may have: reading stopped at byte \(stopAt)", "\(reason)")
        #expect(stopAt < text.utf8.count * 3 / 4)
    }
}
