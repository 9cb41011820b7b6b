import BrewColumns
import BrewFormatSchemas
import BrewShots

/// One shot's brew fields as Decent's v2 JSON holds them, read once from the journal and written where the
/// schema's places put them (``BrewFormatSchemas/DecentShotSchema``): in `meta` (where the DE1 app and brewstats
/// read them), `profile` and `app.data.settings` (where Visualizer's parser reads them; docs/export.md, "Decent JSON").
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
    /// Whether the shot is espresso (``BrewShots/ShotTable/isEspresso(_:brews:)``).
    let espresso: Bool

    init(journal: Journal, row: Int, samples: ShotSamples, shot: Int, espresso: Bool) {
        self.espresso = espresso
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

    /// The text of `field` as the file holds it, or `nil` when the journal has none (numbers as decimals; the roast
    /// date `YYYY-MM-DD`; the kind `espresso`, or `filter` for a shot that is not espresso). The EY is not
    /// written: the journal holds the TDS, which Decent's `drink_tds` carries.
    func value(_ field: DecentShotSchema.Field) -> String? {
        switch field {
        case .profile: profile
        case .roaster: bean?.roaster
        case .bean: bean?.name
        case .roastDate: bean?.roastDate?.description
        case .grinder: grinder
        case .grindSetting: setting
        case .dose: dose.map(DecimalText.text)
        case .yield: yield.map(DecimalText.text)
        case .time: time.map(DecimalText.text)
        case .enjoyment: enjoyment.map(DecimalText.text)
        case .tds: tds.map(DecimalText.text)
        case .ey: nil
        case .notes: notes
        case .waterTemperature: temperature.map(DecimalText.text)
        case .beverageType: espresso ? "espresso" : "filter"
        }
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
