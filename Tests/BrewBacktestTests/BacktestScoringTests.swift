import BrewAdvice
import BrewColumns
import Foundation
import Testing
@testable import BrewBacktest

/// Scoring by hand on small journals, the no-look-ahead rule, and "too thin to judge".
@Suite struct BacktestScoringTests {
    /// `bags` bags on one stepped grinder × V60, brewed one after the other a day apart, each at `settings[k]` rated
    /// `ratings[k]`.
    static func journal(_ bags: [(settings: [Double], ratings: [Double])]) -> Journal {
        var b = JournalBuilder()
        let c40 = b.addGrinder(Grinder(name: "Comandante C40", settingMin: 0, settingMax: 40, settingStep: 1))
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        var day = 0
        for (n, bag) in bags.enumerated() {
            let bean = b.addBean(CoffeeBean(name: "Bean \(n + 1)"))
            for (s, r) in zip(bag.settings, bag.ratings) {
                var row = BrewRow()
                row.id = "b\(day)"
                row.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(day) * 86_400)
                row.grinder = c40; row.method = v60; row.bean = bean
                row.grindSetting = s; row.rating = r
                b.appendBrew(row)
                day += 1
            }
        }
        return b.finish()
    }

    static let walk: [(settings: [Double], ratings: [Double])] = [
        ([20, 22, 24, 23], [3, 3.5, 4.5, 4]),
        ([24, 23, 22, 23, 25], [4, 4.5, 3.5, 4.5, 3]),
        ([18, 21, 24, 24], [2.5, 3.5, 4, 4]),
        ([26, 24, 23], [3, 4, 3.5]),
        ([23, 22, 23, 24], [4, 4, 4.5, 4]),
        ([20, 23], [3, 4.5]),
    ]

    @Test func bestSettingsAndReachAreTheHandCountedOnes() throws {
        let backtest = try Backtest(journal: Self.journal(Self.walk))
        let bags = backtest.bags
        #expect(bags.count == 6)
        // Bag 1: best 4.5 at 24, brewed third; within half a point (≥ 4) also at brew 3.
        #expect(bags[0].bestRating == 4.5 && bags[0].bestSettings == [24])
        #expect(bags[0].withinReach == 3 && bags[0].userReached == 3)
        // Bag 2: best 4.5 at 23 (brews 2 and 4, one setting); 4 at brew 1 is within half a point.
        #expect(bags[1].bestSettings == [23] && bags[1].withinReach == 1 && bags[1].userReached == 2)
        // Bag 3: best 4 at 24 (twice); distances of 18, 21, 24 are 6, 3, 0 steps.
        #expect(bags[2].brews.map(\.userDistance) == [6, 3, 0, 0] && bags[2].userReached == 3)
        // Bag 5: 23 rated 4.5 once, 22 and 24 at one step.
        #expect(bags[4].brews.map(\.userDistance) == [0, 1, 0, 1] && bags[4].userReached == 1)
        // Bag 6 has two brews: not judged; the others are, and their advice distances are the hand ones.
        #expect(bags.map(\.judged) == [true, true, true, true, true, false])
        for bag in bags {
            for brew in bag.brews {
                let expected = brew.advised.map { a in bag.bestSettings.map { abs(a - $0) }.min()! }
                #expect(brew.adviceDistance == expected)
            }
            let reached = bag.brews.first { ($0.adviceDistance ?? 99) <= 0.5 }?.index
            #expect(bag.saved == bag.userReached - (reached ?? bag.brews.count + 1))
        }
        // The very first brew of the journal has no advice: nothing was brewed before it.
        #expect(bags[0].brews[0].advised == nil)
        #expect(backtest.overall.judged == 5 && backtest.overall.verdict != .tooThin)
        let mean = Double(bags.prefix(5).map(\.saved).reduce(0, +)) / 5
        #expect(backtest.overall.meanSaved == mean)
        #expect(backtest.overall.low! <= mean && mean <= backtest.overall.high!)
    }

    @Test func noLaterBrewIsUsed() throws {
        let before = try Backtest(journal: Self.journal(Self.walk))
        // The fourth bag's last brew and every brew after it changed: a setting far off, a rating turned round.
        var changed = Self.walk
        changed[3].settings[2] = 31; changed[3].ratings[2] = 5
        changed[4] = ([30, 12, 35, 9], [1, 5, 2, 0.5])
        changed[5] = ([14, 29], [5, 1])
        let after = try Backtest(journal: Self.journal(changed))
        // Every brew before the change was advised the same, to the byte of its CSV row.
        func advisedRows(_ bag: BacktestBag) -> [String] {
            BacktestCSV.bag(bag).components(separatedBy: "\r\n").map { row -> String in
                row.components(separatedBy: ",").prefix(9).joined(separator: ",")
            }
        }
        for k in 0..<3 {
            let a = advisedRows(before.bags[k]), b = advisedRows(after.bags[k])
            #expect(a == b)
        }
        #expect(before.bags[3].brews.prefix(3).map(\.advised) == after.bags[3].brews.prefix(3).map(\.advised))
        // The changed brew itself was advised from the brews before it: the same advice.
        #expect(before.bags[3].brews[2].advised == after.bags[3].brews[2].advised)
        // And what comes after it sees the change.
        #expect(before.bags[4].brews.map(\.advised) != after.bags[4].brews.map(\.advised))
    }

    @Test func aThinJournalIsTooThinToJudge() throws {
        let backtest = try Backtest(journal: Self.journal(Array(Self.walk.prefix(3))))
        #expect(backtest.overall.judged == 3 && backtest.overall.verdict == .tooThin)
        #expect(backtest.overall.sentence(backtest.options).hasPrefix("Too thin to judge: 3 bags"))
    }

    /// Bags whose first cup was their best: the user is there at brew 1, the advice at best from brew 2, so the
    /// advice comes later, and the sentence and the page's figure say it in brews later, interval included.
    @Test func aLaterVerdictIsSaidInBrewsLater() throws {
        let firstBest: [(settings: [Double], ratings: [Double])] = [
            ([24, 20, 28, 22], [4.5, 3, 2.5, 3.5]), ([23, 27, 19, 25], [4.5, 3, 2.5, 3.5]),
            ([25, 21, 29, 23], [4.5, 3, 2.5, 3.5]), ([22, 26, 18, 24], [4.5, 3, 2.5, 3.5]),
            ([24, 28, 20, 26], [4.5, 3, 2.5, 3.5]), ([23, 19, 27, 21], [4.5, 3, 2.5, 3.5]),
        ]
        let o = try Backtest(journal: Self.journal(firstBest)).overall
        try #require(o.verdict == .later, "\(o)")
        let mean = try #require(o.meanSaved), low = try #require(o.low), high = try #require(o.high)
        #expect(mean < 0 && high < 0)
        func one(_ x: Double) -> String { String(format: "%.1f", x) }
        let sentence = o.sentence(BacktestOptions())
        #expect(sentence.contains(" \(one(-mean)) brews later on average than it was brewed (90 % bootstrap interval " +
            "\(one(-high)) to \(one(-low)))."), "\(sentence)")
        #expect(!sentence.contains("−"))
        let figure = o.leadFigure
        #expect(figure.label == "Brews later" && figure.mean == -mean && figure.low == -high && figure.high == -low)
        #expect(o.verdictWords == "later")
    }

    @Test func nothingToReplayIsAnError() {
        var b = JournalBuilder()
        _ = b.addGrinder(Grinder(name: "Comandante C40", settingMin: 0, settingMax: 40, settingStep: 1))
        _ = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        #expect(throws: BacktestError.nothingToReplay(scope: "this journal")) {
            try Backtest(journal: b.finish())
        }
    }

    @Test func theBootstrapIsSeededAndReproducible() {
        let x = [1.0, -2, 0, 3, 1]
        let a = BacktestSummary.bootstrapMeans(x, resamples: 500, seed: 43)
        #expect(a == BacktestSummary.bootstrapMeans(x, resamples: 500, seed: 43))
        #expect(a != BacktestSummary.bootstrapMeans(x, resamples: 500, seed: 44))
        #expect(a.allSatisfy { $0 >= -2 && $0 <= 3 })
    }
}
