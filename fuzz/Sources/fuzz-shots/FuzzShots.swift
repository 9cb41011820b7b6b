@_spi(Fuzzing) import BrewShots
import BrewImport
import Foundation
import FuzzSupport

private let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

/// The shot importers: the input is sniffed and read as one shot file (validated, made a brew and a shot), and read
/// by every shot format's reader besides (see `ShotFuzzingEntryPoints`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShots(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ShotFuzzingEntryPoints.shotFile(inputData(data, size), options: options)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzShots(_:_:)``.
@_cdecl("fuzz_shots_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzShots)
}
