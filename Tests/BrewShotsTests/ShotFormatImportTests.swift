import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// Each real shot file, checked against values read by hand from the raw file (quoted in each test).
/// Reads the real peer files beside the repository (`../shared/peer-data`); skipped where they are absent.
@Suite(.enabled(if: Peer.root != nil, "needs ../shared/peer-data")) struct ShotFormatImportTests {
    let utc = TimeZone(identifier: "UTC")!

    /// `20210921T085910.shot`: `clock 1632207550`; `espresso_elapsed {0.044 0.268 …}` (100 values, the last
    /// 24.793); `espresso_pressure {0.0 1.02 …}`; `espresso_weight` 0.31 at index 27; `espresso_pressure_goal {-1.0 …}`;
    /// settings `grinder_dose_weight 18.0`, `drink_weight 38.8`, `espresso_enjoyment 70`, `grinder_setting 2.1`,
    /// `roast_date 11.09.2021`, `drink_tds 0`.
    @Test func decentTcl() throws {
        let (journal, table) = try Peer.one("visualizer/20210921T085910.shot")
        let s = table.samples
        #expect(table.shots[0].format == .decentTcl)
        #expect(s.sampleCount == 100)
        #expect(s.values(.time, of: 0).prefix(3) == [0.044, 0.268, 0.539])
        #expect(s.values(.pressure, of: 0)[1] == 1.02)
        #expect(s.values(.weight, of: 0)[27] == 0.31)
        #expect(s.values(.pressureGoal, of: 0).first! == nil)
        #expect(s.values(.time, of: 0).last! == 24.793)
        #expect(table.shots[0].start == Timestamp(unixSeconds: 1632207550))
        #expect(table.shots[0].profile == "JoeD's Easy blooming slow ramp to 7 bar")
        let brews = journal.result.journal.brews
        #expect(brews.doseGrams[0] == 18.0 && brews.yieldGrams[0] == 38.8)
        #expect(brews.rating[0] == 3.5)  // 70 ÷ 20
        #expect(brews.grindSetting[0] == 2.1)
        #expect(brews.tds[0] == nil)  // drink_tds 0 = not measured
        #expect(isClose(brews.brewTimeSeconds[0]!, 24.793, relative: 1e-6))
        #expect(brews.roastDate[0] == Day(year: 2021, month: 9, day: 11)!.index)
        #expect(brews.category[0] == MethodCategory.espresso.rawValue)
        #expect(journal.result.journal.beans.first?.roaster == "Banibeans")
        #expect(journal.result.report.warnings.contains { $0.kind == .ratingScale && $0.message.contains("÷ 20") })
    }

    /// `20211019T100744.json`: `timestamp "1634630864"`; `elapsed` 109 strings, every channel 110 (the trailing one
    /// dropped); `pressure.pressure ["0.0","0.87",…]`; `meta.in "0"`, `meta.out "42.6"`, `meta.time "27.0"`,
    /// `meta.grinder.setting "2.4"`, `meta.bean.roast_date "05.10.2021"`, `meta.shot.enjoyment "0"`.
    @Test func decentJSON() throws {
        let (journal, table) = try Peer.one("visualizer/20211019T100744.json")
        #expect(table.shots[0].format == .decentJSON)
        #expect(table.samples.sampleCount == 109)
        #expect(table.samples.values(.pressure, of: 0).prefix(2) == [0.0, 0.87])
        #expect(table.shots[0].start == Timestamp(unixSeconds: 1634630864))
        let brews = journal.result.journal.brews
        #expect(brews.doseGrams[0] == nil && brews.yieldGrams[0] == 42.6 && brews.brewTimeSeconds[0] == 27.0)
        #expect(brews.grindSetting[0] == 2.4 && brews.rating[0] == nil)
        #expect(brews.roastDate[0] == Day(year: 2021, month: 10, day: 5)!.index)
    }

    /// `gaggiuino-1020.json`: 279 datapoints; `datapoints[10]` = `timeInShot 1700, pressure 0.3…, pumpFlow 0.2,
    /// temperature 95.9, targetPressure 6`; `timestamp 1728455970`; `profile.name "Zer0"`, `waterTemperature 95`;
    /// the last point `timeInShot 42200, shotWeight 47`.
    @Test func gaggiuino() throws {
        let (journal, table) = try Peer.one("visualizer/gaggiuino-1020.json")
        let s = table.samples
        #expect(s.sampleCount == 279)
        #expect(s.values(.time, of: 0)[10] == 1.7)
        #expect(s.values(.pressure, of: 0)[10] == 0.3)
        #expect(s.values(.flow, of: 0)[10] == 0.2)
        #expect(s.values(.basketTemperature, of: 0)[10] == 95.9)
        #expect(s.values(.pressureGoal, of: 0)[10] == 6)
        #expect(table.shots[0].start == Timestamp(unixSeconds: 1728455970) && table.shots[0].profile == "Zer0")
        let brews = journal.result.journal.brews
        #expect(brews.yieldGrams[0] == 47 && isClose(brews.brewTimeSeconds[0]!, 42.2, relative: 1e-6))
        #expect(brews.waterTemperature[0] == 95)
    }

    /// `gaggimate-v1.json`: 213 samples; `samples[100]` = `t 11218, cp 3.671, fl 0.687, ct 88.96, tp 4, v 0,
    /// ev 54.75`; every `v` is 0 (no scale connected) and `vf` repeats `fl`; `timestamp 1752838911`; `profile.label
    /// "Blooming Espresso"`, `temperature 90`; `volume 0`; the last sample `t 22823, ev 81.73`. `ev` is GaggiMate's
    /// estimated weight (from the pumped volume), not a weighing: the shot records no weight and its brew no yield.
    @Test func gaggimate() throws {
        let (journal, table) = try Peer.one("visualizer/gaggimate-v1.json")
        let s = table.samples
        #expect(s.sampleCount == 213)
        #expect(s.values(.time, of: 0)[100] == 11.218)
        #expect(s.values(.pressure, of: 0)[100] == 3.671)
        #expect(s.values(.flow, of: 0)[100] == 0.687)
        #expect(s.values(.mixTemperature, of: 0)[100] == 88.96)
        #expect(!table.shots[0].channels.has(.weight))
        #expect(!table.shots[0].channels.has(.weightFlow))
        #expect(table.shots[0].profile == "Blooming Espresso")
        let brews = journal.result.journal.brews
        #expect(brews.yieldGrams[0] == nil && isClose(brews.brewTimeSeconds[0]!, 22.823, relative: 1e-6))
    }

    /// The same real file with a scale: `v` set to a ramp 0, 0.2, 0.4, … g (so `v` ≠ `ev` in every sample after the
    /// first), `vf` to 1.5 g/s. Weight is `v` sample for sample, weight flow is `vf`, and the yield is the last `v`
    /// (212 × 0.2 = 42.4 g), never `ev` (81.73 at the end).
    @Test func gaggimateWeightIsTheScale() throws {
        let data = try Data(contentsOf: try Peer.file("visualizer/gaggimate-v1.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var samples = try #require(root["samples"] as? [[String: Any]])
        let ev = samples.map { ($0["ev"] as? NSNumber)?.doubleValue }
        for i in samples.indices {
            samples[i]["v"] = Double(i) * 0.2
            samples[i]["vf"] = 1.5
        }
        root["samples"] = samples
        let folder = try Repo.scratch("gaggimate-scale")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shot.json")
        try JSONSerialization.data(withJSONObject: root).write(to: file)
        let journal = try importAnyJournal(at: file, options: ImportOptions(timeZone: utc))
        let table = try #require(journal.shots)
        let weight = table.samples.values(.weight, of: 0)
        #expect(weight.count == 213)
        #expect(weight[100] == Float(100 * 0.2) && ev[100] == 54.75)
        #expect(weight[212] == Float(212 * 0.2))
        #expect(table.samples.values(.weightFlow, of: 0)[50] == 1.5)
        let yield = try #require(journal.result.journal.brews.yieldGrams[0])
        #expect(isClose(yield, 42.4, relative: 1e-6))
    }

    /// `meticulous.shot.json`: 204 points; `data[50]` = `time 6524, shot {pressure 2.44, flow 1.46, weight 9.66,
    /// gravimetric_flow 1.77, setpoints {pressure 3.0, flow 6.8}}, sensors.tube 86.41`; `time 1767116178.406945`;
    /// the last point `time 26278, weight 45.46`.
    @Test func meticulous() throws {
        let (journal, table) = try Peer.one("visualizer/meticulous.shot.json")
        let s = table.samples
        #expect(s.sampleCount == 204)
        #expect(s.values(.time, of: 0)[50] == 6.524)
        #expect(s.values(.pressure, of: 0)[50] == 2.44 && s.values(.flow, of: 0)[50] == 1.46)
        #expect(s.values(.weight, of: 0)[50] == 9.66 && s.values(.weightFlow, of: 0)[50] == 1.77)
        #expect(s.values(.pressureGoal, of: 0)[50] == 3.0 && s.values(.flowGoal, of: 0)[50] == 6.8)
        #expect(s.values(.mixTemperature, of: 0)[50] == 86.41)
        #expect(isClose(table.shots[0].start!.unixSeconds, 1767116178.406945, relative: 1e-12))
        let brews = journal.result.journal.brews
        #expect(brews.yieldGrams[0] == 45.46 && isClose(brews.brewTimeSeconds[0]!, 26.278, relative: 1e-6))
    }

    /// `20210921T085910.csv` (Visualizer's SEP export of the `.shot` above): 100 moment rows; row 2 = `0.268,1.02,
    /// 0.0,3.99,0.0,,94.6,90.65`; meta `Date 2021-09-21T06:59:10Z`, `Weight 38.8`, `Grinder Brand` and `Model` both
    /// `EK43 with SSP HU`, `Roasting Date 2021-09-11T00:00:00Z`.
    @Test func sepCSV() throws {
        let (journal, table) = try Peer.one("visualizer/20210921T085910.csv")
        let s = table.samples
        #expect(s.sampleCount == 100)
        #expect(s.values(.time, of: 0)[1] == 0.268 && s.values(.pressure, of: 0)[1] == 1.02)
        #expect(s.values(.flow, of: 0)[1] == 3.99 && s.values(.mixTemperature, of: 0)[1] == 94.6)
        #expect(s.values(.basketTemperature, of: 0)[1] == 90.65)
        #expect(table.shots[0].start == Timestamp(unixSeconds: 1632207550))
        #expect(journal.result.journal.grinders.map(\.name) == ["EK43 with SSP HU"])
        #expect(journal.result.journal.brews.yieldGrams[0] == 38.8)
    }

    /// `pressensor_short.csv`: 227 moment rows, pressure and weight on separate rows, four `elapsed` values met
    /// twice (4.677, 10.275, 11.57, 18.674) → 223 samples; first row `0.028,0.484` (pressure only), second
    /// `0.064,,0.0` (weight only); meta `Dose 16.0`, `Weight 36.07`, `Extraction time 18.674`,
    /// `Date 2023-06-26T21:49:15.122` (no offset: the import's zone, UTC here), `Grinder Model 1Zpresso K-Plus`.
    @Test func pressensorCSV() throws {
        let (journal, table) = try Peer.one("visualizer/pressensor_short.csv")
        let s = table.samples
        #expect(s.sampleCount == 223)
        #expect(s.values(.pressure, of: 0).prefix(2) == [0.484, nil])
        #expect(s.values(.weight, of: 0).prefix(2) == [nil, 0.0])
        let brews = journal.result.journal.brews
        #expect(brews.doseGrams[0] == 16.0 && brews.yieldGrams[0] == 36.07 && brews.brewTimeSeconds[0] == 18.674)
        #expect(isClose(table.shots[0].start!.unixSeconds, 1687816155.122, relative: 1e-12))
        #expect(journal.result.journal.grinders.map(\.name) == ["1Zpresso K-Plus"])
        #expect(journal.result.journal.methods.map(\.name) == ["Flair 58 f58"])
    }

    /// `sharebrew_tsp.csv`: 454 weight-only moments, four `elapsed` values met twice (1.776, 6.873, 10.699,
    /// 36.095) → 450 samples; `Grinder Setting 3 clicks` (text), `Dose 15.2`, `Weight 31.01`.
    @Test func sharebrewCSV() throws {
        let (journal, table) = try Peer.one("visualizer/sharebrew_tsp.csv")
        #expect(table.samples.sampleCount == 450)
        #expect(table.shots[0].channels == [ShotChannelSet(.time), ShotChannelSet(.weight)])
        let brews = journal.result.journal.brews
        #expect(brews.grindSetting[0] == nil && brews.grindText[0] == "3 clicks")
        #expect(brews.doseGrams[0] == 15.2 && brews.yieldGrams[0] == 31.01)
    }

    /// The five Beanconqueror flow profiles import; `BeanconquerorFlowTestData.json`'s weight clock starts
    /// `10:52:31.741`, its third sample is `10:52:31.952` (0.211 s later); it has 332 weight samples and a
    /// pressure series.
    @Test func beanconquerorFlowProfiles() throws {
        let folder = try Peer.file("beanconqueror/flow-profiles")
        let journal = try importAnyJournal(at: folder, options: ImportOptions(timeZone: utc))
        let table = try #require(journal.shots)
        #expect(table.read == 5 && table.kept == 5, "\(journal.result.report.rejects)")
        let first = try #require(table.shots.firstIndex { $0.file.hasSuffix("/BeanconquerorFlowTestData.json") })
        #expect(table.shots[first].sampleCount == 332)
        #expect(table.shots[first].channels.has(.pressure))
        let t = table.samples.values(.time, of: first)
        #expect(isClose(Double(t[2]!), 0.211, relative: 1e-5))
        #expect(journal.result.report.warnings.contains { $0.column == "start" })
    }
}
