import BrewAdvice
import BrewColumns
import BrewImport
import BrewShots
import BrewHashing

/// A journal made fit to share (`export --anonymise`): with a club, or in a bug report.
///
/// - **Free text replaced:** every brew's notes become `note removed`; a bean's, grinder's and method's notes are
///   removed; labels a user types are numbered in order of first use, so groupings and counts stay as they were:
///   bean names become `Coffee 1`, `Coffee 2` …, roasters `Roaster 1` …, pressure profiles and shot profile titles
///   `Profile 1` … (one numbering, so a shot and its brew agree), grind settings written as text `Setting 1` …, and
///   each flavour tag `flavour 1` … (the same tag, compared without case and surrounding spaces, gets the same
///   number) unless it is one of the dial-in advisor's taste words (``BrewAdvice/TasteWords``: `sour`, `bitter`,
///   `watery` …, a shared vocabulary that tells nothing about who wrote it); a shot's phase names become `step 1`,
///   `step 2` …; shot files are renamed `shot-1` …
/// - **Ids replaced:** brews become `brew-1` …, entities `method-1`, `grinder-1`, `bean-1` …
/// - **Dates shifted:** every brew date, roast date and shot start moves by the same whole number of weeks (between
///   52 and 520 into the past), so weekdays, times of day, days off roast and the gaps between brews are kept. The
///   offset is drawn per journal from a hash of the journal's own ids and dates: the same journal always gets the
///   same offset (outputs stay reproducible), and the shared file does not reveal it (it holds neither).
/// - **Kept:** every number a statistic needs (masses, times, temperatures, grind settings, ratings, TDS, tasting
///   scores, bag weights and prices), equipment names (what the dial-in catalogue recognises), origins,
///   processing, varieties, roast levels and currencies (shared vocabularies, not free text).
///
/// The side files of the same run are anonymised too: the matches of `--list-matches`
/// (``anonymise(_:sources:merged:)``) and the dropped fields of `--report-dropped` (written from this journal).
public struct JournalAnonymiser: Sendable {
    public init() {}

    /// The whole weeks `journal`'s dates move by (negative: into the past).
    public func weeksShift(_ journal: Journal) -> Int64 {
        var hash = FNV1a()
        func mix(_ bytes: some Sequence<UInt8>) { hash.combine(bytes: bytes) }
        let t = journal.brews
        for i in 0..<t.count {
            if let id = t.id[i] { mix(id.utf8) }
            if let d = t.brewDate[i] { withUnsafeBytes(of: d.littleEndian) { mix($0) } }
        }
        return -(52 + Int64(hash.value % 469))
    }

    /// The anonymised journal (see the type's discussion).
    public func anonymise(_ source: ShotJournal) -> ShotJournal {
        let j = source.result.journal
        let weeks = weeksShift(j)
        let shiftMicros = weeks * 7 * 86_400_000_000
        let shiftDays = Int32(weeks * 7)
        var builder = JournalBuilder(expectedBrews: j.brews.count)
        for (i, m) in j.methods.enumerated() {
            _ = builder.addMethod(BrewMethod(id: "method-\(i + 1)", name: m.name, category: m.category))
        }
        for (i, g) in j.grinders.enumerated() {
            _ = builder.addGrinder(Grinder(id: "grinder-\(i + 1)", name: g.name, type: g.type, settingMin: g.settingMin,
                                           settingMax: g.settingMax, settingStep: g.settingStep))
        }
        var beanNames: [String: Int] = [:], roasters: [String: Int] = [:]
        for (i, b) in j.beans.enumerated() {
            let name = b.name.map { n in
                "Coffee \(beanNames[n] ?? { beanNames[n] = beanNames.count + 1; return beanNames.count }())"
            }
            let roaster = b.roaster.map { r in
                "Roaster \(roasters[r] ?? { roasters[r] = roasters.count + 1; return roasters.count }())"
            }
            _ = builder.addBean(CoffeeBean(id: "bean-\(i + 1)", name: name, roaster: roaster, origin: b.origin,
                                           variety: b.variety,
                                           processing: b.processing, roastLevel: b.roastLevel,
                                           roastDate: b.roastDate.map { Day(index: $0.index + shiftDays) },
                                           bagWeightGrams: b.bagWeightGrams, bagPrice: b.bagPrice,
                                           currency: b.currency,
                                           frozenDate: b.frozenDate.map { Day(index: $0.index + shiftDays) },
                                           thawDate: b.thawDate.map { Day(index: $0.index + shiftDays) }))
        }
        var labels = Labels()
        let t = j.brews
        for i in 0..<t.count {
            var row = BrewRow()
            func n(_ c: Float64Column) -> Double? { c[i] }
            row.id = "brew-\(i + 1)"
            row.brewDate = t.brewDate[i].map { Timestamp(microseconds: $0 + shiftMicros) }
            row.method = t.method.code(i); row.grinder = t.grinder.code(i); row.bean = t.bean.code(i)
            row.doseGrams = n(t.doseGrams); row.waterGrams = n(t.waterGrams); row.yieldGrams = n(t.yieldGrams)
            row.brewTimeSeconds = n(t.brewTimeSeconds); row.waterTemperature = n(t.waterTemperature)
            row.grindSetting = n(t.grindSetting)
            row.grindText = t.grindText[i].map { labels.number($0, as: .setting) }
            row.pressureProfile = t.pressureProfile[i].map { labels.number($0, as: .profile) }
            row.rating = n(t.rating); row.tds = n(t.tds)
            row.notes = t.notes.isValid(i) ? "note removed" : nil
            row.acidity = n(t.acidity); row.body = n(t.body); row.sweetness = n(t.sweetness)
            row.flavorTags = t.flavorTags[i].map { labels.tags($0) }
            builder.appendBrew(row)
        }
        builder.tastingNoteCount = j.tastingNoteCount
        let journal = builder.finish()
        let report = source.result.report
        let anonymousReport = ImportReport(file: "journal", format: report.format, brews: report.brews,
                                           methods: report.methods,
                                           grinders: report.grinders, beans: report.beans,
                                           tastingNotes: report.tastingNotes)
        var shots: ShotTable?
        if let table = source.shots {
            let records = table.shots.enumerated().map { k, r -> ShotRecord in
                var r = r
                r.file = "shot-\(k + 1)"
                r.start = r.start.map { Timestamp(microseconds: $0.microseconds + shiftMicros) }
                r.brewID = "brew-\(r.journalRow + 1)"
                r.profile = r.profile.map { labels.number($0, as: .profile) }
                r.phases = r.phases.enumerated().map { k, phase in
                    ShotPhase(start: phase.start, name: "step \(k + 1)")
                }
                return r
            }
            shots = ShotTable(samples: table.samples, shots: records, duplicates: [], read: records.count, rejects: [])
        }
        return ShotJournal(result: ImportResult(journal: journal, report: anonymousReport), shots: shots)
    }
}

/// The numbering of the labels a user types (``JournalAnonymiser``): each distinct label of a kind gets the next
/// number, in order of first use.
struct Labels {
    /// The kinds of label, each numbered on its own.
    enum Kind: String {
        case profile = "Profile"
        case setting = "Setting"
        case flavour = "flavour"
    }

    private var numbers: [Kind: [String: Int]] = [:]

    /// `label`'s replacement: `Profile 3`, `Setting 1`, `flavour 7`.
    mutating func number(_ label: String, as kind: Kind) -> String {
        let key = kind == .flavour ? label.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() : label
        var table = numbers[kind, default: [:]]
        let n = table[key] ?? (table.count + 1)
        table[key] = n
        numbers[kind] = table
        return "\(kind.rawValue) \(n)"
    }

    /// The taste words a tag may be and stay (``BrewAdvice/TasteWords``), lowercased.
    static let tasteWords: Set<String> = TasteWords.sour.union(TasteWords.bitter).union(TasteWords.weak)
        .union(TasteWords.strong).union(TasteWords.saysCoarser).union(TasteWords.saysFiner).union(TasteWords.balanced)

    /// Comma-separated flavour tags (the form ``BrewColumns/BrewTable/flavorTags`` holds), each numbered unless it
    /// is a taste word (kept as written); empty tags are left out.
    mutating func tags(_ text: String) -> String {
        text.split(separator: ",").compactMap { raw -> String? in
            let tag = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if tag.isEmpty { return nil }
            return Self.tasteWords.contains(tag.lowercased()) ? tag : number(tag, as: .flavour)
        }.joined(separator: ", ")
    }
}
