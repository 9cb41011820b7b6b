import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import BrewSynth
import Foundation
import GRDB
import Testing
import TestSupport

/// `--anonymise` is complete: a marker planted in every free-text field of every input format (notes, flavour tags,
/// text grind settings, pressure profiles and shot profile titles, bean and roaster names, entity notes, ids, file
/// names) reaches the plain export (so the planting is real) and no anonymised export of any format, nor the
/// dropped-fields list beside it. Equipment names, origins, varieties and processing are kept by design
/// (``BrewExport/JournalAnonymiser``) and are not planted.
@Suite struct AnonymiseMarkerTests {
    static let marker = "QZMARK"
    let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    // MARK: Inputs, one per format

    static func json(_ object: Any) throws -> Data { try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) }

    /// The app's JSON export.
    static func appJSON() throws -> Data {
        let m = marker
        return try json([
            "format": "coffee-journal", "version": 1,
            "methods": [["id": "\(m)-m", "name": "V60", "category": "pour_over", "notes": "\(m) method"]],
            "grinders": [["id": "\(m)-g", "name": "Niche", "notes": "\(m) grinder"]],
            "beans": [["id": "\(m)-b", "name": "\(m) bean", "roaster": "\(m) roaster", "notes": "\(m) bean notes",
                       "roastDate": "2026-11-01"]],
            "brews": (0..<3).map { i in
                ["id": "\(m)-\(i)", "brewDate": "2026-11-1\(6 + i)T07:00:00Z", "methodId": "\(m)-m", "grinderId": "\(m)-g",
                 "beanId": "\(m)-b", "doseGrams": 15, "waterGrams": 250, "grindSetting": "\(m) fine",
                 "pressureProfile": "\(m) profile", "notes": "\(m) note", "rating": 4] as [String: Any]
            },
            "tastingNotes": [["id": "\(m)-t", "brewId": "\(m)-0", "flavorTags": "\(m) tag, sour", "notes": "\(m) tasting"]],
        ])
    }

    /// The app's CSV export, and the same under foreign headers (read through a mapping).
    static func csv(header: String) -> String {
        let m = marker
        var text = header + "\n"
        for i in 0..<3 {
            text += "\(m)-\(i),2026-11-1\(6 + i)T07:00:00Z,V60,Niche,\(m) fine,\(m) bean,\(m) roaster,\"\(m) tag, sour\",\(m) note,\(m) profile,15\n"
        }
        return text
    }
    static let csvHeader = "brew_id,brewed_at,method,grinder,grind_setting,bean,roaster,flavor_tags,notes,pressure_profile,dose_g"
    static let foreignHeader = "Id,When,Brewer,Mill,Click,Coffee,House,Tags,Remarks,Profile,Dose"
    static let mapping = """
        [columns]
        Id = "brew_id"
        When = "brewed_at"
        Brewer = "method"
        Mill = "grinder"
        Click = "grind_setting"
        Coffee = "bean"
        House = "roaster"
        Tags = "flavor_tags"
        Remarks = "notes"
        Profile = "pressure_profile"
        Dose = "dose_g"
        """

    /// A Beanconqueror backup.
    static func beanconqueror() throws -> Data {
        let m = marker
        func config(_ uuid: String) -> [String: Any] { ["uuid": uuid, "unix_timestamp": 1_731_445_292] }
        return try json([
            "SETTINGS": [["brew_rating": 5]],
            "MILL": [["name": "Comandante", "note": "\(m) mill", "config": config("\(m)-g")]],
            "PREPARATION": [["name": "V60", "style_type": "POUR_OVER", "note": "\(m) method", "config": config("\(m)-p")]],
            "BEANS": [["name": "\(m) bean", "roaster": "\(m) roaster", "note": "\(m) bean notes", "config": config("\(m)-k")]],
            "BREWS": (0..<3).map { i in
                ["grind_weight": 15, "grind_size": "\(m) fine", "note": "\(m) note", "mill": "\(m)-g",
                 "method_of_preparation": "\(m)-p", "bean": "\(m)-k",
                 "config": ["uuid": "\(m)-\(i)", "unix_timestamp": 1_731_445_292 + i * 3600]] as [String: Any]
            },
        ])
    }

    /// A BrewSpec document (JSON).
    static func brewSpec() throws -> Data {
        let m = marker
        return try json(["brewspec_version": "1.0", "brews": (0..<3).map { i in
            ["date": "2026-11-1\(6 + i)T07:00:00Z", "type": "pour_over", "method": "V60", "dose_g": 15, "water_g": 250,
             "process_notes": "\(m) process", "equipment": ["grinder": "Niche", "grinder_setting": 20],
             "coffee": ["name": "\(m) bean", "roaster": "\(m) roaster", "cupping_notes": "\(m) cupping"],
             "result": ["tasting_notes": "\(m) tasting", "ratings": ["overall": 7]]] as [String: Any]
        }])
    }

    /// The sample store with every free-text column planted.
    static func store(at url: URL) throws {
        try FileManager.default.copyItem(at: Repo.sample("journal.sqlite"), to: url)
        let queue = try DatabaseQueue(path: url.path)
        let m = marker
        try queue.write { db in
            try db.execute(sql: """
                UPDATE ZBREWLOG SET ZNOTES = '\(m) note ' || Z_PK, ZPRESSUREPROFILE = '\(m) profile';
                UPDATE ZCOFFEEBEAN SET ZNAME = '\(m) bean ' || Z_PK, ZROASTER = '\(m) roaster', ZNOTES = '\(m) bean notes';
                UPDATE ZGRINDER SET ZNOTES = '\(m) grinder';
                UPDATE ZBREWMETHOD SET ZNOTES = '\(m) method';
                UPDATE ZTASTINGNOTE SET ZFLAVORTAGS = '\(m) tag, bitter', ZNOTES = '\(m) tasting';
                """)
        }
        try queue.close()
    }

    /// Decent shot files (Visualizer JSON) with the marker in the profile title, bean, roaster, grind setting,
    /// notes, and the file's name.
    static func shots(in folder: URL) throws {
        let m = marker
        let files = try ShotFolderWriter(format: .decentJSON).write(ShotGenerator(count: 3, seed: 5), to: folder)
        for (k, file) in files.enumerated() {
            var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            var meta = root["meta"] as? [String: Any] ?? [:]
            meta["bean"] = ["brand": "\(m) roaster", "type": "\(m) bean"]
            meta["grinder"] = ["model": "Niche", "setting": "\(m) setting"]
            var shot = meta["shot"] as? [String: Any] ?? [:]
            shot["notes"] = "\(m) shot note"
            meta["shot"] = shot
            root["meta"] = meta
            var profile = root["profile"] as? [String: Any] ?? [:]
            profile["title"] = "\(m) profile title"
            root["profile"] = profile
            try FileManager.default.removeItem(at: file)
            try json(root).write(to: folder.appendingPathComponent("\(m)-shot-\(k).json"))
        }
    }

    // MARK: The check

    /// Every file under `url` (or `url` itself), as text.
    func texts(_ url: URL) -> [(String, String)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        if !isFolder.boolValue { return [(url.lastPathComponent, (try? String(contentsOf: url, encoding: .utf8)) ?? "")] }
        let names = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).sorted()
        return names.filter { name in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDir) && !isDir.boolValue
        }.map { name in
            (name, (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
    }

    /// Exports `journal` to every format it can be written in; returns (output name, text) pairs, the dropped lists
    /// included, and the file names.
    func exports(_ journal: ShotJournal, into folder: URL) throws -> [(String, String)] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var out: [(String, String)] = []
        var runs: [(ExportFormat, BrewSpecLayout, String)] = [
            (.csv, .oneFile, "j.csv"), (.json, .oneFile, "j.json"), (.brewspec, .oneFile, "j.yaml"),
            (.brewspec, .oneFile, "j.brewspec.json"), (.brewspec, .perBrew, "per-brew"),
        ]
        if (journal.shots?.kept ?? 0) > 0 { runs.append((.decentJSON, .oneFile, "decent")) }
        for (format, layout, name) in runs {
            let target = folder.appendingPathComponent(name)
            let summary = try JournalExporter(format: format, brewSpecLayout: layout).export(journal, to: target)
            out += texts(target).map { ("\(name)/\($0.0)", $0.0 + "\n" + $0.1) }
            out.append(("\(name) dropped", summary.dropped.csv() + summary.dropped.summary))
        }
        return out
    }

    func check(_ input: URL, _ options: ImportOptions, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try Repo.scratch("anonymise-marker")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: input, options: options)
        #expect(journal.result.journal.brews.count >= 3, "\(journal.result.report.rejects)", sourceLocation: sourceLocation)
        let plain = try exports(journal, into: folder.appendingPathComponent("plain", isDirectory: true))
        #expect(plain.contains { $0.1.contains(Self.marker) }, "the marker reaches the plain export", sourceLocation: sourceLocation)
        let anonymous = try exports(JournalAnonymiser().anonymise(journal), into: folder.appendingPathComponent("anonymous", isDirectory: true))
        #expect(anonymous.count >= 10, sourceLocation: sourceLocation)
        for (name, text) in anonymous {
            #expect(!text.contains(Self.marker), "\(input.lastPathComponent) → \(name): \(Self.context(text))", sourceLocation: sourceLocation)
        }
    }

    /// The text around the marker's first occurrence (for the failure message).
    static func context(_ text: String) -> String {
        guard let r = text.range(of: marker) else { return "" }
        let start = text.index(r.lowerBound, offsetBy: -60, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(r.upperBound, offsetBy: 60, limitedBy: text.endIndex) ?? text.endIndex
        return String(text[start..<end])
    }

    func scratchInput(_ name: String, _ data: Data) throws -> (URL, URL) {
        let folder = try Repo.scratch("anonymise-input")
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return (folder, url)
    }

    @Test func appJSONExport() throws {
        let (folder, url) = try scratchInput("\(Self.marker)-journal.json", try Self.appJSON())
        defer { try? FileManager.default.removeItem(at: folder) }
        try check(url, options)
    }

    @Test func appCSVExport() throws {
        let (folder, url) = try scratchInput("\(Self.marker)-journal.csv", Data(Self.csv(header: Self.csvHeader).utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        try check(url, options)
    }

    @Test func mappedCSV() throws {
        let (folder, url) = try scratchInput("\(Self.marker)-foreign.csv", Data(Self.csv(header: Self.foreignHeader).utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = folder.appendingPathComponent("map.toml")
        try Data(Self.mapping.utf8).write(to: map)
        var options = self.options
        options.columnMapping = try ColumnMapping.load(from: map)
        try check(url, options)
    }

    @Test func beanconquerorBackup() throws {
        let (folder, url) = try scratchInput("Beanconqueror.json", try Self.beanconqueror())
        defer { try? FileManager.default.removeItem(at: folder) }
        try check(url, options)
    }

    @Test func brewSpecDocument() throws {
        let (folder, url) = try scratchInput("\(Self.marker).brewspec.json", try Self.brewSpec())
        defer { try? FileManager.default.removeItem(at: folder) }
        try check(url, options)
    }

    @Test func appStore() throws {
        let folder = try Repo.scratch("anonymise-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("\(Self.marker).sqlite")
        try Self.store(at: url)
        try check(url, options)
    }

    @Test func shotFiles() throws {
        let folder = try Repo.scratch("anonymise-shots")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shots = folder.appendingPathComponent("\(Self.marker)-shots", isDirectory: true)
        try Self.shots(in: shots)
        try check(shots, options)
    }
}
