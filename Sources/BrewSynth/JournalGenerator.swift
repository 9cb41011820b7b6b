import BrewColumns

// MARK: - BrewSynth at a glance
//
// Generate:
//     let generator = JournalGenerator(GeneratorOptions(brewCount: 350, seed: 7))
//     generator.methods / .grinders / .beans          // entities (BrewColumns structs, ids as UUID strings)
//     for brew in generator.brews { … }               // SynthBrew, streamed, chronological, same every pass
//     let journal = generator.makeJournal()           // a BrewColumns.Journal via JournalBuilder, no files
//     generator.sweetSpot(grinder: g, bean: b)        // the grind setting ratings peak around
//
// Write (each writes a temporary file in the destination's folder, then renames it into place):
//     try CoreDataStoreWriter().write(generator, to: url)                  // Core Data SQLite, rollback journal
//     try CoreDataStoreWriter(walTail: 20).write(generator, to: url)       // last 20 brews only in `<url>-wal`
//     try CSVExportWriter().write(generator, to: url)                      // the app's CSV export (docs/formats.md)
//     try CSVExportWriter(style: .messy(seed: 3)).write(generator, to: url)  // BOM, CRLF, units, commas, m:ss …
//     try JSONExportWriter().write(generator, to: url)                     // the app's JSON export (docs/formats.md)
//
// Errors: every writer throws `SynthError` (the file and what failed).

/// A deterministic generator of realistic coffee journals, from ten brews to millions.
///
/// The journal has eight methods (espresso machine, V60, Kalita Wave, AeroPress, French press, Chemex from a
/// later date, Moka pot, and a Siphon never used), six grinders (one, a blade grinder, never used and with no
/// settings), and bags of beans opened one after another in three slots (espresso bags, two filter bags), each
/// roasted 4–13 days before its first brew. Brews fall mostly in the mornings, more on weekends, in the
/// journal's time zone (daylight saving time shows). Espresso follows ~18 g in, ~36 g out, 22–38 s, 92–94 °C;
/// filter ~15 g : 250 g and 2:30–4:00. Ratings (0–5, half steps) peak at a per grinder × bean sweet spot
/// (``sweetSpot(grinder:bean:)``) and fall by one point per grinder-specific width away from it, plus noise.
/// About a third of filter brews and a quarter of espressos carry TDS consistent with an extraction yield of
/// 16–24 % (1.5 % of them mistyped by a factor of ten); about 30 % have a tasting note. Fields are missing
/// as the app's all-optional model allows. Equipment carries the app's cached brew count and last-use date,
/// mostly right and sometimes stale.
///
/// That is the standard shape; ``GeneratorOptions/shape`` (``JournalShape``) asks for other ones: an exact number
/// of bags of other lengths, more or fewer methods and grinders.
///
/// Determinism: the same ``GeneratorOptions`` give the same entities and brews on every run and platform
/// (xoshiro256** streams; no system randomness, no hash-order dependence).
///
/// Cost: creating a generator runs one pass over the brews to fill the cached counters; each further pass
/// (``brews``) draws them again in constant memory.
public struct JournalGenerator: Sendable {
    /// The options this journal was generated from.
    public let options: GeneratorOptions
    /// Methods, with their cached counters (sometimes stale on purpose).
    public let methods: [BrewMethod]
    public let grinders: [Grinder]
    public let beans: [CoffeeBean]
    /// The ids of ``methods``, ``grinders`` and ``beans`` as UUIDs (the same as their `id` strings).
    public let methodIDs: [SynthUUID]
    public let grinderIDs: [SynthUUID]
    public let beanIDs: [SynthUUID]
    /// Core Data's `Z_OPT` per entity row.
    public let methodVersions: [Int]
    public let grinderVersions: [Int]
    public let beanVersions: [Int]
    /// The journal's brews, drawn anew (identically) on each iteration.
    public let brews: SynthBrewSequence
    /// The number of tasting notes among the brews.
    public let tastingNoteCount: Int
    /// The true brew count and last use per method and grinder (what the cached counters should say).
    public let methodUsage: [EquipmentUsage]
    public let grinderUsage: [EquipmentUsage]
    /// When this journal was "exported": the hour after its last brew, or after its last day when empty.
    public let exportedAt: Timestamp

    private let plan: GeneratorPlan

    /// Creates the journal for `options` (entities at once, brews lazily).
    public init(_ options: GeneratorOptions) {
        let plan = GeneratorPlan(options: options)
        self.plan = plan
        self.options = options
        brews = SynthBrewSequence(plan: plan)

        // One pass for the true counters.
        var methodUse = [EquipmentUsage](repeating: EquipmentUsage(), count: plan.equipment.methods.count)
        var grinderUse = [EquipmentUsage](repeating: EquipmentUsage(), count: plan.equipment.grinders.count)
        var notes = 0
        var last = Timestamp(unixSeconds: Double(Int(plan.firstDay.index) + plan.dayCount) * 86_400)
        for brew in brews {
            if let m = brew.method { methodUse[Int(m)].record(brew.brewDate) }
            if let g = brew.grinder { grinderUse[Int(g)].record(brew.brewDate) }
            if brew.tastingNote != nil { notes += 1 }
            last = brew.brewDate
        }
        methodUsage = methodUse; grinderUsage = grinderUse; tastingNoteCount = notes
        exportedAt = Timestamp(unixSeconds: (last.unixSeconds / 3600).rounded(.down) * 3600 + 3600)

        var rng = SynthRandom(seed: options.seed, stream: 3)
        let startSeconds = Double(plan.firstDay.index) * 86_400
        func created(_ introducedDay: Int) -> Timestamp {
            Timestamp(unixSeconds: startSeconds + Double(introducedDay - 30 - rng.below(60)) * 86_400
                      + rng.uniform(8 * 3600, 22 * 3600).rounded() + Double(rng.below(1000)) / 1000)
        }
        // Cached counters: right, or (about one piece in three) stale by a few brews and days.
        var anyStale = false
        func cached(_ use: EquipmentUsage) -> (Int, Timestamp?) {
            guard use.count > 0, let lastUse = use.last else { return (0, nil) }
            guard rng.chance(0.35) else { return (use.count, lastUse) }
            anyStale = true
            let behind = 1 + rng.below(3)
            return (max(0, use.count - behind),
                    Timestamp(
                        unixSeconds: lastUse.unixSeconds - Double(behind) * 86_400 * rng.uniform(0.5, 2).rounded(.up)))
        }

        var methods: [BrewMethod] = [], methodIDs: [SynthUUID] = [], methodVersions: [Int] = []
        for (i, spec) in plan.equipment.methods.enumerated() {
            let id = SynthUUID(using: &rng)
            var (count, lastUsed) = cached(methodUse[i])
            if i > 0, i == plan.equipment.methods.count - 2, !anyStale, methodUse[0].count > 0 {
                // Guarantee one disagreement: the espresso machine's counter missed its latest brew.
                count = methodUse[0].count - 1
                methods[0].cachedBrewCount = count
                (count, lastUsed) = cached(methodUse[i])
            }
            let made = created(plan.methodFirstDay[i])
            methods.append(BrewMethod(
                id: id.string, name: spec.name, category: spec.category,
                notes: rng.chance(0.25) ? "Bought \(1 + rng.below(5)) years ago" : nil,
                cachedBrewCount: count, cachedLastUsed: lastUsed, createdAt: made, updatedAt: lastUsed ?? made))
            methodIDs.append(id); methodVersions.append(1 + min(count, 1 + rng.below(4)))
        }
        var grinders: [Grinder] = [], grinderIDs: [SynthUUID] = [], grinderVersions: [Int] = []
        for (i, spec) in plan.equipment.grinders.enumerated() {
            let id = SynthUUID(using: &rng)
            let (count, lastUsed) = cached(grinderUse[i])
            let made = created(0)
            let range = spec.setting ?? (0, 40, 1)
            grinders.append(Grinder(
                id: id.string, name: spec.name, type: spec.type,
                settingMin: range.min, settingMax: range.max, settingStep: range.step,
                notes: spec.used ? nil : "In the cupboard, for spices",
                cachedBrewCount: count, cachedLastUsed: lastUsed, createdAt: made, updatedAt: lastUsed ?? made))
            grinderIDs.append(id); grinderVersions.append(1 + min(count, 1 + rng.below(4)))
        }
        self.methods = methods; self.methodIDs = methodIDs; self.methodVersions = methodVersions
        self.grinders = grinders; self.grinderIDs = grinderIDs; self.grinderVersions = grinderVersions
        beans = plan.beans; beanIDs = plan.beanIDs
        beanVersions = plan.beans.map { ($0.isArchived ?? false) ? 2 : 1 }
    }

    /// Whether grinder `g` has its settings range recorded (`false` for the unused blade grinder, whose
    /// `settingMin`/`settingMax`/`settingStep` are written as missing and read back as the model's defaults).
    public func grinderHasSettings(_ g: Int) -> Bool { plan.equipment.grinders[g].setting != nil }

    /// The grind setting where ratings of grinder `g` with bean `b` peak (before rounding to the grinder's
    /// step). Indices into ``grinders`` and ``beans``.
    public func sweetSpot(grinder g: Int, bean b: Int) -> Double { plan.sweetSpot(grinder: g, bean: b) }

    /// The rating curve's width of grinder `g`: a setting this far from the sweet spot costs one point.
    public func sweetSpotWidth(grinder g: Int) -> Double { plan.equipment.grinders[g].width }

    /// The journal as columns, built through ``JournalBuilder`` (no files involved).
    public func makeJournal() -> Journal {
        var builder = JournalBuilder(expectedBrews: options.brewCount)
        for m in methods { _ = builder.addMethod(m) }
        for g in grinders { _ = builder.addGrinder(g) }
        for b in beans { _ = builder.addBean(b) }
        for brew in brews { builder.appendBrew(brew.row) }
        builder.tastingNoteCount = tastingNoteCount
        return builder.finish()
    }
}

/// How often a piece of equipment was used and when last (the truth the cached counters approximate).
public struct EquipmentUsage: Sendable, Equatable {
    public var count = 0
    public var last: Timestamp?

    public init() {}

    mutating func record(_ date: Timestamp) {
        count += 1
        if last.map({ date > $0 }) ?? true { last = date }
    }
}
