import ArgumentParser
import BrewReport
import BrewStats
import Foundation

/// How brewstats reads a command line beyond swift-argument-parser's defaults, and how it words a usage error.
///
/// Where the parser has a hook, the rule lives there: a value that names nothing (`--theme purple`,
/// `chart no-such-kind`) is refused by its argument type (``WordedArgument``, ``ArgumentValueError``); range and
/// combination checks are each command's `validate()`.
///
/// Three rules have no hook, so the arguments are read before the parser sees them (``normalise(_:)``), each
/// derived from the parser's public description of the subcommand (``OptionTable``, read from its help screen):
/// - the first word names a subcommand; an unknown one is an error that suggests the closest name
///   (``unknownCommand(in:)``). The parser calls an unknown first word an "unexpected argument" with no
///   suggestion, and answers `brewstats reprot --help` with the top-level help instead of an error;
/// - a word that starts with a minus and a digit (`-1`, `-0.5`, `-.5`) after an option that takes a value is that
///   value: it is joined to it (`--retention -1` → `--retention=-1`), so a negative number reaches the command's
///   range check. The parser reads `-1` as an option; its `.unconditional` parsing would take the next word
///   whatever it is, so `--retention --tz UTC` would no longer be "missing value for '--retention'";
/// - every option and flag is given at most once (`--week A --week B` is an error, not "the last wins"), short and
///   long spellings counting as one (`-o a --output b`); options declared as repeating are exempt. The parser
///   keeps one value per option and no count of how often it was given, so a repeat cannot be seen after parsing.
enum CommandLineRules {
    /// The subcommands, in the order `--help` lists them.
    static var subcommands: [any ParsableCommand.Type] { Brewstats.configuration.subcommands }

    /// The name a subcommand is run by: every subcommand states its `commandName`.
    static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? String(describing: command).lowercased()
    }

    /// The subcommands' names and aliases.
    static var subcommandNames: [String] {
        subcommands.flatMap { [name(of: $0)] + $0.configuration.aliases }
    }

    /// The subcommand the arguments run, when the first word names one.
    static func subcommand(of arguments: [String]) -> String? {
        guard let first = arguments.first, subcommandNames.contains(first) else { return nil }
        return first
    }

    /// The usage error for a first word that names no subcommand (`nil` when it names one, is an option or `help`):
    /// `unknown command 'reprot'; did you mean 'report'?`, or the list of commands when none is close.
    static func unknownCommand(in arguments: [String]) -> ValidationError? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", !subcommandNames.contains(first) else { return nil }
        let names = subcommands.map(name(of:))
        if let close = NameMatching.suggestion(for: first, among: names) {
            return ValidationError("unknown command '\(first)'; did you mean '\(close)'?")
        }
        return ValidationError("unknown command '\(first)': use one of \(names.joined(separator: ", "))")
    }

    /// `arguments` with the rules above applied: a negative number joined to its option.
    ///
    /// - Throws: `ValidationError` for an unknown subcommand, or an option given twice (naming both values when it
    ///   takes one).
    static func normalise(_ arguments: [String]) throws -> [String] {
        if let unknown = unknownCommand(in: arguments) { throw unknown }
        guard let first = arguments.first,
              let command = subcommands.first(where: { ([name(of: $0)] + $0.configuration.aliases).contains(first) })
        else { return arguments }
        let options = OptionTable(command)
        var out = [first]
        var seen: [String: Given] = [:]  // preferred spelling → how it was given first
        var i = 1
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if word == "--" { out.append(contentsOf: arguments[(i - 1)...]); break }
            guard word.hasPrefix("-"), !isNegativeNumber(word) else { out.append(word); continue }
            let spelling = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            guard let option = options.byName[spelling] else { out.append(word); continue }
            var value: String?
            if option.takesValue {
                if spelling.count < word.count {
                    value = String(word.dropFirst(spelling.count + 1))
                    out.append(word)
                } else if i < arguments.count, !arguments[i].hasPrefix("-") || isNegativeNumber(arguments[i]) {
                    value = arguments[i]
                    out.append(isNegativeNumber(arguments[i]) ? "\(option.longName ?? spelling)=\(arguments[i])" : word)
                    if !isNegativeNumber(arguments[i]) { out.append(arguments[i]) }
                    i += 1
                } else {
                    out.append(word)  // no value: the parser says so
                }
            } else {
                out.append(word)
            }
            guard !option.isRepeating, !["--help", "--version"].contains(option.preferred) else { continue }
            if let earlier = seen[option.preferred] {
                var both = ""
                if let a = earlier.value, let b = value { both = " ('\(a)', then '\(b)')" }
                throw ValidationError("\(option.preferred) is given twice\(both); give it once")
            }
            seen[option.preferred] = Given(value: value)
        }
        return out
    }

    /// How an option was given: its value, `nil` for a flag (or an option whose value is missing).
    private struct Given { let value: String? }

    /// Whether `word` is a negative number (or a value such as `-1/8` that starts like one): a minus, then a digit,
    /// or a point and a digit. No option's name starts that way.
    static func isNegativeNumber(_ word: String) -> Bool {
        let c = Array(word.prefix(3))
        guard c.count >= 2, c[0] == "-" else { return false }
        return c[1].isASCII && c[1].isNumber || (c[1] == "." && c.count == 3 && c[2].isASCII && c[2].isNumber)
    }

    /// One line for a usage error: `brewstats: <message> (see brewstats <subcommand> --help)`.
    ///
    /// The parser's message is reworded to read like the tool's own ("Missing value for …" → "missing value for …",
    /// "… . Did you mean …?" → "…; did you mean …?"), and its line breaks are joined.
    static func usageLine(_ message: String, subcommand: String?) -> String {
        var text = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        text = text.replacingOccurrences(of: ". Did you mean ", with: "; did you mean ")
            .replacingOccurrences(of: ". Please provide one of ", with: "; use one of ")
        let head = Array(text.prefix(2))
        if head.count == 2, head[0].isUppercase, head[1].isLowercase { text = head[0].lowercased() + text.dropFirst() }
        while text.hasSuffix(".") { text.removeLast() }
        if text.isEmpty { text = "incomplete command" }
        return "brewstats: \(printable(text)) (see brewstats\(subcommand.map { " " + $0 } ?? "") --help)"
    }
}

/// The options and flags of one subcommand, by every spelling, read from the parser's help screen for it.
///
/// The help screen is the parser's public description of a command: each option's entry begins with its
/// spellings (`-o, --output`, `--resume/--no-resume`), then `<value>` when it takes one, then `...` when it may
/// repeat. The screen is rendered with hidden options and without wrapping, one entry head per line.
struct OptionTable {
    struct Option: Equatable {
        /// `--out`, the spelling the parser shows in its messages: the long one when there is one.
        let preferred: String
        /// The long spelling, if there is one.
        var longName: String? { preferred.hasPrefix("--") ? preferred : nil }
        let takesValue: Bool
        let isRepeating: Bool
    }

    /// Every spelling (`-o`, `--output`) to its option.
    var byName: [String: Option] = [:]

    init(_ command: any ParsableCommand.Type) {
        let help = Brewstats.helpMessage(for: command, includeHidden: true, columns: 100_000)
        // Entries follow the usage line; the overview and discussion before it are free text.
        guard let usage = help.range(of: "USAGE:") else { return }
        for line in help[usage.upperBound...].split(separator: "\n") where line.hasPrefix("  -") {
            let entry = line.dropFirst(2)
            let head = entry.range(of: "  ").map { entry[..<$0.lowerBound] } ?? entry
            let words = head.split(separator: " ")
            var spellings: [String] = []
            var takesValue = false, isRepeating = false
            for word in words {
                if word.hasPrefix("<") { takesValue = true } else if word == "..." { isRepeating = true } else if word.hasPrefix("-") {
                    spellings += word.split(separator: ",").flatMap { $0.split(separator: "/") }.map(String.init)
                }
            }
            guard let preferred = spellings.first(where: { $0.hasPrefix("--") }) ?? spellings.first else { continue }
            let option = Option(preferred: preferred, takesValue: takesValue, isRepeating: isRepeating)
            for s in spellings { byName[s] = option }
        }
    }
}
