import BrewSynth
import Foundation
import GRDB
import Testing
import TestSupport

/// The store, CSV and JSON of one seed describe the same brews (read back with the test's own readers).
@Suite struct EncodingAgreementTests {
    struct Brew: Equatable {
        var date: Double?
        var method, grinder, bean, roaster: String?
        var dose, water, yield, time, temperature, grind, rating, tds: Double?
        var acidity: Double?
        var tags, notes: String?
    }

    static func num(_ s: String?) -> Double? { s.flatMap { $0.isEmpty ? nil : Double($0) } }
    static func str(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }

    @Test func storeCSVAndJSONAgree() throws {
        let folder = try Repo.scratch("synth-agree")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Spans the end of daylight saving time (2026-10-25 in Europe/Berlin).
        let g = JournalGenerator(GeneratorOptions(brewCount: 600, seed: 21))
        let csvURL = folder.appendingPathComponent("j.csv"), jsonURL = folder.appendingPathComponent("j.json")
        let storeURL = folder.appendingPathComponent("j.sqlite")
        try CSVExportWriter().write(g, to: csvURL)
        try JSONExportWriter().write(g, to: jsonURL)
        try CoreDataStoreWriter().write(g, to: storeURL)

        // CSV.
        let csvText = try String(contentsOf: csvURL, encoding: .utf8)
        #expect(csvText.hasPrefix("brew_id,brewed_at,method,method_category,grinder,grind_setting,bean,roaster,origin,roast_date,roast_level,dose_g,water_g,yield_g,brew_time_s,water_temp_c,tds_pct,rating,acidity,body,sweetness,flavor_tags,notes\n"))
        var fromCSV: [String: Brew] = [:]
        var offsets = Set<String>()
        for r in TestCSV.rows(csvText) {
            let at = r["brewed_at"]!
            offsets.insert(String(at.suffix(6)))
            fromCSV[r["brew_id"]!] = Brew(
                date: testParseISO(at), method: Self.str(r["method"]), grinder: Self.str(r["grinder"]),
                bean: Self.str(r["bean"]), roaster: Self.str(r["roaster"]), dose: Self.num(r["dose_g"]),
                water: Self.num(r["water_g"]), yield: Self.num(r["yield_g"]), time: Self.num(r["brew_time_s"]),
                temperature: Self.num(r["water_temp_c"]), grind: Self.num(r["grind_setting"]),
                rating: Self.num(r["rating"]), tds: Self.num(r["tds_pct"]), acidity: Self.num(r["acidity"]),
                tags: Self.str(r["flavor_tags"]), notes: Self.str(r["notes"]))
        }
        #expect(fromCSV.count == 600)
        #expect(offsets == ["+02:00", "+01:00"], "daylight saving time shows in the offsets")

        // JSON.
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: jsonURL)) as? [String: Any])
        #expect(root["format"] as? String == "coffee-journal")
        #expect(root["version"] as? Int == 1)
        func names(_ key: String) -> [String: [String: Any]] {
            Dictionary(uniqueKeysWithValues: (root[key] as! [[String: Any]]).map { ($0["id"] as! String, $0) })
        }
        let methods = names("methods"), grinders = names("grinders"), beans = names("beans")
        let notes = Dictionary(uniqueKeysWithValues: (root["tastingNotes"] as! [[String: Any]]).map { ($0["brewId"] as! String, $0) })
        var fromJSON: [String: Brew] = [:]
        for b in root["brews"] as! [[String: Any]] {
            let bean = (b["beanId"] as? String).flatMap { beans[$0] }
            let note = notes[b["id"] as! String]
            fromJSON[b["id"] as! String] = Brew(
                date: (b["brewDate"] as? String).flatMap(testParseISO),
                method: (b["methodId"] as? String).flatMap { methods[$0]?["name"] as? String },
                grinder: (b["grinderId"] as? String).flatMap { grinders[$0]?["name"] as? String },
                bean: bean?["name"] as? String, roaster: bean?["roaster"] as? String,
                dose: b["doseGrams"] as? Double, water: b["waterGrams"] as? Double, yield: b["yieldGrams"] as? Double,
                time: b["brewTimeSeconds"] as? Double, temperature: b["waterTemperature"] as? Double,
                grind: b["grindSetting"] as? Double, rating: b["rating"] as? Double, tds: b["tds"] as? Double,
                acidity: note?["acidity"] as? Double, tags: note?["flavorTags"] as? String, notes: b["notes"] as? String)
        }
        #expect(fromJSON.count == 600)
        #expect(fromJSON == fromCSV)

        // Store.
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: storeURL.path, configuration: config)
        defer { try? queue.close() }
        let fromStore: [String: Brew] = try queue.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT b.ZID, b.ZBREWDATE, m.ZNAME, g.ZNAME, c.ZNAME, c.ZROASTER, b.ZDOSEGRAMS, b.ZWATERGRAMS,
                       b.ZYIELDGRAMS, b.ZBREWTIMESECONDS, b.ZWATERTEMPERATURE, b.ZGRINDSETTING, b.ZRATING, b.ZTDS,
                       n.ZACIDITY, n.ZFLAVORTAGS, b.ZNOTES
                FROM ZBREWLOG b LEFT JOIN ZBREWMETHOD m ON m.Z_PK = b.ZMETHOD LEFT JOIN ZGRINDER g ON g.Z_PK = b.ZGRINDER
                LEFT JOIN ZCOFFEEBEAN c ON c.Z_PK = b.ZBEAN LEFT JOIN ZTASTINGNOTE n ON n.ZBREW = b.Z_PK
                """)
            var out: [String: Brew] = [:]
            for r in rows {
                let id = UUID(uuid: (r[0] as Data).withUnsafeBytes { $0.load(as: uuid_t.self) }).uuidString
                out[id] = Brew(
                    date: (r[1] as Double?).map { $0 + 978_307_200 }, method: r[2], grinder: r[3], bean: r[4],
                    roaster: r[5], dose: r[6], water: r[7], yield: r[8], time: r[9], temperature: r[10], grind: r[11],
                    rating: r[12], tds: r[13], acidity: (r[14] as Int?).map(Double.init), tags: r[15], notes: r[16])
            }
            return out
        }
        #expect(fromStore == fromCSV)
    }

    @Test func messyStyle() throws {
        let folder = try Repo.scratch("synth-messy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let g = JournalGenerator(GeneratorOptions(brewCount: 150, seed: 8))
        let url = folder.appendingPathComponent("m.csv")
        try CSVExportWriter(style: .messy(seed: 8)).write(g, to: url)
        let data = try Data(contentsOf: url)
        #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = String(decoding: data.dropFirst(3), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.count >= 151)
        let records = TestCSV.parse(text)
        let header = records[0]
        #expect(header.count == 21)
        #expect(header.contains("Dose (g)") && !header.contains("Origin") && !header.contains("Sweetness"))
        let dose = header.firstIndex(of: "Dose (g)")!, time = header.firstIndex(of: "Brew Time (s)")!
        let at = header.firstIndex(of: "Brewed At")!
        let brews = Array(g.brews)
        for (record, brew) in zip(records.dropFirst(), brews) {
            #expect(record.count == 21)
            if let d = brew.doseGrams {
                let expected = (d == d.rounded() ? String(Int(d)) : String(d).replacingOccurrences(of: ".", with: ",")) + " g"
                #expect(record[dose] == expected)
            }
            if let t = brew.brewTimeSeconds {
                let s = Int(t)
                #expect(record[time] == "\(s / 60):\(String(format: "%02d", s % 60))")
            }
            #expect(record[at].count == 16 && !record[at].contains("T"))
        }
    }
}

