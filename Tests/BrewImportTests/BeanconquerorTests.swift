import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
import ZIPFoundation

@Suite(.cleansScratch) struct BeanconquerorTests {
    static var folder: URL? { Repo.peerData?.appendingPathComponent("beanconqueror") }

    /// Reads a peer file with Foundation alone, for figures computed independently of the importer.
    func raw(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Self.folder!.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The real 2020 backup, verified by hand: 222 brew records of which 12 repeat an earlier record's
    /// `config.uuid` byte for byte (11 uuids occur twice or three times: 210 distinct), 1 grinder (Kinu M47),
    /// 3 methods (V60, Aeropress, Profitec Pro 500), 12 beans; no rating scale stored, and ratings reach 10
    /// (the app's old 1–10 slider), so 0–10 is assumed and ratings are halved.
    @Test(.enabled(if: Repo.peerData != nil, "needs the real Beanconqueror files in ../shared/peer-data")) func oldBackupOf2020() throws {
        let result = try importChecked(Self.folder!.appendingPathComponent("Beanconqueror_old.json"))
        let r = result.report, t = result.journal.brews
        #expect(r.format == .beanconqueror)
        #expect(r.brews == .init(read: 222, kept: 210, rejected: 12))
        #expect(r.rejects.allSatisfy { $0.column == "config.uuid" && $0.reason.hasPrefix("duplicate brew id") })
        #expect(r.grinders == 1 && r.methods == 3 && r.beans == 12)
        #expect(result.journal.grinders.map(\.displayName) == ["Kinu M47"])
        #expect(result.journal.methods.map(\.displayName) == ["V60", "Aeropress", "Profitec Pro 500"])
        #expect(result.journal.methods.map(\.category) == [.pourOver, .immersion, .espresso])
        #expect(r.warning(.ratingScale)?.message.contains("0–10 assumed") == true)
        #expect(r.warning(.outOfRange, column: "rating") == nil)

        // Independent figures from the raw JSON: first record per uuid, in file order.
        let brews = try #require(try raw("Beanconqueror_old.json")["BREWS"] as? [[String: Any]])
        var seen = Set<String>(), firsts: [[String: Any]] = []
        for b in brews where seen.insert(((b["config"] as! [String: Any])["uuid"] as! String).uppercased()).inserted {
            firsts.append(b)
        }
        #expect(firsts.count == t.count)
        for (i, b) in firsts.enumerated() {
            let config = b["config"] as! [String: Any]
            #expect(t.id[i] == (config["uuid"] as! String).uppercased())
            #expect(t.brewDate[i] == Int64((config["unix_timestamp"] as! NSNumber).int64Value * 1_000_000))
            let dose = (b["grind_weight"] as! NSNumber).doubleValue
            #expect(t.doseGrams[i] == (dose == 0 ? nil : dose))
            let grind = Double(b["grind_size"] as! String)
            #expect(t.grindSetting[i] == grind)
            let rating = (b["rating"] as! NSNumber).doubleValue
            #expect(t.rating[i] == (rating > 0 ? rating * 5 / 10 : nil))
        }
        // The espresso machine's shots: 14 g in, brew_quantity read as the yield (no beverage quantity in 2020).
        let espresso = (0..<t.count).filter { t.category(at: $0) == .espresso }
        #expect(espresso.count == firsts.filter { $0["method_of_preparation"] as? String == "1c9afd17-ae33-481f-bc6c-1843e62b54f9" }.count)
        #expect(espresso.allSatisfy { t.yieldGrams[$0] != nil && t.waterGrams[$0] == nil })
    }

    @Test(.enabled(if: Repo.peerData != nil, "needs the real Beanconqueror files in ../shared/peer-data")) func appSampleOf2021HasNoBrews() throws {
        let result = try importChecked(Self.folder!.appendingPathComponent("BeanconquerorDummy.json"))
        #expect(result.report.brews == .init(read: 0, kept: 0, rejected: 0))
        #expect(result.report.methods == 1 && result.report.grinders == 1 && result.report.beans == 1)
        #expect(result.journal.methods.first?.category == .immersion)  // style_type FULL_IMMERSION
    }

    /// 2000 brews with every field present and zero: all kept, every measure missing (0 = not entered).
    @Test(.enabled(if: Repo.peerData != nil, "needs the real Beanconqueror files in ../shared/peer-data")) func currentLayoutStressSample() throws {
        let result = try importChecked(Self.folder!.appendingPathComponent("BeanconquerorTestData.json"))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 2000, kept: 2000, rejected: 0))
        #expect(t.doseGrams.nullCount == 2000 && t.rating.nullCount == 2000 && t.grindSetting.nullCount == 2000)
        #expect(t.method.nullCount == 0 && t.grinder.nullCount == 0 && t.bean.nullCount == 0)
        #expect(result.report.warning(.ratingScale) == nil, "SETTINGS states brew_rating 5")
    }

    /// A zip whose brews spill into split files; every Beanconqueror file in the peer folder that is a backup.
    @Test func zipWithSplitFiles() throws {
        let main: [String: Any] = [
            "SETTINGS": [["brew_rating": 10]],
            "MILL": [["name": "Comandante", "config": ["uuid": "g1", "unix_timestamp": 1]]],
            "PREPARATION": [["name": "My machine", "type": "PORTAFILTER", "config": ["uuid": "p1", "unix_timestamp": 1]]],
            "BEANS": [["name": "A", "roaster": "R", "roastingDate": "2024-11-01T10:00:00.000Z", "config": ["uuid": "a", "unix_timestamp": 1]]],
            "BREWS": [["grind_weight": 18, "brew_beverage_quantity": 36, "rating": 8, "mill": "g1", "method_of_preparation": "p1",
                       "bean": "a", "grind_size": "2,5", "brew_time": 27, "brew_time_milliseconds": 500,
                       "config": ["uuid": "x1", "unix_timestamp": 1731445292]]],
        ]
        let part: [Any] = [
            ["grind_weight": 18.5, "bean": "b", "config": ["uuid": "x2", "unix_timestamp": 1731445392]],
            ["grind_weight": "lots", "config": ["uuid": "x3", "unix_timestamp": 1731445492]],
        ]
        let beans: [Any] = [["name": "B", "config": ["uuid": "b", "unix_timestamp": 2]]]
        let url = try scratchFolder("bc").appendingPathComponent("Beanconqueror.zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (name, object) in [("Beanconqueror.json", main as Any), ("Beanconqueror_Brews_1.json", part), ("Beanconqueror_Beans_1.json", beans)] {
            let data = try JSONSerialization.data(withJSONObject: object)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let result = try importChecked(url)
        let r = result.report, t = result.journal.brews
        #expect(r.brews == .init(read: 3, kept: 2, rejected: 1))
        #expect(r.rejects[0].where == "Beanconqueror_Brews_1.json[1]" && r.rejects[0].column == "grind_weight")
        #expect(r.rejects[0].file.hasSuffix("Beanconqueror.zip/Beanconqueror_Brews_1.json"))
        #expect(t.rating[0] == 4, "8 on a 0–10 scale is 4 on 0–5")
        #expect(t.category(at: 0) == .espresso && t.yieldGrams[0] == 36 && t.brewTimeSeconds[0] == 27.5 && t.grindSetting[0] == 2.5)
        #expect(t.bean[1] == "B", "bean from a split bean file")
        #expect(t.roastDate[0] == Day(year: 2024, month: 11, day: 1)!.index)
        #expect(r.warning(.ratingScale)?.message.contains("0–10") == true)
    }

    @Test func zipSlipAndOversizedArchivesAreRefused() throws {
        let folder = try scratchFolder("bc")
        func zip(_ name: String, _ entries: [(String, Data)]) throws -> URL {
            let url = folder.appendingPathComponent(name)
            let archive = try Archive(url: url, accessMode: .create)
            for (path, data) in entries {
                try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { p, s in
                    data.subdata(in: Int(p)..<Int(p) + s)
                }
            }
            return url
        }
        let main = Data(#"{"BREWS": []}"#.utf8)
        let slip = try zip("slip.zip", [("Beanconqueror.json", main), ("../../evil.json", Data("[]".utf8))])
        #expect(importError(slip)?.kind == .unsafeArchiveEntry)
        let bomb = try zip("bomb.zip", [("Beanconqueror.json", main), ("Beanconqueror_Brews_1.json", Data(count: 4 << 20))])
        #expect(importError(bomb, ImportOptions(maxArchiveBytes: 1 << 20))?.kind == .archiveTooLarge)
        let empty = try zip("other.zip", [("readme.txt", Data("hi".utf8))])
        #expect(importError(empty)?.kind == .notAJournal)
        let notZip = folder.appendingPathComponent("broken.zip")
        try Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]).write(to: notZip)
        #expect(importError(notZip)?.kind == .corrupt)
    }
}
