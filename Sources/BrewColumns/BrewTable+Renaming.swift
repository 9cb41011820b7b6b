extension BrewTable {
    /// The table with some of its name columns replaced, every other column shared.
    ///
    /// Used when names are merged after an import (an aliases file): the caller keeps the entity columns'
    /// invariant, each code an index into the new entity tables.
    ///
    /// - Precondition: every replacement has ``count`` slots.
    public func replacingNames(method: DictionaryColumn? = nil, grinder: DictionaryColumn? = nil,
                               bean: DictionaryColumn? = nil, roaster: DictionaryColumn? = nil) -> BrewTable {
        for column in [method, grinder, bean, roaster].compactMap({ $0 }) { precondition(column.count == count) }
        return BrewTable(id: id, brewDate: brewDate, method: method ?? self.method, category: category,
                         grinder: grinder ?? self.grinder, bean: bean ?? self.bean, roaster: roaster ?? self.roaster,
                         origin: origin, roastDate: roastDate, frozenDate: frozenDate, thawDate: thawDate,
                         doseGrams: doseGrams, waterGrams: waterGrams,
                         yieldGrams: yieldGrams, brewTimeSeconds: brewTimeSeconds, waterTemperature: waterTemperature,
                         grindSetting: grindSetting, grindText: grindText, pressureProfile: pressureProfile,
                         rating: rating, tds: tds, notes: notes, acidity: acidity, body: body, sweetness: sweetness,
                         flavorTags: flavorTags)
    }
}

extension DictionaryColumn {
    /// The column with each code `c` replaced by `map[c]` over a new `dictionary`; null slots stay null.
    ///
    /// - Precondition: `map` has one entry per entry of ``dictionary``, each an index into the new `dictionary`.
    public func recoded(_ map: [Int32], dictionary: [String]) -> DictionaryColumn {
        precondition(map.count == self.dictionary.count)
        let values = codes.values.map { codeValue in map.isEmpty ? codeValue : map[Int(codeValue)] }
        return DictionaryColumn(codes: Int32Column(values: values, validity: codes.validity), dictionary: dictionary)
    }
}
