import Foundation
import Testing
@testable import brewstats

/// `--help` of the command and every subcommand: exit 0, and the examples the docs promise.
@Suite struct HelpTests {
    /// Every subcommand's name, from the command tree (``Brewstats``'s configuration).
    static let subcommands = CommandLineRules.subcommands.map(CommandLineRules.name(of:))

    @Test func binaryIsFound() {
        #expect(CLI.available, "\(CLI.CLIMissing())")
    }

    @Test(.enabled(if: CLI.available)) func topLevelHelpListsSubcommandsAndExamples() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Examples:"))
        let subcommands = r.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        #expect(Self.subcommands.count == 11 && Self.subcommands.contains("backtest") && Self.subcommands.contains("dial-in") && Self.subcommands.contains("mcp"), "\(Self.subcommands)")
        for sub in Self.subcommands {
            #expect(subcommands.contains("  \(sub) "), "top-level help does not list \(sub)")
        }
        #expect(r.stdout.contains("brewstats report "))
        #expect(r.stderr.isEmpty)
    }

    @Test(.enabled(if: CLI.available), arguments: HelpTests.subcommands)
    func subcommandHelpHasExamples(_ sub: String) throws {
        let r = try CLI.run([sub, "--help"])
        #expect(r.status == 0)
        let examples = r.stdout.components(separatedBy: "Examples:")
        #expect(examples.count == 2, "\(sub) --help has no Examples section")
        // Every example line runs this very subcommand.
        let lines = (examples.last ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("brewstats ") }
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.hasPrefix("brewstats \(sub) "), "\(line)") }
        #expect(r.stdout.contains("USAGE: brewstats \(sub)"))
    }

    @Test(.enabled(if: CLI.available)) func unknownSubcommandIsAUsageError() throws {
        let r = try CLI.run(["frobnicate"])
        #expect(r.status == 64)
        #expect(!r.stderr.isEmpty)
    }

    /// Help text reads like a finished tool: no doubled defaults, required arguments shown as required, shared
    /// flags worded for every command that has them.
    @Test(.enabled(if: CLI.available)) func helpTextIsPolished() throws {
        var all = ""
        for sub in [""] + Self.subcommands {
            let help = try CLI.run(sub.isEmpty ? ["--help"] : [sub, "--help"]).stdout
            all += help
            // A default is stated once: either in the text or by the parser, never both.
            for line in Self.optionEntries(help) {
                let defaults = line.components(separatedBy: "default").count - 1
                #expect(defaults <= 1, "\(sub): \(line)")
            }
            // Examples fit 80 columns: none wraps mid-command onto an unindented line.
            let examples = help.components(separatedBy: "Examples:").last?.components(separatedBy: "USAGE:").first ?? ""
            let wrapped = examples.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .filter { !$0.hasPrefix("  brewstats \(sub)") }
            #expect(wrapped.isEmpty, "\(sub): an example wraps: \(wrapped)")
        }
        let batch = try CLI.run(["batch", "--help"]).stdout
        #expect(batch.contains(" <input> ... --out <dir>"), "\(batch)")
        #expect(!batch.contains("[<input> ...]"))
        #expect(batch.contains("start with a dot"), "batch --help does not say dot folders are skipped")
        let inspect = try CLI.run(["inspect", "--help"]).stdout
        let tz = Self.optionEntries(inspect).first { $0.contains("--tz") } ?? ""
        #expect(!tz.isEmpty && !tz.contains("report"), "\(tz)")
        // Without inputs, batch is a usage error (and --merge needs the shard folders).
        #expect(try CLI.run(["batch", "--out", "x"]).status == 64)
        #expect(try CLI.run(["batch", "--merge", "--out", "x"]).status == 64)
    }

    /// The OPTIONS entries of a help text, each with its wrapped continuation lines joined.
    static func optionEntries(_ help: String) -> [String] {
        guard let options = help.components(separatedBy: "OPTIONS:").last else { return [] }
        var entries: [String] = []
        for line in options.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("-") { entries.append(trimmed) } else if !entries.isEmpty { entries[entries.count - 1] += " " + trimmed }
        }
        return entries
    }
}
