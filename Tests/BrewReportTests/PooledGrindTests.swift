import Testing
@testable import BrewReport

/// The batch's combined grind-vs-rating charts are per grinder × method: a grinder used for espresso (1–3) and for
/// filter (4–6) gets two charts, never one curve through both scales.
@Suite struct PooledGrindTests {
    @Test func oneChartPerGrinderAndMethod() {
        var pool = Combined.Pool()
        let espresso = [(1.2, 3.5), (1.5, 4.0), (2.0, 4.5), (2.7, 3.0)], filter = [(4.0, 3.5), (4.6, 4.5), (5.2, 4.0), (6.0, 3.0)]
        for (x, y) in espresso { pool.grind["Kinu M47\tEspresso\t\(x)\t\(y)", default: 0] += 3 }
        for (x, y) in filter { pool.grind["Kinu M47\tV60\t\(x)\t\(y)", default: 0] += 2 }
        let charts = PooledGrind.charts(pool.grind, limit: 6)
        #expect(charts.map(\.title).sorted() == ["Kinu M47 × Espresso: all journals together, 12 rated brews",
                                                 "Kinu M47 × V60: all journals together, 8 rated brews"])
        #expect(Set(charts.map(\.stem)).count == 2)
    }

    /// A pool written before methods were kept (three parts a key) is still read, as "all methods".
    @Test func anOldPoolIsStillRead() {
        let charts = PooledGrind.charts(["C40\t22\t4.5": 3, "C40\t24\t4.0": 2], limit: 6)
        #expect(charts.map(\.title) == ["C40 × all methods: all journals together, 5 rated brews"])
    }
}
