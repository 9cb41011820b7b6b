import BrewImport
import Foundation
import FuzzSupport

private let options = ImportOptions(format: .coreDataStore, timeZone: TimeZone(identifier: "UTC")!,
                                    validatesAllColumns: true)
private let readingAhead = ImportOptions(format: .coreDataStore, timeZone: TimeZone(identifier: "UTC")!,
                                         validatesAllColumns: true, readAhead: true)
private let input = TemporaryInput(fileName: "journal.sqlite")

/// The store importer over a mutated SQLite file, written to a temporary file and opened read-only (a file whose
/// header says WAL is copied to a private folder first, as for a user's store). Read twice, without and with the
/// read-ahead thread: both must give the same counts or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    input.write(data, size)
    let first = Result { () throws(ImportError) in try importJournal(at: input.url, options: options) }
    let second = Result { () throws(ImportError) in try importJournal(at: input.url, options: readingAhead) }
    switch (first, second) {
    case (.success(let a), .success(let b)):
        let counts = a.report.brews
        precondition(counts.read == counts.kept + counts.rejected, "read != kept + rejected")
        precondition(a.report.brews == b.report.brews, "the read-ahead import counts differently")
    case (.failure(let a), .failure(let b)):
        precondition(a.kind == b.kind, "the read-ahead import fails differently: \(a) / \(b)")
    default:
        preconditionFailure("one import succeeded, the other failed: \(first) / \(second)")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzStore(_:_:)``.
@_cdecl("fuzz_store_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzStore)
}
