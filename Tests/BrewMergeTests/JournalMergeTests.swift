import BrewColumns
import BrewImport
import BrewMerge
import BrewShots
import Foundation
import Testing
import TestSupport

@Suite struct JournalMergeTests {
    /// A journal of `brews` built by hand: (id, minutes after the epoch day, bean, dose, rating).
    static func journal(_ name: String, _ brews: [(id: String?, minutes: Int64, bean: String?, dose: Double?, rating: Double?)]) -> ShotJournal {
        var b = JournalBuilder()
        let method = b.addMethod(BrewMethod(id: "\(name)-m", name: "Espresso", category: .espresso))
        var beans: [String: Int32] = [:]
        for brew in brews {
            var row = BrewRow()
            row.id = brew.id
            row.brewDate = Timestamp(microseconds: (1_700_000_000 + brew.minutes * 60) * 1_000_000)
            row.method = method
            if let bean = brew.bean {
                row.bean = beans[bean] ?? {
                    let i = b.addBean(CoffeeBean(name: bean, roaster: "R"))
                    beans[bean] = i
                    return i
                }()
            }
            row.doseGrams = brew.dose
            row.rating = brew.rating
            b.appendBrew(row)
        }
        let j = b.finish()
        let report = ImportReport(file: name, format: .csv, brews: .init(read: j.brews.count, kept: j.brews.count, rejected: 0),
                                  methods: j.methods.count, grinders: 0, beans: j.beans.count)
        return ShotJournal(result: ImportResult(journal: j, report: report), shots: nil)
    }

    @Test func everyMatchOfAHandBuiltPair() {
        let a = Self.journal("a", [
            ("x1", 0, "Kenya", 18, nil),
            ("x2", 60, "Kenya", 18, 3.5),
            ("x3", 120, "Kenya", 15, nil),
            ("x4", 600, nil, nil, 4),
        ])
        let b = Self.journal("b", [
            ("x1", 5, "Kenya", 17, 4),              // same id: one brew, a's dose stands, b's rating fills the gap
            ("shot-aa", 61, "kenya", 18.2, nil),     // 60 s after x2, same bean (case aside), dose within 0.5 g
            ("shot-bb", 122, "Kenya", 16, 2),        // 2 min after x3 but 1 g more coffee: another brew
            ("shot-cc", 60, "Brazil", 18, nil),      // x2's time, other bean: another brew
            ("y9", 1, "Kenya", 18, nil),             // another app id a minute after x1: another brew
            ("shot-dd", 609, "Kenya", 18, nil),      // 9 min after x4, which has no bean or dose to disagree
            ("shot-ee", 700, nil, nil, nil),         // 100 min after x4: too far
        ])
        let merged = JournalMerge().merge([("a", a), ("b", b)])
        let j = merged.journal.result.journal
        #expect(j.brews.count == 4 + 7 - 3)
        #expect(merged.matches.map { "\($0.kept.brew)=\($0.merged.brew) \($0.rule.rawValue) \(Int($0.secondsApart))" }
                    == ["x1=x1 id 300", "x2=shot-aa time, bean and dose 60", "x4=shot-dd time, bean and dose 540"])
        // x1: a's dose, b's rating.
        let x1 = (0..<j.brews.count).first { j.brews.id[$0] == "x1" }!
        #expect(j.brews.doseGrams[x1] == 18)
        #expect(j.brews.rating[x1] == 4)
        // x4 gets shot-dd's bean and dose.
        let x4 = (0..<j.brews.count).first { j.brews.id[$0] == "x4" }!
        #expect(j.brews.doseGrams[x4] == 18)
        #expect(j.brews.bean.code(x4).map { j.beans[Int($0)].name } == "Kenya")
        // One Kenya bean, shared (same roaster and name across the two sources), and one Brazil.
        #expect(j.beans.map { $0.name ?? "" }.sorted() == ["Brazil", "Kenya"])
        #expect(merged.journal.result.report.warnings.contains { $0.count == 3 && $0.message.contains("matched") })
    }

    @Test func idOnlyWhenTheWindowIsZero() {
        let a = Self.journal("a", [("x1", 0, "Kenya", 18, nil), ("x2", 60, "Kenya", 18, nil)])
        let b = Self.journal("b", [("x1", 0, "Kenya", 18, 4), ("shot-aa", 60, "Kenya", 18, nil)])
        let merged = JournalMerge(rules: MergeRules(timeTolerance: 0)).merge([("a", a), ("b", b)])
        #expect(merged.matches.map(\.rule) == [.id])
        #expect(merged.journal.result.journal.brews.count == 3)
    }

    @Test func nearestCandidateWinsAndEachIsMatchedOnce() {
        let a = Self.journal("a", [("x1", 0, nil, 18, nil), ("x2", 4, nil, 18, nil)])
        let b = Self.journal("b", [("shot-1", 3, nil, 18, nil), ("shot-2", 3, nil, 18, nil), ("shot-3", 3, nil, 18, nil)])
        let merged = JournalMerge().merge([("a", a), ("b", b)])
        #expect(merged.matches.map { "\($0.kept.brew)=\($0.merged.brew)" } == ["x2=shot-1", "x1=shot-2"])
        #expect(merged.journal.result.journal.brews.count == 3)
    }

    /// The sample store, its own CSV export and its JSON export are one journal of 360 brews.
    @Test func sampleStoreWithItsOwnExports() throws {
        let options = ImportOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let store = try importAnyJournal(at: Repo.sample("journal.sqlite"), options: options)
        let csv = try importAnyJournal(at: Repo.sample("journal.csv"), options: options)
        let json = try importAnyJournal(at: Repo.sample("journal.json"), options: options)
        let n = store.result.journal.brews.count
        #expect(n == 360)
        let merged = JournalMerge().merge([("store", store), ("csv", csv), ("json", json)])
        #expect(merged.journal.result.journal.brews.count == n)
        #expect(merged.matches.count == 2 * n)
        #expect(merged.matches.allSatisfy { $0.rule == .id })
        #expect(merged.journal.result.journal.beans.count == store.result.journal.beans.count)
    }

    /// With the sample shots: each shot keeps its samples and its brew; brews = 360 + the shots no brew matched.
    @Test func sampleStoreExportAndShots() throws {
        let options = ImportOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let store = try importAnyJournal(at: Repo.sample("journal.sqlite"), options: options)
        let csv = try importAnyJournal(at: Repo.sample("journal.csv"), options: options)
        let shots = try importAnyJournal(at: Repo.sample("shots"), options: options)
        let shotCount = try #require(shots.shots).kept
        #expect(shotCount == 20)
        let merged = JournalMerge().merge([("store", store), ("csv", csv), ("shots", shots)])
        let table = try #require(merged.journal.shots)
        #expect(table.kept == 20)
        let byShot = merged.matches.filter { $0.merged.source == "shots" }.count
        #expect(merged.journal.result.journal.brews.count == 360 + 20 - byShot)
        // Every shot's samples arrive intact, and its brew row holds its dose.
        for (k, record) in table.shots.enumerated() {
            let original = shots.shots!.shots.firstIndex { $0.file == record.file }!
            #expect(table.samples.values(.pressure, of: k) == shots.shots!.samples.values(.pressure, of: original))
            #expect(merged.journal.result.journal.brews.doseGrams[record.journalRow] != nil)
        }
    }
}
