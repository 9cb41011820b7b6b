import BrewColumns
import BrewImport
import BrewStats
import Foundation

/// Turns validated shots into brews (one espresso brew per shot) and the shot table.
///
/// Each shot's brew: method = the machine (category espresso); date = the shot's start; dose; yield = the
/// drink weight the file gives, else the last weight sample; time = the file's shot time, else the last sample's
/// time; water = the water pumped (the flow's integral, ``ShotSeries/waterDispensed``); temperature = the profile's;
/// grinder (by name) and setting (a number when it reads as one, else text); bean by roaster, name and roast date;
/// rating = Decent enjoyment ÷ 20 (0–100 → 0–5) or GaggiMate's stars; TDS, or, with only an EY, TDS = EY × dose ÷
/// yield; the profile name as the pressure profile; notes.
struct ShotJournalBuilder {
    var builder = JournalBuilder()
    var samples = ShotSamplesBuilder()
    var records: [ShotRecord] = []
    private var methods: [String: Int32] = [:]
    private var grinders: [String: Int32] = [:]
    private var beans: [String: Int32] = [:]
    var enjoymentConverted = 0
    var firstEnjoyment: String?
    var datesFromFileTime = 0
    var firstFileTime: String?
    var tdsFromEY = 0
    var scaleEmpty = 0
    var firstScaleEmpty: (file: String, zeros: Int, samples: Int)?
    var roastUnread = 0
    var firstRoastUnread: (file: String, text: String)?

    /// Filter brews made on the machine (``ShotKind/filter(_:)``), and the first one's file and rule.
    var filterShots = 0
    var firstFilterShot: (file: String, why: String)?

    /// The scale's last weight as the brew's yield: only when at least the first-drops weight (``ShotSeriesChecks``).
    static func scaleYield(_ shot: ParsedShot, _ series: ShotSeries) -> Double? {
        guard series.channels[.weight] != nil else { return nil }
        let last = shot.series[.weight]?.prefix(series.count).last(where: { $0 != nil }) ?? nil
        return last.flatMap { $0 >= ShotMetricRules.firstDropsWeight ? $0 : nil }
    }

    /// Appends `shot` as a brew and a shot of the table; a filter brew made on the machine (`kind`) is a brew of
    /// the machine's filter method.
    mutating func append(
        _ shot: ParsedShot, _ series: ShotSeries, file: String, id: String, kind: ShotKind = .espresso
    ) {
        var row = BrewRow()
        row.id = id
        row.brewDate = shot.start
        var machine = shot.machine ?? shot.format.methodName
        var category = MethodCategory.espresso
        if case .filter(let why) = kind {
            machine = ShotKind.filterMethodName(machine)
            category = .other
            filterShots += 1
            if firstFilterShot == nil { firstFilterShot = (file, why) }
        }
        row.method = methods[machine] ?? {
            let i = builder.addMethod(BrewMethod(id: "method:\(machine)", name: machine, category: category))
            methods[machine] = i
            return i
        }()
        if let name = shot.grinder {
            row.grinder = grinders[name] ?? {
                let i = builder.addGrinder(Grinder(id: "grinder:\(name)", name: name))
                grinders[name] = i
                return i
            }()
        }
        if shot.bean != nil || shot.roaster != nil {
            let key = "\(shot.roaster ?? "")\u{1F}\(shot.bean ?? "")\u{1F}\(shot.roastDate?.description ?? "")"
            row.bean = beans[key] ?? {
                let i = builder.addBean(CoffeeBean(id: "bean:\(key.replacingOccurrences(of: "\u{1F}", with: "|"))",
                                                   name: shot.bean, roaster: shot.roaster, roastDate: shot.roastDate))
                beans[key] = i
                return i
            }()
        }
        row.doseGrams = shot.dose
        // The last values from the source's own numbers (not their Float32 copies in the samples table).
        func last(_ channel: ShotChannel) -> Double? {
            shot.series[channel]?.prefix(series.count).last(where: { $0 != nil }) ?? nil
        }
        // The scale's last weight is a yield only when at least the first-drops weight (``ShotSeriesChecks``).
        row.yieldGrams = shot.yield ?? Self.scaleYield(shot, series)
        if let empty = ShotSeriesChecks.scaleEndsEmpty(series) {
            scaleEmpty += 1
            if firstScaleEmpty == nil { firstScaleEmpty = (file, empty.zeros, empty.samples) }
        }
        if shot.roastDate == nil, ShotRead.roastDayUnread(shot.roastDateText) {
            roastUnread += 1
            if firstRoastUnread == nil { firstRoastUnread = (file, shot.roastDateText ?? "") }
        }
        row.brewTimeSeconds = shot.time ?? last(.time)
        // The water pumped (the flow's integral): a shot journal's totals count the water its shots used.
        row.waterGrams = series.waterDispensed
        row.waterTemperature = shot.temperature
        if let setting = shot.grindSetting {
            // A number past the bounds every setting keeps (``BrewColumns/GrinderSettings``: `inf`, 1e19) is kept
            // as the text it was, as a setting that is no number.
            if let v = ShotRead.decimal(setting), GrinderSettings.settingProblem(v) == nil {
                row.grindSetting = v
            } else {
                row.grindText = setting
            }
        }
        if let e = shot.enjoyment {
            row.rating = e / 20
            enjoymentConverted += 1
            if firstEnjoyment == nil { firstEnjoyment = file }
        } else {
            row.rating = shot.rating
        }
        if let tds = shot.tds {
            row.tds = tds
        } else if let ey = shot.ey, let dose = row.doseGrams, let yield = row.yieldGrams, yield > 0 {
            row.tds = ey * dose / yield
            tdsFromEY += 1
        }
        if shot.startFromFileTime {
            datesFromFileTime += 1
            if firstFileTime == nil { firstFileTime = file }
        }
        // The profile name reaches shots.csv, the shots section and chart titles: cleaned like every name.
        let profile = builder.cleaned(shot.profile, counting: "shot profile")
        row.pressureProfile = profile
        row.notes = shot.notes
        let journalRow = builder.brewCount
        builder.appendBrew(row)
        samples.appendShot(count: series.count, channels: series.channels)
        // The file's path reaches shots.csv and the pages: its control characters replaced like any name's.
        records.append(ShotRecord(file: ControlCharacters.cleaned(file).text, format: shot.format, start: shot.start,
                                  profile: profile,
                                  sampleCount: series.count, sampleRate: series.sampleRate,
                                  channels: series.channels.keys.reduce(into: ShotChannelSet()) {
                                      $0.insert(ShotChannelSet($1))
                                  },
                                  journalRow: journalRow, brewID: id, phases: shot.phases))
    }

    /// The warnings the conversions call for (the rating scale, dates from file times, TDS from EY).
    var warnings: [ImportWarning] {
        var out: [ImportWarning] = []
        if enjoymentConverted > 0 {
            out.append(ImportWarning(kind: .ratingScale, column: "rating", count: enjoymentConverted,
                                     where: firstEnjoyment,
                                     message: "Decent enjoyment (0–100) converted to " +
                                         "the 0–5 rating: rating = enjoyment ÷ 20"))
        }
        if datesFromFileTime > 0 {
            out.append(ImportWarning(kind: .note, column: "start", count: datesFromFileTime, where: firstFileTime,
                                     message: "a Beanconqueror flow profile stores only clock times: its date is the " +
                                         "day the file was last modified"))
        }
        if let first = firstScaleEmpty {
            out.append(
                ShotSeriesChecks.scaleWarning(count: scaleEmpty, first: first.file, zeros: first.zeros,
                    samples: first.samples))
        }
        if let first = firstRoastUnread {
            out.append(ShotSeriesChecks.roastDateWarning(count: roastUnread, first: first.file, text: first.text))
        }
        if let first = firstFilterShot {
            out.append(ImportWarning(kind: .note, column: nil, count: filterShots, where: first.file,
                                     message: "a filter brew made on the machine " +
                                         "(\(first.why)): counted as a brew of the "
                                        + "machine's filter method, not as an espresso shot"))
        }
        if tdsFromEY > 0 {
            out.append(ImportWarning(kind: .note, column: "tds", count: tdsFromEY, where: nil,
                                     message: "TDS computed from the file's extraction yield: TDS = EY × dose ÷ yield"))
        }
        return out
    }
}
