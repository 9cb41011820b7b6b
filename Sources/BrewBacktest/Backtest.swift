import BrewAdvice
import BrewColumns
import BrewStats
import Foundation
import Synchronization

/// The advisor replayed over a journal's own bags (`brewstats backtest`; docs/advisor.md, "Back-test").
///
/// **Replay.** For every grinder × method (or the one asked for), every bag — a bean; for an espresso method whose
/// shots name pressure profiles, a bean × profile, as the advisor never pools profiles — is replayed brew by brew in
/// (brew date, journal row) order. Before each brew the advisor (``BrewAdvice/DialInAdvisor``, its model and options
/// as they are) is asked for that bag with `asOf` one microsecond before the brew's date: the cut a past week's report
/// makes, so it sees the brews dated before this one and nothing later (brews at the same instant are not seen
/// either). Its `next` setting is the advice.
///
/// **Brews replayed** are dated, with a bean, a finite grind setting and a finite rating (the advisor's usable brews
/// that a date places in time). Undated brews, brews without a bean (the advisor is asked about a bag by its bean) and,
/// where profiles are named, shots without one are left out of the replay and counted in ``leftOut``; the advisor
/// still reads whatever of them its own rules read.
///
/// **Scoring** is ``BacktestBag``'s and ``BacktestSummary``'s: distances to each bag's own best-rated settings, never a
/// claim about a cup nobody brewed.
public struct Backtest: Sendable {
    /// One grinder × method's bags and what they say.
    public struct Pair: Sendable {
        public let grinder: String
        public let method: String
        public let grinderIndex: Int
        public let methodIndex: Int
        /// The bags, in the order of their first replayed brew.
        public let bags: [BacktestBag]
        public let summary: BacktestSummary
    }

    /// Usable brews not replayed: without a brew date, without a bean, or shots without a profile where the
    /// grinder × method's shots name profiles.
    public struct LeftOut: Sendable, Equatable {
        public var undated = 0, withoutBean = 0, withoutProfile = 0
        public var total: Int { undated + withoutBean + withoutProfile }
    }

    /// The grinder × method pairs with at least one replayed bag, by grinder then method name.
    public let pairs: [Pair]
    /// Every judged bag of every pair together.
    public let overall: BacktestSummary
    public let leftOut: LeftOut
    public let options: BacktestOptions

    /// Every bag of `journal` replayed (or only those of `grinder` × `method`, indices into the journal's tables).
    ///
    /// - Throws: ``BacktestError/nothingToReplay(scope:)`` when no bag has a brew to replay.
    public init(journal: Journal, grinder: Int? = nil, method: Int? = nil,
                options: BacktestOptions = BacktestOptions()) throws(BacktestError) {
        let t = journal.brews
        var rowsByPair: [PairKey: [Int]] = [:]
        var leftOut = LeftOut()
        for i in 0..<t.count {
            guard let g = t.grinder.code(i).map(Int.init), let m = t.method.code(i).map(Int.init),
                g < journal.grinders.count, m < journal.methods.count,
                grinder == nil || grinder == g, method == nil || method == m,
                let s = t.grindSetting[i], s.isFinite, let r = t.rating[i], r.isFinite
            else { continue }
            guard t.brewDate[i] != nil else { leftOut.undated += 1; continue }
            guard let b = t.bean.code(i).map(Int.init), b < journal.beans.count else {
                leftOut.withoutBean += 1; continue
            }
            rowsByPair[PairKey(grinder: g, method: m), default: []].append(i)
        }
        let labels = BeanLabels.make(journal)
        var questions: [Question] = []
        var plans: [(key: PairKey, bags: [BagPlan])] = []
        for key in rowsByPair.keys.sorted(by: { Self.order($0, $1, journal) }) {
            let rows = rowsByPair[key]!.sorted { (t.brewDate[$0]!, $0) < (t.brewDate[$1]!, $1) }
            let espresso = journal.methods[key.method].category == .espresso
            let profiles = rows.map { i in espresso ? t.pressureProfile[i].flatMap(Self.trimmed) : nil }
            let named = profiles.contains { $0 != nil }
            var bags: [BagPlan] = []
            var slot: [BagKey: Int] = [:]
            for (k, i) in rows.enumerated() {
                if named, profiles[k] == nil { leftOut.withoutProfile += 1; continue }
                let bagKey = BagKey(bean: Int(t.bean.code(i)!), profile: profiles[k]?.lowercased())
                if slot[bagKey] == nil {
                    slot[bagKey] = bags.count
                    bags.append(BagPlan(bean: bagKey.bean, profile: profiles[k], questions: []))
                }
                bags[slot[bagKey]!].questions.append(questions.count)
                questions.append(Question(grinder: key.grinder, method: key.method, bean: bagKey.bean,
                                          profile: profiles[k], row: i, date: t.brewDate[i]!))
            }
            plans.append((key, bags))
        }
        guard !questions.isEmpty else {
            let scope = grinder.map { g in
                "\(journal.grinders[g].displayName) × \(method.map { journal.methods[$0].displayName } ?? "any method")"
            } ?? "this journal"
            throw .nothingToReplay(scope: scope)
        }
        let advised = Self.ask(questions, journal: journal, options: options.advice)
        var pairs: [Pair] = []
        for plan in plans where !plan.bags.isEmpty {
            let g = journal.grinders[plan.key.grinder].displayName, m = journal.methods[plan.key.method].displayName
            let bags = plan.bags.compactMap { bag -> BacktestBag? in
                var asked = options.advice
                asked.profile = bag.profile
                // The scale distances are measured on: the grinder × method's as the whole journal gives it.
                guard let scale = try? DialInAdvisor.advise(journal: journal, grinder: plan.key.grinder,
                    method: plan.key.method, bean: bag.bean, options: asked).estimate.scale else { return nil }
                let replayed = bag.questions.map { q in
                    let row = questions[q].row
                    return (row: row, date: questions[q].date, setting: t.grindSetting[row]!, rating: t.rating[row]!,
                            advised: advised[q])
                }
                return BacktestBag(grinder: g, method: m, bean: labels[bag.bean], beanIndex: bag.bean,
                                   profile: bag.profile, scale: scale, replayed: replayed, options: options)
            }
            pairs.append(Pair(grinder: g, method: m, grinderIndex: plan.key.grinder, methodIndex: plan.key.method,
                              bags: bags, summary: BacktestSummary(bags, options: options)))
        }
        self.pairs = pairs
        self.overall = BacktestSummary(pairs.flatMap(\.bags), options: options)
        self.leftOut = leftOut
        self.options = options
    }

    /// ``init(journal:grinder:method:options:)`` for `grinder` × `method` named as `dial-in` names them
    /// (``BrewAdvice/DialInNames``).
    ///
    /// - Throws: ``BacktestError/advice(_:)`` for a name that matches nothing or several entities,
    ///   ``BacktestError/nothingToReplay(scope:)`` as the other initialiser.
    public init(journal: Journal, grinder: String, method: String,
                options: BacktestOptions = BacktestOptions()) throws(BacktestError) {
        let r: (grinder: Int, method: Int, bean: Int?)
        do { r = try DialInNames.resolve(journal: journal, grinder: grinder, method: method, bean: nil) } catch {
            throw .advice(error)
        }
        try self.init(journal: journal, grinder: r.grinder, method: r.method, options: options)
    }

    /// Every bag of the replay, pair after pair.
    public var bags: [BacktestBag] { pairs.flatMap(\.bags) }

    // MARK: The questions

    struct PairKey: Hashable { let grinder: Int, method: Int }
    struct BagKey: Hashable { let bean: Int, profile: String? }
    struct BagPlan { let bean: Int, profile: String?; var questions: [Int] }
    struct Question: Sendable { let grinder: Int, method: Int, bean: Int, profile: String?, row: Int, date: Int64 }

    /// The advisor's `next` before each question's brew (`nil` where it has nothing to go on), asked on both cores:
    /// each answer depends on its question alone, so the order they are computed in changes nothing.
    static func ask(_ questions: [Question], journal: Journal, options: DialInOptions) -> [Double?] {
        let answers = Mutex([Double?](repeating: nil, count: questions.count))
        DispatchQueue.concurrentPerform(iterations: questions.count) { k in
            let q = questions[k]
            var asked = options
            asked.profile = q.profile
            let next = try? DialInAdvisor.advise(journal: journal, grinder: q.grinder, method: q.method, bean: q.bean,
                asOf: Timestamp(microseconds: q.date - 1), options: asked).estimate.next
            answers.withLock { $0[k] = next }
        }
        return answers.withLock { $0 }
    }

    /// Grinder name, then method name, then indices.
    static func order(_ a: PairKey, _ b: PairKey, _ journal: Journal) -> Bool {
        let x = (journal.grinders[a.grinder].displayName, journal.methods[a.method].displayName)
        let y = (journal.grinders[b.grinder].displayName, journal.methods[b.method].displayName)
        return x != y ? x < y : (a.grinder, a.method) < (b.grinder, b.method)
    }

    /// A profile's name without surrounding white space; `nil` when nothing is left.
    static func trimmed(_ text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        return t.isEmpty ? nil : t
    }
}
