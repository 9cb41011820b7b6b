import Foundation

enum ReportWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        throw BenchError.missingTool("the Report workload (being written)")
    }
}
