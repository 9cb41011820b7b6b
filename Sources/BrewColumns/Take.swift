/// Gathering ("take"): a new column or table holding the rows of a ``Selection``, in selection order.
///
/// Used where a filtered table must stand alone (e.g. one chart for one grinder); kernels that can read
/// through a selection should do so instead of gathering.
extension PrimitiveColumn {
    /// The slots at `selection`, in order, validity carried across.
    public func take(_ selection: Selection) -> PrimitiveColumn {
        var values = [Element]()
        values.reserveCapacity(selection.count)
        for i in selection.indices { values.append(self.values[Int(i)]) }
        guard let bits = validity else { return PrimitiveColumn(values: values, validity: nil) }
        var b = BitmapBuilder(minimumCapacity: selection.count)
        for i in selection.indices { b.append(bits.isSet(Int(i))) }
        return PrimitiveColumn(values: values, validity: b.finish())
    }
}

extension DictionaryColumn {
    /// The slots at `selection`; the dictionary is kept whole, so codes keep their meaning.
    public func take(_ selection: Selection) -> DictionaryColumn {
        DictionaryColumn(codes: codes.take(selection), dictionary: dictionary)
    }
}

extension StringColumn {
    /// The slots at `selection`, in order.
    public func take(_ selection: Selection) -> StringColumn {
        var b = StringColumnBuilder(minimumCapacity: selection.count)
        for i in selection.indices { b.append(self[Int(i)]) }
        return b.finish()
    }
}

extension BrewTable {
    /// The brews at `selection`, every column gathered.
    public func take(_ s: Selection) -> BrewTable {
        BrewTable(id: id.take(s), brewDate: brewDate.take(s), method: method.take(s), category: category.take(s),
                  grinder: grinder.take(s), bean: bean.take(s), roaster: roaster.take(s), origin: origin.take(s),
                  roastDate: roastDate.take(s), frozenDate: frozenDate.take(s), thawDate: thawDate.take(s),
                  doseGrams: doseGrams.take(s), waterGrams: waterGrams.take(s),
                  yieldGrams: yieldGrams.take(s), brewTimeSeconds: brewTimeSeconds.take(s),
                  waterTemperature: waterTemperature.take(s), grindSetting: grindSetting.take(s),
                  grindText: grindText.take(s), pressureProfile: pressureProfile.take(s), rating: rating.take(s),
                  tds: tds.take(s), notes: notes.take(s), acidity: acidity.take(s), body: body.take(s),
                  sweetness: sweetness.take(s), flavorTags: flavorTags.take(s))
    }
}

extension Journal {
    /// The journal restricted to the brews at `selection`; entity tables are kept whole (so usage still lists
    /// every piece of equipment), and tasting notes are counted again from the kept brews.
    public func filtered(_ selection: Selection) -> Journal {
        let table = brews.take(selection)
        var notes = 0
        for i in 0..<table.count where table.acidity.isValid(i) || table.body.isValid(i) || table.sweetness.isValid(i)
            || table.flavorTags.isValid(i) {
            notes += 1
        }
        return Journal(brews: table, methods: methods, grinders: grinders, beans: beans,
                       tastingNoteCount: selection.count == brews.count ? tastingNoteCount : notes)
    }
}
