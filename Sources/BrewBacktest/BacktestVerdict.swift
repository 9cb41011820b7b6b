import BrewAdvice
import BrewColumns
import Foundation

/// The back-test's verdict for the one grinder × method a dial-in answer is about (`dial-in --backtest`, the MCP
/// `dial_in` tool's `backtest` argument; docs/advisor.md, "Back-test").
///
/// It replays that grinder × method's bags only — ``Backtest/init(journal:grinder:method:options:)`` with the
/// answer's grinder and method and the answer's own advisor settings (its grinders catalogue), every profile's bags as
/// `brewstats backtest --grinder G --method M` replays them — so its figures are that command's for the pair:
/// ``summary`` is the pair's ``BacktestSummary``. ``line`` says it in one sentence; ``unavailable`` says why there is
/// none when nothing of the pair can be replayed (no dated brew with a bean, a numeric setting and a rating).
public struct BacktestVerdict: Sendable, Equatable {
    /// The pair's summary; `nil` when nothing could be replayed (then ``unavailable`` says why).
    public let summary: BacktestSummary?
    public let options: BacktestOptions
    /// Why there is no summary (``BacktestError``'s description).
    public let unavailable: String?

    /// The verdict of `grinder` × `method` (indices into `journal`'s tables) as `advice` (the dial-in answer's
    /// settings; its profile is set per bag by the replay) asks the advisor.
    public init(journal: Journal, grinder: Int, method: Int, advice: DialInOptions) {
        var options = BacktestOptions()
        options.advice = advice
        self.options = options
        do {
            let replayed = try Backtest(journal: journal, grinder: grinder, method: method, options: options)
            summary = replayed.pairs.first?.summary ?? BacktestSummary([], options: options)
            unavailable = nil
        } catch {
            summary = nil
            unavailable = error.description
        }
    }

    /// The verdict in one line, as `dial-in` prints it after `backtest: `.
    ///
    /// "Replayed on your 9 judged bags of this grinder × method, the advice pointed at each bag's best-rated setting
    /// 1.9 brews later than you brewed it (90 % interval 0.7 to 3.0 later; in 6 bags it never did, counted one brew
    /// after the bag's last)" · "Replayed on this grinder × method: too thin to judge (1 judged bag; 5 needed)".
    /// Means and interval ends are ``BacktestSummary``'s, to one decimal; "sooner" and "later" are read off
    /// ``BacktestSummary/verdict`` (the interval above or below zero), and an interval that holds zero is said to.
    public var line: String {
        typealias W = BacktestSummary
        guard let s = summary else { return "not replayed: \(unavailable ?? "nothing to replay")" }
        guard s.verdict != .tooThin, let mean = s.meanSaved, let low = s.low, let high = s.high else {
            return "Replayed on this grinder × method: too thin to judge (\(W.count(s.judged, "judged bag")); " +
                "\(options.minimumBags) needed)"
        }
        let level = W.percentWords(s.level)
        let pointed = "Replayed on your \(W.count(s.judged, "judged bag")) of this grinder × method, the advice " +
            "pointed at each bag's best-rated setting"
        let never = s.censored == 0 ? "" : "; in \(W.count(s.censored, "bag")) it never did, counted one brew " +
            "after the bag's last"
        // Later: the brews later and their interval, the negated brews sooner.
        let later = s.verdict == .later || (s.verdict == .unclear && mean < 0)
        let x = W.signed(later ? -mean : mean), a = W.signed(later ? -high : low), b = W.signed(later ? -low : high)
        let side = later ? "later" : "sooner"
        switch s.verdict {
        case .sooner, .later:
            return "\(pointed) \(x) brews \(side) than you brewed it " +
                "(\(level) interval \(a) to \(b) \(side)\(never))"
        default:
            // The interval holds zero: the mean's direction, its interval on the same side, and no claim.
            return "\(pointed) \(x) brews \(side) than you brewed it on average, but the \(level) interval " +
                "(\(a) to \(b)) holds zero: no clear difference\(never)"
        }
    }

    /// The `"backtest"` object of `dial-in --json`: `{"bags", "judged", "censored", "mean_saved", "low", "high",
    /// "level", "verdict": "too-thin" | "sooner" | "later" | "unclear", "line", "unavailable"}` — ``summary``'s
    /// figures (brews sooner, negative for later; rounded to 0.01; null where the summary has none), ``line`` and
    /// ``unavailable`` (null unless nothing could be replayed, when every figure is null).
    public var jsonObject: [String: Any] {
        let s = summary
        func number(_ x: Double?) -> Any { x.map { ($0 * 100).rounded() / 100 as Any } ?? NSNull() }
        return [
            "bags": s.map { $0.bags as Any } ?? NSNull(), "judged": s.map { $0.judged as Any } ?? NSNull(),
            "censored": s.map { $0.censored as Any } ?? NSNull(), "mean_saved": number(s?.meanSaved),
            "low": number(s?.low), "high": number(s?.high), "level": s.map { $0.level as Any } ?? NSNull(),
            "verdict": s.map { $0.verdict.rawValue as Any } ?? NSNull(), "line": line,
            "unavailable": unavailable.map { $0 as Any } ?? NSNull(),
        ]
    }
}

extension DialInAdvice {
    /// `dial-in --json`'s object with `"backtest"`: the verdict's ``BacktestVerdict/jsonObject``, or null when none was
    /// asked for.
    public func json(backtest: BacktestVerdict?) -> String {
        var object = jsonObject
        object["backtest"] = backtest.map { $0.jsonObject as Any } ?? NSNull()
        return Self.serialised(object)
    }
}
