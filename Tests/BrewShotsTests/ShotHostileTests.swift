import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
import ZIPFoundation
@testable import BrewShots

/// Hostile shots: each a clear rejection naming the file, field and reason; never a crash or an unbounded
/// allocation; the other shots of the folder still kept.
@Suite struct ShotHostileTests {
    let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    /// A GaggiMate shot with the given samples (`t` ms, `cp` bar).
    func gaggimate(_ samples: String) -> String { #"{"timestamp": 1752838911, "samples": [\#(samples)]}"# }

    /// Imports one hostile file beside a good shot; returns the single reject.
    func rejectOf(_ text: String, name: String = "bad.json") throws -> Reject {
        let folder = try Repo.scratch("shots-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(text, name, in: folder)
        try write(gaggimate(#"{"t": 0, "cp": 1}, {"t": 100, "cp": 2}"#), "good.json", in: folder)
        let journal = try importAnyJournal(at: folder, options: options)
        let table = try #require(journal.shots)
        #expect(table.read == 2 && table.kept == 1 && table.rejected == 1)
        let reject = try #require(journal.result.report.rejects.first)
        #expect(reject.file.hasSuffix(name))
        return reject
    }

    @Test func emptySeries() throws {
        let r = try rejectOf(gaggimate(""))
        #expect(r.column == "samples" && r.reason.contains("empty series"))
    }

    @Test func timeGoingBackwards() throws {
        let r = try rejectOf(gaggimate(#"{"t": 0, "cp": 1}, {"t": 200, "cp": 2}, {"t": 100, "cp": 3}"#))
        #expect(r.column == "time_s" && r.reason.contains("time goes backwards at sample 3"))
    }

    @Test func nanAndInfinity() throws {
        // JSON has no NaN; a Decent `.shot` list and a SEP CSV can write one.
        let tcl = "clock 1632207550\nespresso_elapsed {0 0.25 0.5}\nespresso_pressure {1 nan 2}\n"
        let r = try rejectOf(tcl, name: "nan.shot")
        #expect(r.column == "pressure_bar" && r.reason.contains("sample 2") && r.reason.contains("not a finite number"))
        let csv = "information_type,elapsed,pressure\nmeta,,\nmoment,0.1,1\nmoment,inf,2\n"
        let c = try rejectOf(csv, name: "inf.csv")
        #expect(c.column == "time_s" && c.reason.contains("not a finite number"))
    }

    @Test func channelsOfDifferentLengths() throws {
        let tcl = "clock 1632207550\nespresso_elapsed {0 0.25 0.5 0.75}\nespresso_pressure {1 2}\n"
        let r = try rejectOf(tcl, name: "lengths.shot")
        #expect(r.column == "pressure_bar" && r.reason.contains("channels of different lengths"))
    }

    /// 150,000 samples in a small file: refused by the sample cap, before the series is stored.
    @Test func tooManySamples() throws {
        let values = String(repeating: "1 ", count: 150_000)
        let tcl = "clock 1632207550\nespresso_elapsed {\(values)}\n"
        let r = try rejectOf(tcl, name: "long.shot")
        #expect(r.reason.contains("more than the 100000 samples"))
    }

    /// Ten million samples (20 MB of text): refused by the file-size cap before the file is read.
    @Test func tenMillionSamples() throws {
        let values = String(repeating: "0 ", count: 10_000_000)
        let r = try rejectOf("clock 1632207550\nespresso_elapsed {\(values)}\n", name: "huge.shot")
        #expect(r.reason.contains("16 MiB"))
    }

    /// A 1 GB file (sparse: no disk is written) is refused from its size alone.
    @Test func oneGigabyteFile() throws {
        let folder = try Repo.scratch("shots-gb")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try write(gaggimate(#"{"t": 0, "cp": 1}"#), "big.json", in: folder)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let journal = try importAnyJournal(at: folder, options: options)
        #expect(journal.shots?.read == 1 && journal.shots?.kept == 0)
        #expect(journal.result.report.rejects.first?.reason.contains("1073741824 bytes") == true)
    }

    /// A zip entry named with `..` refuses the archive; a truncated JSON is a rejected shot.
    @Test func unsafeZipAndCorruptShot() throws {
        let folder = try Repo.scratch("shots-zip-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("bad.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        let bytes = Data(gaggimate(#"{"t": 0, "cp": 1}"#).utf8)
        try archive.addEntry(with: "../escape.json", type: .file, uncompressedSize: Int64(bytes.count)) { pos, size in
            bytes.subdata(in: Int(pos) ..< Int(pos) + size)
        }
        #expect(throws: ImportError.self) { try importAnyJournal(at: zip, options: options) }
        let r = try rejectOf(String(gaggimate(#"{"t": 0, "cp": 1}"#).dropLast(5)), name: "cut.json")
        #expect(r.reason.contains("not valid JSON"))
    }
}
