import BrewAdvice
import BrewColumns
import BrewImport
import Foundation
import TestSupport
import Testing
@testable import BrewBacktest

/// `dial-in --backtest`'s verdict: the figures of the whole journal's back-test for that grinder × method, and its
/// line written out here from those figures.
@Suite struct BacktestVerdictTests {
    static func sample() throws -> Journal {
        try importJournal(at: Repo.sample("journal.sqlite"),
                          options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!)).journal
    }

    static func index(_ names: [String], _ name: String) throws -> Int {
        try #require(names.firstIndex(of: name), "\(name) not in \(names)")
    }

    static func oneDecimal(_ x: Double) -> String {
        let text = String(format: "%.1f", x)
        return text == "-0.0" ? "0.0" : text.replacingOccurrences(of: "-", with: "−")
    }

    /// The sample's Comandante C40 × V60 (judged) and Baratza Encore × Chemex (too thin): the verdict's summary is
    /// the whole back-test's summary of that pair, and the line says its numbers.
    @Test func theVerdictIsTheWholeBacktestsPair() throws {
        let journal = try Self.sample()
        let whole = try Backtest(journal: journal)
        let grinders = journal.grinders.map(\.displayName), methods = journal.methods.map(\.displayName)
        for (g, m) in [("Comandante C40", "V60"), ("Baratza Encore", "Chemex")] {
            let gi = try Self.index(grinders, g), mi = try Self.index(methods, m)
            let pair = try #require(whole.pairs.first { $0.grinderIndex == gi && $0.methodIndex == mi })
            let verdict = BacktestVerdict(journal: journal, grinder: gi, method: mi, advice: DialInOptions())
            #expect(verdict.summary == pair.summary, "\(g) × \(m)")
            #expect(verdict.unavailable == nil)
            let s = pair.summary
            // The judged bags counted here from the pair's bags: 3 or more brews, advice before one of them.
            let judged = pair.bags.filter { $0.brews.count >= 3 && $0.brews.contains { $0.advised != nil } }
            #expect(s.judged == judged.count, "\(g) × \(m)")
            if judged.count < 5 {
                #expect(verdict.line == "Replayed on this grinder × method: too thin to judge (\(judged.count) " +
                        "judged bag\(judged.count == 1 ? "" : "s"); 5 needed)")
                continue
            }
            let saved = judged.map { Double($0.saved) }
            let mean = saved.reduce(0, +) / Double(saved.count)
            #expect(abs(try #require(s.meanSaved) - mean) < 1e-12)
            let low = try #require(s.low), high = try #require(s.high)
            let censored = judged.filter { $0.adviceReached == nil }.count
            let never = censored == 0 ? "" : "; in \(censored) bag\(censored == 1 ? "" : "s") it never did, " +
                "counted one brew after the bag's last"
            let start = "Replayed on your \(judged.count) judged bags of this grinder × method, the advice pointed " +
                "at each bag's best-rated setting "
            if high < 0 {
                #expect(verdict.line == start + "\(Self.oneDecimal(-mean)) brews later than you brewed it (90 % " +
                        "interval \(Self.oneDecimal(-high)) to \(Self.oneDecimal(-low)) later\(never))")
            } else if low > 0 {
                #expect(verdict.line == start + "\(Self.oneDecimal(mean)) brews sooner than you brewed it (90 % " +
                        "interval \(Self.oneDecimal(low)) to \(Self.oneDecimal(high)) sooner\(never))")
            } else {
                #expect(verdict.line.hasPrefix(start) && verdict.line.contains("holds zero: no clear difference"))
            }
        }
    }

    /// A pair whose brews carry no date cannot be replayed: no summary, and the line says why.
    @Test func undatedBrewsGiveNoVerdict() {
        var b = JournalBuilder()
        let c40 = b.addGrinder(Grinder(name: "Comandante C40", settingMin: 0, settingMax: 40, settingStep: 1))
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let bean = b.addBean(CoffeeBean(name: "Kochere"))
        for (k, (s, r)) in zip([20.0, 22, 24], [3.0, 4, 3.5]).enumerated() {
            var row = BrewRow()
            row.id = "b\(k)"; row.grinder = c40; row.method = v60; row.bean = bean
            row.grindSetting = s; row.rating = r
            b.appendBrew(row)
        }
        let verdict = BacktestVerdict(journal: b.finish(), grinder: 0, method: 0, advice: DialInOptions())
        #expect(verdict.summary == nil)
        #expect(verdict.line == "not replayed: nothing to replay for Comandante C40 × V60: a back-test needs dated " +
                "brews with a bean, a numeric grind setting and a rating")
        let object = verdict.jsonObject
        #expect(object["judged"] is NSNull && object["verdict"] is NSNull && object["unavailable"] is String)
    }
}
