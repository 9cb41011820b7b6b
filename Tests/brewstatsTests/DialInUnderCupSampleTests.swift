import BrewAdvice
import BrewOpen
import Foundation
import Testing
import TestSupport

/// On the sample journal the Baratza Encore × Chemex bag has two cups rated 3.5 (at 26 and 30) where one earlier bag's
/// low cups pull the curve to 2.4–2.7: the answer says the curve runs under them. On every grinder × method of the
/// sample a setting is named exactly when the bag rated it (a probable mishap aside) more than half a point above the
/// curve there, the curve read here by interpolating its points.
@Suite struct DialInUnderCupSampleTests {
    static func curve(_ e: DialInEstimate, at x: Double) -> Double? {
        guard let j = e.curve.lastIndex(where: { $0.setting <= x }) else { return nil }
        let a = e.curve[j], b = e.curve[min(j + 1, e.curve.count - 1)]
        return b.setting > a.setting ? a.mean + (x - a.setting) / (b.setting - a.setting) * (b.mean - a.mean) : a.mean
    }

    @Test func theCurveUnderTheBagsCupsIsSaid() throws {
        let journal = try JournalOpener.open(Repo.sample("journal.sqlite").path).journal.result.journal
        let a = try DialInAdvisor.advise(journal: journal, grinder: "Baratza Encore", method: "Chemex")
        let listed = a.estimate.cupsAboveCurve.map(\.cup)
        #expect(listed.contains(BrewPoint(setting: 30, rating: 3.5)), "\(listed)")
        let note = try #require(a.notes.first { $0.hasPrefix("the curve runs under this bag's own cups") }, "\(a.notes)")
        #expect(note.contains("at 30, where you rated 3.5"), "\(note)")
        var checked = 0
        for g in journal.grinders.indices {
            for m in journal.methods.indices {
                guard let b = try? DialInAdvisor.advise(journal: journal, grinder: g, method: m),
                      b.estimate.verdict != .cuesOnly else { continue }
                let e = b.estimate
                for x in Set(b.points.map(\.setting)) {
                    let cups = b.points.filter { $0.setting == x && !e.discounted.contains($0) }.map(\.rating)
                    guard let r = cups.max(), let c = Self.curve(e, at: x) else { continue }
                    // Away from the threshold by a hundredth, so interpolating the curve cannot decide it.
                    guard abs(c - (r - 0.5)) > 0.01 else { continue }
                    let named = e.cupsAboveCurve.contains { $0.cup.setting == x }
                    #expect(named == (c < r - 0.5), "\(b.grinder) × \(b.method) at \(x): curve \(c), cup \(r)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 20, "\(checked) settings checked")
    }
}
