@_spi(Fuzzing) import BrewImport
import FuzzSupport

/// The number parsers: numbers with units and separators, and durations (`2:30`, `150 s`), with each decimal
/// separator setting.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumbers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzingEntryPoints.numbers(inputBuffer(data, size))
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzNumbers(_:_:)``.
@_cdecl("fuzz_numbers_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzNumbers)
}
