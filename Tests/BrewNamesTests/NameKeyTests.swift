import BrewNames
import Testing

@Suite struct NameKeyTests {
    @Test func keyIgnoresCaseAccentsAndPunctuation() {
        #expect(NameKey.of("Colombia Nariño") == "colombia narino")
        #expect(NameKey.of("  COLOMBIA   narino ") == "colombia narino")
        #expect(NameKey.of("Hario V-60") == "hario v 60")
        #expect(NameKey.compact("V 60") == NameKey.compact("v60"))
        #expect(NameKey.of("Kaffeerösterei Müller") == "kaffeerosterei muller")
        #expect(NameKey.of("—") == "")
    }

    @Test func singularDropsTheFinalSOfLongWords() {
        #expect(NameKey.singular("Flying Roasters") == "flying roaster")
        #expect(NameKey.singular("Flying Roaster") == "flying roaster")
        // Words of three letters or fewer keep their s ("gas", "bus", "AAs" stays a lot name).
        #expect(NameKey.singular("Kenya AAs") == "kenya aas")
    }

    @Test func tradeWordsAreDroppedForRoastersButNeverToNothing() {
        #expect(NameKey.withoutTradeWords("Quijote Kaffee") == "quijote")
        #expect(NameKey.withoutTradeWords("Quijote") == "quijote")
        #expect(NameKey.withoutTradeWords("Square Mile Coffee Roasters") == "square mile")
        #expect(NameKey.withoutTradeWords("The Coffee Roastery") == "the coffee roastery")
    }
}

/// What a person types on the command line finds names by a word inside them, ignoring accents.
@Suite struct CommandLineNameTests {
    static let grinders: [[String]] = [["Baratza Encore"], ["Comandante C40"], ["Niche Zero"]]
    static let beans: [[String]] = [["Nariño Buesaco", "Friedhats Nariño Buesaco"], ["Santa Bárbara", "Tim Wendelboe Santa Bárbara"]]

    @Test func aWordInsideTheShownNameMatchesIgnoringAccents() {
        #expect(NameMatching.candidates(for: "encore", among: Self.grinders) == ([0], false))
        #expect(NameMatching.candidates(for: "narino", among: Self.beans) == ([0], false))
        #expect(NameMatching.candidates(for: "SANTA BARBARA", among: Self.beans) == ([1], true))
        #expect(NameMatching.candidates(for: "comandante", among: Self.grinders) == ([1], false))
    }

    @Test func aRoasterNameIsNoWordOfTheBeansName() {
        #expect(NameMatching.candidates(for: "wendelboe", among: Self.beans).indices.isEmpty)
        #expect(NameMatching.candidates(for: "ek43", among: Self.grinders).indices.isEmpty)
    }
}
