@_spi(Fuzzing) import BrewImport
import Foundation
import FuzzSupport

private let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!, validatesAllColumns: true)

/// The BrewSpec importer over a YAML or JSON document (Yams and libyaml for YAML, the schema check, the mapping to
/// brews), after the format sniffing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBrewSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzingEntryPoints.brewSpec(inputData(data, size), options: options)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzBrewSpec(_:_:)``.
@_cdecl("fuzz_brewspec_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzBrewSpec)
}
