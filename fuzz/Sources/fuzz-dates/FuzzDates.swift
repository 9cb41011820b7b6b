@_spi(Fuzzing) import BrewImport
import FuzzSupport

/// Date patterns a mapping may give (`values.date_format`), each tried on every input besides ISO 8601.
private let patterns = ["dd.MM.yyyy HH:mm", "d.M.yy", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "MM/dd/yyyy H:mm:ss",
                        "yyyyMMddHHmmss", "dd/MM/yyyy HH:mm XXX"]

/// The date parsers: ISO 8601 (fast fixed-width path and general path) and mapping date patterns.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzingEntryPoints.dates(inputBuffer(data, size), patterns: patterns)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzDates(_:_:)``.
@_cdecl("fuzz_dates_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDates)
}
