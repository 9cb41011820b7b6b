import Foundation

/// Tokenising a CSV export in process, release build: BrewImport's hand-written reader against
/// the CSV library (yaslab/CSV.swift). Both get the same bytes already in memory and only split every record
/// into fields — neither converts a field — and both must see the same records and fields. Reported in MB/s.
/// This is the benchmark that justifies hand-writing the reader. The export holds at most 100,000 brews: the
/// library reads a few MB/s, and a larger file only makes the run longer, not the ratio different.
enum CSVParseWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let csv = try ctx.journal(brews: min(ctx.brews, 100_000), format: "csv")
        let data = try Data(contentsOf: csv)
        var ours = Measurement(subject: "brewstats", seconds: [])
        var library = Measurement(subject: "CSV.swift CSVReader", seconds: [])
        var seen: TokenCounts?
        for _ in 0..<ctx.repeats {
            let (a, ta) = try timed { try OwnCSVTokenizer.tokenize(data) }
            let (b, tb) = try timed { try LibraryCSVTokenizer.tokenize(data) }
            guard a == b else {
                throw BenchError.badOutput("csv-parse", "the tokenisers disagree: ours \(a), library \(b)")
            }
            ours.seconds.append(ta)
            library.seconds.append(tb)
            seen = a
        }
        ours.bytes = data.count
        library.bytes = data.count
        let mbps = { (m: Measurement) in Double(data.count) / 1e6 / m.median }
        return [WorkloadResult(
            family: "csv-parse", name: "tokenise CSV export",
            detail: "\(data.count / 1_000_000) MB, \(seen?.description ?? ""), in process, one core",
            ours: ours, references: [library], target: "the library is the bottleneck: ours several times faster",
            extra: ["ours_mb_per_s": mbps(ours), "library_mb_per_s": mbps(library),
                    "records": Double(seen?.records ?? 0), "fields": Double(seen?.fields ?? 0)])]
    }

    /// The result of `body` and its wall time in seconds.
    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
