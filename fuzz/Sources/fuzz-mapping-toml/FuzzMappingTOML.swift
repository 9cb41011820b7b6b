@_spi(Fuzzing) import BrewImport
import Foundation
import FuzzSupport

/// A small foreign CSV every mapping that parses is applied to, so that its values (delimiter, date pattern,
/// decimal separator, time zone, column targets) are used, not only parsed.
private let sampleCSV = Array("""
    when;dose;Bohne;rating
    24.11.2026 07:30;18,5;Kenya AA;4
    25.11.2026 08:05;1.018,0;;x

    """.utf8)

/// The column-mapping TOML: parsed from the input (UTF-8 text only, as `ColumnMapping.load` requires), then used.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMappingTOML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let text = String(validating: inputBuffer(data, size), as: UTF8.self) else { return 0 }
    guard let mapping = try? ColumnMapping(toml: text, file: "fuzz.toml") else { return 0 }
    let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!, columnMapping: mapping, validatesAllColumns: true)
    sampleCSV.withUnsafeBufferPointer { _ = FuzzingEntryPoints.csv($0, options: options) }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzMappingTOML(_:_:)``.
@_cdecl("fuzz_mapping_toml_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzMappingTOML)
}
