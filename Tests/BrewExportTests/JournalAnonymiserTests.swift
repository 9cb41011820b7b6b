import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport

@Suite struct JournalAnonymiserTests {
    static func sample() throws -> ShotJournal {
        try importAnyJournal(at: Repo.sample("journal.sqlite"), options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
    }

    @Test func numbersStayTextGoesDatesMoveByWholeWeeks() throws {
        let original = try Self.sample()
        let a = JournalAnonymiser().anonymise(original)
        let j = original.result.journal, k = a.result.journal
        #expect(k.brews.count == j.brews.count)
        let week: Int64 = 7 * 86_400_000_000
        var shift: Int64?
        for i in 0..<j.brews.count {
            for c in [\BrewTable.doseGrams, \.waterGrams, \.yieldGrams, \.brewTimeSeconds, \.waterTemperature,
                      \.grindSetting, \.rating, \.tds, \.acidity, \.body, \.sweetness] {
                #expect(j.brews[keyPath: c][i] == k.brews[keyPath: c][i])
            }
            // Tags are numbered (taste words kept): as many per brew as before.
            func tagCount(_ s: String?) -> Int? {
                s.map { $0.split(separator: ",").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count }
            }
            #expect(tagCount(j.brews.flavorTags[i]) == tagCount(k.brews.flavorTags[i]))
            #expect(k.brews.id[i] == "brew-\(i + 1)")
            #expect(k.brews.notes[i] == (j.brews.notes[i] == nil ? nil : "note removed"))
            let d = k.brews.brewDate[i]! - j.brews.brewDate[i]!
            #expect(d % week == 0 && d < 0)
            if shift == nil { shift = d }
            #expect(d == shift)
            // Days off roast are kept.
            if let r0 = j.brews.roastDate[i], let r1 = k.brews.roastDate[i] {
                #expect(Int64(r1 - r0) * 86_400_000_000 == d)
            }
        }
        let weeks = -(shift! / week)
        #expect(weeks >= 52 && weeks <= 520)
        // No name of a bean or roaster survives; equipment names do.
        let names = Set(j.beans.compactMap(\.name) + j.beans.compactMap(\.roaster))
        #expect(k.beans.allSatisfy { b in !names.contains(b.name ?? "") && !names.contains(b.roaster ?? "") })
        #expect(k.grinders.map(\.name) == j.grinders.map(\.name))
        // Beans that shared a name still share one.
        for x in 0..<j.beans.count { for y in 0..<j.beans.count where j.beans[x].name == j.beans[y].name {
            #expect(k.beans[x].name == k.beans[y].name)
        } }
    }

    @Test func sameJournalSameOffset() throws {
        let original = try Self.sample()
        let a = JournalAnonymiser().anonymise(original), b = JournalAnonymiser().anonymise(original)
        #expect(a.result.journal.brews.brewDate.values == b.result.journal.brews.brewDate.values)
    }
}

/// Labels a user types are numbered in order of first use, the same label the same number; taste words stay.
@Suite struct AnonymisedLabelTests {
    func journal(_ rows: [(profile: String?, grind: String?, tags: String?)]) -> ShotJournal {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(id: "m", name: "V60", category: .pourOver))
        for (i, r) in rows.enumerated() {
            var row = BrewRow()
            row.id = "secret-\(i)"
            row.brewDate = Timestamp(microseconds: 1_700_000_000_000_000 + Int64(i) * 3_600_000_000)
            row.method = m
            row.pressureProfile = r.profile; row.grindText = r.grind; row.flavorTags = r.tags
            b.appendBrew(row)
        }
        let j = b.finish()
        return ShotJournal(result: ImportResult(journal: j, report: ImportReport(file: "x", format: .csv, brews: .init(read: rows.count, kept: rows.count, rejected: 0),
                                                                                  methods: 1, grinders: 0, beans: 0, tastingNotes: 0)),
                           shots: nil)
    }

    @Test func labelsAreNumbered() {
        let a = JournalAnonymiser().anonymise(journal([
            ("Blooming espresso", "3 clicks past zero", "Cherry, sour, plum"),
            ("Turbo", nil, " cherry ,Bitter"),
            ("Blooming espresso", "3 clicks past zero", nil),
        ])).result.journal.brews
        #expect((0..<3).map { a.pressureProfile[$0] } == ["Profile 1", "Profile 2", "Profile 1"])
        #expect((0..<3).map { a.grindText[$0] } == ["Setting 1", nil, "Setting 1"])
        #expect((0..<3).map { a.flavorTags[$0] } == ["flavour 1, sour, flavour 2", "flavour 1, Bitter", nil])
    }
}
