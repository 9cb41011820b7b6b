import BrewColumns
import Foundation
import Testing
@testable import BrewAdvice

/// A grouping of the journal's rows (``DialInRows``) changes how the advisor reads the journal, never its answer.
@Suite struct DialInRowsTests {
    /// Two grinders, two methods, three bags, undated and unrated brews among them.
    static func journal() -> Journal {
        var b = JournalBuilder()
        let c40 = b.addGrinder(Grinder(name: "Comandante C40", settingMin: 0, settingMax: 40, settingStep: 1))
        let niche = b.addGrinder(Grinder(name: "Niche Zero", settingMin: 0, settingMax: 50, settingStep: 0.5))
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let press = b.addMethod(BrewMethod(name: "AeroPress", category: .immersion))
        let beans = ["A", "B", "C"].map { b.addBean(CoffeeBean(name: $0)) }
        for k in 0..<90 {
            var row = BrewRow()
            row.id = "b\(k)"
            // Every 11th brew undated; the rest a day apart, not in table order.
            row.brewDate = k % 11 == 0 ? nil : Timestamp(unixSeconds: 1_700_000_000 + Double((k * 37) % 90) * 86_400)
            row.grinder = k % 5 == 0 ? niche : c40
            row.method = k % 3 == 0 ? press : v60
            row.bean = k % 7 == 0 ? nil : beans[k % 3]
            row.grindSetting = k % 13 == 0 ? nil : Double(14 + (k * 7) % 12)
            row.rating = k % 9 == 0 ? nil : Double((k * 5) % 9) / 2 + 0.5
            b.appendBrew(row)
        }
        return b.finish()
    }

    @Test func groupedAnswersEqualTheWholeJournalScan() throws {
        let journal = Self.journal()
        let cut = Timestamp(unixSeconds: 1_700_000_000 + 60 * 86_400)
        for asOf in [nil, cut] {
            let all = DialInRows(journal, asOf: asOf)
            let one = DialInRows(journal, asOf: asOf, grinders: [1])
            let otherInstant = DialInRows(journal, asOf: asOf == nil ? cut : nil)
            var answered = 0
            for g in journal.grinders.indices {
                for m in journal.methods.indices {
                    for bean in [nil] + journal.beans.indices.map(Optional.some) {
                        let alone = try? DialInAdvisor.advise(journal: journal, grinder: g, method: m, bean: bean, asOf: asOf)
                        for rows in [all, one, otherInstant] {
                            let grouped = try? DialInAdvisor.advise(journal: journal, grinder: g, method: m, bean: bean,
                                                                    asOf: asOf, rows: rows)
                            #expect(grouped?.json == alone?.json)
                            #expect(grouped?.points == alone?.points)
                        }
                        if alone != nil { answered += 1 }
                    }
                }
            }
            #expect(answered == 16)
        }
    }

    /// The group of a grinder holds its rows up to the instant, each with its method, counted by hand here.
    @Test func groupsHoldTheGrindersRowsUpToTheInstant() {
        let journal = Self.journal()
        let cut = Timestamp(unixSeconds: 1_700_000_000 + 60 * 86_400)
        let rows = DialInRows(journal, asOf: cut, grinders: [0])
        #expect(rows.covers(0) && !rows.covers(1))
        var expected: [Int32] = []
        for k in 0..<90 where k % 5 != 0 && k % 11 != 0 && (k * 37) % 90 <= 60 && k % 3 != 0 { expected.append(Int32(k)) }
        #expect(rows.grinder(0).rows(method: 0) == expected)
    }

    /// One grouping shared by answers on several threads at once, as a report asks them, remembers what each
    /// grinder × method holds once and gives every answer that of a scan of its own.
    @Test func sharedGroupingAnswersAlikeOnManyThreads() {
        let journal = Self.journal()
        let rows = DialInRows(journal)
        var asks: [(grinder: Int, method: Int, bean: Int?)] = []
        for g in journal.grinders.indices {
            for m in journal.methods.indices {
                for bean in [nil] + journal.beans.indices.map(Optional.some) { asks.append((g, m, bean)) }
            }
        }
        let questions = asks
        // Each question asked four times, in an order that puts the same grinder × method on different threads.
        let rounds = (0..<4).flatMap { _ in asks.indices }.shuffled()
        // Each iteration writes its own slot, so the answers need no lock (ThreadSanitizer sees the join of
        // `concurrentPerform`, not the futex of a `Mutex`).
        var slots = [String??](repeating: nil, count: rounds.count)
        slots.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: rounds.count) { k in
                let q = questions[rounds[k]]
                let answer = try? DialInAdvisor.advise(journal: journal, grinder: q.grinder, method: q.method, bean: q.bean, rows: rows)
                out[k] = .some(answer?.json)
            }
        }
        var answers: [Int: [String?]] = [:]
        for (k, slot) in slots.enumerated() { if let json = slot { answers[rounds[k], default: []].append(json) } }
        for (k, q) in asks.enumerated() {
            let alone = try? DialInAdvisor.advise(journal: journal, grinder: q.grinder, method: q.method, bean: q.bean)
            #expect(answers[k]?.count == 4)
            #expect(answers[k]?.allSatisfy { $0 == alone?.json } == true)
        }
    }
}
