import BrewFormatSchemas
@testable import BrewImport
import Foundation
import Testing

/// ``ColumnMapping`` read from TOML: the shapes a mapping refuses, the input LeakSanitizer flagged, and how a CSV
/// header finds its mapping key.
@Suite struct ColumnMappingLookupTests {
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
                                    "unknown column 'not_a_column' (known: \(CSVSchema.names.joined(separator: ", ")))")) {
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
