/// When each bag of beans is open.
extension GeneratorPlan {
    /// One bag: open from day `open` (offset from the first day; negative: opened before the journal starts)
    /// to the day before `close`, in a slot of kind `slot` (0: espresso bags, 1–2: filter bags).
    typealias Bag = (open: Int, close: Int, slot: UInt8)

    /// The bags of a journal of `dayCount` days, sorted by opening day (then slot).
    ///
    /// Without ``JournalShape/beans``: three slots, each a chain of bags drawn from ``JournalShape/bagDays``
    /// that overlap by 0–2 days, until the span is covered (the standard journal; the count follows the span).
    /// With a count: exactly that many bags over `round(count × mean length ÷ days)` slots (at least one, at most
    /// the count); each slot's lengths are drawn from the range, then scaled together (cumulative rounding, at
    /// least 3 days each) so that its chain ends on the last day.
    static func bags(shape: JournalShape, dayCount: Int, rng: inout SynthRandom) -> [Bag] {
        let range = shape.resolvedBagDays
        let low = max(3, range.lowerBound), high = max(low, range.upperBound)
        var bags: [(open: Int, close: Int, slot: Int)] = []
        if let count = shape.beans {
            guard count > 0 else { return [] }
            let mean = Double(low + high) / 2
            let slots = min(count, max(1, Int((Double(count) * mean / Double(dayCount)).rounded())))
            for slot in 0..<slots {
                let n = count / slots + (slot < count % slots ? 1 : 0)
                let first = -rng.below(10)
                let drawn = (0..<n).map { _ in Double(low + rng.below(high - low + 1)) }
                let overlaps = (0..<n).map { _ in rng.below(3) }
                // The chain covers first + Σ lengths − Σ overlaps (all but the last bag's) days.
                let needed = Double(dayCount - first + overlaps.dropLast().reduce(0, +))
                let scale = needed / drawn.reduce(0, +)
                var open = first, cumulative = 0.0, placed = 0
                for k in 0..<n {
                    cumulative += drawn[k] * scale
                    let length = max(3, Int(cumulative.rounded()) - placed)
                    placed += length
                    // Lengths rounded up to 3 days can push a slot's last bags past the span: they open on its
                    // last day instead (every bag of a counted shape is brewed from).
                    let opened = min(open, dayCount - 1)
                    bags.append((opened, max(open + length, opened + 3), slot))
                    open += length - overlaps[k]
                }
            }
        } else {
            for slot in 0..<3 {
                var open = -rng.below(10)
                while open < dayCount {
                    let length = low + rng.below(high - low + 1)
                    bags.append((open, open + length, slot))
                    open += length - rng.below(3)
                }
            }
        }
        bags.sort { ($0.open, $0.slot) < ($1.open, $1.slot) }
        return bags.map { ($0.open, $0.close, UInt8($0.slot % 3)) }
    }
}
