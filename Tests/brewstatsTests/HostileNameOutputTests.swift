import Foundation
import Testing
import TestSupport

/// Hostile names — NUL and other control codes, `<script>`, formula prefixes, bidirectional overrides, a huge
/// value — in a CSV journal (through a column mapping too) and in a BrewSpec document, carried into every output of
/// a report: no output holds a NUL or another replaced control byte, no HTML holds the markup unescaped, no CSV cell
/// starts like a formula.
@Suite struct HostileNameOutputTests {
    static let names = ["Ctl\u{1}Bean", "Esc\u{1B}[31mRed", "Cr\rLine", "<script>alert(1)</script>", "=HYPERLINK(\"x\")",
                        "@SUM(1)", "Bidi\u{202E}txt.exe", "+1", "-2"]

    /// A CSV journal of 14 brews in the week of 2026-11-16, bean, grinder and method names taken from ``names``.
    static func csv(header: String) -> String {
        var text = header + "\n"
        for i in 0..<14 {
            func q(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            let bean = names[i % names.count], grinder = names[(i + 3) % names.count], method = names[(i + 5) % names.count]
            text += "id\(i),2026-11-\(16 + i % 7)T0\(i % 9):00:00Z,\(q(method)),\(q(grinder)),\(q(bean)),15,250,\(3 + i % 3)\n"
        }
        return text
    }

    /// Every output file under `out`: no NUL or other C0 byte but tab, LF and CR in text files (CSV rows end in
    /// CRLF); no `<script>` in HTML or SVG; no CSV cell starting with `=`, `+`, `-`, `@` unless it is a number.
    func checkOutputs(_ out: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let files = relativeFiles(in: out)
        #expect(files.contains("index.html") && files.contains("summary.md"), "\(files)", sourceLocation: sourceLocation)
        for file in files {
            let data = bytes(out.appendingPathComponent(file))
            let ext = (file as NSString).pathExtension
            #expect(!(file as NSString).lastPathComponent.unicodeScalars.contains { $0.value < 0x20 }, "\(file)", sourceLocation: sourceLocation)
            // PNG and PDF are binary (a NUL byte is data there); their text is the same names the other outputs hold.
            if ["png", "pdf"].contains(ext) { continue }
            #expect(!data.contains(0), "NUL byte in \(file)", sourceLocation: sourceLocation)
            #expect(!data.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "control byte in \(file)", sourceLocation: sourceLocation)
            let text = String(decoding: data, as: UTF8.self)
            if ["html", "svg"].contains(ext) {
                #expect(!text.contains("<script>alert"), "unescaped markup in \(file)", sourceLocation: sourceLocation)
            }
            if ext == "csv" {
                for row in TestCSV.parse(text) {
                    for cell in row where Double(cell) == nil {
                        #expect(!["=", "+", "-", "@"].contains(cell.unicodeScalars.first.map(String.init) ?? ""),
                                "\(file): \(cell)", sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    @Test(.enabled(if: CLI.available)) func hostileNamesInACSVJournal() throws {
        let folder = try Repo.scratch("hostile-names-csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("journal.csv")
        try Data(Self.csv(header: "brew_id,brewed_at,method,grinder,bean,dose_g,water_g,rating").utf8).write(to: journal)
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["report", journal.path, "--out", out.path, "--tz", "UTC", "--week", "2026-W47"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        checkOutputs(out)
        let inspect = try CLI.run(["inspect", journal.path, "--json"], timeout: 60)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        let notes = (object["warnings"] as? [[String: Any]] ?? []).filter { ($0["message"] as? String)?.contains("replaced by U+FFFD") == true }
        // One line for every kind of value changed; the bean, grinder and method names of the 14 brews.
        #expect(notes.count == 1, "\(notes)")
        let message = notes.first?["message"] as? String ?? ""
        for kind in ["bean name", "grinder name", "method name"] { #expect(message.contains(kind), "\(message)") }
    }

    /// The app's JSON export (the sample journal) with every method, grinder and bean renamed to a hostile name,
    /// NUL included (a JSON string carries it as `\u0000`; a CSV cannot, it reads as binary).
    @Test(.enabled(if: CLI.available)) func hostileNamesWithNULInAJSONExport() throws {
        let folder = try Repo.scratch("hostile-names-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        var root = try #require(try JSONSerialization.jsonObject(with: bytes(Repo.sample("journal.json"))) as? [String: Any])
        let hostile = ["Nul\u{0}Name"] + Self.names
        for key in ["methods", "grinders", "beans"] {
            let list = try #require(root[key] as? [[String: Any]])
            root[key] = list.enumerated().map { k, entity in
                var e = entity
                e["name"] = hostile[k % hostile.count] + " \(k)"
                return e
            }
        }
        let journal = folder.appendingPathComponent("journal.json")
        try JSONSerialization.data(withJSONObject: root).write(to: journal)
        #expect(bytes(journal).range(of: Data(#"\u0000"#.utf8)) != nil, "the export carries a NUL")
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["report", journal.path, "--out", out.path, "--tz", "Europe/Berlin", "--week", "2026-W47"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        checkOutputs(out)
    }

    /// The same names through a column mapping's renamed headers.
    @Test(.enabled(if: CLI.available)) func hostileNamesThroughAMapping() throws {
        let folder = try Repo.scratch("hostile-names-map")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("foreign.csv")
        try Data(Self.csv(header: "Id,When,Brewer,Mill,Coffee,Dose,Water,Stars").utf8).write(to: journal)
        let map = folder.appendingPathComponent("map.toml")
        try Data("""
            [columns]
            Id = "brew_id"
            When = "brewed_at"
            Brewer = "method"
            Mill = "grinder"
            Coffee = "bean"
            Dose = "dose_g"
            Water = "water_g"
            Stars = "rating"
            """.utf8).write(to: map)
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["report", journal.path, "--map", map.path, "--out", out.path, "--tz", "UTC", "--week", "2026-W47"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        checkOutputs(out)
    }

    /// A BrewSpec document whose names are the hostile ones.
    @Test(.enabled(if: CLI.available)) func hostileNamesInABrewSpecDocument() throws {
        let folder = try Repo.scratch("hostile-names-brewspec")
        defer { try? FileManager.default.removeItem(at: folder) }
        var brews: [[String: Any]] = []
        for i in 0..<14 {
            brews.append(["date": "2026-11-\(16 + i % 7)T0\(i % 9):00:00Z", "type": "pour_over",
                          "method": Self.names[(i + 5) % Self.names.count], "dose_g": 15, "water_g": 250,
                          "coffee": ["name": Self.names[i % Self.names.count], "roaster": Self.names[(i + 1) % Self.names.count]],
                          "equipment": ["grinder": Self.names[(i + 3) % Self.names.count], "grinder_setting": 20],
                          "result": ["ratings": ["overall": 3 + i % 5]]])
        }
        let document: [String: Any] = ["brewspec_version": "1.0", "brews": brews]
        let journal = folder.appendingPathComponent("journal.brewspec.json")
        try JSONSerialization.data(withJSONObject: document).write(to: journal)
        let inspect = try CLI.run(["inspect", journal.path, "--json"], timeout: 60)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        let counts = try #require(object["brews"] as? [String: Int])
        #expect(counts["kept"] ?? 0 > 0, "\(counts) \(object["rejects"] ?? "")")
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["report", journal.path, "--out", out.path, "--tz", "UTC", "--week", "2026-W47"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        checkOutputs(out)
    }
}
