@testable import BrewImport
import Foundation
import Testing

/// The column mapping's TOML subset read by ``MappingSyntax`` (TOML 1.0's reading of the lines it accepts), and
/// ``ColumnMapping`` built from it.
@Suite struct MappingSyntaxTests {
    private func entries(_ text: String) throws -> [MappingSyntax.Entry] {
        do throws(MappingSyntax.Failure) { return try MappingSyntax.parse(text).entries } catch {
            throw error
        }
    }

    private func failure(_ text: String) -> MappingSyntax.Failure? {
        do throws(MappingSyntax.Failure) {
            _ = try MappingSyntax.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func entriesKeepTheirTableKeyValueAndLine() throws {
        let text = "top = \"bean\"\n\n[columns] # c\n'Dose (g)' = 'dose_g'\n[values]\ndecimal_comma = false\nn = -42\n"
        let e = try entries(text)
        #expect(e == [
            .init(table: nil, key: "top", value: .string("bean"), line: 1),
            .init(table: "columns", key: "Dose (g)", value: .string("dose_g"), line: 4),
            .init(table: "values", key: "decimal_comma", value: .bool(false), line: 6),
            .init(table: "values", key: "n", value: .integer(-42), line: 7),
        ])
    }

    /// TOML's escapes in basic strings, decoded by hand: `\t` is U+0009, `\u00E9` is é, `\U0001F600` is 😀; a literal
    /// string keeps its backslashes.
    @Test func basicStringEscapesAreDecodedAndLiteralStringsAreNot() throws {
        let e = try entries(#"a = "x\ty\u00E9\U0001F600\"\\"  "# + "\n" + #"b = 'c:\t\n'"# + "\n" + #""k\u0041" = "v""#)
        #expect(e.map(\.value) == [.string("x\ty\u{E9}\u{1F600}\"\\"), .string(#"c:\t\n"#), .string("v")])
        #expect(e[2].key == "kA")
    }

    @Test(arguments: [
        ("a = \"x\"\na = \"y\"", 2),              // a key twice in one table
        ("[values]\n[columns]\n[values]", 3),     // a table twice
        ("columns = \"x\"\n[columns]", 2),        // a table named like a top-level key
        ("a = \"\\q\"", 1),                       // an unknown escape
        ("a = \"\\uD800\"", 1),                   // a surrogate is no scalar value
        ("a = \"\\u12\"", 1),                     // too few hex digits
        ("a = \"\\u+123\"", 1),                   // a sign is no hex digit
        ("a = 007", 1),                           // a leading zero
        ("a = 9223372036854775808", 1),           // past Int64
        ("a = \"x\\\"", 1),                       // the escaped quote leaves the string open
    ])
    func outsideTheSubsetIsRefusedAtItsLine(_ text: String, _ line: Int) {
        #expect(failure(text)?.line == line, "\(text)")
    }

    @Test func integersAtTheEdgesOf64Bits() throws {
        #expect(try entries("a = -9223372036854775808\nb = +9223372036854775807\nc = 0").map(\.value)
            == [.integer(Int64.min), .integer(Int64.max), .integer(0)])
    }

    /// The first key at fault, in the order written, is the one an error names (`zone` comes after `columns.x`).
    @Test func mappingErrorsNameTheFirstKeyWritten() {
        let text = "[values]\ntime_zone = \"Nowhere/City\"\n[columns]\nx = \"no_such_column\"\n"
        #expect(throws: ImportError(.invalidMapping, file: "m.toml", location: "values.time_zone",
                                    "must be a time zone name such as Europe/Berlin")) {
            try ColumnMapping(toml: text, file: "m.toml")
        }
    }

    @Test func topLevelStringsAreColumnsAndOtherShapesAreRefused() throws {
        let mapping = try ColumnMapping(toml: "coffee_dose_grams = \"dose_g\"\n[columns]\nwhen = \"brewed_at\"")
        #expect(mapping.columns == ["coffee_dose_grams": .doseGrams, "when": .brewedAt])
        for (text, location) in [("columns = \"x\"", "columns"), ("values = 3", "values"), ("answer = 42", "answer"),
                                 ("[other]\nx = \"dose_g\"", "other"), ("[columns]\nx = true", "columns.x"),
                                 ("[values]\ndecimal_comma = 1", "values.decimal_comma")] {
            do {
                _ = try ColumnMapping(toml: text)
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.kind == .invalidMapping && error.location == location, "\(text): \(error)")
            }
        }
    }

    /// The input LeakSanitizer flagged under TOMLKit (an unknown column, then a two-character delimiter): refused at
    /// the first key at fault.
    @Test func unknownColumnBeforeABadDelimiter() {
        #expect(throws: ImportError(.invalidMapping, file: "mapping", location: "columns.foo",
                                    "unknown column 'not_a_column' (known: \(CSVColumn.allCases.map(\.rawValue).joined(separator: ", ")))")) {
            try ColumnMapping(toml: "[columns]\nfoo = \"not_a_column\"\n[values]\ndelimiter = \";;\"\n")
        }
        #expect(throws: ImportError.self) { try ColumnMapping(toml: "[values]\ndelimiter = \";;\"\n") }
    }

    /// A header is looked up exactly first, then normalised; of two keys that normalise alike ("Dose (g)" and
    /// "dose", both "dose"), the first in code-point order ("Dose (g)": "D" < "d") answers. Changing ``columns``
    /// changes the answers.
    @Test func headersAreLookedUpExactlyThenNormalised() throws {
        var mapping = try ColumnMapping(columns: ["dose": .waterGrams, "Dose (g)": .doseGrams, "cup": .yieldGrams])
        #expect(mapping.column(forHeader: "dose") == .waterGrams)      // exact
        #expect(mapping.column(forHeader: "DOSE [g]") == .doseGrams)   // normalised: both keys match, "Dose (g)" first
        #expect(mapping.column(forHeader: " Cup ") == .yieldGrams)
        #expect(mapping.column(forHeader: "water") == nil)
        mapping.columns = ["water": .waterGrams]
        #expect(mapping.column(forHeader: "cup") == nil && mapping.column(forHeader: "Water_") == .waterGrams)
    }
}
