import BrewColumns
import BrewFormatSchemas
import Testing
@testable import BrewImport

/// The CSV format's columns are one list (BrewFormatSchemas' `CSVSchema`): the importer's columns are the same names in
/// the same order, and every person-typed header of the list reads as its column.
@Suite struct CSVSchemaTests {
    @Test func theImporterReadsTheSchemasColumns() {
        #expect(CSVColumn.allCases.map(\.rawValue) == CSVSchema.names)
    }

    @Test func spelledHeadersMatchTheirColumns() {
        for field in CSVSchema.fields {
            #expect(CSVColumn(header: field.spelled)?.rawValue == field.name, "\(field.spelled)")
        }
    }

    @Test func contractColumnsComeFirst() {
        let contract = CSVSchema.fields.prefix { $0.contract }
        #expect(contract.count == CSVSchema.contractNames.count && contract.count == 23)
    }
}
