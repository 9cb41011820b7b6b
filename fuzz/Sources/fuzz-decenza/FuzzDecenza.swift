import BrewImport
import BrewShots
import Foundation
import FuzzSupport

private let options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
private let input = TemporaryInput(fileName: "shots.db")

/// Decenza's `shots.db` reader: the input is written to a file and read as a journal (a Decenza database is read
/// from a private copy, row by row, its sample blobs inflated); the shot accounting must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecenza(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    input.write(data, size)
    if let journal = try? importAnyJournal(at: input.url, options: options), let shots = journal.shots {
        precondition(shots.read == shots.kept + shots.rejected, "read != kept + rejected")
        precondition(shots.kept == journal.result.journal.brews.count, "a kept shot without its brew")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzDecenza(_:_:)``.
@_cdecl("fuzz_decenza_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDecenza)
}
