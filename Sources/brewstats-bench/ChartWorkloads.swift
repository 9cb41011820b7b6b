import Foundation

enum ChartWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        throw BenchError.missingTool("the Chart workload (being written)")
    }
}
