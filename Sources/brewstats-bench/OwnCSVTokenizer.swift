@_spi(Benchmarks) import BrewImport
import Foundation

/// BrewImport's side of the `csv-parse` benchmark: the importer's own record reader, reached through the
/// `Benchmarks` SPI, over the same bytes and counting the same things as ``LibraryCSVTokenizer``.
enum OwnCSVTokenizer {
    /// Reads every record of `data` and counts records, fields and field bytes (quotes excluded, a doubled
    /// quote counted once); nothing is converted.
    ///
    /// - Throws: ``BenchError/badOutput(_:_:)`` when a record is malformed.
    static func tokenize(_ data: Data) throws -> TokenCounts {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var reader = BrewImport.CSVReader(bytes: bytes)
            var counts = TokenCounts()
            while reader.next() {
                guard reader.status == .ok else {
                    throw BenchError.badOutput("csv-parse",
                        "record \(counts.records + 1) is malformed: \(reader.status)")
                }
                counts.records += 1
                counts.fields += reader.fields.count
                for field in reader.fields {
                    counts.fieldBytes += field.end - field.start
                    if field.escaped {
                        var quotes = 0
                        for i in field.start..<field.end where bytes[i] == UInt8(ascii: "\"") { quotes += 1 }
                        counts.fieldBytes -= quotes / 2
                    }
                }
            }
            return counts
        }
    }
}
