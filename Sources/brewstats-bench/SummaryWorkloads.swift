import Foundation

enum SummaryWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        throw BenchError.missingTool("the Summary workload (being written)")
    }
}
