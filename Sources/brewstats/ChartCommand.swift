import ArgumentParser

struct Chart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chart", abstract: "(chart is being written)")
    func run() async throws { throw ExitCode.failure }
}
