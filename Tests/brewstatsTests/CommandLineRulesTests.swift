import ArgumentParser
import Foundation
import Testing
@testable import brewstats

/// ``CommandLineRules``: the subcommands come from the command tree, and the options from the parser's own
/// machine-readable description of it (``CommandModel``).
@Suite struct CommandLineRulesTests {
    /// Every subcommand states its name; the names are the ones `--help` lists.
    @Test func everySubcommandHasItsName() throws {
        for command in CommandLineRules.subcommands {
            #expect(command.configuration.commandName != nil, "\(command)")
        }
        #expect(CommandLineRules.subcommandNames.contains("dial-in"))
        #expect(Set(CommandLineRules.subcommandNames).count == CommandLineRules.subcommandNames.count)
    }

    /// The model the rules read is the parser's machine-readable description (`--experimental-dump-help`, run
    /// here as the user would): the same commands, and for each the same spellings of its options.
    @Test(.enabled(if: CLI.available)) func modelIsTheParsersDescription() throws {
        let dump = try CLI.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        func spellings(_ command: [String: Any]) -> Set<String> {
            Set(
                ((command["arguments"] as? [[String: Any]]) ?? []).flatMap { argument in
                    ((argument["names"] as? [[String: Any]]) ?? []).map { n in
                        ((n["kind"] as? String) == "long" ? "--" : "-") + (n["name"] as? String ?? "")
                    }
                })
        }
        func walk(_ command: [String: Any], _ path: [String]) -> [[String]: Set<String>] {
            let here = path + [command["commandName"] as? String ?? ""]
            var all = [here: spellings(command)]
            for sub in (command["subcommands"] as? [[String: Any]]) ?? [] { all.merge(walk(sub, here)) { a, _ in a } }
            return all
        }
        let expected = walk(try #require(root["command"] as? [String: Any]), [])
        let model = Dictionary(
            uniqueKeysWithValues: CommandModel.root.walk().map { ($0.path, Set($0.command.optionsBySpelling.keys)) })
        #expect(model.count == expected.count && model.count > 10)
        for (path, names) in expected { #expect(model[path] == names, "\(path)") }
    }

    @Test func repeatedOptionsAreRefused() throws {
        func refused(_ args: [String]) -> String? { CommandLineRules.repeatedOption(in: args)?.message }
        #expect(
            refused(["chart", "grind-rating", "j", "-o", "a.png", "--output", "b.png"])
                == "--output is given twice ('a.png', then 'b.png'); give it once")
        #expect(refused(["inspect", "j", "--json", "--json"]) == "--json is given twice; give it once")
        #expect(
            refused(["report", "j", "--week=2026-W47", "--week", "2026-W46"])?.hasPrefix("--week is given twice")
                == true)
        // A numeric option reads the word after it whatever it is: -1 is its value, not an option given again.
        #expect(refused(["report", "j", "--retention", "-1", "--out", "x"]) == nil)
        // After `--` every word is an argument.
        #expect(refused(["report", "--out", "x", "--", "--out"]) == nil)
        #expect(
            refused(["compare", "shots", "a", "b", "--out", "x", "--out", "y"])?.hasPrefix("--out is given twice")
                == true)
        #expect(CommandLineRules.subcommand(of: ["compare", "brews", "j"]) == "compare brews")
        #expect(CommandLineRules.subcommand(of: ["reprot"]) == nil)
    }

    @Test func unknownCommandSuggestsTheClosest() throws {
        let close = try #require(CommandLineRules.unknownCommand(in: ["reprot", "j"]))
        #expect(close.message == "unknown command 'reprot'; did you mean 'report'?")
        let far = try #require(CommandLineRules.unknownCommand(in: ["frobnicate"]))
        #expect(
            far.message
                == "unknown command 'frobnicate': use one of report, review, chart, dial-in, backtest, batch, inspect, export, generate, compare, mcp"
        )
        #expect(CommandLineRules.unknownCommand(in: ["report"]) == nil)
        #expect(CommandLineRules.unknownCommand(in: ["help", "x"]) == nil)
        #expect(CommandLineRules.unknownCommand(in: ["--version"]) == nil)
    }
}
