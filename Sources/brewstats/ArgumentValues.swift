import ArgumentParser
import BrewCharts
import BrewImport
import BrewReport
import BrewShots
import BrewNames
import BrewStats

/// A command-line value that names nothing brewstats knows, worded as the tool words it:
/// `unknown theme 'purple': use mono, dark or colour`.
///
/// The argument types below throw it from their `transform`; the parser words its usage error around it ("the value
/// 'purple' is invalid for '--theme <theme>': unknown theme 'purple': …"), naming the option and the value.
struct ArgumentValueError: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A command-line value type whose bad values are worded by brewstats (``ArgumentValueError``), not the parser.
///
/// Options and arguments of such a type are declared with `transform: T.parse`: the parser then keeps the error,
/// where `init?(argument:)` (what `ExpressibleByArgument` asks for, and what completion scripts and tests use)
/// could only say "invalid".
protocol WordedArgument: ExpressibleByArgument {
    /// `text` read as a value of this type.
    ///
    /// - Throws: ``ArgumentValueError`` saying what `text` should have been.
    static func parse(_ text: String) throws(ArgumentValueError) -> Self
}

extension WordedArgument {
    init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

extension ArgumentHelp {
    /// The help of an option of a ``WordedArgument`` type with a default: the parser shows no default for an option
    /// read by a `transform`, so it is stated here as the parser states one (`… (default: mono)`).
    static func worded(
        _ abstract: String, default value: some CustomStringConvertible, valueName: String
    ) -> ArgumentHelp {
        ArgumentHelp("\(abstract) (default: \(value))", valueName: valueName)
    }
}

/// `chart`'s first argument: a chart of the report (``ChartKind``), or one of the two shot charts.
enum ChartChoice: WordedArgument, Equatable, CaseIterable, CustomStringConvertible {
    /// A chart the weekly report draws.
    case report(ChartKind)
    /// One profile × bean's shots, aligned at first drops.
    case shotOverlay
    /// One shot in full: every series, phases, first drops.
    case shotView

    static var allCases: [ChartChoice] { ChartKind.allCases.map(ChartChoice.report) + [.shotOverlay, .shotView] }

    /// The name the command line gives it: `grind-rating`, `shot-overlay`.
    var description: String {
        switch self {
        case let .report(kind): kind.rawValue
        case .shotOverlay: "shot-overlay"
        case .shotView: "shot-view"
        }
    }

    /// The report chart, `nil` for a shot chart.
    var reportKind: ChartKind? {
        if case let .report(kind) = self { return kind }
        return nil
    }

    /// The chart named exactly `text`.
    ///
    /// - Throws: `unknown chart 'x'; did you mean 'y'?` for a near miss, else `unknown chart 'x': use one of …`.
    static func parse(_ text: String) throws(ArgumentValueError) -> ChartChoice {
        if let choice = allCases.first(where: { $0.description == text }) { return choice }
        let names = allCases.map(\.description)
        if let close = NameMatching.suggestion(for: text, among: names) {
            throw ArgumentValueError("unknown chart '\(text)'; did you mean '\(close)'?")
        }
        throw ArgumentValueError("unknown chart '\(text)': use one of \(names.joined(separator: ", "))")
    }
}

/// `--theme`: a chart theme by name, as ``ReportOptions/theme(_:)`` reads it (`mono` or `monochrome`, `dark`,
/// `colour` or `color`, any case).
enum ThemeName: String, WordedArgument, CaseIterable, CustomStringConvertible {
    case mono, dark, colour

    /// The theme drawn.
    var theme: Theme {
        switch self {
        case .mono: .monochrome
        case .dark: .dark
        case .colour: .colour
        }
    }

    var description: String { rawValue }

    // Stated here: a raw-value enum has the parser's own `init?(argument:)` too, which would read only `mono`.
    init?(argument: String) {
        guard let name = try? Self.parse(argument) else { return nil }
        self = name
    }

    /// - Throws: `unknown theme 'x': use mono, dark or colour`.
    static func parse(_ text: String) throws(ArgumentValueError) -> ThemeName {
        let theme: Theme
        do { theme = try ReportOptions.theme(text) } catch { throw ArgumentValueError("\(error)") }
        guard let name = allCases.first(where: { $0.theme == theme }) else {
            throw ArgumentValueError("unknown theme '\(text)'")
        }
        return name
    }
}

/// `--formats`: the chart formats a report writes, a comma-separated list of `png`, `svg` and `pdf` (any case,
/// repeats counted once, in the order given), as ``ReportOptions/formats(_:)`` reads it.
struct ChartFormatList: WordedArgument, Equatable, CustomStringConvertible {
    /// The formats, each once.
    let formats: [ChartImageFormat]

    /// The list as the command line writes it: `png,svg`.
    var description: String { formats.map(\.fileExtension).joined(separator: ",") }

    /// - Throws: `unknown chart format 'gif': use png, svg or pdf`, or `--formats needs at least one of png, svg, pdf`.
    static func parse(_ text: String) throws(ArgumentValueError) -> ChartFormatList {
        do { return ChartFormatList(formats: try ReportOptions.formats(text)) } catch {
            throw ArgumentValueError(ErrorMessage.line(for: error))
        }
    }

    /// The report's default formats (``ReportOptions/formats``).
    static let standard = ChartFormatList(formats: ReportOptions().formats)
}

/// `--format` of the commands that read a journal: the format to read it as (``JournalFormat/init(cliName:)``).
extension JournalFormat: WordedArgument {
    // Stated here: a raw-value enum has the parser's own `init?(argument:)` too, which would read raw values only.
    public init?(argument: String) {
        guard let format = try? Self.parse(argument) else { return nil }
        self = format
    }

    /// - Throws: `unknown format 'x' (use sqlite, csv, json, brewspec, beanconqueror or shots)`.
    static func parse(_ text: String) throws(ArgumentValueError) -> JournalFormat {
        guard let format = JournalFormats.named(text) else {
            throw ArgumentValueError("unknown format '\(text)' (use \(JournalFormats.spelledOut))")
        }
        return format
    }
}
