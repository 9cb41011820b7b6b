import ArgumentParser
import BrewCharts
import BrewColumns
import BrewImport
import BrewReport
import BrewStats
import Foundation
import Testing
@testable import brewstats

/// The command line's value types: every value round-trips through its spelling, and a bad value is refused with
/// the tool's wording, also when it comes through the parser.
@Suite struct ArgumentValueTests {
    @Test func everyChartRoundTrips() {
        // The report's kinds and the two shot charts, by the names the help lists.
        let names = ChartKind.allCases.map(\.rawValue) + ["shot-overlay", "shot-view"]
        #expect(ChartChoice.allCases.map(\.description) == names)
        for choice in ChartChoice.allCases { #expect(ChartChoice(argument: choice.description) == choice) }
        #expect(ChartChoice(argument: "grind-rating") == .report(.grindRating))
        #expect(ChartChoice(argument: "shot-view") == .shotView)
        #expect(ChartChoice(argument: "Grind-Rating") == nil)
    }

    @Test func everyThemeRoundTrips() {
        for name in ThemeName.allCases { #expect(ThemeName(argument: name.rawValue) == name) }
        // The spellings ReportOptions.theme also reads.
        #expect(ThemeName(argument: "monochrome") == .mono)
        #expect(ThemeName(argument: "COLOR") == .colour)
        #expect(ThemeName.mono.theme == .monochrome && ThemeName.dark.theme == .dark && ThemeName.colour.theme == .colour)
    }

    @Test func everyFormatListRoundTrips() throws {
        for list in ["png", "svg", "pdf", "png,svg", "svg,pdf,png"] {
            let parsed = try #require(ChartFormatList(argument: list))
            #expect(parsed.description == list)
            #expect(ChartFormatList(argument: parsed.description) == parsed)
        }
        #expect(ChartFormatList(argument: "PNG, png ,svg")?.description == "png,svg")
        // The default: the page's SVG charts only (PNG and PDF are asked for).
        #expect(ChartFormatList.standard.description == "svg")
    }

    @Test func everyJournalFormatRoundTrips() {
        for name in ["sqlite", "csv", "json", "beanconqueror", "shots", "brewspec"] {
            let format = JournalFormat(argument: name)
            #expect(format?.cliName == name, "\(name)")
        }
    }

    /// The wording for an unknown chart: every kind of the library, then the two shot charts.
    static let unknownChart = "unknown chart 'no-such-kind': use one of "
        + (ChartKind.allCases.map(\.rawValue) + ["shot-overlay", "shot-view"]).joined(separator: ", ")

    /// Today's wording of each bad value, exactly.
    @Test(arguments: [
        ("chart", "no-such-kind",
         Self.unknownChart),
        ("chart", "grind-ratng", "unknown chart 'grind-ratng'; did you mean 'grind-rating'?"),
        ("theme", "purple", "unknown theme 'purple': use mono, dark or colour"),
        ("formats", "png,gif", "unknown chart format 'gif': use png, svg or pdf"),
        ("formats", ",", "--formats needs at least one of png, svg, pdf"),
        ("format", "xml", "unknown format 'xml' (use sqlite, csv, json, brewspec, beanconqueror or shots)"),
    ])
    func badValueKeepsItsWording(_ type: String, _ value: String, _ message: String) {
        func wording<T: WordedArgument>(_: T.Type) -> String? {
            do { _ = try T.parse(value); return nil } catch { return error.description }
        }
        let got: String? = switch type {
        case "chart": wording(ChartChoice.self)
        case "theme": wording(ThemeName.self)
        case "formats": wording(ChartFormatList.self)
        default: wording(JournalFormat.self)
        }
        #expect(got == message)
    }

    /// Through the parser: its usage error names the option and the value, then gives the value's own message.
    @Test(arguments: [
        (["report", "j.sqlite", "--theme", "purple"], "'--theme <theme>': unknown theme 'purple': use mono, dark or colour"),
        (["report", "j.sqlite", "--formats", "png,gif"], "'--formats <list>': unknown chart format 'gif': use png, svg or pdf"),
        (["inspect", "j.sqlite", "--format", "xml"], "'--format <format>': unknown format 'xml' (use sqlite, csv, json, brewspec, beanconqueror or shots)"),
        (["report", "j.sqlite", "--week", "2026/47"], "'--week <YYYY-Www>': invalid ISO week '2026/47'"),
        (["report", "j.sqlite", "--today", "2026-02-30"], "'--today <YYYY-MM-DD>': a date YYYY-MM-DD that exists, not '2026-02-30'"),
        (["report", "j.sqlite", "--tz", "Mars/Base"], "'--tz <zone>': unknown time zone 'Mars/Base'"),
        (["batch", "j.sqlite", "--out", "o", "--shard", "9/8"], "'--shard <K/N>': K/N with 1 ≤ K ≤ N, e.g. 2/8"),
        (["chart", "no-such-kind", "j.sqlite", "-o", "x.png"], Self.unknownChart),
    ])
    func parserKeepsTheValuesMessage(_ args: [String], _ message: String) {
        do {
            _ = try Brewstats.parseAsRoot(args)
            Issue.record("\(args) parsed")
        } catch {
            #expect(Brewstats.message(for: error).contains(message), "\(Brewstats.message(for: error))")
            #expect(Brewstats.exitCode(for: error) == .validationFailure)
        }
    }

    /// A value is read once, by the parser, into its type: a command's fields hold the typed values.
    @Test func valuesAreTypedWhenParsed() throws {
        let report = try #require(try Brewstats.parseAsRoot(["report", "j.sqlite", "--week", "2026-w47", "--tz", "Europe/Berlin",
                                                             "--today", "2026-11-23"]) as? Report)
        #expect(report.weekChoice.week == IsoWeek(year: 2026, week: 47))
        #expect(report.input.tz?.identifier == "Europe/Berlin")
        #expect(report.todayOption.today == Day(year: 2026, month: 11, day: 23))
        let batch = try #require(try Brewstats.parseAsRoot(["batch", "j", "--out", "o", "--shard", "2/8"]) as? Batch)
        #expect(batch.shard == Shard(index: 2, count: 8))
    }
}
