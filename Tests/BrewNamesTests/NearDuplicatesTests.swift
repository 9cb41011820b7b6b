import BrewColumns
import BrewImport
import BrewNames
import BrewOpen
import Testing

@Suite struct NearDuplicatesTests {
    /// Roasters, beans and grinders spelled two ways, next to names that only look alike (lots "AA"/"AB", models
    /// "C2"/"C3") and must stay apart.
    static func journal() throws -> ImportResult {
        try csvJournal(
            times(5, ("Quijote Kaffee", "Peru", "Baratza Encore", "V60"))
            + times(3, ("Quijote", "Peru", "Encore", "V60"))
            + times(2, ("Flying Roasters", "Colombia Nariño", "Timemore C2", "V60"))
            + times(1, ("Flying Roaster", "Colombia Narino", "Timemore C3", "Chemex"))
            + times(2, ("Kaffeerösterei Müller", "Kenya AA", "Timemore C2", "Chemex"))
            + times(1, ("Square Mile", "Kenya AB", "Timemore C2", "Chemex"))
            + times(1, ("Square Mile", "Santa Barbra", "Timemore C2", "Chemex"))
            + times(2, ("Square Mile", "Santa Barbara", "Timemore C2", "Chemex")))
    }

    @Test func groupsEachKindsSpellingsWithTheirBrews() throws {
        let groups = NearDuplicates.find(in: try Self.journal().journal)
        let summary = groups.map { g in "\(g.kind.rawValue): " + g.names.map { "\($0.name)=\($0.brews)" }.joined(separator: ", ") }
        // Counted by hand from the rows above; most brews first within a group.
        #expect(summary.sorted() == [
            "bean: Colombia Nariño=2, Colombia Narino=1",
            "bean: Santa Barbara=2, Santa Barbra=1",
            "grinder: Baratza Encore=5, Encore=3",
            "roaster: Flying Roasters=2, Flying Roaster=1",
            "roaster: Quijote Kaffee=5, Quijote=3",
        ].sorted())
        let reasons = Dictionary(uniqueKeysWithValues: groups.map { ($0.names[0].name, $0.reason) })
        #expect(reasons["Quijote Kaffee"] == .tradeWord)
        #expect(reasons["Flying Roasters"] == .plural)
        #expect(reasons["Colombia Nariño"] == .spelling)
        #expect(reasons["Santa Barbara"] == .typo)
    }

    @Test func theNoteNamesBothSpellingsAndTheirCounts() throws {
        let group = try #require(NearDuplicates.find(in: try Self.journal().journal).first { $0.kind == .roaster && $0.names.count == 2 && $0.names[1].name == "Quijote" })
        #expect(group.note.hasPrefix("roasters \"Quijote Kaffee\" (5 brews) and \"Quijote\" (3 brews) may be one roaster"))
        #expect(group.note.hasSuffix("map them to one name in an aliases file to count them together"))
    }

    @Test func importNotesCarryTheGroupsWithoutMergingAnything() throws {
        let result = try Self.journal()
        let reviewed = result.reviewingNames()
        let notes = reviewed.report.warnings.filter { $0.kind == .note && $0.message.contains("may be one") }
        #expect(notes.count == 5)
        #expect(reviewed.journal.brews.roaster.dictionary == result.journal.brews.roaster.dictionary)
        #expect(reviewed.journal.grinders.count == result.journal.grinders.count)
    }
}

/// Past ``NearDuplicates/pairwiseLimit`` names of one kind, the key rules still group names (in one pass); the rules
/// that need every pair (a one-letter typo) are not run.
@Suite struct ManyNamesTests {
    @Test func keyRulesStillRunPastTheLimit() throws {
        var brews = (0...NearDuplicates.pairwiseLimit).map { k in (roaster: "Roastery number \(k)x", bean: "Bean \(k)", grinder: "C40", method: "V60") }
        brews += [("Quijote Kaffee", "Peru", "C40", "V60"), ("Quijote", "Peru", "C40", "V60"),
                  ("Flying Roasters", "Peru", "C40", "V60"), ("Flying Roaster", "Peru", "C40", "V60")]
        let groups = NearDuplicates.find(in: try csvJournal(brews).journal).filter { $0.kind == .roaster }
        let names: Set<Set<String>> = Set(groups.map { g in Set(g.names.map { $0.name }) })
        #expect(names.contains(["Quijote Kaffee", "Quijote"]))
        #expect(names.contains(["Flying Roasters", "Flying Roaster"]))
        #expect(groups.count == 2)
    }
}

/// Methods and grinders that are one name with a word or two after it (a model or material): "V60" and "V60
/// ceramic" split one dripper's brews, and advice on one of them must name the other.
@Suite struct LookAlikeEquipmentTests {
    static func journal() throws -> ImportResult {
        try csvJournal(times(39, ("Square Mile", "Peru", "Comandante C40 MK4", "V60 ceramic"))
                       + times(1, ("Square Mile", "Peru", "Comandante C40", "V60"))
                       + times(2, ("Square Mile", "Peru", "Comandante C40", "Chemex")))
    }

    @Test func aWordAfterTheNameIsNoted() throws {
        let result = try Self.journal()
        let groups = NearDuplicates.find(in: result.journal)
        let method = try #require(groups.first { $0.kind == .method })
        #expect(method.names.map(\.name) == ["V60 ceramic", "V60"])
        #expect(method.names.map(\.brews) == [39, 1])
        #expect(method.reason == .variant)
        let grinder = try #require(groups.first { $0.kind == .grinder })
        #expect(Set(grinder.names.map(\.name)) == ["Comandante C40 MK4", "Comandante C40"])
        // Noted on import like roasters and beans.
        let notes = result.reviewingNames().report.warnings.filter { $0.kind == .note && $0.column == "method" }
        #expect(notes.contains { $0.message.contains("\"V60 ceramic\" (39 brews) and \"V60\" (1 brew) may be one method") })
    }

    @Test func adviceOnOneNamesTheOtherWithItsCountAndTheAliasLine() throws {
        let method = try #require(NearDuplicates.find(in: try Self.journal().journal).first { $0.kind == .method })
        let note = try #require(method.lookAlikeNote(for: "V60"))
        #expect(note.contains("\"V60 ceramic\" (39 brews)"), "\(note)")
        #expect(note.contains("[methods] \"V60\" = \"V60 ceramic\""), "\(note)")
        #expect(method.lookAlikeNote(for: "Chemex") == nil)
    }

    @Test func differentModelsOfOneWordStayApart() throws {
        // "Timemore C2" and "Timemore C3": the same number of words, told apart; "Kalita" alone is too short a
        // relation to nothing here.
        let groups = NearDuplicates.find(in: try csvJournal(times(2, ("R", "B", "Timemore C2", "Kalita Wave"))
                                                            + times(1, ("R", "B", "Timemore C3", "Chemex"))).journal)
        #expect(groups.isEmpty)
    }
}
