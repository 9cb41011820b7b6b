import BrewColumns
import Foundation

/// Everything fixed before the first brew is drawn: the calendar (brews per day, UTC offsets), the beans'
/// bags and when each is open, and the sweet spot of every grinder × bean pair.
///
/// Immutable and shared by every pass over the brews (a class so iterators copy a reference, not arrays).
final class GeneratorPlan: Sendable {
    let options: GeneratorOptions
    /// The journal's methods and grinders (indices of brews point into these).
    let equipment: SynthEquipment
    let firstDay: Day
    let dayCount: Int
    /// Brews on each day; sums to `options.brewCount`.
    let dayBrews: [Int32]
    /// The time zone's UTC offset on each day (taken at local noon; brews are never at a 2–3 am switch).
    let dayOffsets: [Int32]
    /// Beans open on each day, with their slot kind (0: espresso bags, 1–2: filter bags).
    let openBeans: [[Int32]]
    let beanSlot: [UInt8]
    /// The best rating a bean reaches at its sweet spot.
    let beanPeak: [Double]
    /// Where a bean sits between bright (+) and heavy (−), for tasting scores.
    let beanBrightness: [Double]
    /// Sweet spot of grinder `g` with bean `b` at `g * beanCount + b`.
    let sweetSpots: [Double]
    /// The first day (offset from `firstDay`) each method may be used.
    let methodFirstDay: [Int]
    /// The generated beans, without ids (ids come from the entity stream).
    let beans: [CoffeeBean]
    let beanCoffee: [Int]
    let beanIDs: [SynthUUID]
    let beanOpenDay: [Int]

    init(options: GeneratorOptions) {
        self.options = options
        let equipment = SynthEquipment(options.shape)
        self.equipment = equipment
        let firstDay = options.resolvedStart
        let dayCount = options.resolvedDays
        self.firstDay = firstDay
        self.dayCount = dayCount
        var rng = SynthRandom(seed: options.seed, stream: 1)

        // Calendar: a weight per day (weekends heavier, some days away from home), apportioned by cumulative
        // rounding so the counts sum exactly to the brew count.
        var weights = [Double](repeating: 0, count: dayCount)
        for d in 0..<dayCount {
            let weekday = Day(index: firstDay.index + Int32(d)).isoWeekday
            let away = rng.chance(0.05) && d < dayCount - 7
            weights[d] = away ? 0 : (weekday >= 6 ? 1.5 : 1.0) * rng.uniform(0.6, 1.4)
        }
        let total = weights.reduce(0, +)
        var counts = [Int32](repeating: 0, count: dayCount)
        var cumulative = 0.0, assigned = 0
        for d in 0..<dayCount {
            cumulative += weights[d]
            let upTo = d == dayCount - 1 ? options.brewCount
                : Int((Double(options.brewCount) * cumulative / total).rounded())
            counts[d] = Int32(upTo - assigned)
            assigned = upTo
        }
        dayBrews = counts

        let zone = TimeZone(identifier: options.timeZone) ?? TimeZone(identifier: "UTC")!
        dayOffsets = (0..<dayCount).map { d in
            let noon = Double(Int(firstDay.index) + d) * 86_400 + 43_200
            return Int32(zone.secondsFromGMT(for: Date(timeIntervalSince1970: noon)))
        }

        // Bags: slots (three unless the shape counts its beans), each a chain of bags that overlap by a day or
        // two. The first bag of each slot opened before the journal starts.
        let bags = GeneratorPlan.bags(shape: options.shape, dayCount: dayCount, rng: &rng)

        var beans: [CoffeeBean] = [], coffeeOf: [Int] = [], ids: [SynthUUID] = []
        var peak: [Double] = [], brightness: [Double] = [], fineness: [Double] = []
        var roasterOf: [Int] = []
        var open = [[Int32]](repeating: [], count: dayCount)
        let roasters = SynthCatalog.roasters, coffees = SynthCatalog.coffees
        let lastDay = dayCount - 1
        var nextCoffee = 0
        for (k, bag) in bags.enumerated() {
            // Every seventh bag is a repurchase of a coffee four bags back: a new bag (id, roast date) with
            // the same roaster and name, which a CSV export cannot tell apart.
            let coffee: Int, roaster: Int
            if k % 7 == 6 {
                coffee = coffeeOf[k - 4]; roaster = roasterOf[k - 4]
            } else {
                coffee = nextCoffee % coffees.count
                roaster = nextCoffee < roasters.count ? nextCoffee : rng.below(roasters.count)
                nextCoffee += 1
            }
            let c = coffees[coffee]
            let roastDay = firstDay.index + Int32(bag.open - 4 - rng.below(10))
            let level: RoastLevel? = rng.chance(0.05) ? nil
                : bag.slot == 0 ? [.medium, .mediumDark, .mediumDark, .dark, .medium][rng.below(5)]
                : [.light, .light, .mediumLight][rng.below(3)]
            let created = Timestamp(unixSeconds: Double(Int(firstDay.index) + bag.open - 1) * 86_400
                                    + rng.uniform(16 * 3600, 20 * 3600).rounded() + Double(rng.below(1000)) / 1000)
            let archived = bag.close <= lastDay
            let updated = archived
                ? Timestamp(
                    unixSeconds: Double(Int(firstDay.index) + bag.close) * 86_400 + 30_000
                        + Double(rng.below(1000)) / 1000)
                : created
            let id = SynthUUID(using: &rng)
            beans.append(CoffeeBean(
                id: id.string, name: c.name, roaster: roasters[roaster], origin: c.origin,
                variety: c.variety, processing: c.processing, roastLevel: level,
                roastDate: rng.chance(0.04) ? nil : Day(index: roastDay), isArchived: archived,
                notes: rng.chance(0.15) ? rng.pick(SynthCatalog.beanNotes) : nil,
                createdAt: created, updatedAt: updated))
            ids.append(id)
            coffeeOf.append(coffee); roasterOf.append(roaster)
            peak.append(rng.uniform(3.6, 4.8))
            brightness.append(level.map { 1.6 - Double($0.rawValue) * 0.8 } ?? 0)
            fineness.append(rng.normal())
            let (first, end) = (max(0, bag.open), min(dayCount, bag.close))
            if first < end { for d in first..<end { open[d].append(Int32(k)) } }
        }
        if options.freezerShare > 0 {
            // The freezer's days, from a stream of their own (the journal's other draws stay as they were).
            var cold = SynthRandom(seed: options.seed, stream: 0xF2EE)
            for (k, bag) in bags.enumerated() {
                guard cold.chance(options.freezerShare), let roast = beans[k].roastDate else { continue }
                let frozen = roast.index + 1 + Int32(cold.below(3)), thawed = firstDay.index + Int32(bag.open)
                guard thawed > frozen else { continue }
                beans[k].frozenDate = Day(index: frozen); beans[k].thawDate = Day(index: thawed)
            }
        }
        self.beans = beans; self.beanCoffee = coffeeOf; self.beanIDs = ids
        self.beanPeak = peak; self.beanBrightness = brightness
        self.beanSlot = bags.map(\.slot); self.beanOpenDay = bags.map(\.open)
        self.openBeans = open

        // Sweet spots: the grinder's centre, shifted by how fine the bean wants to be, plus a pair-specific
        // wobble; kept two steps inside the grinder's range.
        var sweet = [Double](repeating: 0, count: equipment.grinders.count * beans.count)
        for (g, spec) in equipment.grinders.enumerated() {
            let range = spec.setting ?? (0, 40, 1)
            for b in 0..<beans.count {
                let raw = spec.base + spec.spread * (fineness[b] + 0.4 * rng.normal())
                sweet[g * beans.count + b] = min(range.max - 2 * range.step, max(range.min + 2 * range.step, raw))
            }
        }
        sweetSpots = sweet
        methodFirstDay = equipment.methods.map { Int(($0.introducedAt * Double(dayCount)).rounded()) }
    }

    /// The sweet spot of grinder `g` with bean `b`.
    func sweetSpot(grinder g: Int, bean b: Int) -> Double { sweetSpots[g * beans.count + b] }
}
