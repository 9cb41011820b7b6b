import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// The reading gaps of real files: a year-first roast date, a scale that falls back to 0 g, a brew graph of another
/// brew, and exactly how a Beanconqueror series meets the weight axis. Expected values come from the raw files,
/// read here with Foundation's parser.
@Suite struct ShotReadingGapTests {
    let utc = TimeZone(identifier: "UTC")!

    /// The roast dates the readers take, and those they do not.
    @Test func roastDayReadsBothOrders() {
        #expect(ShotRead.roastDay("11.09.2021") == Day(year: 2021, month: 9, day: 11))
        #expect(ShotRead.roastDay("2021.09.11") == Day(year: 2021, month: 9, day: 11))
        #expect(ShotRead.roastDay("2021/09/11") == Day(year: 2021, month: 9, day: 11))
        #expect(ShotRead.roastDay("2021-09-11") == Day(year: 2021, month: 9, day: 11))
        #expect(ShotRead.roastDay("31.02.2021") == nil)
        #expect(ShotRead.roastDay("last tuesday") == nil)
        #expect(ShotRead.roastDayUnread("last tuesday"))
        #expect(!ShotRead.roastDayUnread(""))
        #expect(!ShotRead.roastDayUnread("2021.09.11"))
    }

    /// The real `.shot` written with `roast_date 2021.09.11` reads the same roast date as its `11.09.2021` twin.
    @Test func yearFirstRoastDateOfARealShot() throws {
        for name in ["visualizer/20210921T085910ymd.shot", "visualizer/20210921T085910.shot"] {
            let (journal, _) = try Peer.one(name)
            let beans = journal.result.journal.beans
            #expect(beans.count == 1)
            #expect(beans.first?.roastDate == Day(year: 2021, month: 9, day: 11), "\(name)")
            #expect(!journal.result.report.warnings.contains { $0.column == "roast_date" })
        }
    }

    /// A roast date that is no date is said in the warnings, not dropped silently.
    @Test func unreadableRoastDateWarns() throws {
        let folder = try Repo.scratch("roast-date-unread")
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try String(contentsOf: try Peer.file("visualizer/20210921T085910.shot"), encoding: .utf8)
        let text = real.replacingOccurrences(of: "roast_date 11.09.2021", with: "roast_date {next friday}")
        #expect(text != real)
        let url = try write(text, "odd.shot", in: folder)
        let journal = try importAnyJournal(at: url, options: ImportOptions(timeZone: utc))
        #expect(journal.shots?.kept == 1)
        let warning = try #require(journal.result.report.warnings.first { $0.column == "roast_date" })
        #expect(warning.count == 1)
        #expect(warning.message.contains("next friday"))
        #expect(journal.result.journal.beans.first?.roastDate == nil)
    }

    /// The Beanconqueror upload whose `actual_weight` is 0 in most samples: blank yield, ratio and time to a third
    /// of the yield, and a warning counting the zero samples of the raw file.
    @Test func scaleThatFallsBackToZeroGivesBlanksAndAWarning() throws {
        let url = try Peer.file("beanconqueror/visualizer-upload/beanconqueror_temperature.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let weights = try #require((root["brewFlow"] as? [String: Any])?["weight"] as? [[String: Any]])
            .map { ($0["actual_weight"] as? NSNumber)?.doubleValue ?? .nan }
        let zeros = weights.filter { $0 == 0 }.count
        #expect(weights.last == 0 && weights.contains { $0 >= 0.5 })

        let journal = try importAnyJournal(at: url, options: ImportOptions(timeZone: utc))
        let table = try #require(journal.shots)
        #expect(table.kept == 1)
        let brews = journal.result.journal.brews
        let metrics = ShotMetrics(table.samples, dose: [brews.doseGrams[0]], yield: [brews.yieldGrams[0]])
        #expect(metrics.value(.yield, of: 0) == nil)
        #expect(metrics.value(.ratio, of: 0) == nil)
        #expect(metrics.value(.thirdYield, of: 0) == nil)
        let warning = try #require(journal.result.report.warnings.first { $0.column == ShotChannel.weight.name })
        #expect(warning.message.contains("\(zeros) of \(weights.count) samples read 0 g"), "\(warning.message)")

        // The same graph as a lone flow profile goes through the shot folder's reader: the same blanks and warning.
        let lone = try importAnyJournal(at: try Peer.file("beanconqueror/flow-profiles/BeanconquerorFlowTestDataFourth.json"),
                                        options: ImportOptions(timeZone: utc))
        let loneTable = try #require(lone.shots)
        #expect(lone.result.journal.brews.yieldGrams[0] == nil)
        #expect(ShotMetrics(loneTable.samples).value(.thirdYield, of: 0) == nil)
        #expect(lone.result.report.warnings.contains { $0.column == ShotChannel.weight.name })
    }

    /// A scale that ends at its own weight is a yield, to the gram the file wrote; the check does not fire.
    @Test func scaleThatEndsFullIsAYield() throws {
        var shot = ParsedShot(format: .decentJSON)
        shot.series[.time] = [0, 1, 2, 3, 4]
        shot.series[.weight] = [0, 0, 0.6, 10, 36]
        let series = try ShotSeries.validate(shot)
        #expect(ShotSeriesChecks.scaleEndsEmpty(series) == nil)
        shot.series[.weight] = [0, 0, 0.6, 10, 0]
        let empty = try #require(ShotSeriesChecks.scaleEndsEmpty(try ShotSeries.validate(shot)))
        #expect(empty.zeros == 3 && empty.samples == 5)
        var builder = ShotSamplesBuilder()
        builder.appendShot(count: 5, channels: [.time: [0, 1, 2, 3, 4], .weight: [0, 0, 0.6, 10, 36]])
        builder.appendShot(count: 5, channels: [.time: [0, 1, 2, 3, 4], .weight: [0, 0, 0.6, 10, 0]])
        let metrics = ShotMetrics(builder.finish(), dose: [18, 18], yield: [nil, nil])
        #expect(metrics.value(.yield, of: 0) == 36)
        #expect(metrics.value(.ratio, of: 0) == 2)
        #expect(metrics.value(.yield, of: 1) == nil)
        #expect(metrics.value(.ratio, of: 1) == nil)
    }

    /// The 340 s Chemex brew carrying a 35 s graph: the graph is kept, marked as another brew's, and warned about.
    @Test func graphOfAnotherBrewWarns() throws {
        let url = try Peer.file("beanconqueror/visualizer-upload/beanconqueror_real.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let brewTime = try #require(((root["brew"] as? [String: Any])?["brew_time"] as? NSNumber)?.doubleValue)
        let last = try #require(((root["brewFlow"] as? [String: Any])?["weight"] as? [[String: Any]])?.last?["brew_time"] as? String)
        #expect(brewTime > 300 && Double(last)! < 40)

        let journal = try importAnyJournal(at: url, options: ImportOptions(timeZone: utc))
        let table = try #require(journal.shots)
        let record = try #require(table.shots.first)
        #expect(record.otherBrew != nil)
        let warning = try #require(journal.result.report.warnings.first { $0.column == "brewFlow" })
        #expect(warning.message.contains("\(Int(brewTime.rounded())) s"), "\(warning.message)")

        // A graph as long as its brew is not flagged.
        #expect(ShotSeriesChecks.otherBrew(seriesSeconds: 28, brewSeconds: 30) == nil)
        #expect(ShotSeriesChecks.otherBrew(seriesSeconds: 170, brewSeconds: 166) == nil)
        #expect(ShotSeriesChecks.otherBrew(seriesSeconds: 10, brewSeconds: 25) == nil)  // 15 s apart: not enough
        #expect(ShotSeriesChecks.otherBrew(seriesSeconds: 35, brewSeconds: 340) != nil)
    }

    /// How a series of its own clock meets the weight axis: each axis sample takes the nearest sample of the
    /// series (the later of two equally near) when at most 1 s away, else nothing. One sample may fill several
    /// axis samples; a sample nearest to no axis sample is not used. Checked against a brute-force search.
    @Test func nearestSampleWithinOneSecond() {
        let axis: [Double?] = [0, 0.5, 1.0, 1.5, 2.0, 5.0, 7.0, nil, 8.0]
        let at: [Double?] = [0.1, 0.2, 1.25, 3.9, 6.0, 8.0]
        let values: [Double?] = [10, 20, 30, 40, 50, 60]
        func brute(_ t: Double) -> Double? {
            var best: Int?
            for j in at.indices {
                guard let a = at[j], abs(a - t) <= 1 else { continue }
                if best == nil || abs(a - t) <= abs(at[best!]! - t) { best = j }
            }
            return best.map { values[$0]! }
        }
        let got = BeanconquerorFlowImporter.nearest(axis, at, values)
        #expect(got == axis.map { $0.flatMap(brute) })
        // Read by hand: 0 → 0.1 (10); 0.5 → 0.2 (20); 1.0 and 1.5 → 1.25 (30, used three times with 2.0: 0.75 s
        // away); 5.0 → 3.9 and 6.0 are 1.1 and 1.0 away (6.0: 50); 7.0 → 6.0 and 8.0
        // tie at 1 s (the later, 60); nil → nothing; 8.0 → 60. 40 at 3.9 s meets no axis sample.
        #expect(got == [10, 20, 30, 30, 30, 50, 60, nil, 60])
    }
}
