import BrewColumns
import Testing
@testable import BrewStats

@Suite("Bean labels")
struct BeanLabelsTests {
    static func bean(_ name: String?, _ roaster: String?, _ roast: String? = nil) -> CoffeeBean {
        CoffeeBean(name: name, roaster: roaster, roastDate: roast.flatMap { Day(iso: $0) })
    }

    static func labels(_ beans: [CoffeeBean]) -> [String] {
        BeanLabels.make(names: beans.map(\.displayName), beans: beans)
    }

    @Test("unique names stay bare; shared names gain the roaster")
    func roaster() {
        #expect(Self.labels([]) == [])
        #expect(Self.labels([Self.bean("Kochere", "Onyx"), Self.bean("Gesha", "Onyx")]) == ["Kochere", "Gesha"])
        #expect(Self.labels([Self.bean("Kochere", "Tim Wendelboe"), Self.bean("Gesha", "Onyx"), Self.bean("Kochere", "Square Mile")])
                == ["Kochere (Tim Wendelboe)", "Gesha", "Kochere (Square Mile)"])
        #expect(Self.labels([Self.bean("Kochere", nil), Self.bean("Kochere", "")]).allSatisfy { $0.hasPrefix("Kochere (no roaster") })
    }

    @Test("a bag bought twice is told apart by roast date, then by number")
    func repurchase() {
        let beans = [Self.bean("Santa Bárbara", "丸山珈琲", "2026-09-01"), Self.bean("Santa Bárbara", "丸山珈琲", "2026-10-18"),
                     Self.bean("Santa Bárbara", "Onyx"), Self.bean(nil, nil), Self.bean(nil, nil)]
        #expect(Self.labels(beans) == ["Santa Bárbara (丸山珈琲, roasted 2026-09-01)", "Santa Bárbara (丸山珈琲, roasted 2026-10-18)",
                                      "Santa Bárbara (Onyx)", "Unnamed bean (no roaster) #1", "Unnamed bean (no roaster) #2"])
        let same = [Self.bean("Kochere", "Onyx", "2026-09-01"), Self.bean("Kochere", "Onyx", "2026-09-01"), Self.bean("Kochere", "Onyx")]
        let l = Self.labels(same)
        #expect(l == ["Kochere (Onyx, roasted 2026-09-01) #1", "Kochere (Onyx, roasted 2026-09-01) #2", "Kochere (Onyx)"])
        #expect(Set(l).count == l.count)
        // A name that itself ends in " #" is no collision marker: unique, it stays as written.
        #expect(Self.labels([Self.bean("Blend #", "Onyx"), Self.bean("Kochere", "Onyx")]) == ["Blend #", "Kochere"])
        #expect(Self.labels([Self.bean("Blend #", nil), Self.bean("Blend #", nil)]) == ["Blend # (no roaster) #1", "Blend # (no roaster) #2"])
    }

    @Test("a journal's labels are made once and found again only for the same, unchanged bean table")
    func cachedByTable() {
        let beans = [Self.bean("Kochere", "Onyx"), Self.bean("Kochere", "Square Mile")]
        let journal = Journal(brews: Journal.empty.brews, methods: [], grinders: [], beans: beans, tastingNoteCount: 0)
        #expect(BeanLabels.make(journal) == ["Kochere (Onyx)", "Kochere (Square Mile)"])
        #expect(BeanLabels.make(journal) == ["Kochere (Onyx)", "Kochere (Square Mile)"])
        // Another journal with a changed bean table (same count) is labelled from its own beans.
        var changed = beans
        changed[1] = Self.bean("Gesha", "Square Mile")
        let other = Journal(brews: Journal.empty.brews, methods: [], grinders: [], beans: changed, tastingNoteCount: 0)
        #expect(BeanLabels.make(other) == ["Kochere", "Gesha"])
        #expect(BeanLabels.make(journal) == ["Kochere (Onyx)", "Kochere (Square Mile)"])

        let cache = LabelCache()
        var table = beans
        cache.keep(["a", "b"], of: table)
        #expect(cache.labels(of: table) == ["a", "b"])
        let copy = table
        #expect(cache.labels(of: copy) == ["a", "b"])
        // Equal beans in another buffer, or the table changed in place, are not the table kept.
        #expect(cache.labels(of: [Self.bean("Kochere", "Onyx"), Self.bean("Kochere", "Square Mile")]) == nil)
        table[0] = Self.bean("Gesha", "Onyx")
        #expect(cache.labels(of: table) == nil)
        #expect(cache.labels(of: []) == nil)
    }
}
