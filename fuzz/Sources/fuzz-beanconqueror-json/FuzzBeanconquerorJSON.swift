@_spi(Fuzzing) import BrewImport
import Foundation
import FuzzSupport

private let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!, validatesAllColumns: true)

/// The Beanconqueror reader over a bare `Beanconqueror.json` backup.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBeanconquerorJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzingEntryPoints.beanconquerorJSON(inputData(data, size), options: options)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzBeanconquerorJSON(_:_:)``.
@_cdecl("fuzz_beanconqueror_json_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzBeanconquerorJSON)
}
