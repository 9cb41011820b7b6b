import ArgumentParser
import BrewReport
import Foundation

extension Brewstats {
    /// Runs the command the arguments name, with brewstats' own command-line rules (``CommandLineRules``), and
    /// reports every error as one line on standard error.
    ///
    /// swift-argument-parser prints a usage error as three or four lines (the error, a help line, the usage, a
    /// pointer to `--help`); here it is `brewstats: <message> (see brewstats <subcommand> --help)`, exit status 64.
    /// Help and `--version` print as the parser prints them (standard output, status 0). A command's own failure
    /// is thrown: it is printed as `brewstats: <message>` and exits with the status ``ExitStatus/code(for:)`` gives
    /// its type.
    static func main() async {
        #if canImport(Glibc)
        TruncatedJournalGuard.install()
        #endif
        let arguments = Array(CommandLine.arguments.dropFirst())
        let subcommand = CommandLineRules.subcommand(of: arguments)
        var command: any ParsableCommand
        do {
            if let refused = CommandLineRules.unknownCommand(in: arguments)
                ?? CommandLineRules.repeatedOption(in: arguments) {
                throw refused
            }
            command = try await asyncParseAsRoot(arguments)
        } catch {
            exit(reporting: error, subcommand: subcommand)
        }
        do {
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
            // An interruption that began while the command finished (its handler removing what is left) ends the
            // process with 130/143, not this thread with 0.
            while StagedDirectory.isInterrupted { pause() }
        } catch where ExitStatus.isKnown(error) {
            exit(failing: error, subcommand: subcommand)
        } catch {
            // The parser's own (help runs as a command and throws its screen), an exit code, a usage error.
            exit(reporting: error, subcommand: subcommand)
        }
    }

    /// Prints a usage error as the one line it deserves (none for help, `--version` and an exit code) and exits.
    ///
    /// An error of a type ``ExitStatus`` does not list is a failure (status 1) in the parser's wording.
    private static func exit(reporting error: Error, subcommand: String?) -> Never {
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }
        if code == .validationFailure {
            FileHandle.standardError.write(
                Data((CommandLineRules.usageLine(message(for: error), subcommand: subcommand) + "\n").utf8))
        } else {
            let message = message(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data("brewstats: \(printable(message))\n".utf8)) }
        }
        exit(withError: ExitCode(code.rawValue))
    }

    /// Prints a command's failure (of a type ``ExitStatus`` lists) as `brewstats: <line>` (``ErrorMessage``) and exits
    /// with its status; a usage error found while running (status 64) is worded as the parser's are, with the pointer
    /// to
    /// `--help`.
    ///
    /// While an interruption is removing the staging folders, a failure is only its echo (a write into a folder
    /// that was just removed): this thread then waits for the signal handler to exit with 130/143.
    private static func exit(failing error: Error, subcommand: String?) -> Never {
        while StagedDirectory.isInterrupted { pause() }
        let message = ErrorMessage.line(for: error)
        let code = ExitStatus.code(for: error)
        if code == ExitStatus.usage {
            FileHandle.standardError.write(
                Data((CommandLineRules.usageLine(message, subcommand: subcommand) + "\n").utf8))
        } else if !message.isEmpty {
            FileHandle.standardError.write(Data("brewstats: \(printable(message))\n".utf8))
        }
        exit(withError: ExitCode(code))
    }
}
