import BrewSynth
import Foundation
import Testing
import TestSupport

/// The synthetic shot folders: one file per shot, each format's real layout (its keys compared with the real
/// peer file's where that file is present), deterministic in the seed, realistic enough to analyse.
@Suite struct ShotGeneratorTests {
    /// `shared/peer-data/visualizer` beside the repository or beside its folder of worktrees.
    static let peer: URL? = {
        var url = Repo.root
        for _ in 0 ..< 3 {
            url = url.deletingLastPathComponent()
            let candidate = url.appendingPathComponent("shared/peer-data/visualizer")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func peerJSON(_ name: String) throws -> [String: Any]? {
        guard let peer else {
            print("ShotGeneratorTests: \(name) not compared with the real file: ../shared/peer-data/visualizer is absent")
            return nil
        }
        return try json(peer.appendingPathComponent(name))
    }

    static func write(_ format: SynthShotFormat, count: Int, seed: UInt64 = 5) throws -> (URL, [URL]) {
        let folder = try Repo.scratch("shots-\(format.rawValue)")
        return (folder, try ShotFolderWriter(format: format).write(ShotGenerator(count: count, seed: seed), to: folder))
    }

    @Test(arguments: SynthShotFormat.allCases)
    func writesOneFilePerShotDeterministically(format: SynthShotFormat) throws {
        let (a, files) = try Self.write(format, count: 12)
        let (b, _) = try Self.write(format, count: 12)
        let (c, _) = try Self.write(format, count: 12, seed: 6)
        defer { for f in [a, b, c] { try? FileManager.default.removeItem(at: f) } }
        let names = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
        #expect(names.count == 12)
        #expect(names.first == "shot-00000.\(format.fileExtension)" && names.last == "shot-00011.\(format.fileExtension)")
        #expect(files.map(\.lastPathComponent) == names)
        for name in names {
            #expect(try Data(contentsOf: a.appendingPathComponent(name)) == Data(contentsOf: b.appendingPathComponent(name)))
        }
        #expect(try Data(contentsOf: a.appendingPathComponent(names[0])) != Data(contentsOf: c.appendingPathComponent(names[0])))
    }

    @Test func decentJSONHasTheRealFilesFields() throws {
        let (folder, files) = try Self.write(.decentJSON, count: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = try Self.json(files[0])
        if let real = try Self.peerJSON("20211019T100744.json") {
            #expect(Set(shot.keys) == Set(real.keys))
            for group in ["pressure", "flow", "temperature", "totals", "resistance", "meta"] {
                #expect(Set((shot[group] as? [String: Any])?.keys ?? [:].keys) == Set((real[group] as? [String: Any])?.keys ?? [:].keys), "\(group)")
            }
        }
        #expect(shot["version"] as? String == "2")
        let elapsed = try #require(shot["elapsed"] as? [String]).compactMap(Double.init)
        #expect(elapsed.count > 50)
        #expect(zip(elapsed, elapsed.dropFirst()).allSatisfy { $0 < $1 })
        let pressure = try #require((shot["pressure"] as? [String: Any])?["pressure"] as? [String])
        let weight = try #require((shot["totals"] as? [String: Any])?["weight"] as? [String])
        #expect(pressure.count == elapsed.count && weight.count == elapsed.count)
        let meta = try #require(shot["meta"] as? [String: Any])
        #expect(Double(meta["in"] as? String ?? "") != nil && Double(meta["out"] as? String ?? "") != nil)
        let settings = try #require(((shot["app"] as? [String: Any])?["data"] as? [String: Any])?["settings"] as? [String: Any])
        for key in ["bean_brand", "bean_type", "grinder_model", "grinder_setting", "drink_weight", "espresso_enjoyment", "roast_date"] {
            #expect(settings[key] is String, "settings.\(key)")
        }
    }

    @Test func decentShotIsTclKeyValues() throws {
        let (folder, files) = try Self.write(.decentShot, count: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: files[0], encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("clock ") == true)
        func list(_ key: String) -> [Double]? {
            guard let line = lines.first(where: { $0.hasPrefix(key + " {") }) else { return nil }
            return line.dropFirst(key.count + 2).dropLast().split(separator: " ").compactMap { Double($0) }
        }
        let elapsed = try #require(list("espresso_elapsed"))
        for key in ["espresso_pressure", "espresso_weight", "espresso_flow", "espresso_flow_weight",
                    "espresso_temperature_basket", "espresso_temperature_mix", "espresso_pressure_goal",
                    "espresso_flow_goal", "espresso_temperature_goal"] {
            #expect(list(key)?.count == elapsed.count, "\(key)")
        }
        #expect(lines.contains("settings {") && lines.contains { $0.hasPrefix("\tdrink_weight ") })
        // Braces balance, so a Tcl reader can parse the file.
        #expect(text.filter { $0 == "{" }.count == text.filter { $0 == "}" }.count)
    }

    @Test func machineFormatsHaveTheRealFilesFields() throws {
        let cases: [(SynthShotFormat, String, String)] = [
            (.gaggiuino, "gaggiuino-1020.json", "datapoints"), (.gaggimate, "gaggimate-v1.json", "samples"),
            (.meticulous, "meticulous.shot.json", "data"),
        ]
        for (format, realName, seriesKey) in cases {
            let (folder, files) = try Self.write(format, count: 2)
            defer { try? FileManager.default.removeItem(at: folder) }
            let shot = try Self.json(files[0])
            let points = try #require(shot[seriesKey] as? [[String: Any]])
            #expect(points.count > 50)
            if let real = try Self.peerJSON(realName) {
                let realPoints = try #require(real[seriesKey] as? [[String: Any]])
                #expect(Set(shot.keys) == Set(real.keys), "\(format) top level")
                #expect(Set(points[0].keys) == Set(realPoints[0].keys), "\(format) sample keys")
                if format == .meticulous {
                    let ours = try #require(points[0]["shot"] as? [String: Any]), theirs = try #require(realPoints[0]["shot"] as? [String: Any])
                    #expect(Set(ours.keys) == Set(theirs.keys))
                    let sensors = try #require(points[0]["sensors"] as? [String: Any]), realSensors = try #require(realPoints[0]["sensors"] as? [String: Any])
                    #expect(Set(sensors.keys).isSubset(of: Set(realSensors.keys)))
                }
            }
        }
    }

    @Test func sepCSVHasMetaAndMomentRows() throws {
        let (folder, files) = try Self.write(.sepCSV, count: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = TestCSV.parse(try String(contentsOf: files[0], encoding: .utf8))
        if let peer = Self.peer {
            let real = TestCSV.parse(try String(contentsOf: peer.appendingPathComponent("pressensor_short.csv"), encoding: .utf8))
            #expect(rows.first == real.first)
        } else {
            print("ShotGeneratorTests: the SEP CSV header is not compared with the real file: ../shared/peer-data/visualizer is absent")
        }
        // 12 fields a row; the "Unit system" row has a 13th, empty one, as Pressensor writes it.
        #expect(rows.dropFirst().allSatisfy { $0.count >= 12 && ($0[0] == "meta" || $0[0] == "moment") })
        let meta = Dictionary(rows.filter { $0[0] == "meta" }.map { ($0[9], $0[10]) }, uniquingKeysWith: { a, _ in a })
        #expect(Double(meta["Dose"] ?? "") != nil && Double(meta["Weight"] ?? "") != nil && meta["Beans"] != nil)
        let moments = rows.filter { $0[0] == "moment" }
        #expect(moments.contains { $0[11] == "sample: pressure" })
        let times = moments.compactMap { Double($0[1]) }
        #expect(times.count == moments.count && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Over 200 shots: some without a scale, most with one; stopped-at-weight shots land near their target;
    /// the shots span weeks; bags of beans change; ratings vary.
    @Test func shotsAreRealistic() {
        let generator = ShotGenerator(count: 200, seed: 21)
        let shots = (0 ..< 200).map(generator.shot)
        let withoutScale = shots.filter { !$0.hasScale }.count
        #expect(withoutScale > 5 && withoutScale < 60)
        #expect((shots.last!.start - shots.first!.start) / 86_400 >= 21)
        #expect(Set(shots.map(\.bean)).count >= 3)
        #expect(Set(shots.compactMap(\.enjoyment)).count >= 4)
        for shot in shots.prefix(60) where shot.hasScale && shot.stoppedAt == nil {
            let series = shot.series(step: 0.25)
            let final = series.weight.last!
            #expect(abs(final - shot.targetYield) < 2.5, "shot \(shot.index): \(final) g for \(shot.targetYield) g")
            #expect(series.time.last! > 15 && series.time.last! < 60)
            let peak = series.pressure.max()!
            #expect(peak > 5 && peak < 10)
        }
    }
}
