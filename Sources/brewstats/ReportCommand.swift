import ArgumentParser

struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report", abstract: "(report is being written)")
    func run() async throws { throw ExitCode.failure }
}
