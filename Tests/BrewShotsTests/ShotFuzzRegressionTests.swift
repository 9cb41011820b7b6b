import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// Shot files the `fuzz-shots` target's invariants caught (each in its corpus as `regression-*`): the samples table
/// stores `Float`s, and a value or time that is fine as a `Double` was not always fine as a `Float`.
@Suite struct ShotFuzzRegressionTests {
    let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    func corpus(_ name: String) -> URL { Repo.root.appendingPathComponent("fuzz/corpus/shots/\(name)") }

    /// A GaggiMate shot whose second sample reads 10³⁰⁰ bar: finite as a `Double`, infinite as the table's `Float`,
    /// and the series' fingerprint then trapped converting it to an integer. The shot is now rejected at that sample.
    @Test func pressureBeyondFloatIsRejectedNotACrash() throws {
        let journal = try importAnyJournal(at: corpus("regression-pressure-beyond-float.json"), options: options)
        let table = try #require(journal.shots)
        #expect(table.read == 1 && table.kept == 0 && table.rejected == 1)
        let reject = try #require(journal.result.report.rejects.first)
        #expect(reject.column == ShotChannel.pressure.name && reject.reason.contains("sample 1 is 1e+300"), "\(reject)")
    }

    /// A GaggiMate shot whose first sample reads 10³¹ bar (`"cp":10e30`): finite as a `Float`, but its hundredths
    /// (10³³) are beyond `Int64`, and the series' fingerprint trapped converting them. No rule bounds a pressure, so
    /// the shot is kept, with that sample as written.
    @Test func pressureBeyondInt64IsKept() throws {
        let journal = try importAnyJournal(at: corpus("regression-pressure-beyond-int64.json"), options: options)
        let table = try #require(journal.shots)
        #expect(table.read == 1 && table.kept == 1 && table.rejected == 0)
        #expect(table.samples.values(.pressure, of: 0).first == .some(Float(1e31)))
    }

    /// A shot JSON key of two high surrogate escapes (`"\uDa19\uDa19…`): the second was taken for the low half of
    /// a pair, and joining them overflowed. A high surrogate not followed by a low one now reads as U+FFFD, and the
    /// escape after it is read on its own; the file is then rejected for its broken JSON, not a crash.
    @Test func loneHighSurrogateIsReplacedNotACrash() throws {
        let crash = try Data(contentsOf: corpus("regression-lone-high-surrogate.json"))
        #expect(throws: ShotRejection.self) { try ShotRead.jsonObject(crash) }
        let text = #"{"k":"a\uD83D\uDE00b\uDA19\uDA19c\uD83D\u0041"}"#
        let object = try ShotRead.jsonObject(Data(text.utf8))
        #expect(object["k"] as? String == "a\u{1F600}b\u{FFFD}\u{FFFD}c\u{FFFD}A")
    }

    /// The fingerprint's rounding: to the nearest integer (halves away from zero), clamped to `Int64`.
    @Test func fingerprintRoundingClamps() {
        #expect(ShotSeries.rounded(2.5) == 3 && ShotSeries.rounded(-2.5) == -3 && ShotSeries.rounded(0.4) == 0)
        #expect(ShotSeries.rounded(9.2e18) == 9_200_000_000_000_000_000)
        #expect(ShotSeries.rounded(1e33) == .max && ShotSeries.rounded(-1e33) == .min)
        #expect(ShotSeries.rounded(.infinity) == .max && ShotSeries.rounded(-.infinity) == .min)
        #expect(ShotSeries.rounded(.nan) == 0)
    }

    /// Two samples 0.880 s and 0.88000001 s apart: increasing as `Double`s, the same `Float`, so the stored time
    /// axis did not increase. Now "time goes backwards" at the second.
    @Test func timesEqualAsFloatAreRejected() throws {
        let journal = try importAnyJournal(at: corpus("regression-times-equal-as-float.json"), options: options)
        let table = try #require(journal.shots)
        #expect(table.read == 1 && table.kept == 0 && table.rejected == 1)
        let reject = try #require(journal.result.report.rejects.first)
        #expect(reject.column == ShotChannel.time.name && reject.reason.contains("time goes backwards at sample 2"), "\(reject)")
        let (a, b): (Double, Double) = (0.880, 0.88000001)
        #expect(Float(a) == Float(b) && a < b)  // the premise, by hand
    }

    /// The shots kept from every other seed of the target have a strictly increasing stored time axis and finite
    /// samples (the invariants the target checks).
    @Test func seedsKeepTheSamplesInvariants() throws {
        var shots = 0
        let folder = Repo.root.appendingPathComponent("fuzz/corpus/shots")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("regression-") }
        for name in names {
            // The notes file is no shot journal (importAnyJournal refuses it): skipped.
            guard let journal = try? importAnyJournal(at: folder.appendingPathComponent(name), options: options),
                  let table = journal.shots else { continue }
            // A seed that is an aborted shot (under 10 s and 5 g) is left out and listed, not kept (docs/shots.md).
            shots += journal.result.report.rejects.filter { $0.reason.hasPrefix("an aborted shot") }.count
            for shot in 0 ..< table.samples.shotCount {
                let times = table.samples.values(.time, of: shot).map { $0! }
                #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(name)")
                shots += 1
            }
        }
        #expect(shots == 10)  // one shot per seed but the notes file
    }
}
