// swift-tools-version: 6.1
// brewstats fuzz targets: one libFuzzer executable per input format, over the importers of the root package.
//
// Built only with the fuzzer and AddressSanitizer (libFuzzer provides `main`); `make fuzz` and `make fuzz-smoke`
// in the root Makefile build and run them (see fuzz/README.md). The root package exports BrewImport and BrewShots as
// library products for these targets; the importers are reached through their `@_spi(Fuzzing)` entry points, or
// through `importJournal(at:)` on a temporary file for the zip archive.
//
// Adding a target: a folder Sources/fuzz-NAME/ with one file defining `LLVMFuzzerTestOneInput` through `@_cdecl`,
// a line in `targets` below, a seed corpus fuzz/corpus/NAME/ and a dictionary fuzz/dict/NAME.dict; the Makefile's
// FUZZ_TARGETS lists the names (and fuzz/tools/summarize.py's TARGETS). A target over BrewShots passes `shots: true`, one over the writers (BrewExport) `export: true`.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// One libFuzzer executable. Its single source file would be compiled as top-level code (SwiftPM treats a one-file
/// executable as `main.swift`), giving the program an empty `main`: `-parse-as-library` keeps it a library file, and
/// the file defines the entry point SwiftPM links as `main` (`fuzz_NAME_main`), which runs libFuzzer's driver.
func fuzzTarget(_ name: String, shots: Bool = false, export: Bool = false) -> Target {
    .executableTarget(
        name: "fuzz-\(name)",
        dependencies: ["FuzzSupport", .product(name: "BrewImport", package: "brewstats")]
            + (shots || export ? [.product(name: "BrewShots", package: "brewstats")] : [])
            + (export ? [.product(name: "BrewExport", package: "brewstats")] : []),
        swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "brewstats-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "brewstats", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "BrewImport", package: "brewstats")],
                swiftSettings: strict),
        fuzzTarget("csv"),
        fuzzTarget("json"),
        fuzzTarget("beanconqueror-json"),
        fuzzTarget("beanconqueror-zip"),
        fuzzTarget("mapping-toml"),
        fuzzTarget("dates"),
        fuzzTarget("numbers"),
        fuzzTarget("store"),
        fuzzTarget("shots", shots: true),
        fuzzTarget("brewspec"),
        fuzzTarget("decenza", shots: true),
        fuzzTarget("decent-export", export: true),
        fuzzTarget("beanconqueror-merge", export: true),
    ]
)
