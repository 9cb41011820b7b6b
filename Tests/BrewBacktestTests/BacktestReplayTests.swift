import BrewAdvice
import BrewColumns
import BrewImport
import Foundation
import TestSupport
import Testing
@testable import BrewBacktest

/// The back-test's figures, recomputed by an independent replay (``IndependentReplay``) on the sample journal, the
/// 2020 Beanconqueror backup and the mapped foreign CSV.
@Suite struct BacktestReplayTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func journals() throws -> [(String, Journal)] {
        var out: [(String, Journal)] = []
        out.append(("sample", try importJournal(at: Repo.sample("journal.sqlite"),
                                                options: ImportOptions(timeZone: utc)).journal))
        let mapping = try ColumnMapping.load(from: Repo.sample("mapping.toml"))
        out.append(("foreign", try importJournal(at: Repo.sample("foreign.csv"),
                                                 options: ImportOptions(timeZone: utc, columnMapping: mapping)).journal))
        let peer = try #require(Repo.peerData, "peer-data not found beside the repository")
        let backup = peer.appendingPathComponent("beanconqueror/Beanconqueror_old.json")
        out.append(("beanconqueror-2020", try importJournal(at: backup, options: ImportOptions(timeZone: utc)).journal))
        return out
    }

    @Test func figuresMatchAnIndependentReplay() throws {
        for (name, journal) in try Self.journals() {
            let backtest = try Backtest(journal: journal)
            let reference = IndependentReplay(journal)
            #expect(backtest.bags.count == reference.bags.count, "\(name)")
            for r in reference.bags {
                let found = backtest.bags.filter {
                    $0.beanIndex == r.bean && $0.profile?.lowercased() == r.profile?.lowercased()
                        && $0.grinder == journal.grinders[r.grinder].displayName
                        && $0.method == journal.methods[r.method].displayName
                }
                #expect(found.count == 1, "\(name): bag \(r.bean)")
                guard let b = found.first else { continue }
                #expect(b.brews.map(\.row) == r.rows, "\(name): \(b.bean)")
                #expect(b.brews.map(\.advised) == r.advised, "\(name): \(b.bean)")
                #expect(b.bestRating == r.best && b.bestSettings == r.bestSettings, "\(name): \(b.bean)")
                #expect(b.withinReach == r.within && b.userReached == r.userAt, "\(name): \(b.bean)")
                #expect(b.adviceReached == r.adviceAt && b.saved == r.saved, "\(name): \(b.bean)")
            }
            // The bootstrap draws bags by position: the reference's bags in the documented order (grinder name,
            // method name, then each bag's first brew).
            let t = journal.brews
            func key(_ b: IndependentReplay.Bag) -> (String, String, Int64, Int) {
                (journal.grinders[b.grinder].displayName, journal.methods[b.method].displayName,
                 t.brewDate[b.rows[0]]!, b.rows[0])
            }
            let ordered = reference.bags.sorted { key($0) < key($1) }
            #expect(ordered.map(\.rows) == backtest.bags.map { $0.brews.map(\.row) }, "\(name)")
            let judged = ordered.filter { $0.rows.count >= 3 && $0.advised.contains { $0 != nil } }
            #expect(backtest.overall.judged == judged.count, "\(name)")
            let s = reference.summary(of: judged)
            #expect(isClose(backtest.overall.meanSaved, s?.mean), "\(name)")
            #expect(isClose(backtest.overall.low, s?.low) && isClose(backtest.overall.high, s?.high),
                    "\(name): \(String(describing: backtest.overall.high)) \(String(describing: s))")
            let verdict: BacktestSummary.Verdict = judged.count < 5 || s == nil ? .tooThin
                : s!.low > 0 ? .sooner : s!.high < 0 ? .later : .unclear
            #expect(backtest.overall.verdict == verdict, "\(name)")
        }
    }

    @Test func theSampleJournalHasBagsToJudge() throws {
        let journal = try importJournal(at: Repo.sample("journal.sqlite"),
                                        options: ImportOptions(timeZone: Self.utc)).journal
        let backtest = try Backtest(journal: journal)
        #expect(backtest.overall.judged > 0)
        #expect(!backtest.overall.byIndex.isEmpty)
        // Every CSV has a header and one line per brew (or bag), CRLF-terminated.
        for bag in backtest.bags {
            #expect(BacktestCSV.bag(bag).components(separatedBy: "\r\n").count == bag.brews.count + 2)
        }
        #expect(BacktestCSV.bags(backtest).components(separatedBy: "\r\n").count == backtest.bags.count + 2)
    }
}
