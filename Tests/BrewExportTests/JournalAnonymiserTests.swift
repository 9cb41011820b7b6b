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
            #expect(j.brews.flavorTags[i] == k.brews.flavorTags[i])
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
