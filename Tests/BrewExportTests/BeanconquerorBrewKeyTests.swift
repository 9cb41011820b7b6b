import Testing
@testable import BrewExport

/// The key a merge finds a backup's brew by (its second and dose) for any second a backup can hold: the fuzzer found
/// a backup whose `unix_timestamp` is past Int64's range trapping the merge.
@Suite struct BeanconquerorBrewKeyTests {
    @Test(arguments: [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan, 9.3e18])
    func aSecondPastInt64IsKeyedByItsText(_ seconds: Double) {
        let key = BeanconquerorWriter.brewKey(seconds: seconds, dose: 18)
        #expect(key.hasSuffix("|18"))
        #expect(key == BeanconquerorWriter.brewKey(seconds: seconds, dose: 18))
    }

    /// A second inside the range is the whole second, rounded down, as before.
    @Test func anOrdinarySecondIsItsWholeSecond() {
        #expect(BeanconquerorWriter.brewKey(seconds: 1_700_000_000.9, dose: 18.5) == "1700000000|18.5")
        #expect(BeanconquerorWriter.brewKey(seconds: -1.5, dose: nil) == "-2|0")
        #expect(BeanconquerorWriter.brewKey(seconds: nil, dose: 18) == "-")
    }
}
