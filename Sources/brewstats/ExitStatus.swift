import ArgumentParser
import BrewAdvice
import BrewBacktest
import BrewCairo
import BrewCharts
import BrewExport
import BrewFiles
import BrewImport
import BrewMCP
import BrewNames
import BrewPages
import BrewReport
import BrewStats
import BrewSynth

/// The exit status of a command that failed, chosen here and nowhere else: one table of every error type.
///
/// Commands throw; ``Brewstats/main()`` prints the error as one line (`brewstats: <description>`) and exits with
/// ``code(for:)``. The statuses are the README's:
/// - 1 (``failure``): the question has no answer or the output cannot be written: no brews in the week, a filter
///   that matches nothing, a folder not ours to replace, a full disk;
/// - 2 (``unreadable``): the journal, or a file it needs (a column mapping, an aliases file, a grinder
///   catalogue), cannot be read;
/// - 3 and 4 (``someFailed``, ``allFailed``): `batch`, when some or all of its journals failed (thrown as an exit
///   code, the failures listed in batch.csv);
/// - 64 (``usage``): a usage error; the parser's own are worded by ``CommandLineRules/usageLine(_:subcommand:)``.
enum ExitStatus {
    static let failure: Int32 = 1
    static let unreadable: Int32 = 2
    static let someFailed: Int32 = 3
    static let allFailed: Int32 = 4
    static let usage: Int32 = 64

    /// The table: each module's error type to its status, `nil` for a type it does not list (the parser's own errors
    /// and exit codes, worded by the parser).
    static func listed(_ error: any Error) -> Int32? {
        switch error {
        case let failure as CommandFailure:
            switch failure {
            case .unreadable: unreadable
            case .failed: self.failure
            case .misuse: usage
            }
        case is ImportError, is NamesError: unreadable
        case let advice as AdviceError:
            if case .invalidGrinders = advice { unreadable } else { failure }
        case let backtest as BacktestError:
            if case .advice(let advice) = backtest { listed(advice) } else { failure }
        case is ReportError, is ExportError, is SynthError, is StatsError, is ChartError, is CairoError, is PageError,
             is FileError, is MCPToolError:
            failure
        default: nil
        }
    }

    /// The status of `error`: the table's; an error of a type not listed is a failure (1).
    static func code(for error: any Error) -> Int32 { listed(error) ?? failure }

    /// Whether `error` is of a type the table lists: its description is then the line shown.
    static func isKnown(_ error: any Error) -> Bool { listed(error) != nil }
}

/// A failure the command line itself finds, beyond the libraries' error types: its message is the line shown.
enum CommandFailure: Error, CustomStringConvertible, Equatable {
    /// A file the command needs cannot be read (e.g. a `--grinders` file): exit status 2.
    case unreadable(String)
    /// The journal holds nothing the command can use, or an output cannot be written: exit status 1.
    case failed(String)
    /// Options that cannot go together, found only once the journals are counted (`--list-matches` with one
    /// journal): exit status 64, said in one line without the usage hint.
    case misuse(String)

    var description: String {
        switch self {
        case let .unreadable(message), let .failed(message), let .misuse(message): message
        }
    }
}
