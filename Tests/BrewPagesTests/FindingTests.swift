import Testing
@testable import BrewPages

/// Findings that qualify themselves: a tie names every tied name, a winner that depends on a suspected name merge says
/// so, a statement below its evidence rule is not made. Counts worked by hand.
@Suite struct FindingTests {
    @Test func aTieNamesBoth() {
        let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let counts = [20, 25, 30, 28, 33, 41, 41]
        let f = Finding.winner(subject: "Busiest weekday", among: zip(days, counts).map { ($0, $1) })
        #expect(f.statement.plain == "Saturday and Sunday, 41 brews each (a tie)")
        #expect(f.qualifiers == [.tie(["Saturday", "Sunday"])])
        #expect(f.evidence?.runnerUp?.name == "Friday")
        #expect(f.isMade)
    }

    @Test func aWinnerThatDependsOnAMergeSaysSo() {
        let roasters = [("Pacandé", 70), ("Quijote", 44), ("Quijote Kaffee", 65)]
        let f = Finding.winner(subject: "Favourite roaster", among: roasters.map { ($0.0, $0.1) }, kind: "roaster",
                               merges: [["Quijote Kaffee", "Quijote"]])
        // 65 + 44 = 109 > 70: merged, Quijote leads; unmerged, Pacandé does.
        #expect(f.statement.plain == "Quijote, if ‘Quijote Kaffee’ and ‘Quijote’ are one roaster (109 brews); otherwise Pacandé (70 brews)")
        #expect(f.qualifiers.contains(.dependsOnMerge(spellings: ["Quijote Kaffee", "Quijote"], merged: 109, otherwise: "Pacandé", otherwiseCount: 70)))
    }

    @Test func aMergeThatChangesNothingIsNotMentioned() {
        let f = Finding.winner(subject: "Favourite roaster", among: [("A", 90), ("B", 10), ("B.", 5)], kind: "roaster",
                               merges: [["B", "B."]])
        #expect(f.statement.plain == "A, 90 brews")
        #expect(f.qualifiers.isEmpty)
        #expect(f.evidence?.margin == "by 80 brews")
    }

    @Test func belowTheRuleNothingIsStated() {
        let f = Finding.winner(subject: "Favourite hour", among: [("5", 2), ("6", 1)], minimum: 3)
        #expect(!f.isMade)
        #expect(f.statement.plain == "too few brews to say: the most is 2, and a favourite needs 3")
        let none = Finding.winner(subject: "Favourite hour", among: [("5", 0)])
        #expect(!none.isMade)
        #expect(none.statement.plain == "no brews to count")
    }

    @Test func namesAreJoinedInWords() {
        #expect(Finding.names(["A"]) == "A")
        #expect(Finding.names(["A", "B"]) == "A and B")
        #expect(Finding.names(["A", "B", "C"]) == "A, B and C")
    }
}
