import Foundation
import Testing
@testable import BrewShots

/// The record lists of the shot JSON reader (``JSONRecords``: Gaggiuino's `datapoints`, GaggiMate's `samples`):
/// each column as the values Foundation's `JSONSerialization` reads for its member, entry by entry.
@Suite struct ShotJSONRecordsTests {
    static let spec = JSONRecordSpec(keys: ["t", "p", "late", "never"], firstWins: false)

    /// The columns of `json`'s `list` by the records path.
    func records(_ json: String, _ spec: JSONRecordSpec = spec) throws -> JSONRecords {
        let root = try #require(try ShotJSONReader.parse(Data(json.utf8), recordKeys: ["list": spec]) as? JSONObject)
        return try #require(root["list"] as? JSONRecords)
    }

    /// The same columns read from Foundation's tree: a member's number, or a string holding one; `nil` otherwise.
    func reference(_ json: String, _ keys: [String]) throws -> (count: Int, columns: [[Double?]?]) {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let list = try #require(root["list"] as? [Any])
        let columns: [[Double?]?] = keys.map { key in
            guard list.contains(where: { ($0 as? [String: Any])?[key] != nil }) else { return nil }
            return list.map { entry -> Double? in
                switch (entry as? [String: Any])?[key] {
                case let s as String: return Double(s.trimmingCharacters(in: .whitespaces))
                case let n as NSNumber: return n.doubleValue
                default: return nil
                }
            }
        }
        return (list.count, columns)
    }

    /// Blanks, strings, nulls, a nested object, an entry that is no object, a key with an escape, a member first met
    /// in a later entry, one never met.
    @Test func columnsAreFoundationsValues() throws {
        let json = """
            {"id": 3, "list": [ {"t" : 0, "p": "1.5", "x": {"deep": [1, 2]}},
              {"p": 2.25e0, "t": 100 , "late": null},
              7,
              {"t\\u0020": 1, "\\u0074": 300, "p": [1], "late": "  4 "},
              {} ], "after": {"list": [1]}}
            """
        let got = try records(json)
        let want = try reference(json, Self.spec.keys)
        #expect(got.count == want.count)
        #expect(got.columns.count == want.columns.count)
        for (k, key) in Self.spec.keys.enumerated() {
            #expect(got.columns[k] == want.columns[k], "\(key)")
        }
        #expect(got.columns[3] == nil)
        #expect(got.columns[0] == [0, 100, nil, 300, nil])
    }

    /// Of a member repeated within one object the last counts, or the first with `firstWins`.
    @Test func aRepeatedMember() throws {
        let json = #"{"list": [{"t": 1, "t": 2}, {"t": "x", "t": 5}]}"#
        #expect(try records(json).columns[0] == [2, 5])
        #expect(try records(json, JSONRecordSpec(keys: ["t"], firstWins: true)).columns[0] == [1, nil])
    }

    /// Broken JSON inside a record is refused as the general path refuses it; an empty list has no entries.
    @Test func brokenRecordsAreRefused() throws {
        for bad in [#"{"list": [{"t": 1,}]}"#, #"{"list": [{"t" 1}]}"#, #"{"list": [{"t": 1}"#, #"{"list": [{"t": tru}]}"#] {
            #expect(throws: ShotRejection.self) { try ShotJSONReader.parse(Data(bad.utf8), recordKeys: ["list": Self.spec]) }
        }
        #expect(try records(#"{"list": []}"#).count == 0)
    }
}
