/// The methods and grinders a ``JournalShape`` can add to the standard ones, in the order they join.
extension SynthCatalog {
    /// Every method a journal can brew with: the standard seven, then ``extraMethods``.
    static let allMethods: [Method] = standardMethods + extraMethods
    /// Every grinder a journal can use: the standard five, then ``extraGrinders``.
    static let allGrinders: [GrinderSpec] = standardGrinders + extraGrinders

    /// Grinder indices count the used grinders (5: the 1Zpresso J-Max, 6: the DF64, 7: the Timemore C2).
    static let extraMethods: [Method] = [
        Method(name: "Clever Dripper", category: .immersion, weight: 0.05, grinders: [(2, 0.5), (5, 0.5)],
               doses: [18, 18, 20, 15], ratio: (15.5, 0.5), time: 180...270,
               temperatures: [94, 96, 93], introducedAt: 0.15, used: true),
        Method(name: "Origami", category: .pourOver, weight: 0.05, grinders: [(3, 0.6), (7, 0.4)],
               doses: [15, 15, 16, 12], ratio: (16.0, 0.4), time: 150...210,
               temperatures: [93, 94, 95], introducedAt: 0.3, used: true),
        Method(name: "Cold brew", category: .immersion, weight: 0.03, grinders: [(4, 0.7), (5, 0.3)],
               doses: [60, 70, 80], ratio: (8.0, 0.6), time: 180...240,
               temperatures: [20, 4], introducedAt: 0.45, used: true),
        Method(name: "Lever espresso", category: .espresso, weight: 0.06, grinders: [(6, 0.6), (0, 0.4)],
               doses: [16, 16, 17, 18], ratio: (2.2, 0.2), time: 24...40,
               temperatures: [93, 92, 94], introducedAt: 0.55, used: true),
        Method(name: "Turkish cezve", category: .other, weight: 0.02, grinders: [(1, 1)],
               doses: [7, 8, 9], ratio: (10, 0.5), time: 120...180,
               temperatures: [70, 75], introducedAt: 0.7, used: true),
    ]

    static let extraGrinders: [GrinderSpec] = [
        GrinderSpec(name: "1Zpresso J-Max", type: .manual, setting: (0, 90, 1), base: 45, spread: 5, width: 5,
            used: true),
        GrinderSpec(name: "DF64", type: .burr, setting: (0, 90, 1), base: 12, spread: 2.5, width: 2.5, used: true),
        GrinderSpec(
            name: "Timemore C2", type: .manual, setting: (0, 36, 1), base: 18, spread: 2.5, width: 3, used: true),
    ]
}

extension SynthCatalog.Method {
    /// The same method with other grinder shares.
    func withGrinders(_ grinders: [(index: Int, weight: Double)]) -> SynthCatalog.Method {
        SynthCatalog.Method(name: name, category: category, weight: weight, grinders: grinders, doses: doses,
                            ratio: ratio, time: time, temperatures: temperatures, introducedAt: introducedAt,
                            used: used)
    }
}
