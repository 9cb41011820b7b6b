@testable import BrewImport
import Foundation
import Testing
import TestSupport

@Suite(.cleansScratch) struct ValueParsingTests {
    @Test(arguments: [
        ("18", 18.0), ("18.5", 18.5), ("18,5", 18.5), (" 18 g", 18), ("18g", 18), ("93°C", 93), ("93 °C", 93),
        ("1.38 %", 1.38), ("-3", -3), ("+4", 4), ("1,234.5", 1234.5), ("1.234,5", 1234.5), ("2e3", 2000),
        ("0.1", 0.1), ("30s", 30), ("250 ml", 250), ("0,05", 0.05), ("12345678901234567890", 1.2345678901234567e19),
    ])
    func numbers(text: String, value: Double) {
        #expect(NumberParser.parse(text) == .value(value))
    }

    @Test(arguments: ["abc", "18 kg", "1..2", "--3", "g", "1,2,3", "18 g g", "½"])
    func notNumbers(text: String) {
        #expect(NumberParser.parse(text) == .invalid)
    }

    @Test func blankIsEmpty() {
        #expect(NumberParser.parse("") == .empty)
        #expect(NumberParser.parse("   ") == .empty)
    }

    @Test func explicitSeparators() {
        #expect(NumberParser.parse("1,234", separator: .point) == .value(1234))
        #expect(NumberParser.parse("1,234", separator: .automatic) == .value(1.234))
        #expect(NumberParser.parse("1.234", separator: .comma) == .value(1234))
        #expect(NumberParser.parse("1,5", separator: .comma) == .value(1.5))
    }

    @Test(arguments: [("2:45", 165.0), ("0:28", 28), ("1:02:03", 3723), ("28", 28), ("28 s", 28), ("2:05.5", 125.5)])
    func durations(text: String, seconds: Double) {
        #expect(NumberParser.parseDuration(text) == .value(seconds))
    }

    @Test(arguments: ["2:", ":30", "1:2:3:4", "2:x5"])
    func notDurations(text: String) {
        #expect(NumberParser.parseDuration(text) == .invalid)
    }

    @Test func isoDates() {
        let day = Int64(20_408) * 86_400_000_000  // 2025-11-16 is day 20408 after 1970-01-01 (date -u -d 2025-11-16 +%s ÷ 86400)
        #expect(ISO8601.parse("2025-11-16") == .local(day))
        #expect(ISO8601.parse("2025-11-16T07:42") == .local(day + (7 * 3600 + 42 * 60) * 1_000_000))
        #expect(ISO8601.parse("2025-11-16 07:42:30.25") == .local(day + (7 * 3600 + 42 * 60 + 30) * 1_000_000 + 250_000))
        #expect(ISO8601.parse("2025-11-16T07:42:00Z") == .instant(day + (7 * 3600 + 42 * 60) * 1_000_000))
        #expect(ISO8601.parse("2025-11-16T07:42:00+01:00") == .instant(day + (6 * 3600 + 42 * 60) * 1_000_000))
        #expect(ISO8601.parse("2025-11-16T07:42:00-0230") == .instant(day + (10 * 3600 + 12 * 60) * 1_000_000))
        #expect(ISO8601.parse("2026-02-30") == .invalid)
        #expect(ISO8601.parse("16.11.2025") == .invalid)
        #expect(ISO8601.parse("2025-11-16T25:00") == .invalid)
        #expect(ISO8601.parse("") == .empty)
    }

    @Test func datePatterns() throws {
        let pattern = try #require(DatePattern("dd.MM.yyyy HH:mm"))
        var text = "16.11.2025 07:42"
        let parsed = text.withUTF8 { pattern.parse($0) }
        #expect(parsed == ISO8601.parse("2025-11-16T07:42"))
        #expect(DatePattern("banana") == nil)
        #expect(DatePattern("HH:mm") == nil)
    }

    /// Local times resolve through the zone's offset, including both sides of a daylight-saving change.
    @Test func localTimesInAZone() {
        var resolver = LocalTimeResolver(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        guard case .local(let winter) = ISO8601.parse("2026-01-15T08:00"),
              case .local(let summer) = ISO8601.parse("2026-07-15T08:00"),
              case .instant(let winterUTC) = ISO8601.parse("2026-01-15T07:00:00Z"),
              case .instant(let summerUTC) = ISO8601.parse("2026-07-15T06:00:00Z") else {
            Issue.record("parse failed"); return
        }
        #expect(resolver.instant(fromLocal: winter) == winterUTC)
        #expect(resolver.instant(fromLocal: summer) == summerUTC)
    }

    @Test func headerNormalisation() {
        #expect(CSVColumn(header: "Dose (g)") == .doseGrams)
        #expect(CSVColumn(header: "WATER_TEMP_C") == .waterTemperature)
        #expect(CSVColumn(header: "Water Temp (°C)") == .waterTemperature)
        #expect(CSVColumn(header: "Brew Time (s)") == .brewTimeSeconds)
        #expect(CSVColumn(header: "tds (%)") == .tds)
        #expect(CSVColumn(header: "Brewed At") == .brewedAt)
        #expect(CSVColumn(header: "mood") == nil)
    }

    @Test func sniffing() {
        #expect(JournalFormat.sniff(Array("SQLite format 3\u{0}xxxx".utf8)) == .coreDataStore)
        #expect(JournalFormat.sniff([0x50, 0x4B, 0x03, 0x04, 0]) == .beanconqueror)
        #expect(JournalFormat.sniff(Array(" {\"format\": \"coffee-journal\"}".utf8)) == .json)
        #expect(JournalFormat.sniff(Array("{\"BEANS\": []}".utf8)) == .beanconqueror)
        #expect(JournalFormat.sniff(Array("\u{FEFF}brewed_at,dose_g\n".utf8)) == .csv)
        #expect(JournalFormat.sniff([]) == .csv)
        #expect(JournalFormat(cliName: "SQLite") == .coreDataStore && JournalFormat(cliName: "xml") == nil)
    }
}
