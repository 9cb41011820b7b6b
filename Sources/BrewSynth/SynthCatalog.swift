import BrewColumns

/// The fixed vocabulary the generator draws from: methods, grinders, roasters, coffees, tags and notes.
///
/// Names are chosen to exercise importers: non-ASCII letters (`Specialità`, `Müller`, `Paraíso`, a Japanese
/// roaster), a bean name holding a comma and quotes, an origin holding a comma, an apostrophe.
enum SynthCatalog {
    /// A brew method and how it is brewed.
    struct Method {
        let name: String
        let category: MethodCategory
        /// Relative share of brews.
        let weight: Double
        /// Grinder indices with their relative shares.
        let grinders: [(index: Int, weight: Double)]
        /// Typical dose (g) and the dose choices around it.
        let doses: [Double]
        /// Brew ratio (water or yield ÷ dose): mean and standard deviation.
        let ratio: (mean: Double, sd: Double)
        /// Brew time range, seconds.
        let time: ClosedRange<Double>
        /// Water temperatures people dial in, °C.
        let temperatures: [Double]
        /// First use, as a fraction of the journal's span (0 = from the start).
        let introducedAt: Double
        /// `false` for equipment listed in the journal but never used.
        let used: Bool
    }

    /// The standard journal's methods brewed with (``SynthEquipment`` adds ``extraMethods`` and the Siphon).
    static let standardMethods: [Method] = [
        Method(name: "Espresso", category: .espresso, weight: 0.44, grinders: [(0, 0.75), (1, 0.25)],
               doses: [18, 18, 18, 18.5, 17.5, 19], ratio: (2.0, 0.15), time: 22...38,
               temperatures: [93, 93, 92, 94], introducedAt: 0, used: true),
        Method(name: "V60", category: .pourOver, weight: 0.22, grinders: [(2, 0.6), (3, 0.4)],
               doses: [15, 15, 15, 12.5, 20], ratio: (16.67, 0.5), time: 150...240,
               temperatures: [94, 93, 95, 96, 92], introducedAt: 0, used: true),
        Method(name: "Kalita Wave", category: .pourOver, weight: 0.07, grinders: [(2, 0.5), (3, 0.5)],
               doses: [20, 20, 18], ratio: (16.0, 0.4), time: 180...240,
               temperatures: [94, 95, 93], introducedAt: 0, used: true),
        Method(name: "AeroPress", category: .immersion, weight: 0.10, grinders: [(2, 0.7), (4, 0.3)],
               doses: [15, 15, 16, 17], ratio: (15.5, 0.8), time: 150...210,
               temperatures: [85, 90, 92, 80], introducedAt: 0, used: true),
        Method(name: "French press", category: .immersion, weight: 0.07, grinders: [(4, 1)],
               doses: [30, 30, 25], ratio: (16.5, 0.5), time: 210...240,
               temperatures: [96, 95, 94], introducedAt: 0, used: true),
        Method(name: "Chemex", category: .pourOver, weight: 0.06, grinders: [(3, 0.5), (4, 0.5)],
               doses: [30, 30, 25, 32], ratio: (16.5, 0.4), time: 210...240,
               temperatures: [95, 96, 94], introducedAt: 0.4, used: true),
        Method(name: "Moka pot", category: .other, weight: 0.04, grinders: [(4, 1)],
               doses: [18, 17, 20], ratio: (10, 0.6), time: 150...240,
               temperatures: [70, 75, 80], introducedAt: 0, used: true),
    ]

    /// Listed in every journal, never used.
    static let siphon = Method(name: "Siphon", category: .other, weight: 0, grinders: [], doses: [25], ratio: (15, 0),
                               time: 60...90, temperatures: [92], introducedAt: 0, used: false)

    /// A grinder and where its sweet spots lie.
    struct GrinderSpec {
        let name: String
        let type: GrinderType?
        /// `nil` settings are written as missing (the model's defaults apply on import).
        let setting: (min: Double, max: Double, step: Double)?
        /// Centre of the sweet spots over beans, their spread over beans (setting units), and the rating
        /// curve's width: one `width` away from the sweet spot costs one rating point.
        let base: Double, spread: Double, width: Double
        let used: Bool
    }

    /// The standard journal's grinders brewed with (``SynthEquipment`` adds ``extraGrinders`` and the blade).
    static let standardGrinders: [GrinderSpec] = [
        GrinderSpec(
            name: "Niche Zero", type: .burr, setting: (0, 50, 1), base: 14, spread: 2.5, width: 2.5, used: true),
        GrinderSpec(name: "Eureka Mignon Specialità", type: .burr, setting: (0, 10, 0.25), base: 3.5, spread: 0.6,
                    width: 0.6, used: true),
        GrinderSpec(name: "Comandante C40", type: .manual, setting: (0, 40, 1), base: 24, spread: 3, width: 3,
            used: true),
        GrinderSpec(name: "Fellow Ode Gen 2", type: .burr, setting: (1, 11, 0.5), base: 5, spread: 0.9, width: 1,
                    used: true),
        GrinderSpec(
            name: "Baratza Encore", type: .burr, setting: (0, 40, 1), base: 28, spread: 3, width: 4, used: true),
    ]

    /// Listed in every journal, never used, without settings.
    static let bladeGrinder = GrinderSpec(name: "Krups blade grinder", type: .blade, setting: nil, base: 0, spread: 0,
                                          width: 1, used: false)

    static let roasters = [
        "The Barn", "丸山珈琲", "Kaffeerösterei Müller", "Bonanza Coffee", "Fritz Coffee Company",
        "Five Elephant", "Coffee Collective", "La Cabra", "Friedhats",
    ]

    /// A coffee a bag can hold.
    struct Coffee {
        let name: String
        let origin: String
        let variety: String?
        let processing: String?
        let tags: [String]
    }

    /// Ordered so the first bags of any journal include the blend (origin with a comma) and the quoted name.
    static let coffees: [Coffee] = [
        Coffee(name: "Haus-Blend", origin: "Brazil, Ethiopia", variety: nil, processing: nil,
               tags: ["milk chocolate", "hazelnut", "caramel"]),
        Coffee(name: "Yirgacheffe Kochere", origin: "Ethiopia", variety: "Heirloom", processing: "washed",
               tags: ["bergamot", "jasmine", "lemon", "peach"]),
        Coffee(name: "Finca \"El Injerto\", Lot 12", origin: "Guatemala", variety: "Bourbon", processing: "washed",
               tags: ["milk chocolate", "orange", "caramel"]),
        Coffee(name: "Kiambu AA", origin: "Kenya", variety: "SL28", processing: "washed",
               tags: ["blackcurrant", "grapefruit", "tomato"]),
        Coffee(name: "Huila El Paraíso", origin: "Colombia", variety: "Castillo", processing: "anaerobic",
               tags: ["lychee", "rose", "red grape"]),
        Coffee(name: "Guji Hambela", origin: "Ethiopia", variety: "Heirloom", processing: "natural",
               tags: ["blueberry", "strawberry", "dark chocolate"]),
        Coffee(name: "Cerrado Mineiro", origin: "Brazil", variety: "Yellow Catuaí", processing: "natural",
               tags: ["hazelnut", "cocoa", "caramel"]),
        Coffee(name: "Gatare", origin: "Rwanda", variety: "Red Bourbon", processing: "washed",
               tags: ["red apple", "black tea", "honey"]),
        Coffee(name: "Tarrazú La Pastora", origin: "Costa Rica", variety: "Caturra", processing: "honey",
               tags: ["apricot", "brown sugar", "almond"]),
        Coffee(name: "Nyeri Gatomboya", origin: "Kenya", variety: "SL34", processing: "washed",
               tags: ["redcurrant", "hibiscus", "cane sugar"]),
        Coffee(name: "Boquete Geisha", origin: "Panama", variety: "Geisha", processing: "washed",
               tags: ["jasmine", "bergamot", "papaya"]),
        Coffee(name: "Kayanza Heza", origin: "Burundi", variety: "Red Bourbon", processing: "washed",
               tags: ["cranberry", "plum", "cocoa"]),
        Coffee(name: "Cajamarca", origin: "Perú", variety: "Typica", processing: "washed",
               tags: ["milk chocolate", "red apple", "walnut"]),
        Coffee(name: "Aceh Gayo", origin: "Indonesia", variety: "Ateng", processing: "wet-hulled",
               tags: ["cedar", "dark chocolate", "tobacco"]),
        Coffee(name: "Santa Bárbara", origin: "Honduras", variety: "Pacamara", processing: "washed",
               tags: ["peach", "cane sugar", "vanilla"]),
        Coffee(name: "Sidama Bensa", origin: "Ethiopia", variety: "74158", processing: "natural",
               tags: ["mango", "blueberry", "wine"]),
        Coffee(name: "Fazenda Ambiental", origin: "Brazil", variety: "Mundo Novo", processing: "pulped natural",
               tags: ["peanut", "milk chocolate", "caramel"]),
        Coffee(name: "Nariño Buesaco", origin: "Colombia", variety: "Caturra", processing: "washed",
               tags: ["red cherry", "panela", "lime"]),
        Coffee(name: "Huehuetenango", origin: "Guatemala", variety: "Caturra", processing: "washed",
               tags: ["toffee", "green apple", "cocoa"]),
        Coffee(name: "Kirinyaga Karimikui", origin: "Kenya", variety: "SL28", processing: "washed",
               tags: ["grapefruit", "blackberry", "molasses"]),
        Coffee(name: "Decaf Sugarcane EA", origin: "Colombia", variety: "Castillo", processing: "sugarcane decaf",
               tags: ["caramel", "red apple", "cocoa"]),
        Coffee(name: "Mount Elgon", origin: "Uganda", variety: "SL14", processing: "natural",
               tags: ["raisin", "dark chocolate", "spice"]),
        Coffee(name: "Yunnan Pu'er", origin: "China", variety: "Catimor", processing: "honey",
               tags: ["plum", "brown sugar", "black tea"]),
        Coffee(name: "Shakiso", origin: "Ethiopia", variety: "Heirloom", processing: "natural",
               tags: ["strawberry", "cocoa nib", "rum"]),
    ]

    static let pressureProfiles = ["9 bar flat", "6 bar blooming", "lever decline", "turbo 6 bar"]

    /// Brew notes; some hold commas, quotes and a line break on purpose.
    static let brewNotes = [
        "Sweet and balanced.",
        "A bit sour, grind finer next time.",
        "Bitter finish — too fine?",
        "Channeling, puck had a crack.",
        "Great cup, \"juicy\" as the bag says.",
        "Stalled drawdown.\nTry coarser, and stir less.",
        "Guests liked it, served with milk.",
        "Thin body; up the dose",
        "Best one yet!",
        "New filter papers, tasted papery",
    ]

    static let tastingNotes = [
        "Clean cup", "Lingering finish", "Tea-like", "Syrupy, long aftertaste", "Muted when cold",
    ]

    static let beanNotes = [
        "250 g bag", "Gift from a friend", "1 kg bag, split and frozen", "Limited lot",
    ]
}
