import ArgumentParser
import BrewReport
import Foundation

extension Brewstats {
    /// Runs the command the arguments name, with brewstats' own command-line rules (``CommandLineRules``), and
    /// reports every usage error as one line on standard error, exit status 64.
    ///
    /// swift-argument-parser prints a usage error as three or four lines (the error, a help line, the usage, a
    /// pointer to `--help`); here it is `brewstats: <message> (see brewstats <subcommand> --help)`. Help and
    /// `--version` print as the parser prints them (standard output, status 0); a command's own failure has
    /// already printed its line (``CLI/fail(_:code:)``) and only sets the status.
    static func main() async {
        #if canImport(Glibc)
        TruncatedJournalGuard.install()
        #endif
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try await asyncParseAsRoot(try CommandLineRules.normalise(arguments))
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
            // An interruption that began while the command finished (its handler removing what is left) ends the
            // process with 130/143, not this thread with 0.
            while StagedDirectory.isInterrupted { pause() }
        } catch {
            exit(reporting: error, subcommand: CommandLineRules.subcommand(of: arguments))
        }
    }

    /// Prints `error` as the one line it deserves (none for help, `--version` and an exit code) and exits.
    private static func exit(reporting error: Error, subcommand: String?) -> Never {
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }
        // A value the tool words itself (``ArgumentValueError``) is shown without the parser's preface.
        let message = ArgumentValueError.found(in: error)?.description ?? message(for: error)
        if code == .validationFailure {
            FileHandle.standardError.write(Data((CommandLineRules.usageLine(message, subcommand: subcommand) + "\n").utf8))
        } else if !message.isEmpty {
            FileHandle.standardError.write(Data("brewstats: \(printable(message))\n".utf8))
        }
        exit(withError: ExitCode(code.rawValue))
    }
}
