/// The shape of a generated journal beyond its size and span: how many bags of beans, how many methods and
/// grinders are brewed with, and how long a bag lasts.
///
/// Every property left `nil` keeps the standard shape, so ``standard`` generates exactly the journals of earlier
/// versions (same seed, same bytes):
/// - beans: bags follow from the span, opened one after another in three slots (an espresso bag and two filter
///   bags open at a time), each lasting 12–31 days (``bagDays``);
/// - methods: seven brewed with (espresso, V60, Kalita Wave, AeroPress, French press, Chemex, Moka pot) and a
///   Siphon never used;
/// - grinders: five used (Niche Zero, Eureka Mignon Specialità, Comandante C40, Fellow Ode Gen 2, Baratza Encore)
///   and a blade grinder never used.
///
/// ``wide`` is a journal of an enthusiast over years: 400 bags, eight methods, four grinders, bags of 7–42 days,
/// drawn over ``wideDays`` (three years) unless the span is given.
public struct JournalShape: Sendable, Equatable {
    /// The exact number of bags (distinct beans); `nil`: as many as three slots of bags fill over the span.
    ///
    /// With a count, the bags are spread over as many slots as their mean length asks for (at least one;
    /// every third slot holds espresso bags, the others filter bags), each slot's lengths drawn from
    /// ``bagDays`` and then stretched or shrunk together so that the slot's chain of bags covers the whole span.
    /// A bag can then last a little outside ``bagDays`` (never under 3 days).
    public var beans: Int?
    /// Methods brewed with (1 or more; the Siphon, never used, is listed after them); `nil`: seven. Beyond seven,
    /// a Clever Dripper, an Origami dripper, cold brew, a lever espresso machine and a Turkish cezve join in
    /// that order, each from a later date.
    public var methods: Int?
    /// Grinders brewed with (1 or more; the unused blade grinder is listed after them); `nil`: five. Fewer
    /// grinders hand a dropped grinder's brews to grinder `index mod count`; more add a 1Zpresso J-Max, a DF64
    /// and a Timemore C2, each given to at least one method.
    public var grinders: Int?
    /// How long a bag lasts, in days (first to last brew day, both at least 3); `nil`: 12…31.
    public var bagDays: ClosedRange<Int>?

    /// Creates a shape; `nil` keeps the standard value of that property.
    public init(beans: Int? = nil, methods: Int? = nil, grinders: Int? = nil, bagDays: ClosedRange<Int>? = nil) {
        self.beans = beans; self.methods = methods; self.grinders = grinders; self.bagDays = bagDays
    }

    /// The journals of earlier versions.
    public static let standard = JournalShape()
    /// Hundreds of beans over years: 400 bags of 7–42 days, eight methods, four grinders.
    public static let wide = JournalShape(beans: 400, methods: 8, grinders: 4, bagDays: 7...42)
    /// The span of a ``wide`` journal when none is given: three years.
    public static let wideDays = 1_095

    /// The most methods and grinders a shape can ask for.
    public static let maxMethods = SynthCatalog.allMethods.count
    public static let maxGrinders = SynthCatalog.allGrinders.count

    /// The bag lengths after defaults apply.
    var resolvedBagDays: ClosedRange<Int> { bagDays ?? 12...31 }
}

/// The methods and grinders of one journal, drawn from ``SynthCatalog`` by its ``JournalShape``.
struct SynthEquipment: Sendable {
    /// Methods: the used ones, then the never-used Siphon.
    let methods: [SynthCatalog.Method]
    /// Grinders: the used ones, then the never-used blade grinder.
    let grinders: [SynthCatalog.GrinderSpec]
    /// Each method's grinder shares, as ``SynthRandom/weighted(_:)`` takes them.
    let grinderWeights: [[Double]]

    init(_ shape: JournalShape) {
        let methodCount = min(JournalShape.maxMethods, max(1, shape.methods ?? 7))
        let grinderCount = min(JournalShape.maxGrinders, max(1, shape.grinders ?? 5))
        var used = Array(SynthCatalog.allMethods.prefix(methodCount))
        // Grinder indices count the used grinders only; a dropped grinder's share goes to `index mod count`,
        // merged with a share the method already gives that grinder.
        used = used.map { m in
            var merged: [(index: Int, weight: Double)] = []
            for (g, w) in m.grinders {
                let target = g % grinderCount
                if let k = merged.firstIndex(where: { $0.index == target }) { merged[k].weight += w }
                else { merged.append((target, w)) }
            }
            return m.withGrinders(merged)
        }
        // Every listed grinder is used: one no method names joins a method in turn, with a modest share.
        for g in 0..<grinderCount where !used.contains(where: { $0.grinders.contains { $0.index == g } }) {
            let k = g % used.count
            used[k] = used[k].withGrinders(used[k].grinders + [(g, 0.3)])
        }
        methods = used + [SynthCatalog.siphon]
        grinders = Array(SynthCatalog.allGrinders.prefix(grinderCount)) + [SynthCatalog.bladeGrinder]
        grinderWeights = methods.map { $0.grinders.map(\.weight) }
    }
}
