import ArgumentParser

struct Batch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "batch", abstract: "(batch is being written)")
    func run() async throws { throw ExitCode.failure }
}
