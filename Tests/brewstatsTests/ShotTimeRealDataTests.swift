import Foundation
import Testing
import TestSupport

/// `dial-in --json`'s `shot_time` on the real exports in ../shared/peer-data, against the independent fit of
/// `tools/reference/shot_slope_reference.py` (statsmodels' Huber fit, and its `--pool` mode's random-effects pool of
/// the grinder's profiles) on the same journal exported as CSV.
@Suite struct ShotTimeRealDataTests {
    static let python = Repo.root.appendingPathComponent(".venv-test/bin/python")
    static let script = Repo.root.appendingPathComponent("tools/reference/shot_slope_reference.py")

    /// The reference on `csv` for one grinder × method: its JSON object.
    static func reference(_ csv: URL, _ grinder: String, _ method: String, pool: Bool = false) throws -> [String: Any] {
        let p = Process()
        p.executableURL = python
        p.arguments = [script.path] + (pool ? ["--pool"] : []) + ["--journal", csv.path, grinder, method]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: out) as? [String: Any])
    }

    /// `path` exported as the app's CSV into `folder`.
    static func exported(_ path: String, _ folder: URL) throws -> URL {
        let csv = folder.appendingPathComponent("journal.csv")
        let r = try CLI.run(["export", path, "--to", "csv", "-o", csv.path])
        #expect(r.status == 0, "\(r.stderr)")
        return csv
    }

    /// The Beanconqueror backup's Kinu M47 × Profitec Pro 500: 50 timed shots of one bag at 8 settings. With no
    /// earlier bag the slope is stated (`used` false) and agrees with the reference; the times stay direction cues.
    @Test(.enabled(if: CLI.available, "needs the binary"), .enabled(if: Repo.peerData != nil, "needs ../shared"))
    func theKinuShotsShowTheirSlope() throws {
        let file = Repo.peerData!.appendingPathComponent("beanconqueror/Beanconqueror_old.json").path
        let folder = try Repo.scratch("shot-slope-real")
        defer { try? FileManager.default.removeItem(at: folder) }
        let o = try DialInTrustTests.adviseFile(file, ["--grinder", "Kinu M47", "--method", "Profitec Pro 500"])
        let shot = try #require(o["shot_time"] as? [String: Any])
        let csv = try Self.exported(file, folder)
        let reference = try Self.reference(csv, "Kinu M47", "Profitec Pro 500")
        let unit = try #require(shot["setting_per_step"] as? Double)
        let slope = try #require(shot["seconds_per_step"] as? Double)
        let refSlope = try #require(reference["slope"] as? Double) * unit
        let refSE = try #require(reference["se"] as? Double) * unit
        #expect(shot["used"] as? Bool == false && shot["shots"] as? Int == reference["shots"] as? Int)
        // The shots' yields (read by dial-in's columns): their median, and none 15 % off it.
        let median = try #require(reference["median_yield"] as? Double)
        #expect(abs((shot["median_yield"] as? Double ?? 0) - median) < 0.005, "\(shot) \(median)")
        #expect(shot["yield_left_out"] as? Int == reference["yield_left_out"] as? Int)
        #expect(abs(slope - refSlope) < 0.1 * abs(refSlope), "ours \(slope), reference \(refSlope) s per step")
        let low = try #require(shot["low"] as? Double), high = try #require(shot["high"] as? Double)
        #expect(low < refSlope && refSlope < high && slope < 0, "interval \(low)…\(high)")
        let width = (high - low) / (2 * 1.2816)
        #expect(abs(width / refSE - 1) < 0.35, "ours ±\(width), reference ±\(refSE)")
        // One profile (none named): the pool of the grinder's profiles is that profile's slope, as statsmodels'
        // random-effects pool of the one profile is.
        let pooled = try #require(shot["pooled"] as? [String: Any])
        let refPool = try Self.reference(csv, "Kinu M47", "Profitec Pro 500", pool: true)
        #expect(pooled["profiles"] as? Int == 1 && pooled["between_profiles"] as? Double == 0)
        #expect(pooled["seconds_per_step"] as? Double == slope && (shot["own"] as? [String: Any])?["low"] as? Double
            == low)
        let refMean = try #require(refPool["mean"] as? Double) * unit
        #expect(abs(slope - refMean) < 0.1 * abs(refMean) && refPool["tau2"] as? Double == 0, "\(refPool)")
    }

    /// The Visualizer fixtures: no bag of any grinder × method was shot at two settings (the reference counts
    /// none), so no slope is stated where the folder can be advised at all (only the EK43 has rated shots).
    @Test(.enabled(if: CLI.available, "needs the binary"), .enabled(if: Repo.peerData != nil, "needs ../shared"))
    func theVisualizerShotsShowNoSlope() throws {
        let path = Repo.peerData!.appendingPathComponent("visualizer").path
        let folder = try Repo.scratch("shot-slope-visualizer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = try Self.exported(path, folder)
        for (grinder, method) in [("EK43 with SSP HU", "Decent DE1"), ("1Zpresso K-Plus", "Flair 58 f58"),
                                  ("P100 Pre-2015 Cast", "Decent DE1")] {
            let reference = try Self.reference(csv, grinder, method)
            #expect(reference["bags_with_slope"] as? Int == 0 && (reference["shots"] as? Int ?? 0) > 0, "\(grinder)")
            // Nor any profile: the random-effects pool over the grinder's profiles has nothing to pool.
            let pool = try Self.reference(csv, grinder, method, pool: true)
            #expect((pool["profiles"] as? [String: Any])?.isEmpty == true && pool["mean"] is NSNull, "\(grinder)")
        }
        // The one grinder × method with a rated shot to advise from.
        let o = try DialInTrustTests.adviseFile(path, ["--grinder", "EK43 with SSP HU", "--method", "Decent DE1"])
        #expect(o["shot_time"] is NSNull, "\(o["shot_time"] ?? "missing")")
    }
}
