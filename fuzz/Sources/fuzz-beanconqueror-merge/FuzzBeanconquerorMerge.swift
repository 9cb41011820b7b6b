@_spi(Fuzzing) import BrewExport
import Foundation
import FuzzSupport

private let input = TemporaryInput(fileName: "Beanconqueror.json")

/// The Beanconqueror merge: the input is read as the backup to add to (a bare `Beanconqueror.json` or a zip) and
/// two brews are merged into it; every original entry must be kept as its bytes (see `ExportFuzzingEntryPoints`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBeanconquerorMerge(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    input.write(data, size)
    ExportFuzzingEntryPoints.beanconquerorMerge(input.url)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzBeanconquerorMerge(_:_:)``.
@_cdecl("fuzz_beanconqueror_merge_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzBeanconquerorMerge)
}
