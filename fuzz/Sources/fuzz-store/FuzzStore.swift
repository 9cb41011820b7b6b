@_spi(Fuzzing) import BrewImport
import Foundation
import FuzzSupport

private let options = ImportOptions(format: .coreDataStore, timeZone: TimeZone(identifier: "UTC")!,
                                    validatesAllColumns: true)
private let readingAhead = ImportOptions(format: .coreDataStore, timeZone: TimeZone(identifier: "UTC")!,
                                         validatesAllColumns: true, readAhead: true)
/// One in-memory SQLite connection for every input (`sqlite3_deserialize`, read-only; see ``FuzzingEntryPoints/InMemoryStore``).
private let store = FuzzingEntryPoints.InMemoryStore()

/// The store importer over a mutated SQLite file, held in memory and opened read-only (a header that says WAL reads
/// as a store without its `-wal` file, as the importer's private copy of such a file does). Read again with the
/// read-ahead thread when that reads differently — the first read failed, or read at least
/// ``FuzzingEntryPoints/readAheadMinimumBrews`` brews (a read's count of brews is the brew table's row count, which
/// decides whether the read-ahead thread runs) — and both reads must give the same counts or the same error. A
/// smaller store that was read is read the same way with the option, so it is not read twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBuffer(data, size)
    let first = store.read(bytes, options: options)
    if case .success(let result) = first, result.report.brews.read < FuzzingEntryPoints.readAheadMinimumBrews { return 0 }
    let second = store.read(bytes, options: readingAhead)
    switch (first, second) {
    case (.success(let a), .success(let b)):
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
