import Foundation
import Testing

/// `--help` of the command and every subcommand: exit 0, and the examples the docs promise.
@Suite struct HelpTests {
    @Test func binaryIsFound() {
        #expect(CLI.available, "\(CLI.CLIMissing())")
    }

    @Test(.enabled(if: CLI.available)) func topLevelHelpListsSubcommandsAndExamples() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Examples:"))
        let subcommands = r.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        for sub in ["report", "chart", "batch", "inspect", "generate"] {
            #expect(subcommands.contains("  \(sub) "), "top-level help does not list \(sub)")
        }
        #expect(r.stdout.contains("brewstats report "))
        #expect(r.stderr.isEmpty)
    }

    @Test(.enabled(if: CLI.available), arguments: ["report", "chart", "batch", "inspect", "generate"])
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
}
