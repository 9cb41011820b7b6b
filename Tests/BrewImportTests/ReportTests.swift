import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

@Suite(.cleansScratch) struct ReportTests {
    func sample() throws -> ImportResult {
        let csv = "brew_id,brewed_at,dose_g,notes\na,2026-11-16T07:00:00Z,15,\nb,soon,\"x, y\",\"say \"\"hi\"\"\"\n"
        return try importChecked(try scratchFile("r.csv", csv))
    }

    @Test func jsonShape() throws {
        let result = try sample()
        let object = try #require(try JSONSerialization.jsonObject(with: result.report.jsonData()) as? [String: Any])
        #expect(object["format"] as? String == "csv")
        let brews = try #require(object["brews"] as? [String: Int])
        #expect(brews == ["read": 2, "kept": 1, "rejected": 1])
        for key in ["methods", "grinders", "beans", "tastingNotes"] { #expect(object[key] is Int, "\(key)") }
        let rejects = try #require(object["rejects"] as? [[String: Any]])
        #expect(rejects.count == 1)
        #expect(rejects[0]["where"] as? String == "line 3")
        #expect(rejects[0]["column"] as? String == "brewed_at")
        #expect((rejects[0]["reason"] as? String)?.isEmpty == false)
        #expect(object["warnings"] is [Any])
    }

    /// Every key of a reject and a warning is present, `null` when there is no value — a reject without a column,
    /// a warning without a place — so scripts can index `r["column"]` without a key check.
    @Test func absentValuesAreNullNotOmitted() throws {
        let json = #"{"format": "coffee-journal", "brews": ["not a brew"], "methods": [{"id": "m", "brewCount": 5}]}"#
        let report = try importChecked(try scratchFile("n.json", json)).report
        let object = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        let reject = try #require((object["rejects"] as? [[String: Any]])?.first)
        #expect(Set(reject.keys) == ["file", "where", "column", "reason", "record"])
        #expect(reject["column"] is NSNull && reject["where"] as? String == "brews[0]")
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        let counter = try #require(warnings.first { $0["kind"] as? String == "cachedCounterMismatch" })
        #expect(Set(counter.keys) == ["kind", "column", "count", "where", "message"])
        #expect(counter["where"] is NSNull)
        // The issue's minimum shape.
        for key in ["format", "brews", "methods", "grinders", "beans", "tastingNotes", "warnings", "rejects"] {
            #expect(object[key] != nil, "\(key)")
        }
    }

    /// The rejects CSV reads back with the importer's own RFC 4180 rules: five columns, the record intact.
    @Test func rejectsCSVRoundTrips() throws {
        let result = try sample()
        let text = result.report.rejectsCSV()
        #expect(text.hasPrefix("file,where,column,reason,record\n"))
        #expect(text.contains("\"b,soon,\"\"x, y\"\",\"\"say \"\"\"\"hi\"\"\"\"\"\"\"\n"))
        let url = try scratchFolder("rej").appendingPathComponent("rejects.csv")
        try Data(result.report.rejectsCSV().utf8).write(to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
    }

    /// A rejected line goes into the `record` column as the input had it; one that starts like a formula (`=`, `+`,
    /// `-`, `@`, tab, CR) must reach a spreadsheet as text, with the leading `'` every other CSV we write adds.
    @Test func rejectsCSVNeutralisesFormulas() throws {
        let lines = ["=HYPERLINK(\"http://x\";\"y\"),no date,15", "@SUM(1+1),no date,15", "+1,no date,15", "-2,no date,15",
                     "\tx,no date,15"]
        let csv = "brew_id,brewed_at,dose_g\n" + lines.joined(separator: "\n") + "\n"
        let result = try importChecked(try scratchFile("formula.csv", csv))
        #expect(result.report.rejects.count == lines.count)
        let rows = TestCSV.parse(result.report.rejectsCSV())
        #expect(rows.count == lines.count + 1)
        let records = rows.dropFirst().map { $0.count == 5 ? $0[4] : "" }
        #expect(Set(records) == Set(lines.map { "'" + $0 }))
        for row in rows.dropFirst() {
            for field in row {
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(field.unicodeScalars.first.map(String.init) ?? ""), "\(field)")
            }
        }
    }

    @Test func errorsReadAsOneLine() {
        let error = ImportError(.notAJournal, file: "x.sqlite", "not a journal store: missing table ZBREWLOG")
        #expect(error.description == "x.sqlite: not a journal store: missing table ZBREWLOG")
        let located = ImportError(.corrupt, file: "a.zip", location: "Beanconqueror.json", "damaged")
        #expect(located.description == "a.zip: Beanconqueror.json: damaged")
        #expect(!located.description.contains("\n"))
    }

    @Test func missingAndFolderPaths() throws {
        #expect(importError(URL(fileURLWithPath: "/nonexistent/journal.sqlite"))?.kind == .fileNotFound)
        #expect(importError(try scratchFolder("dir"))?.kind == .unreadable)
    }
}
