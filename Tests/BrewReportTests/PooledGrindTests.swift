import BrewStats
import Foundation
import Testing
@testable import BrewReport

/// The batch's combined grind-vs-rating charts are per grinder × method: a grinder used for espresso (1–3) and for
/// filter (4–6) gets two charts, never one curve through both scales.
@Suite struct PooledGrindTests {
    @Test func oneChartPerGrinderAndMethod() {
        var pool = GrindPool()
        let espresso = [(1.2, 3.5), (1.5, 4.0), (2.0, 4.5), (2.7, 3.0)], filter = [(4.0, 3.5), (4.6, 4.5), (5.2, 4.0), (6.0, 3.0)]
        for (x, y) in espresso {
            pool.add(GrindPool.Point(grinder: "Kinu M47", method: .named("Espresso"), setting: x, rating: y), count: 3)
        }
        for (x, y) in filter {
            pool.add(GrindPool.Point(grinder: "Kinu M47", method: .named("V60"), setting: x, rating: y), count: 2)
        }
        let charts = PooledGrind.charts(pool, limit: 6)
        #expect(charts.map(\.title).sorted() == ["Kinu M47 × Espresso: all journals together, 12 rated brews",
                                                 "Kinu M47 × V60: all journals together, 8 rated brews"])
        #expect(Set(charts.map(\.stem)).count == 2)
    }

    /// A pool written before methods were kept (three parts a key) is still read, as "all methods", and written back
    /// as it was; brews without a method keep an empty method part.
    @Test func anOldPoolIsStillRead() throws {
        let json = #"{"grind":{"C40\t22.0\t4.5":3,"C40\t24.0\t4.0":2,"Ode\t\t3.0\t4.0":1},"usage":{"method\tV60":4}}"#
        let pool = try JSONDecoder().decode(Combined.Pool.self, from: Data(json.utf8))
        let charts = PooledGrind.charts(pool.grind, limit: 6)
        #expect(charts.map(\.title) == ["C40 × all methods: all journals together, 5 rated brews",
                                        "Ode × no method: all journals together, 1 rated brews"])
        #expect(pool.usage == [Combined.Pool.UsageKey(kind: .method, name: "V60"): 4])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(pool), as: UTF8.self) == json)
    }

    /// A manifest's points and usage go in under typed keys, a manifest without methods as brews with no method.
    @Test func aManifestIsPooledUnderTypedKeys() {
        let m = BatchManifest(journal: "j", input: "j.csv", fingerprint: "0", format: "csv", read: 2, kept: 2,
            rejected: 0, warnings: 0,
            usage: [.init(kind: "grinder", name: "C40", brews: 2), .init(kind: "method", name: "V60", brews: 2)],
            grind: [.init(grinder: "C40", method: "V60", grind: 22, rating: 4.5, count: 1),
                    .init(grinder: "C40", method: nil, grind: 22, rating: 4.5, count: 1)])
        var pool = Combined.Pool()
        pool.add(m)
        pool.add(m)
        #expect(pool.usage[Combined.Pool.UsageKey(kind: .grinder, name: "C40")] == 4)
        #expect(pool.grind.counts == [
            GrindPool.Point(grinder: "C40", method: .named("V60"), setting: 22, rating: 4.5): 2,
            GrindPool.Point(grinder: "C40", method: .none, setting: 22, rating: 4.5): 2,
        ])
    }
}
