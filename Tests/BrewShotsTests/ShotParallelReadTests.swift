import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// Reading a folder's files across the cores (``ImportOptions/readAhead``) gives the journal one file after the
/// other gives: the same shots in the same order, the same samples, brews and accounting.
@Suite struct ShotParallelReadTests {
    @Test func parallelAndSerialReadsAgree() throws {
        let folder = Repo.sample("shots")
        let utc = TimeZone(identifier: "UTC")!
        let serial = try importAnyJournal(at: folder, options: ImportOptions(timeZone: utc, readAhead: false))
        let parallel = try importAnyJournal(at: folder, options: ImportOptions(timeZone: utc, readAhead: true))
        let a = try #require(serial.shots), b = try #require(parallel.shots)
        #expect(a.kept == 20 && a.kept == b.kept && a.read == b.read && a.rejected == b.rejected)
        #expect(a.shots == b.shots)
        #expect(a.samples.offsets == b.samples.offsets)
        for channel in ShotChannel.allCases {
            for shot in 0 ..< a.kept { #expect(a.samples.values(channel, of: shot) == b.samples.values(channel, of: shot)) }
        }
        let x = serial.result.journal.brews, y = parallel.result.journal.brews
        #expect(x.count == y.count)
        for i in 0 ..< x.count {
            #expect(x.id[i] == y.id[i] && x.brewDate[i] == y.brewDate[i] && x.yieldGrams[i] == y.yieldGrams[i]
                    && x.rating[i] == y.rating[i] && x.bean[i] == y.bean[i])
        }
    }
}
