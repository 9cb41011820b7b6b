import BrewStats
import Testing

/// A batch's pooled grind-versus-rating points: counted per typed point, grouped per grinder × method, each group's
/// figures computed on the brews the counts stand for.
@Suite struct GrindPoolTests {
    /// Five points of one grinder × method, 14 brews. Reference (numpy 1.x, `np.polyfit(x, y, 2)` on the points
    /// repeated by their counts): a = −2.2540322580644894, b = 7.02956989247309, c = −1.8817204301075174,
    /// R² = 0.9184587813620072, vertex −b ÷ 2c = 1.8678571428571447 (inside 1.2…2.7, so it is the sweet spot:
    /// 14 brews ≥ 8, 4 settings ≥ 4, R² ≥ 0.10).
    @Test func aGroupsFiguresAreThoseOfItsBrews() throws {
        var pool = GrindPool()
        for (x, y, n) in [(2.7, 3.0, 3), (1.2, 3.5, 3), (2.0, 4.5, 3), (1.5, 4.0, 3), (2.0, 4.0, 2)] {
            pool.add(GrindPool.Point(grinder: "Kinu M47", method: .named("Espresso"), setting: x, rating: y), count: n)
        }
        let groups = pool.groups()
        #expect(groups.count == 1)
        let g = try #require(groups.first)
        #expect(g.brews == 14)
        #expect(g.settings == [1.2, 1.2, 1.2, 1.5, 1.5, 1.5, 2.0, 2.0, 2.0, 2.0, 2.0, 2.7, 2.7, 2.7])
        #expect(g.ratings == [3.5, 3.5, 3.5, 4.0, 4.0, 4.0, 4.0, 4.0, 4.5, 4.5, 4.5, 3.0, 3.0, 3.0])
        let fit = try #require(g.fit)
        #expect(abs(fit.a - -2.2540322580644894) < 1e-9)
        #expect(abs(fit.b - 7.02956989247309) < 1e-9)
        #expect(abs(fit.c - -1.8817204301075174) < 1e-9)
        #expect(abs(try #require(g.rSquared) - 0.9184587813620072) < 1e-9)
        #expect(abs(try #require(g.sweetSpot) - 1.8678571428571447) < 1e-9)
    }

    /// Fewer than four settings tried: the fit is made, its sweet spot not stated (EvidenceRules).
    @Test func aSweetSpotIsStatedOnlyAsTheEvidenceRulesAllow() throws {
        var pool = GrindPool()
        for (x, y) in [(20.0, 3.0), (22.0, 4.5), (24.0, 3.5)] {
            pool.add(GrindPool.Point(grinder: "C40", method: .none, setting: x, rating: y), count: 4)
        }
        let g = try #require(pool.groups().first)
        #expect(g.brews == 12)
        #expect(g.fit != nil)
        #expect(g.sweetSpot == nil)
    }

    /// Counts add up per point, across pools; groups come most brews first, ties by grinder, then no method, all
    /// methods, then methods by name; a count of 0 adds nothing.
    @Test func poolsAddAndGroupsAreOrdered() {
        var a = GrindPool(), b = GrindPool()
        a.add(GrindPool.Point(grinder: "Ode", method: .named("V60"), setting: 4, rating: 4), count: 2)
        b.add(GrindPool.Point(grinder: "Ode", method: .named("V60"), setting: 4, rating: 4), count: 3)
        b.add(GrindPool.Point(grinder: "Ode", method: .named("Aeropress"), setting: 3, rating: 4), count: 5)
        b.add(GrindPool.Point(grinder: "Ode", method: .unrecorded, setting: 3, rating: 4), count: 5)
        b.add(GrindPool.Point(grinder: "Ode", method: .none, setting: 3, rating: 4), count: 5)
        b.add(GrindPool.Point(grinder: "C40", method: .none, setting: 3, rating: 4), count: 1)
        b.add(GrindPool.Point(grinder: "C40", method: .named("Moka"), setting: 3, rating: 4), count: 0)
        a.add(b)
        #expect(a.counts.count == 5)
        #expect(a.counts[GrindPool.Point(grinder: "Ode", method: .named("V60"), setting: 4, rating: 4)] == 5)
        #expect(a.groups().map { "\($0.grinder) \($0.method) \($0.brews)" } == [
            "Ode none 5", "Ode unrecorded 5", "Ode named(\"Aeropress\") 5", "Ode named(\"V60\") 5", "C40 none 1",
        ])
    }
}
