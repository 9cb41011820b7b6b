@_spi(Fuzzing) import BrewImport
import Foundation
import FuzzSupport

private let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!, validatesAllColumns: true)

/// The JSON export importer (and the Visualizer-upload and foreign-app checks that come before it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzingEntryPoints.json(inputData(data, size), options: options)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzJSON(_:_:)``.
@_cdecl("fuzz_json_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzJSON)
}
