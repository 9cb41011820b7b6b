import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// A bag's optional weight and price (contract §1): from Beanconqueror's `weight` / `cost` / `SETTINGS.currency`
/// and from the CSV columns `bag_weight_g`, `bag_price`, `currency`.
@Suite(.cleansScratch) struct BagWeightPriceTests {
    /// The real 2020 backup against its raw JSON read with Foundation: a positive `weight`/`cost` is kept, 0 is "not
    /// entered"; the backup states no currency.
    @Test(.enabled(if: Repo.peerData != nil, "needs the real Beanconqueror files in ../shared/peer-data")) func beanconquerorBackupOf2020() throws {
        let url = Repo.peerData!.appendingPathComponent("beanconqueror/Beanconqueror_old.json")
        let result = try importChecked(url)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let raw = try #require(root["BEANS"] as? [[String: Any]])
        #expect(result.journal.beans.count == raw.count)
        for (bean, o) in zip(result.journal.beans, raw) {
            let weight = (o["weight"] as? NSNumber)?.doubleValue ?? 0
            let cost = (o["cost"] as? NSNumber)?.doubleValue ?? 0
            #expect(bean.bagWeightGrams == (weight > 0 ? weight : nil), "\(bean.displayName)")
            #expect(bean.bagPrice == (cost > 0 ? cost : nil), "\(bean.displayName)")
            #expect(bean.currency == nil)
        }
        // By hand: Dulcinea (Quijote Kaffee) is a 1000 g bag for 21; Bunter Bird has no weight.
        let dulcinea = try #require(result.journal.beans.first { $0.name == "Dulcinea" })
        #expect(dulcinea.bagWeightGrams == 1000 && dulcinea.bagPrice == 21)
        #expect(result.journal.beans.first { $0.name == "Bunter Bird" }?.bagWeightGrams == nil)
    }

    @Test func beanconquerorCurrencyFromSettings() throws {
        let json = """
        {"SETTINGS":[{"currency":"eur","brew_rating":5}],
         "BEANS":[{"name":"A","weight":250,"cost":"14,90","config":{"uuid":"b1"}},
                  {"name":"B","weight":0,"cost":-3,"config":{"uuid":"b2"}},
                  {"name":"C","weight":"1 kg?","cost":true,"config":{"uuid":"b3"}}],
         "BREWS":[{"bean":"b1","rating":4,"config":{"uuid":"x1","unix_timestamp":1700000000}}]}
        """
        let result = try importChecked(try scratchFile("Beanconqueror.json", json), ImportOptions(format: .beanconqueror))
        let beans = result.journal.beans
        #expect(beans.map(\.bagWeightGrams) == [250, nil, nil])
        #expect(beans.map(\.bagPrice) == [14.9, nil, nil])
        #expect(beans.map(\.currency) == ["EUR", nil, nil])
    }

    @Test func csvBagColumnsThroughAMapping() throws {
        let csv = """
        when;coffee;roastery;bag (g);price;cur;dose
        2026-11-16T07:42:00+01:00;Kochere;Friedhats;250 g;16,50;eur;15
        2026-11-17T07:42:00+01:00;Kochere;Friedhats;;;;16
        2026-11-17T08:00:00+01:00;Gayo;Friedhats;abc;0;;18
        2026-11-18T08:00:00+01:00;Sidama;Friedhats;1000;40;euros;18
        """
        let mapping = try ColumnMapping(toml: """
        [columns]
        when = "brewed_at"
        "bag (g)" = "bag_weight_g"
        price = "bag_price"
        cur = "currency"
        [values]
        delimiter = ";"
        decimal_comma = true
        """)
        var options = ImportOptions(format: .csv)
        options.columnMapping = mapping
        let result = try importChecked(try scratchFile("bags.csv", csv), options)
        let beans = result.journal.beans
        #expect(beans.map(\.displayName) == ["Kochere", "Gayo", "Sidama"])
        // The first row naming a bag gives its weight and price; blanks and non-positive values leave them unknown.
        #expect(beans.map(\.bagWeightGrams) == [250, nil, 1000])
        #expect(beans.map(\.bagPrice) == [16.5, nil, 40])
        #expect(beans.map(\.currency) == ["EUR", nil, nil])
        #expect(result.report.warnings.contains { $0.message.contains("bag_weight_g 'abc'") })
        #expect(result.report.warnings.contains { $0.message.contains("currency 'EUROS'") })
        #expect(result.report.brews.kept == 4)
    }

    /// The export's own header names are read without a mapping.
    @Test func csvBagColumnsByName() throws {
        let csv = "brewed_at,bean,roaster,bag_weight_g,bag_price,currency,dose_g\n2026-11-16T07:42:00Z,Kochere,Friedhats,340,22.5,CHF,15\n"
        let result = try importChecked(try scratchFile("bags.csv", csv), ImportOptions(format: .csv))
        let bean = try #require(result.journal.beans.first)
        #expect(bean.bagWeightGrams == 340 && bean.bagPrice == 22.5 && bean.currency == "CHF")
    }
}
