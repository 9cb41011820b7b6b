import ArgumentParser
import Foundation
import Testing
@testable import brewstats

/// ``CommandLineRules``: the subcommands come from the command tree, and the option table read from the help screen
/// is the parser's own description of each command.
@Suite struct CommandLineRulesTests {
    /// Every subcommand states its name; the names are the ones `--help` lists.
    @Test func everySubcommandHasItsName() throws {
        for command in CommandLineRules.subcommands {
            #expect(command.configuration.commandName != nil, "\(command)")
        }
        #expect(CommandLineRules.subcommandNames.contains("dial-in"))
        #expect(Set(CommandLineRules.subcommandNames).count == CommandLineRules.subcommandNames.count)
    }

    /// The spellings, values and repeats read from each help screen match the parser's machine-readable description
    /// of the command (`--experimental-dump-help`, read here only to check the table against it).
    @Test(.enabled(if: CLI.available), arguments: CommandLineRules.subcommands.map(CommandLineRules.name(of:)))
    func optionTableMatchesTheParser(_ name: String) throws {
        let command = try #require(CommandLineRules.subcommands.first { CommandLineRules.name(of: $0) == name })
        let dump = try CLI.run([name, "--experimental-dump-help"])
        #expect(dump.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let arguments = ((root["command"] as? [String: Any])?["arguments"] as? [[String: Any]]) ?? []
        var expected: [String: OptionTable.Option] = [:]
        for argument in arguments where (argument["kind"] as? String) != "positional" {
            let names = (argument["names"] as? [[String: Any]] ?? []).map { n in
                ((n["kind"] as? String) == "long" ? "--" : "-") + (n["name"] as? String ?? "")
            }
            guard let preferred = names.first(where: { $0.hasPrefix("--") }) ?? names.first else { continue }
            let option = OptionTable.Option(preferred: preferred, takesValue: (argument["kind"] as? String) == "option",
                                            isRepeating: argument["isRepeating"] as? Bool ?? false)
            for n in names { expected[n] = option }
        }
        #expect(!expected.isEmpty)
        #expect(OptionTable(command).byName == expected)
    }

    @Test func negativeNumbersAreRecognised() {
        for word in ["-1", "-0.5", "-.5", "-1/8", "-12"] { #expect(CommandLineRules.isNegativeNumber(word), "\(word)") }
        for word in ["-o", "--out", "-", "-.", "-x1", "1"] { #expect(!CommandLineRules.isNegativeNumber(word), "\(word)") }
    }

    @Test func repeatedOptionsAreRefusedBeforeParsing() throws {
        #expect(throws: ValidationError.self) { try CommandLineRules.normalise(["chart", "grind-rating", "j", "-o", "a.png", "--output", "b.png"]) }
        #expect(throws: ValidationError.self) { try CommandLineRules.normalise(["inspect", "j", "--json", "--json"]) }
        // A negative number after an option is its value, joined to it.
        #expect(try CommandLineRules.normalise(["report", "j", "--retention", "-1", "--out", "x"]) == ["report", "j", "--retention=-1", "--out", "x"])
        #expect(try CommandLineRules.normalise(["chart", "k", "j", "-o", "x.png", "--scale", "-.5"]) == ["chart", "k", "j", "-o", "x.png", "--scale=-.5"])
        // After `--` every word is an argument.
        #expect(try CommandLineRules.normalise(["report", "--out", "x", "--", "--out"]) == ["report", "--out", "x", "--", "--out"])
        #expect(throws: ValidationError.self) { try CommandLineRules.normalise(["reprot", "--help"]) }
    }

    @Test func unknownCommandSuggestsTheClosest() throws {
        let close = try #require(CommandLineRules.unknownCommand(in: ["reprot", "j"]))
        #expect(close.message == "unknown command 'reprot'; did you mean 'report'?")
        let far = try #require(CommandLineRules.unknownCommand(in: ["frobnicate"]))
        #expect(far.message == "unknown command 'frobnicate': use one of report, review, chart, dial-in, batch, inspect, export, generate, compare")
        #expect(CommandLineRules.unknownCommand(in: ["report"]) == nil)
        #expect(CommandLineRules.unknownCommand(in: ["help", "x"]) == nil)
        #expect(CommandLineRules.unknownCommand(in: ["--version"]) == nil)
    }
}
