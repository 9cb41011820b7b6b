import Foundation

enum BatchWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        throw BenchError.missingTool("the Batch workload (being written)")
    }
}
