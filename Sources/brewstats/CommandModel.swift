import ArgumentParser
import Foundation

/// The command tree as swift-argument-parser describes it for tools: the JSON of `_dumpHelp()` (what
/// `--experimental-dump-help` prints), decoded. Every command's name, subcommands and options with all their
/// spellings, whether each takes a value, repeats or is hidden: the parser's model, never its help screen.
///
/// ``CommandLineRules`` reads arguments against it; the grammar test walks it.
struct CommandModel: Decodable, Sendable {
    let commandName: String
    let aliases: [String]?
    let defaultSubcommand: String?
    let shouldDisplay: Bool?
    let subcommands: [CommandModel]?
    let arguments: [Argument]?

    struct Argument: Decodable, Sendable {
        struct Name: Decodable, Sendable {
            let kind: String  // "long", "short", "longWithSingleDash"
            let name: String
            var spelled: String { (kind == "long" ? "--" : "-") + name }
        }

        /// "positional", "option" (takes a value) or "flag".
        let kind: String
        let shouldDisplay: Bool
        let isRepeating: Bool
        let parsingStrategy: String?
        let names: [Name]?
        let preferredName: Name?
        let valueName: String?
        let abstract: String?

        /// Every spelling: `-o`, `--output`.
        var spellings: [String] { (names ?? []).map(\.spelled) }

        /// The spelling messages use: the long one when there is one.
        var preferredSpelling: String {
            spellings.first { $0.hasPrefix("--") } ?? preferredName?.spelled ?? spellings.first ?? ""
        }
    }

    private struct ToolInfo: Decodable { let command: CommandModel }

    /// The whole tree, from the root command.
    static let root: CommandModel = {
        let json = Data(Brewstats._dumpHelp().utf8)
        // The parser's own output: decoding it fails only if the parser changed its format (a test holds it).
        return (try? JSONDecoder().decode(ToolInfo.self, from: json))?.command
            ?? CommandModel(
                commandName: "brewstats", aliases: nil, defaultSubcommand: nil, shouldDisplay: true, subcommands: [],
                arguments: [])
    }()

    /// The options and flags by every spelling.
    var optionsBySpelling: [String: Argument] {
        var table: [String: Argument] = [:]
        for argument in arguments ?? [] where argument.kind != "positional" {
            for spelling in argument.spellings { table[spelling] = argument }
        }
        return table
    }

    /// The subcommand named `word` (by name or alias).
    func subcommand(named word: String) -> CommandModel? {
        subcommands?.first { $0.commandName == word || ($0.aliases ?? []).contains(word) }
    }

    /// The command `arguments` run (following subcommand names from the first word, then the default subcommand) and
    /// the index of its first argument; `names` is the path as typed (`["compare", "shots"]`), empty for the root.
    func path(of arguments: [String]) -> (command: (CommandModel, Int), names: [String]) {
        var command = self, i = 0, names: [String] = []
        while i < arguments.count, let sub = command.subcommand(named: arguments[i]) {
            command = sub
            names.append(arguments[i])
            i += 1
        }
        if let fallback = command.defaultSubcommand, let sub = command.subcommand(named: fallback) { command = sub }
        return ((command, i), names)
    }

    /// Every command of the tree below and including this one, with its path of names.
    func walk(_ path: [String] = []) -> [(path: [String], command: CommandModel)] {
        let here = path + [commandName]
        return [(here, self)] + (subcommands ?? []).flatMap { $0.walk(here) }
    }
}
