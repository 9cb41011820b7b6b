import CSV
import Foundation

/// The CSV library's side of the `csv-parse` benchmark, in a file of its own because the library's
/// `CSVReader` (and its `CSV` alias) would clash with BrewImport's reader of the same name.
enum LibraryCSVTokenizer {
    /// Reads every record of `data` with the library's `CSVReader` (UTF-8, no header handling, no trimming)
    /// and counts records, fields and field bytes; nothing is converted.
    ///
    /// - Throws: the library's error when the text is not valid CSV.
    static func tokenize(_ data: Data) throws -> TokenCounts {
        let reader = try CSVReader(stream: InputStream(data: data), hasHeaderRow: false)
        var counts = TokenCounts()
        while let row = reader.next() {
            counts.records += 1
            counts.fields += row.count
            for field in row { counts.fieldBytes += field.utf8.count }
        }
        if let error = reader.error { throw error }
        return counts
    }
}

/// What a tokeniser saw: records, fields and the bytes of the fields (quotes excluded).
struct TokenCounts: Equatable, CustomStringConvertible {
    var records = 0
    var fields = 0
    var fieldBytes = 0

    var description: String { "\(records) records, \(fields) fields" }
}
