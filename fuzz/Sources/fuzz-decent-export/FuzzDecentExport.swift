@_spi(Fuzzing) import BrewExport
import BrewImport
import BrewShots
import Foundation
import FuzzSupport

private let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
private let input = TemporaryInput(fileName: "fuzz.shot")

/// The Decent JSON writer: the input is read as a shot file (any format brewstats reads) and each shot written as
/// Decent JSON, which must pass Visualizer's upload rules (see `ExportFuzzingEntryPoints`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecentExport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    input.write(data, size)
    if let journal = try? importAnyJournal(at: input.url, options: options) {
        ExportFuzzingEntryPoints.decentExport(journal)
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzDecentExport(_:_:)``.
@_cdecl("fuzz_decent_export_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDecentExport)
}
