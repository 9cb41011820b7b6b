import BrewNames
import Testing
@testable import BrewReport

/// Edit distance, closeness and suggestions, against distances worked out by hand.
@Suite struct NameMatchingTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
        ("kitten", "sitting", 3),   // k→s, e→i, insert g
        ("reprot", "report", 1),    // one transposition
        ("ca", "abc", 3),           // optimal string alignment: no edit of a transposed pair (true Damerau gives 2)
        ("flaw", "lawn", 2),        // delete f, insert n
        ("niche", "nische", 1),     // insert s
        ("bárbara", "barbara", 1),  // accents count
    ] as [(String, String, Int)])
    func editDistanceByHand(_ a: String, _ b: String, _ d: Int) {
        #expect(NameMatching.editDistance(a, b) == d, "\(a) → \(b)")
        #expect(NameMatching.editDistance(b, a) == d, "\(b) → \(a)")
    }

    @Test func closenessPrefersContainedThenWordsThenWhole() {
        #expect(NameMatching.distance(from: "c40", to: "Comandante C40") == 0)
        #expect(NameMatching.distance(from: "NICHE", to: "Niche Zero") == 0)
        #expect(NameMatching.distance(from: "nische", to: "Niche Zero") == 1)   // to the word "niche"
        #expect(NameMatching.distance(from: "comandnate", to: "Comandante C40") == 1)  // to the word "comandante"
        #expect(NameMatching.distance(from: "", to: "anything") == 0)
    }

    @Test func rankedPutsTheClosestFirstThenAlphabetical() {
        // From "abcz": abcd and abcx are one substitution away, abxx two, xxxx four.
        #expect(NameMatching.ranked(["xxxx", "abxx", "abcx", "abcd", "abcx"], closestTo: "abcz") == ["abcd", "abcx", "abxx", "xxxx"])
        #expect(NameMatching.ranked(["Baratza Encore", "Comandante C40", "Niche Zero"], closestTo: "nische").first == "Niche Zero")
        // Equally far names keep alphabetical order, case-insensitively.
        #expect(NameMatching.ranked(["b", "A", "c"], closestTo: "zzzz") == ["A", "b", "c"])
    }

    @Test func suggestionOnlyWhenCloseAndUnique() {
        let commands = ["report", "chart", "batch", "inspect", "generate"]
        #expect(NameMatching.suggestion(for: "reprot", among: commands) == "report")
        #expect(NameMatching.suggestion(for: "Chrat", among: commands) == "chart")
        #expect(NameMatching.suggestion(for: "gen", among: commands) == "generate")   // a beginning
        #expect(NameMatching.suggestion(for: "frobnicate", among: commands) == nil)
        #expect(NameMatching.suggestion(for: "", among: commands) == nil)
        // "bart" is one edit from both "bark" and "barn": no single suggestion.
        #expect(NameMatching.suggestion(for: "bart", among: ["bark", "barn"]) == nil)
    }
}
