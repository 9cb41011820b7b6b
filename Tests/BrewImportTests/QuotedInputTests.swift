import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// What a message quotes from the input is at most ``QuotedInput/limit`` characters and the whole value's size: a
/// 50 MB mapping value or a 20 MB header name makes a short line, not one of 50 MB.
@Suite(.cleansScratch) struct QuotedInputTests {
    @Test func shortValuesAreQuotedWhole() {
        #expect(QuotedInput.short("") == "")
        #expect(QuotedInput.short("brewed_at") == "brewed_at")
        let sixty = String(repeating: "é", count: 60)  // 120 bytes, 60 characters
        #expect(QuotedInput.short(sixty) == sixty)
    }

    @Test func longValuesKeepTheirFirstSixtyCharactersAndSize() {
        let value = String(repeating: "ab", count: 25_000_000)  // 50,000,000 bytes
        let quoted = QuotedInput.short(value)
        #expect(quoted == String(repeating: "ab", count: 30) + "… (50000000 bytes)")
        // Characters, not bytes or scalars: a flag (two scalars) is never cut in half.
        let flags = String(repeating: "🇩🇪", count: 100)
        #expect(QuotedInput.short(flags) == String(repeating: "🇩🇪", count: 60) + "… (\(flags.utf8.count) bytes)")
    }

    /// A mapping whose column value is 50 MB: the error is one short line naming the key, the value's start and size.
    @Test func aHugeMappingValueIsNotEchoed() throws {
        let value = String(repeating: "x", count: 50_000_000)
        var caught: ImportError?
        do { _ = try ColumnMapping(toml: "[columns]\nWhen = \"\(value)\"\n", file: "map.toml") } catch { caught = error }
        let error = try #require(caught)
        #expect(error.kind == .invalidMapping)
        #expect(error.description.utf8.count < 600, "\(error.description.prefix(200))")
        #expect(error.description.contains("unknown column '\(String(repeating: "x", count: 60))… (50000000 bytes)'"))
    }

    /// A huge mapping key (the location of its error) is shortened the same way.
    @Test func aHugeMappingKeyIsNotEchoed() throws {
        let key = String(repeating: "k", count: 1_000_000)
        var caught: ImportError?
        do { _ = try ColumnMapping(toml: "[columns]\n\(key) = \"no such column\"\n", file: "map.toml") } catch { caught = error }
        let error = try #require(caught)
        #expect(error.description.utf8.count < 600)
        #expect(error.location == "columns." + String(repeating: "k", count: 52) + "… (1000008 bytes)")
    }

    /// A CSV whose unknown header is 20 MB: its warning's column and message are each a short quote.
    @Test func aHugeHeaderNameIsNotEchoed() throws {
        let header = String(repeating: "h", count: 20_000_000)
        let csv = "brewed_at,\(header)\n2026-11-16T07:00:00Z,1\n"
        let result = try importChecked(try scratchFile("wide.csv", csv))
        let warning = try #require(result.report.warnings.first { $0.kind == .unknownColumn })
        let quoted = String(repeating: "h", count: 60) + "… (20000000 bytes)"
        #expect(warning.column == quoted)
        #expect(warning.message == "column '\(quoted)' is not one of the journal's columns (or repeats one); ignored")
    }

    /// A huge cell that cannot be parsed is quoted short in its warning (a number cell) and its reject's reason
    /// (the brew date).
    @Test func aHugeBadCellIsQuotedShort() throws {
        let cell = String(repeating: "9x", count: 1_000_000)
        let csv = "brewed_at,dose_g\n2026-11-16T07:00:00Z,\(cell)\n\(cell),15\n"
        let result = try importChecked(try scratchFile("cell.csv", csv), ImportOptions(maxRecordBytes: 100))
        let warning = try #require(result.report.warning(.unreadableValue, column: "dose_g"))
        #expect(warning.message.utf8.count < 200, "\(warning.message.prefix(200))")
        #expect(warning.message.contains("… (2000000 bytes)'"))
        let reject = try #require(result.report.rejects.first)
        #expect(reject.reason.utf8.count < 200, "\(reject.reason.prefix(200))")
        #expect(reject.reason.hasSuffix("… (2000000 bytes)'"))
    }
}
