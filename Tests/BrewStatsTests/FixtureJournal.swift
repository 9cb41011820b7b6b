import BrewColumns
import BrewImport
import Foundation
import TestSupport

/// A test-only loader for the plain fixture journals of `Tests/Fixtures/stats/` (the app's CSV export
/// columns, `.` decimals, no units, `brewed_at` ISO 8601 with offset). Entities are made the way the
/// contract identifies them in a CSV export: methods and grinders by name, beans by roaster + name,
/// each in order of first appearance. A case whose `case.json` names a `store` is that Core Data store of the
/// repository instead, imported by BrewImport.
enum FixtureJournal {
    struct Case {
        let name: String
        let journal: Journal
        let timeZone: TimeZone
        let reportWeek: IsoWeekLabel?
        let folder: URL
        /// brew_id per row, to join derived expectations.
        func expected(_ file: String) throws -> [[String]]? {
            let url = folder.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return parseCSV(try String(contentsOf: url, encoding: .utf8))
        }
    }

    typealias IsoWeekLabel = String

    static let caseNames = ["empty", "one_brew", "no_ratings", "edge", "random", "random_utc", "sample_store"]

    static func load(_ name: String) throws -> Case {
        let folder = Repo.fixture("stats/\(name)")
        let meta = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("case.json")))
            as! [String: Any]
        let zone = TimeZone(identifier: meta["timezone"] as! String)!
        let week = meta["report_week"] as? String
        if let store = meta["store"] as? String {
            // A case over a Core Data store of the repository, read by BrewImport (the reference reads it with
            // Python's sqlite3).
            let imported = try importJournal(at: Repo.root.appendingPathComponent(store))
            return Case(name: name, journal: imported.journal, timeZone: zone, reportWeek: week, folder: folder)
        }
        let rows = parseCSV(try String(contentsOf: folder.appendingPathComponent("journal.csv"), encoding: .utf8))
        let header = rows[0]
        func col(_ n: String) -> Int { header.firstIndex(of: n)! }
        var builder = JournalBuilder()
        var methods = [String: Int32](), grinders = [String: Int32](), beans = [String: Int32]()
        for r in rows.dropFirst() {
            func text(_ n: String) -> String? { let v = r[col(n)]; return v.isEmpty ? nil : v }
            func number(_ n: String) -> Double? { text(n).flatMap(Double.init) }
            var row = BrewRow()
            row.id = text("brew_id")
            row.brewDate = text("brewed_at").map(parseInstant)
            if let m = text("method") {
                row.method = methods[m] ?? {
                    let c = builder.addMethod(BrewMethod(name: m, category: MethodCategory(rawString: text("method_category") ?? "")))
                    methods[m] = c
                    return c
                }()
            }
            if let g = text("grinder") {
                row.grinder = grinders[g] ?? { let c = builder.addGrinder(Grinder(name: g)); grinders[g] = c; return c }()
            }
            if let b = text("bean") {
                let key = (text("roaster") ?? "") + "\u{1}" + b
                row.bean = beans[key] ?? {
                    let c = builder.addBean(CoffeeBean(name: b, roaster: text("roaster"),
                                                       roastDate: text("roast_date").flatMap { Day(iso: $0) }))
                    beans[key] = c
                    return c
                }()
            }
            row.grindSetting = number("grind_setting")
            row.doseGrams = number("dose_g"); row.waterGrams = number("water_g"); row.yieldGrams = number("yield_g")
            row.brewTimeSeconds = number("brew_time_s"); row.waterTemperature = number("water_temp_c")
            row.tds = number("tds_pct"); row.rating = number("rating"); row.notes = text("notes")
            builder.appendBrew(row)
        }
        return Case(name: name, journal: builder.finish(), timeZone: zone, reportWeek: week, folder: folder)
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`) → instant.
    static func parseInstant(_ s: String) -> Timestamp {
        let chars = Array(s)
        func int(_ a: Int, _ b: Int) -> Int { Int(String(chars[a..<b]))! }
        let day = Day(year: int(0, 4), month: int(5, 7), day: int(8, 10))!
        var seconds = Int64(day.index) * 86_400 + Int64(int(11, 13) * 3600 + int(14, 16) * 60 + int(17, 19))
        if chars.count > 19, chars[19] == "+" || chars[19] == "-" {
            let offset = Int64(int(20, 22) * 3600 + int(23, 25) * 60)
            seconds -= chars[19] == "+" ? offset : -offset
        }
        return Timestamp(microseconds: seconds * 1_000_000)
    }

    /// Minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF); returns rows of fields.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows = [[String]](), row = [String](), field = "", quoted = false, atStart = true
        var it = Array(text.unicodeScalars)[...]
        while let c = it.popFirst() {
            if quoted {
                if c == "\"" {
                    if it.first == "\"" { field.unicodeScalars.append("\""); it.removeFirst() } else { quoted = false }
                } else { field.unicodeScalars.append(c) }
                continue
            }
            switch c {
            case "\"" where field.isEmpty: quoted = true; atStart = false
            case ",": row.append(field); field = ""; atStart = false
            case "\r": continue
            case "\n": row.append(field); rows.append(row); row = []; field = ""; atStart = true
            default: field.unicodeScalars.append(c); atStart = false
            }
        }
        if !atStart || !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
