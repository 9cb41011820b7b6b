import Testing
@testable import BrewCharts

/// How the rest chart splits its brews into marks by group name.
@Suite("Rest chart groups")
struct RestGroupsTests {
    /// The split of brews named per brew, through the names' codes as the chart makes them (`nil`: no codes).
    static func split(_ names: [String]?, count n: Int) -> [(indices: [Int], series: Int, label: String)] {
        let coded = names.map { BrewstatsCharts.codes(of: $0, count: n) } ?? (codes: [], names: [])
        return BrewstatsCharts.restGroups(codes: coded.codes, names: coded.names, count: n)
    }

    @Test("groups by brews (ties by name) in series 1–3; a fourth group and beyond share series 3 as Other")
    func groups() {
        // Runs and alternations of names: F 0, 2, 3, 7; E 1, 4; X 5; Y 6.
        let names = ["F", "E", "F", "F", "E", "X", "Y", "F"]
        let split = Self.split(names, count: names.count)
        #expect(split.map(\.label) == ["F", "E", "Other"])
        #expect(split.map(\.series) == [1, 2, 3])
        #expect(split.map(\.indices) == [[0, 2, 3, 7], [1, 4], [5, 6]])
        let three = Self.split(Array(names.prefix(6)), count: 6)
        #expect(three.map(\.label) == ["F", "E", "X"])
        #expect(three.map(\.indices) == [[0, 2, 3], [1, 4], [5]])
    }

    @Test("one name, no names, or too few names give one mark of every brew")
    func oneMark() {
        for groups in [["E", "E", "E"], nil, ["E", "F"]] as [[String]?] {
            let split = Self.split(groups, count: 3)
            #expect(split.count == 1)
            #expect(split.first?.indices == [0, 1, 2])
            #expect(split.first?.label == "Brew")
        }
    }

    @Test("codes and names per brew give the same chart")
    func codesAsNames() {
        let days: [Double] = [3, 7, 7, 12, 20, 30, 4, 9]
        let ratings: [Double] = [3, 4, 3.5, 4.5, 4, 3, 2.5, 5]
        let names = ["F", "E", "F", "F", "E", "X", "Y", "F"]
        // Codes by hand, in a different numbering from the names' first appearance: Y 0, X 1, F 2, E 3.
        let codes: [Int32] = [2, 3, 2, 2, 3, 1, 0, 2]
        let byName = BrewstatsCharts.ratingVsDaysOffRoast(days: days, ratings: ratings, groups: names)
        let byCode = BrewstatsCharts.ratingVsDaysOffRoast(days: days, ratings: ratings, groupCodes: codes,
                                                          groupNames: ["Y", "X", "F", "E"])
        #expect(byName == byCode)
        #expect(byCode.marks.count == 3)
        let split = BrewstatsCharts.restGroups(codes: codes, names: ["Y", "X", "F", "E"], count: codes.count)
        #expect(split.map(\.label) == ["F", "E", "Other"])
        #expect(split.map(\.indices) == [[0, 2, 3, 7], [1, 4], [5, 6]])
    }
}
