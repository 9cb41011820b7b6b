import BrewColumns
import Testing
@testable import BrewAdvice

/// A `grinders.toml` of 40,000 lines (10,000 tables) is merged and matched through dictionaries, not by comparing
/// every pair of entries (4,800 tables took 92 s so). No time is asserted; every answer is checked.
@Suite struct LargeGrindersFileTests {
    @Test func fortyThousandLinesAreMergedAndMatched() throws {
        var text = ""
        for i in 0..<10_000 { text += "[grinders.\"G\(i)\"]\nmin = 0\nmax = \(10 + i % 50)\nstep = 1\n" }
        // Overrides of a built-in entry and of one of the file's own (the same name, normalised), late in the file.
        text += "[grinders.\"Comandante C40\"]\nmax = 90\n[grinders.\"g-17\"]\nmax = 99\n"
        #expect(text.split(separator: "\n").count == 40_004 && text.utf8.count < 1 << 20)
        let c = try GrinderCatalogue.builtIn.merging(toml: text, file: "grinders.toml")
        #expect(c.entries.count == GrinderCatalogue.builtIn.entries.count + 10_000)
        #expect(c.spec(for: "G9999")?.upper == Double(10 + 9999 % 50))
        // The longest name the journal's begins with: "G1234 MK2" is G1234, not G123 or G12.
        #expect(c.spec(for: "g1234 mk2")?.name == "G1234")
        #expect(c.spec(for: "G17")?.upper == 99 && c.spec(for: "G17")?.step == 1 && c.spec(for: "G17")?.name == "g-17")
        let c40 = try #require(c.spec(for: "Comandante C40 MK4"))
        #expect(c40.upper == 90 && c40.lower == 0 && c40.fromUser)
        #expect(c.spec(for: "Krups") == nil)
    }

    /// Ties keep their rule: of two entries holding one spelling, the user's wins over the built-in one, else the
    /// first.
    @Test func aUserAliasWinsATieWithABuiltInName() throws {
        let c = try GrinderCatalogue.builtIn.merging(toml: "[grinders.\"My Niche\"]\naliases = [\"Niche Zero\"]\nmin = 0\nmax = 7\n",
                                                     file: "g.toml")
        #expect(c.spec(for: "Niche Zero")?.name == "My Niche")
        let two = GrinderCatalogue(entries: [GrinderSpec(name: "A", aliases: ["Same"]), GrinderSpec(name: "B", aliases: ["Same"])])
        #expect(two.spec(for: "same thing")?.name == "A")
    }
}
