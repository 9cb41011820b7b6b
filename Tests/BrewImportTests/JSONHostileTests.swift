import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// The JSON export with values that used to trap or pass silently, and JSON that is not an export.
@Suite(.cleansScratch) struct JSONHostileTests {
    func export(methods: [Any] = [], brews: [Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["format": "coffee-journal", "version": 1, "methods": methods, "brews": brews],
                                   options: [.sortedKeys])
    }

    /// `brewCount` of `1e300` used to trap in `Int(_:)`; now any cached count that is not a whole number from 0 to
    /// 2⁵³ is dropped with a warning, and the method is kept.
    @Test func absurdCachedCountsAreDropped() throws {
        let methods: [Any] = [["id": "m1", "name": "A", "brewCount": 1e300], ["id": "m2", "name": "B", "brewCount": -3],
                              ["id": "m3", "name": "C", "brewCount": 2.5], ["id": "m4", "name": "D", "brewCount": "7"],
                              ["id": "m5", "name": "E", "brewCount": 0]]
        let result = try importChecked(try scratchFile("c.json", try export(methods: methods, brews: [])))
        #expect(result.journal.methods.map(\.cachedBrewCount) == [nil, nil, nil, nil, 0])
        let w = try #require(result.report.warning(.unreadableValue, column: "brewCount"))
        #expect(w.count == 4 && w.where == "methods[0]" && w.message.contains("1e+300"))
    }

    /// `brewDate` at the edges of the accepted years 1900–2199: inside kept, outside rejected naming the column.
    @Test func brewDateLimits() throws {
        let dates = ["1900-01-01T00:00:00Z", "2199-12-31T23:59:59Z", "1899-12-31T23:59:59Z", "2200-01-01T00:00:00Z", "0001-01-01T00:00:00Z"]
        let brews: [Any] = dates.enumerated().map { ["id": "b\($0.offset)", "brewDate": $0.element] }
        let result = try importChecked(try scratchFile("d.json", try export(brews: brews)))
        let r = result.report
        #expect(r.brews == .init(read: 5, kept: 2, rejected: 3))
        #expect(result.journal.brews.brewDate[0] == -2_208_988_800 * 1_000_000)
        #expect(r.rejects.map(\.where) == ["brews[2]", "brews[3]", "brews[4]"])
        #expect(r.rejects.allSatisfy { $0.column == "brewDate" && $0.reason.contains("outside the accepted years 1900–2199") })
    }

    /// Other dates out of range or unreadable are dropped with a warning per column; the record is kept.
    @Test func otherDatesOutOfRangeAreDroppedWithAWarning() throws {
        let methods: [Any] = [["id": "m1", "name": "V60", "lastUsedDate": "9999-01-01T00:00:00Z", "createdAt": "soon"]]
        let brews: [Any] = [["id": "b1", "brewDate": "2026-11-16T07:00:00Z", "methodId": "m1", "updatedAt": "1066-10-14T09:00:00Z"]]
        let result = try importChecked(try scratchFile("e.json", try export(methods: methods, brews: brews)))
        #expect(result.report.brews.kept == 1 && result.journal.methods[0].cachedLastUsed == nil)
        #expect(result.report.warning(.unreadableValue, column: "lastUsedDate")?.message.contains("9999") == true)
        #expect(result.report.warning(.unreadableValue, column: "createdAt")?.where == "methods[0]")
        #expect(result.report.warning(.unreadableValue, column: "updatedAt")?.where == "brews[0]")
    }

    /// An ill-formed byte in a note: repaired to U+FFFD, the export imports, one warning names the offset.
    @Test func invalidUTF8IsRepairedAndWarned() throws {
        var data = try export(brews: [["id": "b1", "brewDate": "2026-11-16T07:00:00Z", "notes": "ok ZZ ok"]])
        let at = try #require(data.range(of: Data("ZZ".utf8)))
        data.replaceSubrange(at, with: [0xFF, 0xFE])
        let result = try importChecked(try scratchFile("u.json", data))
        #expect(result.journal.brews.notes[0] == "ok \u{FFFD}\u{FFFD} ok")
        let w = try #require(result.report.warning(.invalidUTF8))
        #expect(w.message.contains("u.json") && w.message.contains("byte offset \(at.lowerBound)"))
    }

    /// Ill-formed UTF-8 *and* cut short: still refused as corrupt (the repair does not hide the truncation).
    @Test func invalidUTF8InATruncatedExportIsCorrupt() throws {
        var data = try export(brews: [["id": "b1", "brewDate": "2026-11-16T07:00:00Z", "notes": "ok ZZ ok"]])
        data.replaceSubrange(try #require(data.range(of: Data("ZZ".utf8))), with: [0xFF, 0xFE])
        #expect(importError(try scratchFile("ut.json", data.prefix(data.count - 5)))?.kind == .corrupt)
    }

    /// A 10 MB note is kept whole; a 10 MB string where a number belongs rejects the brew, the record cut.
    @Test func tenMegabyteFields() throws {
        let big = String(repeating: "Kaffee ", count: 1_500_000)
        let data = try export(brews: [["id": "b1", "brewDate": "2026-11-16T07:00:00Z", "notes": big],
                                      ["id": "b2", "brewDate": "2026-11-16T08:00:00Z", "doseGrams": big]])
        let result = try importChecked(try scratchFile("big.json", data))
        let r = result.report
        #expect(r.brews == .init(read: 2, kept: 1, rejected: 1))
        #expect(result.journal.brews.notes[0]?.utf8.count == big.utf8.count)
        #expect(r.rejects[0].column == "doseGrams" && r.rejects[0].reason.utf8.count < 200)
        #expect((r.rejects[0].record?.utf8.count ?? .max) <= 4096 + 3)
    }

    /// JSON of another app is refused saying what it is, not what our export format would need.
    @Test func otherAppsJSONIsNamed() throws {
        let cases: [(String, String)] = [
            (#"{"elapsed": [0, 0.25], "pressure": {"pressure": [0, 1]}, "flow": {"flow": [0, 1]}}"#, "Decent DE1"),
            (#"{"id": 1020, "datapoints": [{"pressure": 1}], "timestamp": 1}"#, "espresso shot log from a Gaggiuino"),
            (#"{"brewspec_version": "0.1", "brews": []}"#, "BrewSpec"),
        ]
        for (json, words) in cases {
            let error = try #require(importError(try scratchFile("x.json", json)))
            #expect(error.kind == .notAJournal && error.message.contains(words), "\(error)")
        }
        // A JSON object of no known kind still says what is missing.
        #expect(importError(try scratchFile("y.json", #"{"hello": 1}"#))?.message.contains("coffee-journal") == true)
    }
}
