import Foundation
import Testing
import TestSupport

/// NUL and the other control characters planted in a journal's free text (every brew's notes, flavour tags, text
/// grind settings, pressure profiles, entity notes) and in shot files (profile title, notes, bean, grinder setting)
/// reach no output of any writing command: `report`, `export` to every format with its side files, `compare` (brews
/// and shots), `chart`, `dial-in --json`, `review` and `batch`. Every output byte is scanned: no NUL or other C0
/// byte but tab, LF and CR in a text file, and no JSON `\u0000`–`\u001f` escape, YAML `\0`/`\x..`/`\e` escape or
/// HTML character reference to one. PNG and PDF are binary (a NUL byte is data there) and are not scanned.
@Suite struct ControlCharacterOutputTests {
    /// What is planted: NUL, bell, escape (a terminal colour code), form feed, unit separator.
    static let hostile = "\u{0}bell\u{7} \u{1B}[31mred\u{C}ff\u{1F}us"

    /// The sample JSON export with `hostile` in every free-text field.
    static func plantedJournal(at url: URL) throws {
        var root = try #require(try JSONSerialization.jsonObject(with: bytes(Repo.sample("journal.json"))) as? [String: Any])
        func plant(_ key: String, _ change: (inout [String: Any], Int) -> Void) throws {
            let list = try #require(root[key] as? [[String: Any]])
            root[key] = list.enumerated().map { k, item in
                var o = item
                change(&o, k)
                return o
            }
        }
        try plant("methods") { o, _ in o["notes"] = "method \(hostile)" }
        try plant("grinders") { o, _ in o["notes"] = "grinder \(hostile)" }
        try plant("beans") { o, _ in o["notes"] = "bean \(hostile)" }
        try plant("brews") { o, k in
            o["notes"] = "note \(k) \(hostile)\r\nline two"
            if k % 5 == 0 { o["pressureProfile"] = "profile \(hostile)" }
            if k % 7 == 0 { o["grindSetting"] = "fine \(hostile)" }
        }
        try plant("tastingNotes") { o, _ in o["flavorTags"] = "cherry\u{0}, plum\u{1B}"; o["notes"] = "tasting \(hostile)" }
        try JSONSerialization.data(withJSONObject: root).write(to: url)
        #expect(bytes(url).range(of: Data(#"\u0000"#.utf8)) != nil, "the journal carries a NUL")
    }

    /// Generated Decent shot files with `hostile` in the profile title, the notes, the bean and the grinder setting.
    static func plantedShots(in folder: URL) throws {
        #expect(try CLI.run(["generate", "--shots", "6", "--to", "decent-json", "--out", folder.path]).status == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let url = folder.appendingPathComponent(name)
            var root = try #require(try JSONSerialization.jsonObject(with: bytes(url)) as? [String: Any])
            var meta = root["meta"] as? [String: Any] ?? [:]
            meta["bean"] = ["brand": "Roaster \(hostile)", "type": "Bean \(hostile)"]
            meta["grinder"] = ["model": "Niche", "setting": "setting \(hostile)"]
            var shot = meta["shot"] as? [String: Any] ?? [:]
            shot["notes"] = "shot \(hostile)"
            meta["shot"] = shot
            root["meta"] = meta
            var profile = root["profile"] as? [String: Any] ?? [:]
            profile["title"] = "Profile \(hostile)"
            root["profile"] = profile
            try JSONSerialization.data(withJSONObject: root).write(to: url)
        }
    }

    /// The findings in one output's bytes (empty when clean).
    static func findings(_ data: Data, ext: String) -> [String] {
        var out: [String] = []
        if let i = data.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            out.append("control byte 0x\(String(data[i], radix: 16)) at \(i)")
        }
        let text = String(decoding: data, as: UTF8.self)
        // Escapes that stand for a control character: JSON's `\u001b`, HTML's `&#27;` / `&#x1b;` (tab, LF and CR
        // allowed), YAML's `\0`, `\a`, `\e`, `\x1b`.
        func allowed(_ v: Int) -> Bool { v >= 0x20 || v == 0x09 || v == 0x0A || v == 0x0D }
        for (pattern, radix) in [(#"\\u00[0-9a-fA-F]{2}"#, 16), (#"&#x[0-9a-fA-F]+;"#, 16), (#"&#[0-9]+;"#, 10)] {
            var searched = text.startIndex..<text.endIndex
            while let r = text.range(of: pattern, options: .regularExpression, range: searched) {
                let digits = radix == 16 ? String(text[r].filter(\.isHexDigit)) : String(text[r].dropFirst(2).dropLast())
                let value = Int(digits, radix: radix) ?? 0
                if !allowed(value) { out.append("escape \(text[r])"); break }
                searched = r.upperBound..<text.endIndex
            }
        }
        if ["yaml", "yml"].contains(ext), let r = text.range(of: #"\\(0|a|e|x[01][0-9a-fA-F])"#, options: .regularExpression) {
            out.append("YAML escape \(text[r])")
        }
        return out
    }

    /// Scans every file under `url` (or `url` itself).
    static func scan(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            Issue.record("no output at \(url.path)", sourceLocation: sourceLocation)
            return
        }
        let files = isFolder.boolValue ? relativeFiles(in: url).map { url.appendingPathComponent($0) } : [url]
        #expect(!files.isEmpty, "\(url.path)", sourceLocation: sourceLocation)
        for file in files {
            let ext = file.pathExtension.lowercased()
            #expect(!file.lastPathComponent.unicodeScalars.contains { $0.value < 0x20 }, "\(file.path)", sourceLocation: sourceLocation)
            if ["png", "pdf"].contains(ext) { continue }
            let found = findings(bytes(file), ext: ext)
            #expect(found.isEmpty, "\(file.path): \(found)", sourceLocation: sourceLocation)
        }
    }

    func run(_ args: [String], timeout: Double = 180, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try CLI.run(args, timeout: timeout, sourceLocation: sourceLocation)
        #expect(r.status == 0, "\(args.joined(separator: " ")): \(r.stderr)", sourceLocation: sourceLocation)
        for (name, stream) in [("stdout", r.stdout), ("stderr", r.stderr)] {
            let found = Self.findings(Data(stream.utf8), ext: "")
            #expect(found.isEmpty, "\(args.first ?? "") \(name): \(found)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: CLI.available)) func noWritingCommandOutputsAControlCharacter() throws {
        let folder = try Repo.scratch("control-outputs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("journal.json"), shots = folder.appendingPathComponent("shots")
        try Self.plantedJournal(at: journal)
        try Self.plantedShots(in: shots)
        func out(_ name: String) -> URL { folder.appendingPathComponent(name) }
        let j = journal.path

        try run(["report", j, shots.path, "--out", out("report").path, "--tz", "UTC", "--week", "2026-W47"])
        Self.scan(out("report"))

        for (format, name, extra) in [("csv", "e.csv", []), ("csv", "raw.csv", ["--raw-cells"]), ("json", "e.json", []),
                                      ("brewspec", "e.yaml", []), ("brewspec", "e.brewspec.json", []),
                                      ("brewspec", "per-brew", ["--layout", "per-brew"]), ("decent-json", "decent", [])] {
            try run(["export", j, shots.path, "--to", format, "-o", out(name).path, "--report-dropped", out("\(name).dropped.csv").path,
                     "--list-matches", out("\(name).matches.csv").path] + extra)
            Self.scan(out(name))
            Self.scan(out("\(name).dropped.csv"))
            Self.scan(out("\(name).matches.csv"))
        }

        // The planted text was carried, cleaned (not dropped): the scan above is not vacuous.
        for name in ["e.csv", "e.json", "e.yaml"] {
            #expect(String(decoding: bytes(out(name)), as: UTF8.self).contains("\u{FFFD}bell\u{FFFD} \u{FFFD}[31mred"), "\(name)")
        }

        try run(["compare", "brews", j, "--bean", "Kochere", "--tz", "UTC", "--out", out("compare-brews").path])
        Self.scan(out("compare-brews"))
        try run(["compare", "shots", "--journal", shots.path, "--tz", "UTC", "--out", out("compare-shots").path])
        Self.scan(out("compare-shots"))

        for kind in ["grind-rating", "rating-trend", "equipment-usage"] {
            try run(["chart", kind, j, "-o", out("\(kind).svg").path, "--tz", "UTC"])
            Self.scan(out("\(kind).svg"))
        }

        let dialIn = try CLI.run(["dial-in", j, "--grinder", "Comandante C40", "--method", "V60", "--json"], timeout: 120)
        #expect(dialIn.status == 0, "\(dialIn.stderr)")
        #expect(Self.findings(Data(dialIn.stdout.utf8), ext: "json").isEmpty, "\(Self.findings(Data(dialIn.stdout.utf8), ext: "json"))")

        try run(["review", j, "--year", "2026", "--out", out("review").path, "--tz", "UTC", "--today", "2026-12-01"])
        Self.scan(out("review"))

        try run(["batch", j, shots.path, "--out", out("batch").path, "--quiet"], timeout: 300)
        Self.scan(out("batch"))
    }
}
