@_spi(Fuzzing) import BrewImport
import Foundation
import FuzzSupport

/// Options every CSV input is read with: UTC (no dependence on the machine's zone), every column validated.
private let plain = ImportOptions(timeZone: TimeZone(identifier: "UTC")!, validatesAllColumns: true)

/// Part of sample-data/mapping.toml (foreign.csv's mapping): `;`, decimal comma, day-first dates without an
/// offset in Europe/Berlin (so daylight-saving gaps and repeats are met).
private let mapped: ImportOptions = {
    let columns: [String: CSVColumn] = [
        "brew_start": .brewedAt, "device": .method, "device_kind": .methodCategory, "clicks": .grindSetting,
        "coffee_name": .bean, "roasted_on": .roastDate, "coffee_dose_grams": .doseGrams, "cup_weight": .yieldGrams,
        "contact_time": .brewTimeSeconds, "stars": .rating, "remarks": .notes,
    ]
    let mapping = try! ColumnMapping(columns: columns, dateFormat: "dd.MM.yyyy HH:mm", decimalSeparator: .comma,
                                     delimiter: UInt8(ascii: ";"), timeZone: TimeZone(identifier: "Europe/Berlin"))
    return ImportOptions(timeZone: TimeZone(identifier: "UTC")!, columnMapping: mapping, validatesAllColumns: true)
}()

/// The CSV reader and importer: the input is read as the app's CSV export and as a mapped foreign CSV.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBuffer(data, size)
    _ = FuzzingEntryPoints.csv(bytes, options: plain)
    _ = FuzzingEntryPoints.csv(bytes, options: mapped)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver over ``fuzzCSV(_:_:)``.
@_cdecl("fuzz_csv_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCSV)
}
