import BrewColumns
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewReport

@Suite struct JournalFilterTests {
    /// Two grinders (one unused), two methods, three beans: two share a name under different roasters.
    static func journal(dates: [Date?]) -> Journal {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let espresso = b.addMethod(BrewMethod(name: "Espresso", category: .espresso))
        let c40 = b.addGrinder(Grinder(name: "Comandante C40", type: .manual))
        _ = b.addGrinder(Grinder(name: "Krups blade grinder", type: .blade))
        let niche = b.addGrinder(Grinder(name: "Niche Zero", type: .burr))
        let wendelboe = b.addBean(CoffeeBean(name: "Kochere", roaster: "Tim Wendelboe"))
        let other = b.addBean(CoffeeBean(name: "Kochere", roaster: "Friedhats"))
        let solo = b.addBean(CoffeeBean(name: "Santa Bárbara"))
        for (i, date) in dates.enumerated() {
            var row = BrewRow()
            row.id = "b\(i)"
            row.brewDate = date.map(Timestamp.init)
            row.method = i % 2 == 0 ? v60 : espresso
            row.grinder = i % 3 == 2 ? nil : (i % 3 == 0 ? c40 : niche)
            row.bean = [wendelboe, other, solo, nil][i % 4]
            row.rating = 3
            b.appendBrew(row)
        }
        return b.finish()
    }

    static let plain = journal(dates: (0..<24).map { Optional(Date(timeIntervalSince1970: 1_790_000_000 + Double($0) * 3600)) })

    static func ids(_ j: Journal) -> Set<String> { Set(plainBrews(j).compactMap(\.id)) }

    static func expectedIDs(_ keep: (Int) -> Bool) -> Set<String> {
        Set((0..<plain.brews.count).filter(keep).map { "b\($0)" })
    }

    @Test(arguments: ["Comandante C40", "comandante c40", "COMANDANTE C40", "  Comandante C40 \n"])
    func grinderMatchesCaseInsensitively(_ name: String) throws {
        let kept = try JournalFilter(grinder: name).apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(kept) == Self.expectedIDs { $0 % 3 == 0 })
        // Entity tables stay whole.
        #expect(kept.grinders.count == 3 && kept.methods.count == 2 && kept.beans.count == 3)
    }

    @Test func methodAndGrinderCombine() throws {
        let kept = try JournalFilter(grinder: "niche zero", method: "espresso").apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(kept) == Self.expectedIDs { $0 % 3 == 1 && $0 % 2 == 1 })
    }

    @Test func beanByNameRoasterOrBoth() throws {
        let both = try JournalFilter(bean: "kochere").apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(both) == Self.expectedIDs { $0 % 4 == 0 || $0 % 4 == 1 })
        for spelled in ["Tim Wendelboe Kochere", "tim wendelboe kochere", "Kochere (Tim Wendelboe)"] {
            let one = try JournalFilter(bean: spelled).apply(to: Self.plain, timeZone: berlin)
            #expect(Self.ids(one) == Self.expectedIDs { $0 % 4 == 0 }, "\(spelled)")
        }
        let friedhats = try JournalFilter(bean: "FRIEDHATS KOCHERE").apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(friedhats) == Self.expectedIDs { $0 % 4 == 1 })
        let accented = try JournalFilter(bean: "santa bárbara").apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(accented) == Self.expectedIDs { $0 % 4 == 2 })
    }

    @Test func unknownNameListsWhatTheJournalHas() throws {
        let error = #expect(throws: ReportError.self) { _ = try JournalFilter(grinder: "EK43").apply(to: Self.plain, timeZone: berlin) }
        guard case let .noMatch(filter, value, known) = error else { Issue.record("expected noMatch, got \(String(describing: error))"); return }
        #expect(filter == "grinder" && value == "EK43")
        #expect(Set(known) == ["Comandante C40", "Krups blade grinder", "Niche Zero"] && known.count == 3)
        #expect(error?.description.contains("Krups blade grinder") == true)

        let bean = #expect(throws: ReportError.self) { _ = try JournalFilter(bean: "Wendelboe").apply(to: Self.plain, timeZone: berlin) }
        guard case let .noMatch(f2, _, known2) = bean else { Issue.record("expected noMatch"); return }
        #expect(f2 == "bean")
        #expect(Set(known2) == ["Kochere", "Santa Bárbara"] && known2.count == 2)
    }

    /// The beginning of exactly one name matches it, whatever its case; an exact name still wins.
    @Test func uniquePrefixMatches() throws {
        for prefix in ["comandante", "COMANDANTE C", "  coman "] {
            let kept = try JournalFilter(grinder: prefix).apply(to: Self.plain, timeZone: berlin)
            #expect(Self.ids(kept) == Self.expectedIDs { $0 % 3 == 0 }, "\(prefix)")
        }
        let niche = try JournalFilter(grinder: "niche", method: "v6").apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(niche) == Self.expectedIDs { $0 % 3 == 1 && $0 % 2 == 0 })
        // Both bags named Kochere share the shown name: the prefix takes both, as the full name does.
        let koch = try JournalFilter(bean: "koch").apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(koch) == Self.expectedIDs { $0 % 4 == 0 || $0 % 4 == 1 })
        // A prefix of the "Roaster Name" spelling picks one roaster's bag.
        let tim = try JournalFilter(bean: "tim wendel").apply(to: Self.plain, timeZone: berlin)
        #expect(Self.ids(tim) == Self.expectedIDs { $0 % 4 == 0 })
    }

    /// Grinders whose names begin alike; every brew uses the first.
    static let alike: Journal = {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let c40 = b.addGrinder(Grinder(name: "Comandante C40", type: .manual))
        let mk4 = b.addGrinder(Grinder(name: "Comandante C40 MK4", type: .manual))
        _ = b.addGrinder(Grinder(name: "Comet", type: .manual))
        for i in 0..<6 {
            var row = BrewRow()
            row.id = "b\(i)"
            row.brewDate = Timestamp(Date(timeIntervalSince1970: 1_790_000_000 + Double(i) * 3600))
            row.method = v60
            row.grinder = i % 2 == 0 ? c40 : mk4
            b.appendBrew(row)
        }
        return b.finish()
    }()

    @Test func ambiguousPrefixListsTheCandidates() throws {
        for prefix in ["com", "COMANDANTE"] {
            let error = #expect(throws: ReportError.self) { _ = try JournalFilter(grinder: prefix).apply(to: Self.alike, timeZone: berlin) }
            guard case let .ambiguousMatch(filter, value, candidates) = error else {
                Issue.record("expected ambiguousMatch, got \(String(describing: error))"); return
            }
            #expect(filter == "grinder" && value == prefix)
            let expected: Set<String> = prefix == "com" ? ["Comandante C40", "Comandante C40 MK4", "Comet"] : ["Comandante C40", "Comandante C40 MK4"]
            #expect(Set(candidates) == expected && candidates.count == expected.count)
            #expect(error?.description.contains("Comandante C40 MK4") == true)
        }
        // The exact name is not ambiguous, and a longer prefix is unique.
        #expect(try JournalFilter(grinder: "comandante c40").apply(to: Self.alike, timeZone: berlin).brews.count == 3)
        #expect(try JournalFilter(grinder: "comandante c40 m").apply(to: Self.alike, timeZone: berlin).brews.count == 3)
    }

    /// With more names than the message shows, the closest come first, so a misspelling is never cut off.
    @Test func knownNamesAreNotCutBeforeTheClosest() throws {
        let names = ["Baratza Encore", "Baratza Sette 270", "Comandante C40", "Eureka Mignon", "Fellow Ode", "Hario Skerton",
                     "Kinu M47", "Knock Aergrind", "Lido 3", "Mahlkönig EK43", "Niche Zero", "1Zpresso JX", "Timemore C2",
                     "Wilfa Uniform", "Zassenhaus Santiago"]
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let codes = names.map { b.addGrinder(Grinder(name: $0, type: .manual)) }
        var row = BrewRow()
        row.id = "b0"
        row.brewDate = Timestamp(Date(timeIntervalSince1970: 1_790_000_000))
        row.method = v60
        row.grinder = codes[0]
        b.appendBrew(row)
        let journal = b.finish()
        let error = #expect(throws: ReportError.self) { _ = try JournalFilter(grinder: "zasenhaus").apply(to: journal, timeZone: berlin) }
        guard case let .noMatch(_, _, known) = error else { Issue.record("expected noMatch"); return }
        #expect(known.first == "Zassenhaus Santiago")
        #expect(Set(known) == Set(names))
        let text = error?.description ?? ""
        #expect(text.contains("closest first: Zassenhaus Santiago, "), "\(text)")
        #expect(text.hasSuffix(", … (3 more)"), "\(text)")
    }

    @Test func aMatchWithoutBrewsIsNoBrews() throws {
        let error = #expect(throws: ReportError.self) { _ = try JournalFilter(grinder: "krups blade grinder").apply(to: Self.plain, timeZone: berlin) }
        guard case .noBrews = error else { Issue.record("expected noBrews, got \(String(describing: error))"); return }
    }

    @Test func emptyFilterKeepsEverything() throws {
        let all = try JournalFilter().apply(to: Self.plain, timeZone: berlin)
        #expect(all.brews.count == Self.plain.brews.count)
        #expect(JournalFilter().isEmpty)
    }

    /// Brews around local midnight in Europe/Berlin, across both daylight-saving changes of 2026.
    @Test func dateRangeIsInclusiveInTheReportZone() throws {
        var dates: [Date?] = []
        for (y, m, d) in [(2026, 3, 28), (2026, 3, 29), (2026, 3, 30), (2026, 10, 24), (2026, 10, 25), (2026, 10, 26)] {
            for (h, mi, s) in [(0, 0, 0), (0, 0, 1), (0, 59, 59), (1, 0, 0), (3, 0, 0), (12, 0, 0), (23, 0, 0), (23, 59, 59)] {
                dates.append(instant(y, m, d, h, mi, s))
            }
        }
        // Exact UTC instants on either side of Berlin's midnights.
        for iso in ["2026-03-28T22:59:59Z", "2026-03-28T23:00:00Z", "2026-03-29T21:59:59Z", "2026-03-29T22:00:00Z",
                    "2026-10-24T21:59:59Z", "2026-10-24T22:00:00Z", "2026-10-25T22:59:59Z", "2026-10-25T23:00:00Z"] {
            dates.append(ISO8601DateFormatter().date(from: iso)!)
        }
        dates.append(nil)  // an undated brew passes no date filter
        let journal = Self.journal(dates: dates)
        let ranges: [(String?, String?)] = [("2026-03-29", "2026-03-29"), ("2026-03-29", nil), (nil, "2026-03-28"),
                                            ("2026-10-25", "2026-10-25"), ("2026-03-30", "2026-10-24"), ("2026-10-26", "2026-10-26")]
        for (since, until) in ranges {
            let filter = JournalFilter(since: since.flatMap { Day(iso: $0) }, until: until.flatMap { Day(iso: $0) })
            let kept = try filter.apply(to: journal, timeZone: berlin)
            let expected = Set(dates.enumerated().compactMap { i, date -> String? in
                guard let date else { return nil }
                let day = localDay(date, berlin)
                if let since, day < since { return nil }
                if let until, day > until { return nil }
                return "b\(i)"
            })
            #expect(Self.ids(kept) == expected, "since \(since ?? "-") until \(until ?? "-")")
        }
        // The same range read in UTC keeps a different set (the zone matters).
        let inBerlin = try JournalFilter(since: Day(iso: "2026-03-29"), until: Day(iso: "2026-03-29")).apply(to: journal, timeZone: berlin)
        let inUTC = try JournalFilter(since: Day(iso: "2026-03-29"), until: Day(iso: "2026-03-29")).apply(to: journal, timeZone: TimeZone(identifier: "UTC")!)
        #expect(Self.ids(inBerlin) != Self.ids(inUTC))
    }

    @Test func randomInstantsAgreeWithFoundation() throws {
        var rng = TestRNG(seed: 47)
        let start = instant(2026, 1, 1, 0, 0).timeIntervalSince1970
        let dates: [Date?] = (0..<400).map { _ in Date(timeIntervalSince1970: start + Double.random(in: 0..<(366 * 86400), using: &rng).rounded()) }
        let journal = Self.journal(dates: dates)
        for zone in ["Europe/Berlin", "America/St_Johns", "Asia/Kolkata", "Pacific/Chatham"].compactMap(TimeZone.init(identifier:)) {
            for _ in 0..<5 {
                let a = Int.random(in: 0..<360, using: &rng), length = Int.random(in: 0..<40, using: &rng)
                let since = Day(index: Day(year: 2026, month: 1, day: 1)!.index + Int32(a))
                let until = Day(index: since.index + Int32(length))
                let expected = Set(dates.enumerated().compactMap { i, d -> String? in
                    let day = localDay(d!, zone)
                    return day >= since.description && day <= until.description ? "b\(i)" : nil
                })
                let filter = JournalFilter(since: since, until: until)
                if expected.isEmpty {
                    #expect(throws: ReportError.self) { _ = try filter.apply(to: journal, timeZone: zone) }
                } else {
                    #expect(Self.ids(try filter.apply(to: journal, timeZone: zone)) == expected, "\(zone.identifier) \(since)…\(until)")
                }
            }
        }
    }

    @Test func descriptionNamesEveryFilter() {
        let f = JournalFilter(grinder: "C40", method: "V60", bean: "Kochere", since: Day(iso: "2026-11-01"), until: Day(iso: "2026-11-30"))
        #expect(f.description == "grinder \"C40\", method \"V60\", bean \"Kochere\", since 2026-11-01, until 2026-11-30")
    }
}
