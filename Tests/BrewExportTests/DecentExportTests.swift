import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import BrewStats
import Foundation
import Testing
import TestSupport

/// `export --to decent-json` of every real shot file: the phase markers, the settings block and the metrics survive
/// the trip, and every file written passes Visualizer's upload rules (docs/export.md, "Decent JSON").
@Suite struct DecentExportTests {
    static let folder = Repo.peerData?.appendingPathComponent("visualizer")

    /// The real shot files of the Decent, Gaggiuino, GaggiMate, Meticulous and SEP formats.
    static let shotFiles = ["20210921T085910.shot", "20210921T085910ymd.shot", "20211019T100744.json",
                            "20211019T100744.shot", "brackets.shot", "empty_flow.shot", "gaggiuino-1020.json",
                            "gaggimate-v0.json", "gaggimate-v1.json", "meticulous.shot.json", "20210921T085910.csv",
                            "pressensor.csv", "pressensor_short.csv", "sharebrew_tsp.csv"]

    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    static func exported(_ name: String) throws -> (ShotJournal, ExportSummary, ShotJournal, URL) {
        let journal = try importAnyJournal(at: try #require(folder).appendingPathComponent(name), options: utc)
        let scratch = try Repo.scratch("decent-export")
        let (summary, back) = try RoundTrip.export(journal, .decentJSON, into: scratch, name: "out")
        return (journal, summary, back, scratch.appendingPathComponent("out"))
    }

    static func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Every shot's metrics, with the phases its file marks, are the same value for value after the trip; so are
    /// the phase starts themselves.
    @Test(.enabled(if: folder != nil, "needs ../shared/peer-data/visualizer"), arguments: shotFiles)
    func metricsSurvive(_ name: String) throws {
        let (journal, summary, back, out) = try Self.exported(name)
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let shots = try #require(journal.shots), again = try #require(back.shots)
        #expect(shots.kept > 0 && again.kept == shots.kept)
        let yieldFilled = summary.dropped.entries.contains { $0.field == "yield_g" && $0.action == .changed }
        let a = ShotMetrics(shots.samples, dose: journal.result.journal.brews.doseGrams,
                            yield: journal.result.journal.brews.yieldGrams, phaseStarts: shots.phaseStarts)
        let b = ShotMetrics(again.samples, dose: back.result.journal.brews.doseGrams,
                            yield: back.result.journal.brews.yieldGrams, phaseStarts: again.phaseStarts)
        for s in 0..<shots.kept {
            #expect(shots.phaseStarts[s].map { Float($0) } == again.phaseStarts[s].map { Float($0) }, "\(name): phases")
            for metric in ShotMetric.allCases {
                let x = a.value(metric, of: s), y = b.value(metric, of: s)
                // Only a yield taken from the scale's last sample is read from the 32-bit samples on the way back.
                #expect(x == y || (x?.isNaN == true && y?.isNaN == true) || (yieldFilled && isClose(x, y, relative: 1e-6)),
                        "\(name): \(metric) \(String(describing: x)) then \(String(describing: y))")
            }
        }
        for file in try Self.files(in: out) {
            #expect(VisualizerUploadRules.problems([UInt8](try Data(contentsOf: file))) == [], "\(name) → \(file.lastPathComponent)")
        }
        // A shot that is not a Decent's names its machine in the journal; the file cannot, and says so.
        let method = journal.result.journal.methods.first?.name
        #expect((method != "Decent DE1") == summary.dropped.entries.contains { $0.field == "method" }, "\(name): \(method ?? "")")
    }

    /// The DE1 app's own file: the exported `state_change` flips sign at the same samples as the file's own, and
    /// the settings block holds the file's bean, grinder and drink weight under the app's setting names (read here
    /// from the original with JSONSerialization, not through our reader).
    @Test(.enabled(if: folder != nil, "needs ../shared/peer-data/visualizer"))
    func decentFileKeepsMarkersAndSettings() throws {
        let (_, _, _, out) = try Self.exported("20211019T100744.json")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        func object(_ url: URL) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        }
        let original = try object(try #require(Self.folder).appendingPathComponent("20211019T100744.json"))
        let ours = try object(try #require(try Self.files(in: out).first))
        func flips(_ o: [String: Any], count: Int) throws -> [Int] {
            let values = try #require(o["state_change"] as? [Any]).prefix(count).map { Double("\($0)") ?? 0 }
            var out: [Int] = [], sign = 0.0
            for (i, v) in values.enumerated() where v != 0 && (v > 0 ? 1.0 : -1.0) != sign {
                out.append(i); sign = v > 0 ? 1 : -1
            }
            return out
        }
        let n = try #require(original["elapsed"] as? [Any]).count
        #expect(try #require(ours["elapsed"] as? [Any]).count == n)
        let expected = try flips(original, count: n)
        #expect(expected.count >= 3, "the file marks its profile's steps")
        #expect(try flips(ours, count: n) == expected)
        let settings = try #require(((ours["app"] as? [String: Any])?["data"] as? [String: Any])?["settings"] as? [String: String])
        let theirs = try #require(((original["app"] as? [String: Any])?["data"] as? [String: Any])?["settings"] as? [String: Any])
        for key in ["bean_brand", "bean_type", "grinder_model", "grinder_setting", "profile_title"] {
            #expect(settings[key] == theirs[key] as? String, "\(key)")
        }
        #expect(settings["drink_weight"].flatMap(Double.init) == 42.6)
        #expect(settings["espresso_temperature"].flatMap(Double.init) == 88)
        #expect(settings["grinder_dose_weight"] == nil, "the file's dose is 0, not entered")
    }

    /// The rule check itself: the DE1 app's file passes; a Gaggiuino file (another parser), a file without times
    /// and one without any series do not.
    @Test(.enabled(if: folder != nil, "needs ../shared/peer-data/visualizer"))
    func visualizerRules() throws {
        let folder = try #require(Self.folder)
        #expect(VisualizerUploadRules.problems([UInt8](try Data(contentsOf: folder.appendingPathComponent("20211019T100744.json")))) == [])
        #expect(VisualizerUploadRules.problems([UInt8](try Data(contentsOf: folder.appendingPathComponent("gaggiuino-1020.json")))) != [])
        #expect(VisualizerUploadRules.problems(Array(#"{"elapsed":[],"pressure":{"pressure":["1"]}}"#.utf8)) != [])
        #expect(VisualizerUploadRules.problems(Array(#"{"elapsed":["0.1"],"meta":{}}"#.utf8)) == ["no series has a value"])
        #expect(VisualizerUploadRules.problems(Array(#" {"elapsed":["0.1"],"state_change":["1"]}"#.utf8)) != [])
        #expect(VisualizerUploadRules.problems(Array(#"{"elapsed":["0.1"],"state_change":["1"]}"#.utf8)) == [])
    }
}
