import BrewColumns
import BrewStats

/// The generated brews in chronological order, drawn lazily: iterating never holds more than one day's
/// brew times, so a million-brew journal streams in constant memory. Every iteration yields the same brews.
public struct SynthBrewSequence: Sequence, Sendable {
    let plan: GeneratorPlan

    /// The number of brews the sequence yields.
    public var count: Int { plan.options.brewCount }

    public func makeIterator() -> Iterator { Iterator(plan: plan) }

    /// Draws brews one at a time from the plan's brew stream.
    public struct Iterator: IteratorProtocol, Sendable {
        private let plan: GeneratorPlan
        private var rng: SynthRandom
        private var day = -1
        private var times: [Int] = []
        private var nextInDay = 0
        private var index = 0
        /// Brews so far per bean (dialling in: the first brews of a bag scatter further from the sweet spot).
        private var beanUses: [Int32]
        /// Today's method weights and bean pools (espresso bags, filter bags, any open bag).
        private var methodWeights: [Double] = []
        private var espressoPool: [Int32] = [], filterPool: [Int32] = []

        init(plan: GeneratorPlan) {
            self.plan = plan
            rng = SynthRandom(seed: plan.options.seed, stream: 2)
            beanUses = [Int32](repeating: 0, count: plan.beans.count)
        }

        public mutating func next() -> SynthBrew? {
            guard index < plan.options.brewCount else { return nil }
            while nextInDay >= times.count { startDay() }
            let t = times[nextInDay]
            nextInDay += 1
            defer { index += 1 }
            return makeBrew(localSecond: t)
        }

        /// Moves to the next day and draws its brew times (local seconds after midnight), sorted.
        private mutating func startDay() {
            day += 1
            let n = Int(plan.dayBrews[day])
            let weekend = Day(index: plan.firstDay.index + Int32(day)).isoWeekday >= 6
            times.removeAll(keepingCapacity: true)
            for _ in 0..<n {
                let r = rng.unit()
                let hours: Double
                if r < 0.72 {
                    hours = Swift.min(11.5, Swift.max(5.5, rng.normal(weekend ? 9.0 : 7.6, weekend ? 1.0 : 0.7)))
                }
                else if r < 0.92 { hours = Swift.min(17, Swift.max(12, rng.normal(14.2, 1.0))) }
                else { hours = Swift.min(22.5, Swift.max(17.5, rng.normal(19.5, 1.2))) }
                times.append(Int(hours * 3600))
            }
            times.sort()
            nextInDay = 0
            methodWeights = plan.equipment.methods.enumerated().map { i, m in
                plan.methodFirstDay[i] <= day ? m.weight : 0
            }
            espressoPool = plan.openBeans[day].filter { plan.beanSlot[Int($0)] == 0 }
            filterPool = plan.openBeans[day].filter { plan.beanSlot[Int($0)] != 0 }
        }

        private mutating func makeBrew(localSecond: Int) -> SynthBrew {
            let offset = Int(plan.dayOffsets[day])
            let unix = (Int(plan.firstDay.index) + day) * 86_400 + localSecond - offset
            let id = SynthUUID(using: &rng)

            // Method: by weight among those introduced by today; a very few brews have none.
            var methodIndex: Int? = nil
            if !rng.chance(0.004) { methodIndex = rng.weighted(methodWeights) }
            let spec = plan.equipment.methods[methodIndex ?? 1]
            let espresso = spec.category == .espresso

            // Grinder: by the method's shares; some filter brews use pre-ground coffee.
            var grinderIndex: Int? = nil
            if !spec.grinders.isEmpty && !rng.chance(espresso ? 0.01 : 0.05) {
                grinderIndex = spec.grinders[rng.weighted(plan.equipment.grinderWeights[methodIndex ?? 1])].index
            }

            // Bean: an open bag of the matching slot (espresso bags for espresso), sometimes any open bag.
            var beanIndex: Int? = nil
            let open = plan.openBeans[day]
            if !open.isEmpty && !rng.chance(0.02) {
                let preferred = espresso ? espressoPool : filterPool
                let pool = preferred.isEmpty || rng.chance(0.1) ? open : preferred
                beanIndex = Int(rng.pick(pool))
            }

            var brew = SynthBrew(
                index: index, id: id, brewDate: Timestamp(unixSeconds: Double(unix)), utcOffsetSeconds: offset,
                createdAt: Timestamp(unixSeconds: 0), updatedAt: Timestamp(unixSeconds: 0), version: 1)
            brew.method = methodIndex.map(Int32.init)
            brew.grinder = grinderIndex.map(Int32.init)
            brew.bean = beanIndex.map(Int32.init)

            // Masses and time by the method's conventions.
            let dose = rng.pick(spec.doses)
                + (rng.chance(0.2) ? (rng.unit() < 0.5 ? -0.1 : 0.1) * Double(1 + rng.below(3)) : 0)
            let ratio = Swift.max(1.2, rng.normal(spec.ratio.mean, spec.ratio.sd))
            brew.doseGrams = rng.chance(0.01) ? nil : dose
            if espresso {
                brew.yieldGrams = (dose * ratio * 10).rounded() / 10
                if rng.chance(0.3) { brew.pressureProfile = rng.pick(SynthCatalog.pressureProfiles) }
            } else {
                let water = (dose * ratio).rounded()
                brew.waterGrams = rng.chance(0.02) ? nil : water
                // A measured cup on some brews: the water less what the grounds retain (about 2 g per g).
                if rng.chance(0.3) { brew.yieldGrams = (water - dose * rng.uniform(1.9, 2.3)).rounded() }
            }
            let time = spec.time.lowerBound + (spec.time.upperBound - spec.time.lowerBound) * rng.unit()
            brew.brewTimeSeconds = rng.chance(0.03) ? nil
                : espresso ? Swift.min(38, Swift.max(22, rng.normal(28, 2.5))).rounded() : (time / 5).rounded() * 5
            brew.waterTemperature = rng.chance(espresso ? 0.04 : 0.1) ? nil : rng.pick(spec.temperatures)

            // Grind and rating: ratings peak at the grinder × bean sweet spot and fall off quadratically.
            var distance = 0.0  // signed, in widths; negative = finer than the sweet spot
            var quality = beanIndex.map { plan.beanPeak[$0] } ?? 3.8
            if let g = grinderIndex, let grind = plan.equipment.grinders[g].setting {
                let gspec = plan.equipment.grinders[g]
                let sweet = beanIndex.map { plan.sweetSpot(grinder: g, bean: $0) } ?? gspec.base
                let uses = beanIndex.map { Int(beanUses[$0]) } ?? 10
                let scatter = gspec.width * (uses < 4 ? 1.2 : 0.75)
                var setting = ((sweet + rng.normal(0, scatter) - grind.min) / grind.step).rounded() * grind.step
                    + grind.min
                setting = Swift.min(grind.max, Swift.max(grind.min, setting))
                setting = (setting * 100).rounded() / 100
                distance = (setting - sweet) / gspec.width
                quality -= distance * distance
                brew.grindSetting = rng.chance(0.01) ? nil : setting
            } else {
                quality -= 0.5
            }
            if let b = beanIndex { beanUses[b] += 1 }
            if !rng.chance(0.12) {
                let noisy = quality + rng.normal(0, 0.3)
                brew.rating = (Swift.min(5, Swift.max(0, noisy)) * 2).rounded() / 2
            }

            // TDS on part of the brews: extraction near 20 %, higher when finer, a few typing slips.
            if rng.chance(espresso ? 0.25 : 0.35), let d = brew.doseGrams, d > 0 {
                let beverage = DerivedColumns.beverageMass(yield: brew.yieldGrams, water: brew.waterGrams, dose: d,
                                                           isEspresso: false,
                                                           retention: StatsOptions.defaultRetentionFactor) ?? 0
                if beverage > 0 {
                    let ey = Swift.min(24, Swift.max(16, rng.normal(20 - 1.2 * distance, 0.9)))
                    var tds = (DerivedColumns.strength(extractionYield: ey, beverageMass: beverage, dose: d) * 100)
                        .rounded() / 100
                    if rng.chance(0.015) { tds = espresso ? (tds / 10 * 100).rounded() / 100 : tds * 10 }
                    brew.tds = tds
                }
            }

            // Tasting note on part of the brews.
            if rng.chance(0.3) {
                let bright = beanIndex.map { plan.beanBrightness[$0] } ?? 0
                func score(_ mean: Double) -> Int? {
                    rng.chance(0.05) ? nil : Int(Swift.min(5, Swift.max(1, rng.normal(mean, 0.7).rounded())))
                }
                let noteID = SynthUUID(using: &rng)
                let acidity = score(3 + bright), body = score(3 - bright * 0.7 + (espresso ? 0.8 : 0))
                let sweetness = score(2.5 + 0.5 * (quality - 3))
                var tags: String? = nil
                if let b = beanIndex, !rng.chance(0.15) {
                    let pool = SynthCatalog.coffees[plan.beanCoffee[b]].tags
                    let take = 1 + rng.below(Swift.min(3, pool.count))
                    var chosen: [String] = []
                    for tag in pool where chosen.count < take && rng.chance(0.7) { chosen.append(tag) }
                    if chosen.isEmpty { chosen.append(pool[0]) }
                    tags = chosen.joined(separator: ",")
                }
                brew.tastingNote = SynthTastingNote(
                    id: noteID, acidity: acidity, body: body, sweetness: sweetness, flavorTags: tags,
                    notes: rng.chance(0.2) ? rng.pick(SynthCatalog.tastingNotes) : nil)
            }
            if rng.chance(0.08) { brew.notes = rng.pick(SynthCatalog.brewNotes) }

            // Saved a few minutes after brewing; some entries edited later.
            let created = Double(unix) + rng.uniform(60, 900).rounded() + Double(rng.below(1000)) / 1000
            brew.createdAt = Timestamp(unixSeconds: created)
            if rng.chance(0.1) {
                brew.updatedAt = Timestamp(unixSeconds: created + rng.uniform(600, 3 * 86_400).rounded())
                brew.version = 2 + rng.below(2)
            } else {
                brew.updatedAt = brew.createdAt
            }
            return brew
        }
    }
}
