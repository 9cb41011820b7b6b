import Foundation

enum CSVParseWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        throw BenchError.missingTool("the CSVParse workload (being written)")
    }
}
