/// A statement the page makes (a favourite roaster, the busiest day, a sweet spot, a trend, a best brew) travelling
/// with its evidence and its qualifiers, like a statistics library's result object (statsmodels' `summary()`): the
/// renderers decide how much of the evidence a reader sees — the statement in plain words first, the numbers behind
/// it in a fold (HTML) or after it (Markdown, PDF).
///
/// - **Made or not.** A statement below its evidence rule is not made: ``isMade`` is false and ``statement`` is the
///   one line that says what evidence is missing ("No sweet spot yet: 5 rated brews on 3 settings; it needs 8 on 4").
/// - **Qualifiers** are part of the statement's words (a tie names both; a winner that depends on a suspected name
///   merge says so) and kept as data (``Qualifier``), so tests and renderers can ask for them.
///
/// Build winners with ``winner(subject:among:noun:minimum:merges:)``; anything else with
/// ``init(subject:statement:facts:evidence:qualifiers:isMade:)``.
public struct Finding: Sendable, Hashable {
    /// What the statement is about, shown before it in bold ("Favourite roaster", a bean × grinder × method);
    /// `nil` for a statement that stands alone.
    public var subject: String?
    /// The statement in plain words, qualifiers included; or, when not made, what is missing.
    public var statement: Text
    /// Further short facts, in reading order (a bean card's counts, best and last brew).
    public var facts: [Text]
    /// What the statement rests on; `nil` when it rests on nothing worth saying (a count is its own evidence).
    public var evidence: Evidence?
    /// The qualifiers the statement's words carry.
    public var qualifiers: [Qualifier]
    /// Whether the evidence rule holds and the statement is made.
    public var isMade: Bool

    /// Creates a finding.
    public init(subject: String? = nil, statement: Text, facts: [Text] = [], evidence: Evidence? = nil,
                qualifiers: [Qualifier] = [], isMade: Bool = true) {
        self.subject = subject
        self.statement = statement
        self.facts = facts
        self.evidence = evidence
        self.qualifiers = qualifiers
        self.isMade = isMade
    }

    /// A statement not made: `missing` says what evidence it lacks.
    public static func notMade(subject: String? = nil, _ missing: String, evidence: Evidence? = nil) -> Finding {
        Finding(subject: subject, statement: Text(missing), evidence: evidence, isMade: false)
    }
}

/// What a statement rests on: how many brews, the runner-up and the margin, and the statistics behind it in words a
/// statistician uses (shown only in the fold: "R² = 0.31", "quadratic fit").
public struct Evidence: Sendable, Hashable {
    /// How many observations the statement rests on, and what they are ("14 rated brews").
    public var n: Int?
    public var noun: String
    /// The runner-up and its count, when the statement names a winner.
    public var runnerUp: (name: String, count: Int)? {
        get { runnerUpName.map { ($0, runnerUpCount) } }
        set { runnerUpName = newValue?.name; runnerUpCount = newValue?.count ?? 0 }
    }
    private var runnerUpName: String?
    private var runnerUpCount = 0
    /// The winner's lead over the runner-up, worded with its unit ("by 4 brews").
    public var margin: String?
    /// The statistics, each a short line ("quadratic fit of rating on setting, R² = 0.31").
    public var details: [String]

    /// Creates evidence.
    public init(n: Int? = nil, noun: String = "brews", runnerUp: (name: String, count: Int)? = nil,
                margin: String? = nil,
                details: [String] = []) {
        self.n = n
        self.noun = noun
        self.runnerUpName = runnerUp?.name
        self.runnerUpCount = runnerUp?.count ?? 0
        self.margin = margin
        self.details = details
    }

    public static func == (a: Evidence, b: Evidence) -> Bool {
        a.n == b.n && a.noun == b.noun && a.runnerUpName == b.runnerUpName && a.runnerUpCount == b.runnerUpCount
            && a.margin == b.margin && a.details == b.details
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(n)
        hasher.combine(noun)
        hasher.combine(runnerUpName)
        hasher.combine(details)
    }

    /// The evidence as lines: the count, the runner-up with the margin, then the statistics.
    public var lines: [String] {
        var out: [String] = []
        if let n { out.append("\(n) \(n == 1 ? Evidence.singular(noun) : noun)") }
        if let r = runnerUp {
            out.append("runner-up: \(r.name) (\(r.count))" + (margin.map { ", " + $0 } ?? ""))
        } else if let margin {
            out.append(margin)
        }
        return out + details
    }

    /// `brew` for `brews`, `rated brew` for `rated brews`.
    static func singular(_ noun: String) -> String {
        noun.hasSuffix("s") ? String(noun.dropLast()) : noun
    }
}

/// A qualifier a statement's words carry.
public enum Qualifier: Sendable, Hashable {
    /// Two or more are tied for first: all are named.
    case tie([String])
    /// The winner holds only if the tool's suspected name merge is right: the spellings, their count together, and
    /// who wins otherwise with their count.
    case dependsOnMerge(spellings: [String], merged: Int, otherwise: String, otherwiseCount: Int)
    /// The figure includes estimated values (how many).
    case estimated(Int)
}

extension Finding {
    /// The most counted of `among` (name, count) as a statement, qualified:
    ///
    /// - ties for first name every tied name ("Saturday and Sunday, 41 brews each");
    /// - `merges` are groups of spellings the tool suspects are one name (noted on import, not merged): when merging
    ///   a group would change the winner, the statement says so — "Quijote, if 'Quijote Kaffee' and 'Quijote' are one
    ///   roaster (109 brews); otherwise Pacandé (70 brews)";
    /// - below `minimum` for the winner the statement is not made, and says so.
    ///
    /// Ordering: most counted first; a tie is listed in the order of `among` (callers pass names in their natural
    /// order: weekdays Monday first, hours from midnight, names in UTF-8 order).
    ///
    /// - Parameters:
    ///   - noun: What is counted, plural ("brews").
    ///   - kind: What a name is, for the merge wording ("roaster").
    ///   - name: How a winner, a runner-up and a tied name are worded (e.g. an hour `5` as `05:00–06:00`); names as
///     given by default.
    public static func winner(subject: String, among: [(name: String, count: Int)], noun: String = "brews",
                              kind: String = "name", minimum: Int = 1, merges: [[String]] = [],
                              name word: (String) -> String = { $0 }) -> Finding {
        let ranked = among.enumerated().sorted {
            ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset)
        }.map(\.element)
        guard let top = ranked.first, top.count >= max(1, minimum) else {
            let most = ranked.first?.count ?? 0
            return .notMade(subject: subject, most == 0 ? "no \(noun) to count"
                : "too few \(noun) to say: the most is \(most), and a favourite needs \(minimum)")
        }
        func count(_ n: Int) -> String { "\(n) \(n == 1 ? Evidence.singular(noun) : noun)" }
        let tied = ranked.filter { $0.count == top.count }
        let runner = ranked.first { $0.count < top.count }
        // A suspected merge that would put a merged name first (strictly ahead of the unmerged winner).
        let byName = Dictionary(among.map { ($0.name, $0.count) }, uniquingKeysWith: +)
        let mergedWinner = merges.compactMap { group -> (group: [String], total: Int)? in
            let present = group.filter { byName[$0] != nil }
            guard present.count > 1 else { return nil }
            return (present, present.reduce(0) { $0 + byName[$1]! })
        }.filter { $0.total > top.count }.max { $0.total < $1.total }
        if let m = mergedWinner {
            let lead = m.group.max { (byName[$0]!, $1) < (byName[$1]!, $0) }!
            let spelled = m.group.map { "‘\($0)’" }
            let list = spelled.count == 2 ? spelled.joined(separator: " and ")
                : spelled.dropLast().joined(separator: ", ") + " and " + spelled.last!
            let otherwise = tied.map { word($0.name) }
            let statement =
                "\(word(shortest(m.group, lead))), if \(list) are one \(kind) (\(count(m.total))); otherwise "
                + Finding.names(otherwise) + " (\(count(top.count))\(otherwise.count > 1 ? " each" : ""))"
            return Finding(subject: subject, statement: Text(statement),
                           evidence: Evidence(n: m.total, noun: noun, runnerUp: (word(tied[0].name), top.count),
                                              margin: "by \(count(m.total - top.count)) if merged"),
                           qualifiers: [.dependsOnMerge(spellings: m.group, merged: m.total,
                                                        otherwise: word(tied[0].name),
                                                        otherwiseCount: top.count)]
                               + (tied.count > 1 ? [.tie(tied.map { word($0.name) })] : []))
        }
        if tied.count > 1 {
            let names = tied.map { word($0.name) }
            return Finding(subject: subject,
                           statement: Text("\(Finding.names(names)), \(count(top.count)) each (a tie)"),
                           evidence: Evidence(n: top.count, noun: noun,
                               runnerUp: runner.map { (word($0.name), $0.count) }),
                           qualifiers: [.tie(tied.map { word($0.name) })])
        }
        return Finding(subject: subject, statement: Text("\(word(top.name)), \(count(top.count))"),
                       evidence: Evidence(n: top.count, noun: noun, runnerUp: runner.map { (word($0.name), $0.count) },
                                          margin: runner.map { "by \(count(top.count - $0.count))" }))
    }

    /// `A`, `A and B`, `A, B and C`.
    public static func names(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The shortest spelling of a merged group (`Quijote` of `Quijote Kaffee` and `Quijote`), else `fallback`.
    static func shortest(_ group: [String], _ fallback: String) -> String {
        group.min { ($0.count, $0) < ($1.count, $1) } ?? fallback
    }
}
