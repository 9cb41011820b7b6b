import ArgumentParser
import BrewReport
import BrewNames
import BrewStats
import Foundation

/// How brewstats reads a command line beyond swift-argument-parser's defaults, and how it words a usage error.
///
/// Every rule the parser has a hook for lives in the parser's model: a value is read once into its type by the
/// option's `transform` (``WordedArgument``), so `--theme purple` or `chart no-such-kind` is refused in the tool's
/// words; a numeric option reads the word after it whatever it is (`parsing: .unconditional`), so `--retention -1`
/// reaches its range check; old spellings are hidden options that work with a note (``Deprecation``); range and
/// combination checks are each command's `validate()`.
///
/// Two rules have no hook. They read the arguments (never rewriting them) against the parser's own machine-readable
/// description of the command tree (``CommandModel``), before the parser runs:
/// - the first word names a subcommand; an unknown one is an error that suggests the closest name
///   (``unknownCommand(in:)``). The parser calls it an "unexpected argument" with no suggestion;
/// - every option and flag is given at most once (`--week A --week B` is an error, not "the last wins"), short and
///   long spellings counting as one (`-o a --output b`); options declared as repeating are exempt
///   (``repeatedOption(in:)``). The parser keeps one value and no count of how often it was given.
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

    /// The command the arguments run, as `--help` names it (`report`, `compare shots`), when the first word names one.
    static func subcommand(of arguments: [String]) -> String? {
        let path = CommandModel.root.path(of: arguments).names
        return path.isEmpty ? nil : path.joined(separator: " ")
    }

    /// The usage error for a first word that names no subcommand (`nil` when it names one, is an option or `help`):
    /// `unknown command 'reprot'; did you mean 'report'?`, or the list of commands when none is close.
    static func unknownCommand(in arguments: [String]) -> ValidationError? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", !subcommandNames.contains(first)
        else { return nil }
        let names = subcommands.map(name(of:))
        if let close = NameMatching.suggestion(for: first, among: names) {
            return ValidationError("unknown command '\(first)'; did you mean '\(close)'?")
        }
        return ValidationError("unknown command '\(first)': use one of \(names.joined(separator: ", "))")
    }

    /// The usage error for an option or flag given twice (`--week is given twice ('2026-W47', then '2026-W46');
    /// give it once`), or `nil`. Words after `--` are arguments; a spelling the command does not have is left to the
    /// parser, which names it.
    static func repeatedOption(in arguments: [String]) -> ValidationError? {
        let (command, start) = CommandModel.root.path(of: arguments).command
        let options = command.optionsBySpelling
        var seen: [String: String?] = [:]  // preferred spelling → the value it was first given (nil for a flag)
        var i = start
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if word == "--" { break }
            guard word.hasPrefix("-"), word.count > 1 else { continue }
            let spelling = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            guard let option = options[spelling] else { continue }
            var value: String?
            if option.kind == "option" {
                if spelling.count < word.count {
                    value = String(word.dropFirst(spelling.count + 1))
                } else if i < arguments.count, option.parsingStrategy == "unconditional" || !arguments[i].hasPrefix("-")
                {
                    value = arguments[i]
                    i += 1
                }
            }
            guard !option.isRepeating, !["--help", "--version", "-h"].contains(spelling) else { continue }
            let preferred = option.preferredSpelling
            if let earlier = seen[preferred] {
                var both = ""
                if let a = earlier, let b = value { both = " ('\(a)', then '\(b)')" }
                return ValidationError("\(preferred) is given twice\(both); give it once")
            }
            seen[preferred] = .some(value)
        }
        return nil
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
