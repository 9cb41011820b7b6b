import BrewColumns
import BrewFormatSchemas
import Testing
@testable import BrewImport

/// The CSV format's columns are one list (BrewFormatSchemas' `CSVSchema`): each journal column has one entry, and
/// every name, person-typed header and alias the list gives a column reads as that column and no other.
@Suite struct CSVSchemaTests {
    @Test func eachColumnHasOneField() {
        for column in CSVSchema.Column.allCases {
            #expect(CSVSchema.fields.filter { $0.column == column }.count == 1, "\(column)")
        }
        #expect(Set(CSVSchema.names).count == CSVSchema.fields.count)
        for (k, field) in CSVSchema.fields.enumerated() {
            #expect(CSVSchema.index(of: field.column) == k)
            #expect(CSVColumn(name: field.name) == field.column)
        }
    }

    @Test func everySpellingReadsAsItsColumn() {
        for field in CSVSchema.fields {
            for header in [field.name, field.spelled] + field.aliases {
                #expect(CSVColumn(header: header) == field.column, "\(header)")
            }
        }
    }

    /// No two columns share a spelling once normalised, so the order of the list never decides a header.
    @Test func noSpellingIsShared() {
        var owner: [String: CSVColumn] = [:]
        for field in CSVSchema.fields {
            for header in [field.name, field.spelled] + field.aliases {
                let key = CSVColumn.normalize(header)
                #expect(owner[key] == nil || owner[key] == field.column, "\(header) is also \(owner[key]!)")
                owner[key] = field.column
            }
        }
    }

    @Test func theHeaderNamesTheColumnsAsTheContractDoes() {
        // docs/formats.md, "CSV columns": the app's 23, then brewstats' four optional ones.
        #expect(CSVSchema.names.prefix(4) == ["brew_id", "brewed_at", "method", "method_category"])
        #expect(CSVSchema.names.suffix(4) == ["pressure_profile", "bag_weight_g", "bag_price", "currency"])
        #expect(CSVColumn(header: "Dose (g)") == .doseGrams && CSVColumn(header: "coffee_g") == .doseGrams)
        #expect(CSVColumn(header: "mood") == nil && CSVColumn(name: "Dose (g)") == nil)
    }

    @Test func contractColumnsComeFirst() {
        let contract = CSVSchema.fields.prefix { $0.contract }
        #expect(contract.count == CSVSchema.contractNames.count && contract.count == 23)
    }
}
