import Foundation
import Testing
@testable import BrewStats

/// The evidence rules decide what a chart may claim; these check their thresholds on hand-counted inputs.
@Suite struct EvidenceRulesTests {
    /// `drawsCurve(x:)` stops counting distinct values once there are enough; its answer must be the rule's on the
    /// whole set, counted here by hand for each input.
    @Test func curveFromPointsCountsDistinctValuesAsASetDoes() {
        let cases: [(x: [Double], brews: Int, distinct: Int)] = [
            // Four distinct days over twelve brews: too few days.
            ([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4], 12, 4),
            // The fifth distinct day comes last.
            ([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 9], 12, 5),
            // −0 and 0 are one day: four distinct.
            ([0, -0.0, 1, 2, 3, 0, 1, 2, 3, -0.0, 1, 2], 12, 4),
            // Every NaN counts on its own, as in a Set: 1, 2 and three NaNs are five.
            ([1, 2, .nan, 1, 2, .nan, 1, 2, .nan, 1, 2], 11, 5),
            // Enough days but nine brews.
            ([1, 2, 3, 4, 5, 6, 7, 8, 9], 9, 9),
            ([], 0, 0),
        ]
        for c in cases {
            #expect(c.x.count == c.brews)
            let expected = c.brews >= 10 && c.distinct >= 5
            #expect(EvidenceRules.drawsCurve(x: c.x) == expected, "\(c.x)")
            #expect(EvidenceRules.drawsCurve(n: c.brews, distinctX: c.distinct) == expected)
        }
        // A million brews over three days: no curve, and over six days: a curve.
        let three = (0..<1_000_000).map { Double($0 % 3) }
        #expect(!EvidenceRules.drawsCurve(x: three))
        #expect(EvidenceRules.drawsCurve(x: three + [3, 4, 5]))
    }
}
