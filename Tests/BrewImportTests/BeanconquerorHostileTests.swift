import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// Damaged and odd Beanconqueror backups: a clear error or a rejected row, never a crash.
@Suite(.cleansScratch) struct BeanconquerorHostileTests {
    func backup(_ brews: [Any], extra: [String: Any] = [:]) throws -> Data {
        var root: [String: Any] = [
            "SETTINGS": [["brew_rating": 5]],
            "MILL": [["name": "Comandante", "config": ["uuid": "g1", "unix_timestamp": 1_700_000_000]]],
            "PREPARATION": [["name": "V60", "style_type": "POUR_OVER", "config": ["uuid": "p1", "unix_timestamp": 1_700_000_000]]],
            "BEANS": [["name": "Kochere", "config": ["uuid": "k1", "unix_timestamp": 1_700_000_000]]],
            "BREWS": brews,
        ]
        root.merge(extra) { $1 }
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    func brew(_ uuid: String, _ fields: [String: Any] = [:], at time: Any = 1_731_445_292) -> [String: Any] {
        ["grind_weight": 15, "config": ["uuid": uuid, "unix_timestamp": time]].merging(fields) { $1 }
    }

    /// Every prefix of a backup (stride 5) is refused as corrupt or not a journal.
    @Test func everyTruncationIsRefused() throws {
        let data = try backup([brew("a", ["note": "Zu bitter, Röstung hell"]), brew("b")])
        for n in stride(from: 0, to: data.count, by: 5) {
            let error = importError(try scratchFile("Beanconqueror.json", data.prefix(n)), ImportOptions(format: .beanconqueror))
            #expect(error?.kind == .corrupt || error?.kind == .notAJournal, "prefix \(n): \(String(describing: error))")
        }
    }

    /// `mill`, `method_of_preparation` and `bean` uuids that name nothing: the brew is kept without them, and
    /// each reference column gets its warning with the brew's path.
    @Test func danglingReferencesKeepTheBrew() throws {
        let data = try backup([brew("a", ["mill": "g1", "method_of_preparation": "p1", "bean": "k1"]),
                               brew("b", ["mill": "gone-mill", "method_of_preparation": "gone-method", "bean": "gone-bean"])])
        let result = try importChecked(try scratchFile("Beanconqueror.json", data))
        let r = result.report, t = result.journal.brews
        #expect(r.brews == .init(read: 2, kept: 2, rejected: 0))
        #expect(t.grinder[0] == "Comandante" && t.method[0] == "V60" && t.bean[0] == "Kochere")
        #expect(t.grinder[1] == nil && t.method[1] == nil && t.bean[1] == nil)
        for column in ["mill", "method_of_preparation", "bean"] {
            let w = try #require(r.warning(.danglingReference, column: column), "\(column)")
            #expect(w.where == "BREWS[1]" && w.message.contains("gone-"))
        }
    }

    /// `grind_size` is free text: numeric when it parses (`"2,5"`, `11`), kept as text otherwise (`"fine-ish"`),
    /// nothing when empty; a JSON type that is neither rejects the brew.
    @Test func freeTextGrindSizeIsKeptAsText() throws {
        let data = try backup([brew("a", ["grind_size": "fine-ish"]), brew("b", ["grind_size": "2,5"]),
                               brew("c", ["grind_size": 11]), brew("d", ["grind_size": ""]),
                               brew("e", ["grind_size": ["x"]])])
        let result = try importChecked(try scratchFile("Beanconqueror.json", data))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 5, kept: 4, rejected: 1))
        #expect(t.grindText[0] == "fine-ish" && t.grindSetting[0] == nil)
        #expect(t.grindSetting[1] == 2.5 && t.grindText[1] == nil)
        #expect(t.grindSetting[2] == 11)
        #expect(t.grindSetting[3] == nil && t.grindText[3] == nil)
        #expect(result.report.rejects[0].column == "grind_size" && result.report.rejects[0].where == "BREWS[4]")
    }

    /// `config.unix_timestamp` at the last accepted second (2199-12-31T23:59:59Z) and past it, and values no
    /// `Int64` of microseconds holds (`1e300`, `9.3e12` used to trap): the brew is rejected naming the column;
    /// 0 is "not entered", so that brew has no date.
    @Test func brewDateLimits() throws {
        let data = try backup([brew("ok-first", at: 1), brew("ok-last", at: 7_258_118_399),
                               brew("late", at: 7_258_118_400), brew("huge", at: 1e300), brew("edge", at: 9.3e12),
                               brew("zero", at: 0)])
        let result = try importChecked(try scratchFile("Beanconqueror.json", data))
        let r = result.report
        #expect(result.journal.brews.id.count == 2)
        #expect(result.journal.brews.brewDate[0] == 1_000_000 && result.journal.brews.brewDate[1] == 7_258_118_399_000_000)
        #expect(r.rejects.map(\.where) == ["BREWS[2]", "BREWS[3]", "BREWS[4]", "BREWS[5]"])
        #expect(r.rejects.prefix(3).allSatisfy { $0.column == "config.unix_timestamp" && $0.reason.contains("1900–2199") })
        #expect(r.rejects[1].reason.contains("1e+300"))
        #expect(r.rejects[3].reason == "missing brew date")
    }

    /// An entity's creation date out of range is dropped with one warning; the entity is kept.
    @Test func entityDateOutOfRangeIsDroppedWithAWarning() throws {
        let data = try backup([brew("a", ["mill": "g2"])],
                              extra: ["MILL": [["name": "Kinu", "config": ["uuid": "g2", "unix_timestamp": 1e300]]]])
        let result = try importChecked(try scratchFile("Beanconqueror.json", data))
        #expect(result.journal.grinders.map(\.displayName) == ["Kinu"] && result.journal.grinders[0].createdAt == nil)
        #expect(result.journal.brews.grinder[0] == "Kinu")
        let w = try #require(result.report.warning(.unreadableValue, column: "config.unix_timestamp"))
        #expect(w.where == "MILL[0]" && w.message.contains("dropped"))
    }

    /// A byte that is not UTF-8 in a note: `JSONSerialization` refuses the document, so the bytes are repaired
    /// (U+FFFD) and parsed again; the backup imports and the warning names the byte offset.
    @Test func invalidUTF8IsRepairedAndWarned() throws {
        var data = try backup([brew("a", ["note": "Zu bitter XX"]), brew("b")])
        let at = try #require(data.range(of: Data("XX".utf8)))
        data.replaceSubrange(at, with: [0xC3, 0x28])  // a lead byte followed by ASCII: ill-formed
        let result = try importChecked(try scratchFile("Beanconqueror.json", data))
        #expect(result.report.brews == .init(read: 2, kept: 2, rejected: 0))
        #expect(result.journal.brews.notes[0] == "Zu bitter \u{FFFD}(")
        let w = try #require(result.report.warning(.invalidUTF8))
        #expect(w.message.contains("byte offset \(at.lowerBound)"))
    }

    /// A 10 MB note is kept whole; a 10 MB string in a numeric field rejects its brew with a short reason and a
    /// record cut at `maxRecordBytes`.
    @Test func tenMegabyteFields() throws {
        let big = String(repeating: "Kaffee ", count: 1_500_000)  // 10.5 MB
        let data = try backup([brew("a", ["note": big]), brew("b", ["grind_weight": big]), brew("c")])
        let result = try importChecked(try scratchFile("Beanconqueror.json", data))
        let r = result.report
        #expect(r.brews == .init(read: 3, kept: 2, rejected: 1))
        #expect(result.journal.brews.notes[0]?.utf8.count == big.utf8.count)
        #expect(r.rejects[0].column == "grind_weight" && r.rejects[0].reason.utf8.count < 200)
        let record = try #require(r.rejects[0].record)
        #expect(record.utf8.count <= 4096 + 3 && record.hasSuffix("…"))
    }

    @Test func aFlowProfileIsNamedForWhatItIs() throws {
        let flow = #"{"weight": [{"timestamp": "10:52:31.741", "brew_time": "0.0", "actual_weight": 0}], "waterFlow": [], "realtimeFlow": [], "pressureFlow": []}"#
        for format: JournalFormat? in [nil, .beanconqueror, .json] {
            let error = try #require(importError(try scratchFile("flow.json", flow), ImportOptions(format: format)))
            #expect(error.kind == .notAJournal)
            #expect(error.message.contains("Beanconqueror brew-flow profile") && error.message.contains("not a journal backup"))
            #expect(!error.message.contains("coffee-journal"), "not about our own export format")
        }
    }

    /// Beanconqueror's single-brew Visualizer upload (brew with its bean, mill and preparation, no uuids between
    /// them) reads as a one-brew journal, whether sniffed or forced.
    @Test func aVisualizerUploadIsAOneBrewJournal() throws {
        let upload: [String: Any] = [
            "bean": ["name": "Holm", "roaster": "onoma", "roastingDate": "2022-12-08T06:24:32.574Z"],
            "mill": ["name": "Kinu M47"],
            "preparation": ["name": "Chemex", "type": "CHEMEX", "style_type": "POUR OVER"],
            "brew": ["grind_size": "4", "grind_weight": 75, "brew_quantity": 1200, "brew_beverage_quantity": 0, "tds": 3,
                     "brew_temperature": 92, "brew_time": 340.469, "rating": 0, "mill": NSNull(),
                     "config": ["uuid": "d8647dd2-36cf-4998-8cb7-f5772f91b726", "unix_timestamp": 1_672_238_504]],
            "water": [:], "brewFlow": ["weight": []],
        ]
        let url = try scratchFile("upload.json", try JSONSerialization.data(withJSONObject: upload))
        for format: JournalFormat? in [nil, .beanconqueror] {
            let result = try importChecked(url, ImportOptions(format: format))
            let t = result.journal.brews
            #expect(result.report.format == .beanconqueror)
            #expect(result.report.brews == .init(read: 1, kept: 1, rejected: 0))
            #expect(t.id[0] == "D8647DD2-36CF-4998-8CB7-F5772F91B726" && t.brewDate[0] == 1_672_238_504 * 1_000_000)
            #expect(t.method[0] == "Chemex" && t.category(at: 0) == .pourOver && t.grinder[0] == "Kinu M47" && t.bean[0] == "Holm")
            #expect(t.doseGrams[0] == 75 && t.waterGrams[0] == 1200 && t.yieldGrams[0] == nil && t.grindSetting[0] == 4)
            #expect(result.report.warning(.note)?.message.contains("Visualizer upload") == true)
        }
    }

    /// The five real uploads in `peer-data/beanconqueror/visualizer-upload/` and the five flow profiles.
    @Test(.enabled(if: Repo.peerData != nil, "needs the real Beanconqueror files in ../shared/peer-data")) func realUploadsAndFlowProfiles() throws {
        let folder = Repo.peerData!.appendingPathComponent("beanconqueror")
        let fm = FileManager.default
        let uploads = try fm.contentsOfDirectory(atPath: folder.appendingPathComponent("visualizer-upload").path).sorted()
        #expect(uploads.count == 5)
        for name in uploads {
            let result = try importChecked(folder.appendingPathComponent("visualizer-upload/\(name)"))
            #expect(result.report.brews.kept == 1, "\(name)")
            #expect(result.journal.methods.count == 1 && result.journal.grinders.count == 1 && result.journal.beans.count == 1)
        }
        for name in try fm.contentsOfDirectory(atPath: folder.appendingPathComponent("flow-profiles").path) {
            let error = importError(folder.appendingPathComponent("flow-profiles/\(name)"))
            #expect(error?.kind == .notAJournal && error?.message.contains("brew-flow profile") == true, "\(name)")
        }
    }
}
