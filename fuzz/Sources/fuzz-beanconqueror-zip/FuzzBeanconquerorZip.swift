import BrewImport
import Foundation
import FuzzSupport

/// Archives are bounded at 4 MiB inflated here (the default is 128 MiB), so that a bomb is refused quickly;
/// the bound's own checks are the same code whatever its value.
private let options = ImportOptions(format: .beanconqueror, timeZone: TimeZone(identifier: "UTC")!,
                                    maxArchiveBytes: 4 << 20, validatesAllColumns: true)
private let input = TemporaryInput(fileName: "Beanconqueror.zip")

/// The Beanconqueror zip reader: the input is written to a file and imported as a backup archive (the archive
/// checks, inflation, `_N` part files, then the JSON reader).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBeanconquerorZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    input.write(data, size)
    if case .success(let result) = Result(catching: { () throws(ImportError) in
        try importJournal(at: input.url, options: options)
    }) {
        let counts = result.report.brews
        precondition(counts.read == counts.kept + counts.rejected, "read != kept + rejected")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzBeanconquerorZip(_:_:)``.
@_cdecl("fuzz_beanconqueror_zip_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzBeanconquerorZip)
}
