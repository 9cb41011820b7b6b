import BrewColumns
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// A report of a week without brews (nor brews the week before) is refused with a message that says which days
/// the journal covers and which week to ask for instead.
@Suite struct NoBrewsMessageTests {
    /// Brews on Wednesday 4 March 2026 (W10), Friday 13 March (W11) and Monday 11 May 2026 (W20), at noon in Berlin.
    static let journal: Journal = {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        for (i, (m, d)) in [(3, 4), (3, 13), (5, 11)].enumerated() {
            var row = BrewRow()
            row.id = "b\(i)"
            row.brewDate = Timestamp(instant(2026, m, d, 12, 0))
            row.method = v60
            b.appendBrew(row)
        }
        return b.finish()
    }()

    /// The remedy of the refusal of `week` on `now`.
    static func remedy(week: String, now: Date) throws -> ReportRemedy? {
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.now = now
        options.period = .named(.week(try IsoWeek(label: week)))
        do {
            _ = try PeriodReport(journal: journal, journalName: "test", importReport: nil, options: options)
        } catch {
            if case let .noBrews(_, remedy) = error { return remedy }
        }
        return nil
    }

    static func message(week: String, now: Date) throws -> String {
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.now = now
        options.period = .named(.week(try IsoWeek(label: week)))
        do {
            _ = try PeriodReport(journal: journal, journalName: "test", importReport: nil, options: options)
        } catch {
            return error.description
        }
        Issue.record("\(week) was not refused")
        return ""
    }

    @Test(arguments: [
        // asked week, nearest week with brews (distances in weeks from the asked one)
        ("2026-W14", "2026-W11"),  // W11 is 3 away, W20 6
        ("2026-W16", "2026-W20"),  // W11 5 away, W20 4
        ("2026-W02", "2026-W10"),  // before the journal: its first week
        ("2027-W05", "2026-W20"),  // after it: its last week
    ])
    func saysWhatTheJournalCoversAndTheNearestWeek(_ asked: String, _ nearest: String) throws {
        let text = try Self.message(week: asked, now: instant(2027, 3, 1, 12, 0))
        #expect(text.hasPrefix("no brews in \(asked) or the week before it"), "\(text)")
        #expect(text.contains("from 2026-03-04 to 2026-05-11 (2026-W10 to 2026-W20)"), "\(text)")
        #expect(text.hasSuffix("; the nearest week with brews is \(nearest)"), "\(text)")
        // In March 2027 the last complete week has no brews: a report of it would be refused too, so it is not offered.
        #expect(!text.contains("last complete week"), "\(text)")
        // The remedy is typed: the command line words it with its flags.
        #expect(try Self.remedy(week: asked, now: instant(2027, 3, 1, 12, 0))
            == .nearestWeek(try IsoWeek(label: nearest), orLastWeek: false))
    }

    @Test func offersLastWhenTheLastCompleteWeekHasBrews() throws {
        // On Wednesday 20 May 2026 the last complete week is W20 (11–17 May), which has a brew.
        let text = try Self.message(week: "2026-W30", now: instant(2026, 5, 20, 12, 0))
        #expect(text.hasSuffix(", or the last complete week"), "\(text)")
        // On 27 May it is W21, without brews, but the week before it (W20) has one: a report of W21 is not refused.
        #expect(try Self.message(week: "2026-W30", now: instant(2026, 5, 27, 12, 0)).hasSuffix("or the last complete week"))
        // On 3 June it is W22: neither W22 nor W21 has brews.
        #expect(!(try Self.message(week: "2026-W30", now: instant(2026, 6, 3, 12, 0))).contains("last complete week"))
    }

    @Test func journalWithoutDatedBrewsSaysSo() throws {
        var options = ReportOptions()
        options.period = .named(.week(try IsoWeek(label: "2026-W10")))
        let error = #expect(throws: ReportError.self) {
            _ = try PeriodReport(journal: .empty, journalName: "empty", importReport: nil, options: options)
        }
        #expect(error?.description == "no brews in 2026-W10 or the week before it: the journal has no dated brew")
    }
}
