import Foundation

/// The benchmark families, registered by name; each returns one or more results.
enum Workloads {
    static let families = ["import", "csv-parse", "summaries", "charts", "png-encode", "png-compression", "report",
        "report-csv", "report-store", "batch", "dial-in", "periods", "shots", "export"]

    static func run(_ family: String, _ ctx: BenchContext) throws -> [WorkloadResult] {
        switch family {
        case "import": return try ImportWorkloads.run(ctx)
        case "csv-parse": return try CSVParseWorkloads.run(ctx)
        case "summaries": return try SummaryWorkloads.run(ctx)
        case "charts": return try ChartWorkloads.run(ctx)
        case "png-encode": return try PNGEncodeWorkloads.run(ctx)
        case "png-compression": return try PNGCompressionWorkloads.run(ctx)
        case "report": return try ReportWorkloads.run(ctx)
        case "report-csv": return try ReportWorkloads.runCSV(ctx)
        case "report-store": return try ReportWorkloads.runStore(ctx)
        case "batch": return try BatchWorkloads.run(ctx)
        case "dial-in": return try DialInWorkloads.run(ctx)
        case "periods": return try PeriodWorkloads.run(ctx)
        case "shots": return try ShotWorkloads.run(ctx)
        case "export": return try ExportWorkloads.run(ctx)
        default: return []
        }
    }
}
