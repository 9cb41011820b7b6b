import BrewColumns

/// A journal's coffees and their bags.
///
/// A **coffee** is a bean name and its roaster: what a person means by "the Tarrazú La Pastora from Friedhats".
/// A **bag** is one bean of the journal (``Journal/beans``): the same coffee bought twice, roasted on two dates, is
/// one coffee in two bags. Totals, favourites and "most brewed" count coffees; bags are their breakdown.
///
/// - Coffees are keyed by the bean's shown name (``CoffeeBean/displayName``) and roaster exactly as written, after any
///   aliases (spellings are merged only by an aliases file, never here); a bean without a roaster forms a coffee of
///   its own name with "no roaster".
/// - ``labels``: the coffee's name, or `name (roaster)` when two coffees share a name; in order of first appearance
///   among the journal's beans.
/// - ``bagLabels``: for each bean, what tells it from the other bags of its coffee: `roasted YYYY-MM-DD`, else
///   `added YYYY-MM-DD` (the bean's creation date, a UTC day), joined where one alone does not tell them apart, and
///   `bag k of n` (journal order) only where nothing else does; empty for a coffee of one bag.
public struct Coffees: Sendable {
    /// For each bean (bag), its coffee's index into ``labels``.
    public let coffeeOfBean: [Int]
    /// One label per coffee.
    public let labels: [String]
    /// For each coffee, its beans' indices in journal order.
    public let bags: [[Int]]
    /// For each bean, the words that tell its bag from its coffee's other bags ("" for a coffee of one bag).
    public let bagLabels: [String]

    /// The coffees of `journal`.
    public init(_ journal: Journal) {
        var index: [String: Int] = [:], names: [String] = [], roasters: [String?] = [], bags: [[Int]] = []
        var coffeeOfBean: [Int] = []
        for (i, bean) in journal.beans.enumerated() {
            let roaster = bean.roaster.flatMap { $0.isEmpty ? nil : $0 }
            let key = bean.displayName + "\u{0}" + (roaster ?? "\u{0}")
            let c = index[key] ?? {
                index[key] = names.count
                names.append(bean.displayName); roasters.append(roaster); bags.append([])
                return names.count - 1
            }()
            bags[c].append(i)
            coffeeOfBean.append(c)
        }
        var nameCount: [String: Int] = [:]
        for n in names { nameCount[n, default: 0] += 1 }
        labels = names.indices.map { c in
            nameCount[names[c]]! > 1 ? "\(names[c]) (\(roasters[c] ?? "no roaster"))" : names[c]
        }
        self.coffeeOfBean = coffeeOfBean
        self.bags = bags
        var bagLabels = [String](repeating: "", count: journal.beans.count)
        for members in bags where members.count > 1 {
            let roasted = members.map { journal.beans[$0].roastDate.map { "roasted \($0)" } }
            let added = members.map { m in
                journal.beans[m].createdAt.map {
                    "added \(Day(index: Int32(floorDiv($0.microseconds, 86_400_000_000))))"
                }
            }
            func unique(_ words: [String?]) -> Bool {
                words.allSatisfy { $0 != nil } && Set(words.compactMap { $0 }).count == words.count
            }
            let chosen: [String]
            if unique(roasted) {
                chosen = roasted.map { $0! }
            } else if unique(added) {
                chosen = added.map { $0! }
            } else {
                let both = members.indices.map { k in [roasted[k], added[k]].compactMap { $0 }.joined(separator: ", ") }
                var total: [String: Int] = [:], seen: [String: Int] = [:]
                for b in both { total[b, default: 0] += 1 }
                chosen = both.map { b in
                    guard total[b]! > 1 || b.isEmpty else { return b }
                    let k = (seen[b] ?? 0) + 1
                    seen[b] = k
                    let ordinal = "bag \(k) of \(total[b]!)"
                    return b.isEmpty ? ordinal : "\(b), \(ordinal)"
                }
            }
            for (k, m) in members.enumerated() { bagLabels[m] = chosen[k] }
        }
        self.bagLabels = bagLabels
    }
}
