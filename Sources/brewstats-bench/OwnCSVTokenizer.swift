import Foundation

/// BrewImport's side of the `csv-parse` benchmark.
///
/// BrewImport's hand-written `CSVReader` is internal to its module, and a release build cannot reach it with
/// `@testable import`; until BrewImport exposes it to benchmarks (`@_spi(Benchmarks) public` on the reader, its
/// `Field`, `init(bytes:delimiter:skipBOM:)`, `next()` and `fields`), this side reports that instead of measuring.
enum OwnCSVTokenizer {
    static func tokenize(_ data: Data) throws -> TokenCounts {
        throw BenchError.missingTool("BrewImport.CSVReader for benchmarks (needs @_spi(Benchmarks) public in Sources/BrewImport/CSVReader.swift)")
    }
}
