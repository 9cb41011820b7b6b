import BrewColumns
import Synchronization

/// Labels that tell a journal's beans apart wherever a summary or a chart names one bean.
///
/// A bean is identified by its id (store, JSON export) or by roaster + name (CSV export; docs/definitions.md),
/// so two beans may share a name: the same coffee from two roasters, or a bag bought twice. A label that
/// showed only the name would give two rows of `grind_rating.csv` the same key. The label is therefore:
///
/// 1. the bean's name, when no other bean of the journal has that name;
/// 2. otherwise `name (roaster)` — `name (no roaster)` for a bean without one;
/// 3. when that still collides (a repurchased bag of the same roaster), `name (roaster, roasted YYYY-MM-DD)`;
/// 4. when that still collides (same roast date, or none), `…, added YYYY-MM-DD)` with the day the bean was created
///    in the journal (``CoffeeBean/createdAt``, a UTC day): a bag bought again;
/// 5. when that still collides (no creation date, or the same), the label followed by ` #k`, where k numbers the
///    still-colliding beans 1, 2, … in journal order.
///
/// Edge cases: an empty journal gives no labels; a bean without a name is named as the table names it
/// (``CoffeeBean/displayName``). Labels depend only on the journal's beans, never on which brews are selected, so a
/// bean is labelled the same in every summary and chart of one journal.
public enum BeanLabels {
    /// One label per bean, in the order of `journal.beans` (see ``BeanLabels``).
    ///
    /// The labels of the last bean table labelled are kept (``LabelCache``): a report asks for them once per
    /// summary, bean page and dial-in answer, and a long journal holds thousands of beans.
    public static func make(_ journal: Journal) -> [String] {
        let beans = journal.beans
        if let cached = LabelCache.shared.labels(of: beans) { return cached }
        let labels = make(names: beans.map(\.displayName), beans: beans)
        LabelCache.shared.keep(labels, of: beans)
        return labels
    }

    /// One label per bean from each bean's base `names[i]` and its roaster and roast date in `beans[i]`.
    public static func make(names: [String], beans: [CoffeeBean]) -> [String] {
        precondition(names.count == beans.count, "one name per bean")
        var labels = names
        labels = disambiguate(labels) { i, _ in
            let roaster = beans[i].roaster.flatMap { $0.isEmpty ? nil : $0 } ?? "no roaster"
            return "\(names[i]) (\(roaster))"
        }
        labels = disambiguate(labels) { i, label in
            guard let day = beans[i].roastDate else { return label }
            return String(label.dropLast()) + ", roasted \(day))"
        }
        // Step 4: the day the bag was added to the journal (a repurchase with the same roast date, or none).
        labels = disambiguate(labels) { i, label in
            guard let created = beans[i].createdAt else { return label }
            let day = Day(index: Int32(floorDiv(created.microseconds, 86_400_000_000)))
            return label.hasSuffix(")") ? String(label.dropLast()) + ", added \(day))" : label + " (added \(day))"
        }
        // Step 5: number what still collides, in journal order (a unique name that happens to end in " #" stays).
        var total: [String: Int] = [:], seen: [String: Int] = [:]
        for l in labels { total[l, default: 0] += 1 }
        for i in labels.indices where total[labels[i]]! > 1 {
            let k = (seen[labels[i]] ?? 0) + 1
            seen[labels[i]] = k
            labels[i] += " #\(k)"
        }
        return labels
    }

    /// `labels` with every label that several beans share replaced by `refine(i, label)`; unique labels stay.
    private static func disambiguate(_ labels: [String], _ refine: (Int, String) -> String) -> [String] {
        var count: [String: Int] = [:]
        for l in labels { count[l, default: 0] += 1 }
        return labels.indices.map { i in count[labels[i]]! > 1 ? refine(i, labels[i]) : labels[i] }
    }
}

/// The labels of one bean table, found again by the table's storage.
///
/// An array's elements live in one buffer that the cache keeps alive by holding the array; a table with the same
/// buffer address and count is therefore that same, unchanged table (a copy that was changed has been copied to a
/// buffer of its own first). A journal and every filtered view of it share one bean table, so they share an entry.
final class LabelCache: Sendable {
    static let shared = LabelCache()

    private let entry = Mutex<(beans: [CoffeeBean], labels: [String])?>(nil)

    /// The labels kept for `beans`, when `beans` is the table they were made of.
    func labels(of beans: [CoffeeBean]) -> [String]? {
        entry.withLock { kept in
            guard let kept, kept.beans.count == beans.count, Self.sameStorage(kept.beans, beans) else { return nil }
            return kept.labels
        }
    }

    /// Keeps `labels` as the labels of `beans`, in place of any earlier table's.
    func keep(_ labels: [String], of beans: [CoffeeBean]) {
        entry.withLock { $0 = (beans, labels) }
    }

    /// Whether two arrays share one element buffer (empty arrays never count as shared).
    private static func sameStorage(_ a: [CoffeeBean], _ b: [CoffeeBean]) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in x.baseAddress != nil && x.baseAddress == y.baseAddress }
        }
    }
}
