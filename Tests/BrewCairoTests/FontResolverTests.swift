@testable import BrewCairo
import Testing

/// Font runs: the first font of the family's chain wherever it has the glyph, a fallback font elsewhere.
@Suite struct FontResolverTests {
    let resolver = FontResolver.shared
    let font = CairoFont(size: 10)

    @Test(arguments: ["Grind vs rating — Comandante C40 · V60", "n = 1,024 · Spearman ρ = 0.18 · ≥ 3 × 4 ÷ 2 ≈ 6 %",
                      "Crème brûlée, Kaffeerösterei Müller", "e\u{301}", "Ünïcödé ‹quotes› “curly” … 1:2.5"])
    func textTheFirstFontHasIsOneRunInIt(text: String) {
        let runs = resolver.runs(of: text, font: font)
        #expect(runs.count == 1)
        #expect(runs.first?.text == text)
        #expect(runs.first?.face == resolver.primaryFace(for: font))
    }

    /// Scalars the first font lacks (CJK, from the fallback font Debian's fonts-droid-fallback installs) get
    /// runs of their own; the runs put together are the text.
    @Test func charactersTheFirstFontLacksGetAnotherFace() {
        let text = "Kochere 日本のコーヒー · Café"
        let runs = resolver.runs(of: text, font: font)
        #expect(runs.map(\.text).joined() == text)
        #expect(runs.count == 3)
        #expect(runs.first?.text == "Kochere ")
        #expect(runs.dropFirst().first?.text == "日本のコーヒー")
        #expect(runs.dropFirst().first?.face != resolver.primaryFace(for: font))
        #expect(runs.last?.face == resolver.primaryFace(for: font))
    }

    /// A scalar beyond the common range takes the locked path and still resolves to the first font when it has it.
    @Test func uncommonScalarsTheFirstFontHasStayInIt() {
        let text = "ﬁnal ⅓"  // U+FB01, U+2153: DejaVu Sans has both
        let runs = resolver.runs(of: text, font: font)
        #expect(runs.count == 1)
        #expect(runs.first?.face == resolver.primaryFace(for: font))
    }

    @Test func emptyTextHasNoRuns() {
        #expect(resolver.runs(of: "", font: font).isEmpty)
    }
}
