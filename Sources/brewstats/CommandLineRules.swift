import BrewStats
import ArgumentParser
import BrewReport
import Foundation

/// How brewstats reads a command line beyond swift-argument-parser's defaults, and how it words a usage error.
///
/// Applied to the raw arguments before the parser sees them:
/// - the first word names a subcommand; an unknown one is an error that suggests the closest name
///   (``NameMatching/suggestion(for:among:)``);
/// - a word that starts with a minus and a digit (`-1`, `-0.5`, `-.5`) is a value, never an option: after an
///   option that takes a value it is joined to it (`--retention -1` → `--retention=-1`), so a negative number
///   reaches the command's own range check instead of failing as a missing value;
/// - every option and flag is given at most once (`--week A --week B` is an error, not "the last wins"), short and
///   long spellings counting as one (`-o a --output b`); options declared as repeating are exempt.
///
/// What takes a value, and which spellings belong together, is read from the parser's own description of the
/// subcommand (its `--experimental-dump-help` JSON), so these rules follow every option a command declares.
enum CommandLineRules {
    /// The subcommands' names and aliases.
    static var subcommandNames: [String] {
        Brewstats.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
    }

    /// The subcommand the arguments run, when the first word names one.
    static func subcommand(of arguments: [String]) -> String? {
        guard let first = arguments.first, subcommandNames.contains(first) else { return nil }
        return first
    }

    /// `arguments` rewritten by the rules above.
    ///
    /// - Throws: `ValidationError` for an unknown subcommand or a repeated option.
    static func normalise(_ arguments: [String]) throws -> [String] {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return arguments }
        guard subcommandNames.contains(first) else {
            let names = Brewstats.configuration.subcommands.map { $0._commandName }
            if let close = NameMatching.suggestion(for: first, among: names) {
                throw ValidationError("unknown command '\(first)'; did you mean '\(close)'?")
            }
            throw ValidationError("unknown command '\(first)': use one of \(names.joined(separator: ", "))")
        }
        guard let options = OptionTable(subcommand: first) else { return arguments }
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

/// The options and flags of one subcommand, by every spelling, as the parser describes them.
private struct OptionTable {
    struct Option {
        /// `--out`, the spelling the parser shows.
        let preferred: String
        /// The long spelling, if there is one.
        let longName: String?
        let takesValue: Bool
        let isRepeating: Bool
    }

    /// Every spelling (`-o`, `--output`) to its option.
    var byName: [String: Option] = [:]

    /// The table of `subcommand`, or `nil` when the parser cannot describe it.
    init?(subcommand: String) {
        do {
            _ = try Brewstats.parseAsRoot([subcommand, "--experimental-dump-help"])
            return nil
        } catch {
            guard let json = Brewstats.message(for: error).data(using: .utf8),
                  let dump = try? JSONDecoder().decode(Dump.self, from: json) else { return nil }
            for argument in dump.command.arguments ?? [] where argument.kind != "positional" {
                let spellings = (argument.names ?? []).map(\.spelling)
                guard let preferred = argument.preferredName?.spelling ?? spellings.first else { continue }
                let option = Option(preferred: preferred, longName: argument.names?.first { $0.kind == "long" }?.spelling,
                                    takesValue: argument.kind == "option", isRepeating: argument.isRepeating ?? false)
                for s in spellings { byName[s] = option }
            }
        }
    }

    /// The parts of ToolInfo's JSON (serialization version 0) read here.
    private struct Dump: Decodable {
        struct Name: Decodable {
            let kind: String
            let name: String
            var spelling: String { kind == "long" ? "--\(name)" : "-\(name)" }
        }
        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
            let preferredName: Name?
            let isRepeating: Bool?
        }
        struct Command: Decodable { let arguments: [Argument]? }
        let command: Command
    }
}
