import BrewColumns
import BrewShots

/// One shot's brew fields as Decent's v2 JSON holds them, read once from the journal and written twice: in `meta`
/// (where the DE1 app and brewstats read them) and in `app.data.settings` (where Visualizer's parser reads them;
/// docs/export.md, "Decent JSON").
struct DecentShotFields {
    let journal: Journal
    let row: Int
    /// The brew's date as Unix seconds, or `nil`.
    let start: Double?
    let dose: Double?
    let yield: Double?
    let time: Double?
    let rating: Double?
    let tds: Double?
    let temperature: Double?
    let notes: String?
    let profile: String?
    let bean: CoffeeBean?
    let grinder: String?
    let setting: String?

    init(journal: Journal, row: Int, samples: ShotSamples, shot: Int) {
        self.journal = journal; self.row = row
        let t = journal.brews
        func number(_ c: Float64Column) -> Double? { c.isValid(row) && c.values[row].isFinite ? c.values[row] : nil }
        start = t.brewDate[row].map { Double($0) / 1_000_000 }
        dose = number(t.doseGrams); yield = number(t.yieldGrams); time = number(t.brewTimeSeconds)
        rating = number(t.rating); tds = number(t.tds); temperature = number(t.waterTemperature)
        notes = t.notes[row]
        profile = t.pressureProfile[row]
        bean = t.bean.code(row).map { journal.beans[Int($0)] }
        grinder = t.grinder.code(row).flatMap { journal.grinders[Int($0)].name }
        setting = number(t.grindSetting).map(DecimalText.text) ?? t.grindText[row]
    }

    /// Decent's 0–100 enjoyment for the 0–5 rating.
    var enjoyment: Double? { rating.map { $0 * 20 } }

    /// `meta`: dose, yield, time, bean, grinder and the shot's rating, TDS and notes.
    func writeMeta(into j: inout JSONText) {
        j.key("meta"); j.open("{")
        if let dose { j.key("in"); j.string(DecimalText.text(dose)) }
        if let yield { j.key("out"); j.string(DecimalText.text(yield)) }
        if let time { j.key("time"); j.string(DecimalText.text(time)) }
        if let bean {
            j.key("bean"); j.open("{")
            if let v = bean.roaster { j.key("brand"); j.string(v) }
            if let v = bean.name { j.key("type"); j.string(v) }
            if let v = bean.roastDate { j.key("roast_date"); j.string(v.description) }
            j.close("}")
        }
        if grinder != nil || setting != nil {
            j.key("grinder"); j.open("{")
            if let grinder { j.key("model"); j.string(grinder) }
            if let setting { j.key("setting"); j.string(setting) }
            j.close("}")
        }
        j.key("shot"); j.open("{")
        if let enjoyment { j.key("enjoyment"); j.string(DecimalText.text(enjoyment)) }
        if let tds { j.key("tds"); j.string(DecimalText.text(tds)) }
        if let notes { j.key("notes"); j.string(notes) }
        j.close("}")
        j.close("}")
    }

    /// `app.data.settings`: the DE1 app's setting names for the same fields (the names Visualizer's parser and
    /// brewstats' Decent reader take), and the water temperature, which only the settings hold.
    var settings: [(String, String)] {
        var out: [(String, String)] = []
        func add(_ key: String, _ value: String?) { if let value { out.append((key, value)) } }
        add("profile_title", profile)
        add("bean_brand", bean?.roaster)
        add("bean_type", bean?.name)
        add("roast_date", bean?.roastDate?.description)
        add("grinder_model", grinder)
        add("grinder_setting", setting)
        add("grinder_dose_weight", dose.map(DecimalText.text))
        add("drink_weight", yield.map(DecimalText.text))
        add("drink_tds", tds.map(DecimalText.text))
        add("espresso_enjoyment", enjoyment.map(DecimalText.text))
        add("espresso_notes", notes)
        add("espresso_temperature", temperature.map(DecimalText.text))
        return out
    }
}

/// What a Decent v2 shot file cannot carry of a shot's brew, named for `--report-dropped` and stderr: only values
/// the source holds (a channel the source never recorded is not a loss).
enum DecentShotDrops {
    static func note(_ f: DecentShotFields, record: ShotRecord, espresso: Bool, channels: ShotChannelSet,
                     samples: ShotSamples, shot s: Int, into dropped: inout DroppedFields) {
        let t = f.journal.brews, row = f.row, file = record.file
        if f.yield == nil, channels.has(.weight),
            let last = samples.values(.weight, of: s).last(where: { $0 != nil }) ?? nil,
           last > 0 {
            dropped.note("yield_g", .changed, record: file,
                         "the source gave no yield; Decent shot readers " +
                             "take the last scale weight (\(last) g) as the yield")
        }
        for (field, column) in [
            ("acidity", t.acidity), ("body", t.body), ("sweetness", t.sweetness)] where column.isValid(row) {
            dropped.note(field, record: file, "Decent's shot JSON has no tasting-note scores")
        }
        if t.flavorTags.isValid(row) {
            dropped.note("flavor_tags", record: file, "Decent's shot JSON has no flavour tags")
        }
        if let origin = t.origin[row], !origin.isEmpty {
            dropped.note("bean.origin", record: file, "Decent's shot JSON has no bean origin")
        }
        let readBack = espresso ? decentMethod : ShotTable.filterMethodName(decentMethod)
        if let m = t.method.code(row).flatMap({ f.journal.methods[Int($0)].name }), m != readBack {
            dropped.note("method", .changed, record: file,
                         "Decent's shot JSON names no machine: read back, the brew's method is \(readBack)")
        }
        if f.start == nil, record.start == nil {
            dropped.note("brewed_at", .changed, record: file,
                         "the shot has no date; Visualizer dates a shot file without a timestamp at 1970-01-01")
        }
        let names = record.phases.enumerated().contains { $0.element.name != "step \($0.offset + 1)" }
        if names {
            dropped.note("shot.phases", .changed, record: file,
                         "Decent's state_change marks where each phase starts, " +
                             "not its name: read back they are step 1, step 2, …")
        }
    }

    /// The brews that have no shot (a file per shot has no place for them), and the entities' own fields.
    static func noteUnshot(_ journal: Journal, shots: ShotTable, into dropped: inout DroppedFields) {
        let rows = Set(shots.shots.map(\.journalRow))
        let ids = journal.brews.id
        for row in 0..<journal.brews.count where !rows.contains(row) {
            dropped.note("brew (no shot)", record: ids[row] ?? "row \(row + 1)",
                         "decent-json writes one file per shot; a brew without a shot has none")
        }
        EntityDrops.note(journal, used: UsedEntities(journal.brews, rows: rows), into: &dropped,
                         holdsEntityFields: false,
                         holdsBagFields: false)
    }

    /// The method a Decent shot file reads back as (BrewShots' Decent importers' method name).
    static let decentMethod = "Decent DE1"
}
