import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// The evidence an answer states counts every brew of the bag and of the earlier bags, rated or not, and how many are
/// rated: the counts below are the journal's as built here.
@Suite struct DialInCountTests {
    /// Brews of one grinder × method: (bean, setting, rating or nil), in order.
    static func journal(_ brews: [(String, Double, Double?)]) -> Journal {
        var b = JournalBuilder()
        let g = b.addGrinder(Grinder(name: "Test Clicks", settingMin: 0, settingMax: 40, settingStep: 1))
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        var beans: [String: Int32] = [:]
        for (i, r) in brews.enumerated() {
            var row = BrewRow()
            row.id = "c\(i)"
            row.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(i) * 3_600)
            row.method = m; row.grinder = g
            if beans[r.0] == nil { beans[r.0] = b.addBean(CoffeeBean(name: r.0)) }
            row.bean = beans[r.0]; row.grindSetting = r.1; row.rating = r.2
            b.appendBrew(row)
        }
        return b.finish()
    }

    /// An earlier bag of 54 brews (2 rated) and a bag of 17 (1 rated, 16 not): "17 brews of this bag (1 rated),
    /// 1 earlier bag (54 brews, 2 rated)"; why speaks of the rated brew as rated.
    @Test func everyBrewIsCountedAndTheRatedOnesSaid() throws {
        var brews: [(String, Double, Double?)] = [("Old", 22, 4.0), ("Old", 26, 3.5)]
        brews += (0..<52).map { ("Old", 20 + Double($0 % 8), nil) }
        brews += (0..<16).map { ("New", 23 + Double($0 % 3), nil) }
        brews.append(("New", 24, 4.0))
        let a = try DialInAdvisor.advise(journal: Self.journal(brews), grinder: "Test Clicks", method: "V60",
                                         bean: "New")
        #expect(a.evidence == .init(brews: 17, rated: 1, earlierBags: 1, earlierBrews: 54, earlierRated: 2))
        #expect(a.evidenceWords == "17 brews of this bag (1 rated), 1 earlier bag (54 brews, 2 rated)")
        #expect(a.why.hasPrefix("1 rated brew of this bag on 1 setting"), "\(a.why)")
        #expect(a.textReport.contains("evidence: 17 brews of this bag (1 rated), 1 earlier bag (54 brews, 2 rated)"))
    }

    /// A bag of 16 unrated brews is not "0 brews of this bag"; an earlier bag with no rating is counted in the
    /// evidence, and why says of how many earlier bags the prediction comes.
    @Test func unratedBagsAreCounted() throws {
        var brews: [(String, Double, Double?)] = []
        for (bean, peak) in [("A", 24.0), ("B", 23.0)] {
            brews += [-2.0, 0, 2].map { (bean, peak + $0, 4.5 - $0 * $0 / 4) }
        }
        brews += (0..<5).map { ("Unrated", 20 + Double($0), nil) }
        brews += (0..<16).map { ("New", 23 + Double($0 % 3), nil) }
        let a = try DialInAdvisor.advise(journal: Self.journal(brews), grinder: "Test Clicks", method: "V60",
                                         bean: "New")
        #expect(a.evidenceWords == "16 brews of this bag (0 rated), 3 earlier bags (11 brews, 6 rated)")
        #expect(a.why.contains("from 2 of the 3 earlier bags on this grinder × method"), "\(a.why)")
    }
}
