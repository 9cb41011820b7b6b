import BrewColumns
import BrewImport
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewAdvice
@testable import BrewReport

/// The report's advice with the earlier bags' terms shared by every bean of a grinder × method (``DialInRows``) is
/// the advice each bean gets alone, when its fit computes every earlier bag afresh: every number within 1e-9 (and
/// the JSON the same text), on the sample journal and on generated journals of both shapes.
@Suite struct AdviceSharingTests {
    /// The journals: the sample's store, and generated journals of the standard and the wide shape.
    static func journals() throws -> [(label: String, journal: Journal)] {
        var out = [(label: String, journal: Journal)]()
        out.append(("sample", try importJournal(at: Repo.sample("journal.sqlite")).journal))
        out.append(("standard 2000/7", JournalGenerator(GeneratorOptions(brewCount: 2_000, seed: 7)).makeJournal()))
        out.append(("standard 1200/3", JournalGenerator(GeneratorOptions(brewCount: 1_200, seed: 3)).makeJournal()))
        out.append(("wide 3500/11", JournalGenerator(GeneratorOptions(brewCount: 3_500, seed: 11, days: JournalShape.wideDays,
                                                                      shape: .wide)).makeJournal()))
        return out
    }

    /// Per grinder × method, its beans with usable brews, those brewed last first (at most `limit`), as a report
    /// asks about the beans of its week.
    static func triples(_ journal: Journal, limit: Int) -> [(grinder: Int, method: Int, bean: Int)] {
        let t = journal.brews
        var last: [[Int]: Int] = [:]
        for i in 0..<t.count {
            guard let g = t.grinder.code(i), let m = t.method.code(i), let b = t.bean.code(i),
                  let s = t.grindSetting[i], s.isFinite, let r = t.rating[i], r.isFinite else { continue }
            last[[Int(g), Int(m), Int(b)]] = i
        }
        var byPair: [[Int]: [(row: Int, bean: Int)]] = [:]
        for (key, row) in last { byPair[[key[0], key[1]], default: []].append((row, key[2])) }
        return byPair.keys.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { pair in
            byPair[pair]!.sorted { $0.row > $1.row }.prefix(limit).map { (pair[0], pair[1], $0.bean) }
        }
    }

    /// Every number of two estimates within 1e-9 of each other, and the rest equal.
    static func expectSame(_ a: DialInAdvice, _ b: DialInAdvice, _ label: String) {
        let x = a.estimate, y = b.estimate
        func close(_ p: Double?, _ q: Double?, _ what: String) {
            #expect(isClose(p, q, relative: 1e-9, absolute: 1e-9), "\(label): \(what) \(String(describing: p)) vs \(String(describing: q))")
        }
        close(x.next, y.next, "next"); close(x.nextExpected, y.nextExpected, "next expected")
        close(x.bestRaw, y.bestRaw, "best (raw)"); close(x.best, y.best, "best")
        close(x.low, y.low, "low"); close(x.high, y.high, "high"); close(x.bestExpected, y.bestExpected, "best expected")
        close(x.earlierPeakLow, y.earlierPeakLow, "earlier low"); close(x.earlierPeakHigh, y.earlierPeakHigh, "earlier high")
        close(x.flatBayesFactor, y.flatBayesFactor, "Bayes factor")
        close(x.safe, y.safe, "safe"); close(x.safeExpected, y.safeExpected, "safe expected")
        close(x.experiment?.setting, y.experiment?.setting, "experiment")
        close(x.experiment?.expected, y.experiment?.expected, "experiment expected")
        close(x.experiment?.chanceBeyondSafe, y.experiment?.chanceBeyondSafe, "experiment chance")
        #expect(x.curve.count == y.curve.count, "\(label): curve")
        for (p, q) in zip(x.curve, y.curve) {
            close(p.mean, q.mean, "curve mean at \(p.setting)"); close(p.low, q.low, "curve low"); close(p.high, q.high, "curve high")
        }
        #expect(x.earlierBags == y.earlierBags && x.verdict == y.verdict && x.confidence == y.confidence
                && x.discounted == y.discounted, "\(label): verdict, confidence, bags or mishaps differ")
        #expect(a.json == b.json, "\(label): JSON differs")
        #expect(a.textReport == b.textReport, "\(label): text differs")
    }

    /// Many beans of each grinder × method through one grouping, on many threads at once, against each bean alone;
    /// and the grouping computed fewer bags' terms than the beans alone did together.
    @Test(arguments: [0, 1, 2, 3])
    func sharedTermsGiveEachBeansOwnAdvice(_ which: Int) throws {
        let (label, journal) = try Self.journals()[which]
        let triples = Self.triples(journal, limit: which == 0 ? 40 : 6)
        let rows = DialInRows(journal, asOf: nil, grinders: Set(triples.map(\.grinder)))
        let shared = parallelMap(triples.count, work: .max) { k in
            try? DialInAdvisor.advise(journal: journal, grinder: triples[k].grinder, method: triples[k].method,
                                      bean: triples[k].bean, rows: rows)
        }
        var alone = 0, answered = 0
        for (k, t) in triples.enumerated() {
            let own = DialInRows(journal, asOf: nil, grinders: [t.grinder])
            let single = try? DialInAdvisor.advise(journal: journal, grinder: t.grinder, method: t.method, bean: t.bean, rows: own)
            #expect((single == nil) == (shared[k] == nil), "\(label): bean \(t.bean) answered once only")
            guard let single, let s = shared[k] else { continue }
            Self.expectSame(s, single, "\(label) grinder \(t.grinder) method \(t.method) bean \(t.bean)")
            alone += own.brews(journal, grinder: t.grinder, method: t.method).terms.usage.computed
            answered += 1
        }
        #expect(answered > 0)
        let pairs = Set(triples.map { [$0.grinder, $0.method] })
        let computed = pairs.map { rows.brews(journal, grinder: $0[0], method: $0[1]).terms.usage.computed }.reduce(0, +)
        #expect(computed <= alone, "\(label): \(computed) bags' terms shared against \(alone) alone")
        if which > 0 { #expect(computed < alone, "\(label): nothing shared (\(computed) of \(alone))") }
    }

    /// The report's advice for each bean of its week is the bean's advice asked alone.
    @Test func reportAdviceIsEachBeansAdviceAlone() throws {
        let journal = JournalGenerator(GeneratorOptions(brewCount: 3_000, seed: 19)).makeJournal()
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23, the day after the journal ends
        let report = try PeriodReport(journal: journal, journalName: "g", importReport: nil, options: options)
        let advised = report.periodAdvice.compactMap { $0 }
        #expect(advised.count >= 3)
        for (bean, advice) in zip(report.periodBeans, report.periodAdvice) {
            guard let advice else { continue }
            let alone = try DialInAdvisor.advise(journal: report.analysis.journal, grinder: bean.grinderIndex,
                                                 method: bean.methodIndex, bean: bean.beanIndex)
            Self.expectSame(advice, alone, "\(bean.bean) on \(bean.grinder) × \(bean.method)")
        }
    }
}
