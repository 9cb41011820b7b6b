import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport
import ZIPFoundation
@testable import BrewShots

/// Hostile content in every shot format and in a Beanconqueror backup's brew graphs: control characters, markup,
/// formula prefixes and bidirectional overrides in names; numbers past a double; lists of the wrong type or too
/// long; deep nesting. Each file is kept or rejected with a short reason, never a crash; the accounting balances;
/// no name the report shows (profile, machine, grinder, bean, roaster, file) keeps a control character.
@Suite struct ShotHostileContentTests {
    let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
    static let hostile = #"<script>alert(1)</script>\u0000\u001b[31m\u202eexe =HYPERLINK(\"x\")"#
    static let good = #"{"timestamp": 1752838911, "samples": [{"t": 0, "cp": 1}, {"t": 100, "cp": 2}]}"#

    /// Hostile files, by format: name and content.
    static let files: [(String, String)] = [
        ("gaggiuino-names.json", #"{"id": 1, "timestamp": 1728455970, "profile": {"name": "\#(hostile)", "waterTemperature": 93}, "datapoints": {"timeInShot": [0, 100, 200], "pressure": [1, 2, 3]}}"#),
        ("gaggiuino-huge.json", #"{"id": 2, "timestamp": 1728455970, "datapoints": {"timeInShot": [0, 1e309, 200], "pressure": [1e308, -1e308, "NaN"]}}"#),
        ("gaggiuino-types.json", #"{"id": 3, "timestamp": 1728455970, "datapoints": {"timeInShot": {"a": [0]}, "pressure": "\u0000"}}"#),
        ("gaggimate-names.json", #"{"timestamp": 1752838911, "profile": {"label": "\#(hostile)"}, "samples": [{"t": 0, "cp": 1}, {"t": 120, "cp": 2}]}"#),
        ("gaggimate-types.json", #"{"timestamp": 1752838911, "samples": [{"t": {"t": 0}, "cp": [1]}, {"t": "\u0000", "cp": null}]}"#),
        ("gaggimate-deep.json", #"{"timestamp": 1752838911, "samples": "# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}"),
        ("meticulous-names.json", #"{"time": 1767116178.4, "profile_name": "\#(hostile)", "data": [{"shot": {"pressure": 1, "flow": 1}, "time": 0}, {"shot": {"pressure": 2, "flow": 1}, "time": 100}]}"#),
        ("meticulous-huge.json", #"{"time": 1e309, "profile_name": "x", "data": [{"shot": {"pressure": 1e309}, "time": -1e309}]}"#),
        ("sep-names.csv", "information_type,elapsed,pressure,current_total_shot_weight\nmeta,,,,,Name,\u{1B}[31m<script>\u{0}=cmd,text\nmeta,,,,,Roastery,=HYPERLINK(\"x\")\u{202E},text\nmoment,0.1,1,0\nmoment,0.2,2,1\n"),
        ("sep-huge.csv", "information_type,elapsed,pressure\nmoment,1e309,1\nmoment,inf,-inf\nmoment,\u{0},NaN\n"),
        ("flow-names.json", #"{"weight": [{"timestamp": "11:37:52.966", "brew_time": "0.0", "actual_weight": 0}, {"timestamp": "\#(hostile)", "brew_time": "1e309", "actual_weight": [[]]}], "realtimeFlow": [{"brew_time": "0.1", "flow_value": "\u0000"}]}"#),
    ]

    func checkNames(_ journal: ShotJournal, sourceLocation: SourceLocation = #_sourceLocation) {
        func clean(_ s: String?) -> Bool { !(s ?? "").unicodeScalars.contains { ControlCharacters.isReplaced($0.value) } }
        let j = journal.result.journal
        let names = j.methods.map(\.name) + j.grinders.map(\.name) + j.beans.flatMap { [$0.name, $0.roaster] }
            + (journal.shots?.shots.flatMap { [$0.profile, $0.file] } ?? [])
        for name in names { #expect(clean(name), "\(name ?? "")", sourceLocation: sourceLocation) }
        let counts = journal.result.report.brews
        #expect(counts.read == counts.kept + counts.rejected, sourceLocation: sourceLocation)
        for reject in journal.result.report.rejects {
            #expect(!reject.reason.isEmpty && reject.reason.utf8.count < 400, "\(reject.reason.prefix(400))", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: files.indices) func hostileShotFile(_ k: Int) throws {
        let (name, content) = Self.files[k]
        let folder = try Repo.scratch("shots-hostile-content")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(content, name, in: folder)
        try write(Self.good, "good.json", in: folder)
        let journal = try importAnyJournal(at: folder, options: options)
        let table = try #require(journal.shots)
        #expect(table.read == 2 && table.kept >= 1, "\(name): \(journal.result.report.rejects)")
        checkNames(journal)
    }

    /// A hostile file's profile name is kept, its control characters replaced, and the report says so.
    @Test func aHostileProfileNameIsCleaned() throws {
        let folder = try Repo.scratch("shots-hostile-profile")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.files[6].1, "m.json", in: folder)
        let journal = try importAnyJournal(at: folder, options: options)
        let profile = try #require(journal.shots?.shots.first?.profile)
        #expect(profile == "<script>alert(1)</script>\u{FFFD}\u{FFFD}[31m\u{202E}exe =HYPERLINK(\"x\")")
        #expect(journal.result.report.warnings.contains { $0.message.contains("1 shot profile") && $0.message.contains("U+FFFD") })
    }

    /// A Beanconqueror backup whose brew graphs are hostile (an entry name with control characters, names, huge
    /// numbers, wrong types): the backup's brews are read, each graph is a shot or a rejected shot.
    @Test func hostileFlowProfilesInABackup() throws {
        let folder = try Repo.scratch("shots-hostile-backup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Beanconqueror.zip")
        let main = #"{"BREWS": [{"grind_weight": 15, "config": {"uuid": "a", "unix_timestamp": 1731445292}}, {"grind_weight": 16, "config": {"uuid": "b", "unix_timestamp": 1731445392}}]}"#
        let archive = try Archive(url: url, accessMode: .create)
        let entries: [(String, String)] = [
            ("Beanconqueror.json", main),
            ("brews/a_flow_profile.json", Self.files[10].1),
            ("brews/b_flow_profile.json", #"{"weight": "# + String(repeating: "[", count: 300) + "}"),
            ("brews/\u{1}\u{1B}_flow_profile.json", Self.files[10].1),
        ]
        for (name, text) in entries {
            let data = Data(text.utf8)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { p, s in
                data.subdata(in: Int(p)..<Int(p) + s)
            }
        }
        let journal = try importAnyJournal(at: url, options: options)
        #expect(journal.result.report.brews.kept == 2)
        let table = try #require(journal.shots)
        #expect(table.read == 3 && table.kept + table.rejected == 3)
        checkNames(journal)
        for reject in table.rejects { #expect(!reject.file.unicodeScalars.contains { ControlCharacters.isReplaced($0.value) }, "\(reject.file)") }
    }
}
