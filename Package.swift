// swift-tools-version: 6.1
// brewstats — analytics and statistics reports for coffee brew journals.
//
// Layers, bottom to top (each layer is a target; only the wrapper target imports its C library):
//   BrewHashing (the one stable hash and seeded generator: below everything)
//   BrewProgress (how far long work has got: counted by the libraries, drawn by the CLI; below everything)
//   CCairo (system library) → BrewCairo (owning wrappers)
//   BrewColumns (Arrow-style columns, the journal table, the shots' samples table)
//   BrewNames (names compared: NameKey, NameMatching; near-duplicate names, aliases files' text)
//   BrewStats (kernels, derived quantities, regression, LOESS, summaries, shot metrics and flags)
//   BrewImport (store via GRDB, CSV, JSON, Beanconqueror) · BrewSynth (journal generator and writers)
//   → BrewAdvice (dial-in advisor) → BrewAdviceSimulation (its closed-loop simulator: tests and benchmark only)
//   → BrewBacktest (the advisor replayed over a journal's own bags: replay, scoring, bootstrap)
//   BrewShots (espresso shot files: shot importers, the shot table; above BrewImport and BrewStats)
//   BrewMerge (several journals as one)
//   → BrewOpen (the one way to open a journal: paths in, one merged journal with its import notes out)
//   BrewFiles (atomic files and staged folders: the one writer of every output file)
//   BrewCharts (chart grammar over a rendering backend; cairo and recording backends)
//   BrewPages (pages as data: the page model, its HTML, Markdown and PDF renderers, a page's charts drawn)
//   BrewReport (weekly report, single charts, batch)
//   BrewMCP (the MCP server's tools: facts for AI assistants, read-only)
//   brewstats (thin CLI) · brewstats-bench (release-only benchmarks)
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "brewstats",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "brewstats", targets: ["brewstats"]),
        .executable(name: "brewstats-bench", targets: ["brewstats-bench"]),
        .library(name: "BrewReport", targets: ["BrewReport"]),
        // The fuzz targets under fuzz/ (a package of their own) reach the importers through these.
        .library(name: "BrewImport", targets: ["BrewImport"]),
        .library(name: "BrewShots", targets: ["BrewShots"]),
        .library(name: "BrewExport", targets: ["BrewExport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Benchmarks only: the CSV library our hand-written CSV reader is measured against.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // BrewSpec documents (YAML) and the deployment tests' Kubernetes manifests.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The MCP server's protocol (JSON-RPC over stdio): BrewMCP only.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // The Logger a transport of the SDK's names (BrewMCP's transport wraps the SDK's stdio transport).
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // MARK: C edge
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "BrewCairo", dependencies: ["CCairo", "CPNG"], swiftSettings: strict),

        // MARK: Pure-Swift layers
        // The one stable hash (FNV-1a) and the one seeded generator (SplitMix64): below every other target.
        .target(name: "BrewHashing", swiftSettings: strict),
        // How far long work has got (a batch, a shot folder, an export): the libraries count, the CLI draws.
        .target(name: "BrewProgress", swiftSettings: strict),
        .target(name: "BrewColumns", swiftSettings: strict),
        // Names compared and names that mean the same thing: the comparison keys and the matching of a typed name
        // (NameKey, NameMatching), near-duplicate spellings found, an aliases file's text read and applied. Below
        // BrewStats, which groups tags by its keys; an aliases file is opened by BrewOpen, which reads files.
        .target(name: "BrewNames", dependencies: ["BrewColumns", .product(name: "TOMLKit", package: "TOMLKit")],
                swiftSettings: strict),
        // One schema per format we read and write or generate (the fields, their keys, types, units and journal
        // fields): the importers, the exporters and the generator walk the same lists.
        .target(name: "BrewFormatSchemas", dependencies: ["BrewColumns"], swiftSettings: strict),
        .target(
            name: "BrewImport",
            dependencies: [
                "BrewColumns", "BrewFormatSchemas", "BrewHashing", "BrewProgress", "BrewStats",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "BrewSynth",
            dependencies: ["BrewColumns", "BrewFiles", "BrewFormatSchemas", "BrewHashing", "BrewStats",
                           .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        .target(name: "BrewStats", dependencies: ["BrewColumns", "BrewNames"], swiftSettings: strict),
        .target(name: "BrewAdvice", dependencies: ["BrewColumns", "BrewNames", "BrewStats", .product(name: "TOMLKit", package: "TOMLKit")],
                swiftSettings: strict),
        // The advisor replayed over a journal's own bags, brew by brew with no look-ahead, scored against each bag's
        // best-rated settings (`brewstats backtest`; its page is BrewReport's).
        .target(name: "BrewBacktest", dependencies: ["BrewAdvice", "BrewColumns", "BrewHashing", "BrewStats"],
                swiftSettings: strict),
        // The dial-in advisor's closed-loop simulator: for its tests and the benchmark, not shipped in BrewAdvice.
        .target(name: "BrewAdviceSimulation", dependencies: ["BrewAdvice", "BrewColumns", "BrewHashing", "BrewStats"], swiftSettings: strict),
        // Espresso shot files: the shot formats' importers and the shot table (the samples table is BrewColumns', the
        // shot metrics and flags BrewStats').
        .target(name: "BrewShots", dependencies: ["BrewColumns", "BrewFormatSchemas", "BrewHashing", "BrewImport", "BrewProgress", "BrewStats",
                                                 .product(name: "GRDB", package: "GRDB.swift"),
                                                 .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                swiftSettings: strict),
        // Output files that appear whole: one AtomicFile, folders staged beside their target and put in place by a rename.
        .target(name: "BrewFiles", swiftSettings: strict),
        .target(name: "BrewCharts", dependencies: ["BrewCairo", "BrewFiles", "BrewHashing", "BrewStats"], swiftSettings: strict),
        // Every chart kind drawn from seeded synthetic data: the chart tests, `make gallery` and the benchmarks (not
        // shipped: no product holds it).
        .target(name: "BrewChartGallery", dependencies: ["BrewCharts", "BrewHashing", "BrewStats"], swiftSettings: strict),
        // Pages as data: sections of blocks (figures, findings, tables, chart requests, notes) built by the report layer,
        // drawn by the only code that writes page markup (HTML, Markdown, PDF); charts drawn in the formats asked.
        .target(name: "BrewPages", dependencies: ["BrewCharts", "BrewFiles", "BrewStats"], swiftSettings: strict),
        // Several journals read as one (a store, a backup, a shot folder), the same brew matched across them.
        .target(name: "BrewMerge", dependencies: ["BrewColumns", "BrewImport", "BrewShots"], swiftSettings: strict),
        // The one way to open a journal: paths in (files, folders, standard input), one merged journal with its
        // import notes out; the one folder type. Every command, batch and the MCP server open journals through it.
        .target(name: "BrewOpen", dependencies: ["BrewColumns", "BrewImport", "BrewShots", "BrewMerge", "BrewNames"],
                swiftSettings: strict),
        // Journals written out: the app's CSV and JSON exports, BrewSpec, Decent shot JSON, Beanconqueror backups. The anonymiser also reads
        // BrewMerge's matches (--list-matches beside an anonymised export) and BrewAdvice's taste words (kept tags).
        .target(name: "BrewExport", dependencies: ["BrewColumns", "BrewFormatSchemas", "BrewHashing", "BrewImport", "BrewShots", "BrewFiles", "BrewMerge",
                                                  "BrewProgress",
                                                  "BrewAdvice", "BrewNames", .product(name: "Yams", package: "Yams"),
                                                  .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                swiftSettings: strict),
        // The MCP server (`brewstats mcp`): tools that answer with what brewstats computes, with their evidence;
        // read-only. Above BrewReport, whose period report and comparisons its tools return.
        .target(name: "BrewMCP", dependencies: ["BrewAdvice", "BrewBacktest", "BrewColumns", "BrewImport", "BrewNames", "BrewOpen", "BrewReport",
                                                "BrewShots", "BrewStats",
                                                .product(name: "MCP", package: "swift-sdk"),
                                                .product(name: "Logging", package: "swift-log")],
                swiftSettings: strict),
        .target(
            name: "BrewReport",
            dependencies: ["BrewColumns", "BrewHashing", "BrewImport", "BrewStats", "BrewAdvice", "BrewBacktest",
                           "BrewCairo", "BrewCharts",
                           "BrewFiles", "BrewShots", "BrewMerge", "BrewNames", "BrewOpen", "BrewPages", "BrewProgress"],
            swiftSettings: strict
        ),

        // MARK: Executables
        .executableTarget(
            name: "brewstats",
            dependencies: [
                "BrewReport", "BrewAdvice", "BrewBacktest", "BrewImport", "BrewSynth", "BrewColumns", "BrewShots", "BrewExport", "BrewMerge", "BrewNames",
                "BrewOpen", "BrewPages", "BrewProgress", "BrewStats", "BrewCharts", "BrewCairo", "BrewFiles", "BrewMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "brewstats-bench",
            dependencies: [
                "BrewReport", "BrewAdvice", "BrewAdviceSimulation", "BrewImport", "BrewSynth", "BrewStats", "BrewCharts",
                "BrewChartGallery",
                "BrewColumns", "BrewCairo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CSV", package: "CSV.swift"),
            ],
            swiftSettings: strict
        ),

        // MARK: Tests (one per library target, a shared support target, end-to-end CLI tests)
        .target(
            name: "TestSupport",
            dependencies: ["BrewColumns", "BrewHashing"],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "BrewHashingTests", dependencies: ["BrewHashing"], swiftSettings: strict),
        .testTarget(name: "BrewCairoTests", dependencies: ["BrewCairo", "CCairo", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "BrewFilesTests", dependencies: ["BrewFiles", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "BrewColumnsTests", dependencies: ["BrewColumns", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "BrewImportTests",
            dependencies: [
                "BrewImport", "BrewSynth", "BrewColumns", "BrewFormatSchemas", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "BrewSynthTests", dependencies: ["BrewSynth", "BrewImport", "BrewColumns", "TestSupport",
                                                    .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strict),
        .testTarget(name: "BrewStatsTests", dependencies: ["BrewStats", "BrewColumns", "BrewImport", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BrewAdviceTests", dependencies: ["BrewAdvice", "BrewAdviceSimulation", "BrewHashing", "BrewStats", "BrewColumns", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BrewBacktestTests", dependencies: ["BrewBacktest", "BrewAdvice", "BrewColumns", "BrewHashing",
                                                        "BrewImport", "BrewStats", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BrewShotsTests", dependencies: ["BrewShots", "BrewHashing", "BrewColumns", "BrewImport", "BrewStats",
                                                     "TestSupport",
                                                     .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    swiftSettings: strict),
        .testTarget(name: "BrewChartsTests", dependencies: ["BrewCharts", "BrewChartGallery", "BrewHashing", "BrewStats", "CCairo", "TestSupport"], exclude: ["Goldens"],
                    swiftSettings: strict),
        .testTarget(name: "BrewPagesTests", dependencies: ["BrewPages", "BrewCharts", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "BrewReportTests", dependencies: ["BrewReport", "BrewColumns", "BrewHashing", "BrewPages", "BrewNames", "BrewImport", "BrewAdvice", "BrewCharts",
                                                      "BrewFiles", "BrewSynth", "BrewShots", "BrewStats", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BrewNamesTests", dependencies: ["BrewNames", "BrewImport", "BrewOpen", "BrewColumns", "BrewStats",
                                                   "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BrewMergeTests", dependencies: ["BrewMerge", "BrewExport", "BrewShots", "BrewImport", "BrewColumns", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BrewOpenTests", dependencies: ["BrewOpen", "BrewMerge", "BrewNames", "BrewShots", "BrewImport", "BrewColumns", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BrewMCPTests", dependencies: ["BrewMCP", "BrewAdvice", "BrewBacktest", "BrewNames", "BrewOpen", "TestSupport",
                                                   .product(name: "MCP", package: "swift-sdk")],
                    swiftSettings: strict),
        .testTarget(name: "BrewExportTests", dependencies: ["BrewExport", "BrewFormatSchemas", "BrewShots", "BrewImport", "BrewStats", "BrewSynth",
                                                      "BrewColumns", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                                                      .product(name: "Yams", package: "Yams")],
                    swiftSettings: strict),
        // The command line's own types (argument values, the exit-status map) are tested in process; the commands as a
        // whole run the built binary.
        .testTarget(name: "brewstatsTests",
                    dependencies: ["TestSupport", "brewstats", "BrewAdvice", "BrewColumns", "BrewCairo", "BrewCharts", "BrewExport", "BrewImport", "BrewOpen",
                                   "BrewMCP", "BrewNames", "BrewProgress", "BrewReport", "BrewStats", "BrewSynth",
                                   .product(name: "ArgumentParser", package: "swift-argument-parser")],
                    swiftSettings: strict),
        // Installing into a DESTDIR and the Kubernetes manifests under deploy/ (no root, no container engine).
        .testTarget(
            name: "DeployTests",
            dependencies: ["TestSupport", .product(name: "Yams", package: "Yams")],
            swiftSettings: strict
        ),
    ]
)
