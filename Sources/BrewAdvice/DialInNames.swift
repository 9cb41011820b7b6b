import BrewColumns
import BrewNames
import BrewStats
import Foundation

/// Finds the grinder, method and bean a person names, by the chart filters' rules (``NameMatching``):
/// case-insensitively, ignoring surrounding spaces; a bean also as `roaster name` or `name (roaster)`.
///
/// Where several entities share a name, the grinder or method with most brews is meant (ties: the first in the
/// journal), and the bean brewed last on that grinder × method (else the one brewed last anywhere, else the first).
public enum DialInNames {
    /// The indices named.
    ///
    /// - Throws: ``AdviceError/noMatch(what:value:known:)`` naming what the journal has.
    public static func resolve(journal: Journal, grinder: String, method: String, bean: String?)
        throws(AdviceError) -> (grinder: Int, method: Int, bean: Int?) {
        let t = journal.brews
        let g = try pick("grinder", grinder, journal.grinders.map { [$0.displayName] }, column: t.grinder)
        let m = try pick("method", method, journal.methods.map { [$0.displayName] }, column: t.method)
        guard let bean else { return (g, m, nil) }
        let aliases = journal.beans.map { b in
            [b.displayName] + (b.roaster.map { ["\($0) \(b.displayName)", "\(b.displayName) (\($0))"] } ?? [])
        }
        let matches = try matching("bean", bean, aliases, shown: journal.beans.map(\.displayName))
        guard matches.count > 1 else { return (g, m, matches.first) }
        var bestHere: (Int64, Int, Int)?, bestAnywhere: (Int64, Int, Int)?
        for i in 0..<t.count {
            guard let b = t.bean.code(i).map(Int.init), matches.contains(b) else { continue }
            let key = (t.brewDate[i] ?? .min, i, b)
            if bestAnywhere == nil || key > bestAnywhere! { bestAnywhere = key }
            if t.grinder.code(i) == Int32(g), t.method.code(i) == Int32(m), bestHere == nil || key > bestHere! {
                bestHere = key
            }
        }
        return (g, m, bestHere?.2 ?? bestAnywhere?.2 ?? matches.min())
    }

    /// The bean `wanted` names, by ``resolve(journal:grinder:method:bean:)``'s rules (a bean also as `roaster name` or
    /// `name (roaster)`); of several bags of that name, the one brewed last (else the first). The MCP server's bean
    /// tool asks it, so a bean is found there as `dial-in --bean` finds it.
    ///
    /// - Throws: ``AdviceError/noMatch(what:value:known:)`` naming the journal's beans, closest first, and
    ///   ``AdviceError/ambiguousMatch(what:value:candidates:)``.
    public static func bean(named wanted: String, in journal: Journal) throws(AdviceError) -> Int {
        let aliases = journal.beans.map { b in
            [b.displayName] + (b.roaster.map { ["\($0) \(b.displayName)", "\(b.displayName) (\($0))"] } ?? [])
        }
        let matches = try matching("bean", wanted, aliases, shown: journal.beans.map(\.displayName))
        guard matches.count > 1 else { return matches[0] }
        let t = journal.brews
        var latest: (Int64, Int, Int)?
        for i in 0..<t.count {
            guard let b = t.bean.code(i).map(Int.init), matches.contains(b) else { continue }
            let key = (t.brewDate[i] ?? .min, i, b)
            if latest == nil || key > latest! { latest = key }
        }
        return latest?.2 ?? matches.min()!
    }

    static func pick(
        _ what: String, _ wanted: String, _ names: [[String]], column: DictionaryColumn
    ) throws(AdviceError) -> Int {
        let found = try matching(what, wanted, names, shown: nil)
        guard found.count > 1 else { return found[0] }
        var counts = [Int: Int]()
        for i in 0..<column.count {
            if let c = column.code(i), found.contains(Int(c)) { counts[Int(c), default: 0] += 1 }
        }
        return found.max { (counts[$0] ?? 0, -$0) < (counts[$1] ?? 0, -$1) }!
    }

    /// Entities whose names (or aliases) match `wanted` by the command line's rules
    /// (``NameMatching/candidates(for:among:)``): equal ignoring case and accents, else the beginning of exactly one
    /// name or of a word inside it.
    ///
    /// - Throws: ``AdviceError/ambiguousMatch(what:value:candidates:)`` when it begins several names, and
    ///   ``AdviceError/noMatch(what:value:known:)`` (the journal's names, closest first) when it matches none.
    static func matching(
        _ what: String, _ wanted: String, _ names: [[String]], shown: [String]?
    ) throws(AdviceError) -> [Int] {
        let shownNames = shown ?? names.map { $0.first ?? "" }
        let (prefixed, exact) = NameMatching.candidates(for: wanted, among: names)
        if exact, !prefixed.isEmpty { return prefixed }
        let candidates = Set(prefixed.map { shownNames[$0] })
        if candidates.count == 1 { return prefixed }
        if candidates.count > 1 {
            throw .ambiguousMatch(what: what, value: wanted,
                candidates: NameMatching.ranked(Array(candidates), closestTo: wanted))
        }
        throw .noMatch(what: what, value: wanted, known: NameMatching.ranked(shownNames, closestTo: wanted))
    }

}
