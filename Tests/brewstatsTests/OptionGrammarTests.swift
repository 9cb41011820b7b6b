import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import brewstats

/// Every command holds to one grammar of options (README, "How the command line is read"), checked by walking the parser's model of the
/// command tree (``CommandModel``): a command that writes a folder takes `--out DIR`, one that writes one file
/// `-o/--output FILE` (the other spelling hidden and refused with a hint); `--format` is always the input's format,
/// `--formats` always the outputs'; a numeric option reads a negative number as its value. A command added to the
/// tree without a place in the table below fails the test.
@Suite struct OptionGrammarTests {
    enum Writes { case folder, file, fileOrFolder, nothing }

    /// What each command writes: its main output.
    static let writes: [String: Writes] = [
        "report": .folder, "review": .folder, "batch": .folder, "compare shots": .folder, "compare brews": .folder,
        "compare as-before": .folder, "chart": .file, "dial-in": .file, "backtest": .folder, "export": .fileOrFolder,
        "generate": .fileOrFolder,
        "inspect": .nothing, "mcp": .nothing,
    ]

    /// The commands that run (no subcommands of their own), by their path below `brewstats`.
    static var commands: [(name: String, model: CommandModel)] {
        CommandModel.root.walk().filter { ($0.command.subcommands ?? []).isEmpty && $0.command.commandName != "help" }
            .map { ($0.path.dropFirst().joined(separator: " "), $0.command) }
    }

    static func visible(_ model: CommandModel) -> [String: CommandModel.Argument] {
        model.optionsBySpelling.filter(\.value.shouldDisplay)
    }

    @Test func everyCommandHasItsPlace() {
        #expect(Set(Self.commands.map(\.name)) == Set(Self.writes.keys))
    }

    @Test(arguments: OptionGrammarTests.writes.keys.sorted())
    func outputsAreSpelledByWhatTheyWrite(_ name: String) throws {
        let model = try #require(Self.commands.first { $0.name == name }?.model)
        let all = model.optionsBySpelling, shown = Self.visible(model)
        let folder = shown["--out"] != nil, file = shown["-o"] != nil && shown["--output"] != nil
        switch Self.writes[name]! {
        case .folder:
            #expect(folder && shown["-o"] == nil && shown["--output"] == nil, "\(name)")
            // The other spelling is there, hidden, to be refused with a hint.
            #expect(all["-o"] != nil && all["--output"] != nil, "\(name)")
        case .file:
            #expect(file && shown["--out"] == nil && all["--out"] != nil, "\(name)")
        case .fileOrFolder:
            #expect(file && folder, "\(name)")
            #expect(
                shown["-o"]?.preferredSpelling == "--output" && shown["--out"]?.preferredSpelling == "--out", "\(name)")
        case .nothing:
            #expect(all["-o"] == nil && all["--out"] == nil && all["--output"] == nil, "\(name)")
        }
        // An option's value is a folder when it is --out, a file when it is -o/--output.
        if let out = shown["--out"] { #expect(out.valueName == "dir", "\(name): --out <\(out.valueName ?? "")>") }
        if let output = shown["--output"] {
            #expect(output.valueName == "file", "\(name): --output <\(output.valueName ?? "")>")
        }
    }

    @Test(arguments: OptionGrammarTests.writes.keys.sorted())
    func formatIsTheInputsAndFormatsTheOutputs(_ name: String) throws {
        let model = try #require(Self.commands.first { $0.name == name }?.model)
        let shown = Self.visible(model)
        if let format = shown["--format"] {
            #expect(format.abstract?.hasPrefix("Read as this format") == true, "\(name): \(format.abstract ?? "")")
        }
        if let formats = shown["--formats"] { #expect(formats.valueName == "list", "\(name)") }
        // The one format export and generate write is --to <format>; elsewhere --to is the last day of --from/--to.
        if let to = shown["--to"] {
            #expect(to.valueName == (["export", "generate"].contains(name) ? "format" : "YYYY-MM-DD"), "\(name)")
        }
    }

    /// `--to` means one thing in a command, hidden spellings included: the format export and generate write, or the
    /// last day of `--from`/`--to` (with `--from` beside it); never both.
    @Test(arguments: OptionGrammarTests.writes.keys.sorted())
    func toMeansOneThingInACommand(_ name: String) throws {
        let model = try #require(Self.commands.first { $0.name == name }?.model)
        let spelled = (model.arguments ?? []).filter { $0.spellings.contains("--to") }
        #expect(spelled.count <= 1, "\(name)")
        guard let to = spelled.first else { return }
        let all = model.optionsBySpelling
        if to.valueName == "format" {
            #expect(all["--from"] == nil && all["--since"] == nil && all["--until"] == nil, "\(name)")
        } else {
            #expect(to.valueName == "YYYY-MM-DD" && all["--from"]?.valueName == "YYYY-MM-DD", "\(name)")
        }
    }

    /// A numeric option reads the word after it whatever it is, so `--retention -1` reaches the range check.
    @Test(arguments: OptionGrammarTests.writes.keys.sorted())
    func numbersMayBeNegative(_ name: String) throws {
        let model = try #require(Self.commands.first { $0.name == name }?.model)
        for (spelling, option) in model.optionsBySpelling
        where ["n", "g/g", "seconds", "grams", "year"].contains(option.valueName ?? "") {
            #expect(option.parsingStrategy == "unconditional", "\(name) \(spelling)")
        }
    }

    /// End to end: the other spelling of the output is refused with the right one; the old `generate --format`
    /// and `export --out FILE` still work with a one-line note.
    @Test(.enabled(if: CLI.available)) func theOtherSpellingIsRefusedWithAHint() throws {
        let scratch = try Repo.scratch("grammar-cli")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let journal = Repo.sample("journal.csv").path
        let report = try CLI.run(["report", journal, "-o", scratch.appendingPathComponent("r").path])
        UsageErrorTests.expectUsageLine(
            report, sub: "report", contains: ["this command writes a folder: give it with --out DIR"])
        let chart = try CLI.run([
            "chart", "grind-rating", journal, "--out", scratch.appendingPathComponent("c.svg").path,
        ])
        UsageErrorTests.expectUsageLine(
            chart, sub: "chart", contains: ["this command writes one file: give it with -o/--output FILE"])
        let brews = try CLI.run(["compare", "brews", journal, "--output", "x"])
        UsageErrorTests.expectUsageLine(brews, sub: "compare brews", contains: ["give it with --out DIR"])
        #expect(relativeFiles(in: scratch).isEmpty)

        let old = scratch.appendingPathComponent("old.csv"), new = scratch.appendingPathComponent("new.csv")
        let g = try CLI.run(["generate", "--brews", "12", "--format", "csv", "-o", old.path])
        #expect(g.status == 0)
        #expect(
            g.stderr
                == "brewstats: note: --format of generate is now --to; the old spelling goes in the next release\n",
            "\(g.stderr)")
        let n = try CLI.run(["generate", "--brews", "12", "--to", "csv", "-o", new.path])
        #expect(n.status == 0 && n.stderr.isEmpty, "\(n.stderr)")
        #expect(try Data(contentsOf: old) == Data(contentsOf: new))
        let e = try CLI.run([
            "export", new.path, "--to", "json", "--out", scratch.appendingPathComponent("e.json").path,
        ])
        #expect(e.status == 0)
        #expect(e.stderr.hasPrefix("brewstats: note: --out for an export file is now -o/--output FILE;"), "\(e.stderr)")
    }

    /// Every writing command names what it wrote in one line on standard output.
    @Test(.enabled(if: CLI.available)) func generateNamesWhatItWrote() throws {
        let scratch = try Repo.scratch("grammar-generate")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("g.csv"), shots = scratch.appendingPathComponent("s")
        let j = try CLI.run(["generate", "--brews", "7", "--to", "csv", "-o", file.path])
        #expect(j.stdout == "wrote \(file.path) (7 brews, csv)\n", "\(j.stdout)")
        let s = try CLI.run(["generate", "--shots", "3", "--to", "gaggiuino", "--out", shots.path])
        #expect(s.stdout == "wrote 3 shot files to \(shots.path)/ (gaggiuino)\n", "\(s.stdout)")
        #expect(relativeFiles(in: shots).count == 4)  // the three shots and the folder's marker
    }
}
