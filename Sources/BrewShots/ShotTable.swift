import BrewColumns
import BrewImport
import BrewStats

/// One kept shot's metadata: where it came from, what it recorded, and its brew's row in the journal.
public struct ShotRecord: Sendable, Equatable {
    /// The shot's file (for a zip: `archive.zip/entry`).
    public var file: String
    /// The format it was read as (sniffed from its content).
    public var format: ShotFormat
    /// When the shot started, when the file says (or, for a lone Beanconqueror flow profile, the file's date).
    public var start: Timestamp?
    /// The machine profile's name, when the file names one.
    public var profile: String?
    /// The number of samples.
    public var sampleCount: Int
    /// Samples per second: (samples − 1) ÷ (last time − first time); `nil` for a single sample.
    public var sampleRate: Double?
    /// The channels the shot records (a channel whose samples are all missing is not recorded).
    public var channels: ShotChannelSet
    /// The row of the shot's brew in the journal's brew table.
    public var journalRow: Int
    /// The brew id given to the shot's brew (`shot-` and the series' fingerprint, hex), stable across runs.
    public var brewID: String
    /// Why the series cannot be its brew's own (a brew graph of another brew: ``ShotSeriesChecks``), or `nil`.
    /// Such a shot's yield ratio is left blank.
    public var otherBrew: String? = nil
    /// The phases the file marks, in order (``ShotPhases``); empty for formats that mark none.
    public var phases: [ShotPhase] = []
}

/// A file whose series is a shot already kept: listed, never silently dropped.
public struct ShotDuplicate: Sendable, Equatable {
    /// The duplicate file.
    public var file: String
    /// The kept shot's file.
    public var duplicateOf: String

    public init(file: String, duplicateOf: String) {
        self.file = file; self.duplicateOf = duplicateOf
    }
}

/// The shots of one journal: the samples table, one ``ShotRecord`` per kept shot (shot `i` of ``samples`` is
/// ``shots``[`i`]), the duplicates met, and the shot accounting.
///
/// Accounting: `read == kept + rejected`, counting every shot file met (a duplicate is read and rejected, and
/// also listed in ``duplicates``); the rejects themselves, with file, field and reason, are the journal's
/// ``BrewImport/ImportReport/rejects``. Files that are not shot files at all (a README, a photo) are not read;
/// the import's warnings name them.
public struct ShotTable: Sendable {
    /// The samples, in the Arrow list layout.
    public let samples: ShotSamples
    /// The kept shots, in ``samples`` order.
    public let shots: [ShotRecord]
    /// The duplicates, in the order met.
    public let duplicates: [ShotDuplicate]
    /// Shot files read.
    public let read: Int
    /// Shot files rejected (duplicates included).
    public let rejected: Int
    /// Every rejected shot file, with the field and reason. For a shot folder, zip or file these are also the
    /// journal's ``BrewImport/ImportReport/rejects``; for a Beanconqueror backup's brew graphs they are listed
    /// only here (the backup's brews are accounted for by its own import).
    public let rejects: [Reject]
    /// What the shot reading found worth saying about kept shots (``ShotSeriesChecks``); for a shot folder, zip or
    /// file they are also among the journal's warnings.
    public let warnings: [ImportWarning]

    /// Shots kept.
    public var kept: Int { shots.count }

    /// The channels any kept shot records.
    public var channelsFound: ShotChannelSet { shots.reduce(into: ShotChannelSet()) { $0.formUnion($1.channels) } }

    /// Kept shots per format.
    public var formats: [ShotFormat: Int] { shots.reduce(into: [:]) { $0[$1.format, default: 0] += 1 } }

    /// The median of the kept shots' sample rates (BrewStats' ``BrewStats/median(_:)``: the mean of the middle two
    /// for an even count), or `nil` without a rate.
    public var medianSampleRate: Double? { median(shots.compactMap(\.sampleRate)) }

    /// The starts of the phases each shot's file marks (``ShotRecord/phases``), one list per shot, for
    /// BrewStats' ``BrewStats/ShotMetrics/init(_:dose:yield:phaseStarts:)``.
    public var phaseStarts: [[Double]] { shots.map { $0.phases.map(\.start) } }

    /// The shot whose brew is journal row `row`, or `nil`.
    public func shot(forJournalRow row: Int) -> Int? { shots.firstIndex { $0.journalRow == row } }

    /// Whether shot `s` is an espresso shot: its brew (a row of `brews`) is of a method of category espresso, or
    /// of no known category. A brew of another category is a filter brew made on the machine (a shot file's filter
    /// method, docs/shots.md, "Shots that are not espresso") or the brew graph of a pour-over or immersion brew.
    public func isEspresso(_ s: Int, brews: BrewTable) -> Bool {
        let r = shots[s].journalRow
        return !(r >= 0 && r < brews.count && brews.category.isValid(r) && brews.category(at: r) != .espresso)
    }

    /// The method a filter brew made on `machine` is counted under: `Decent DE1 (filter)`.
    public static func filterMethodName(_ machine: String) -> String { ShotKind.filterMethodName(machine) }

    public init(samples: ShotSamples, shots: [ShotRecord], duplicates: [ShotDuplicate], read: Int, rejects: [Reject],
                warnings: [ImportWarning] = []) {
        self.warnings = warnings
        precondition(samples.shotCount == shots.count, "ShotTable: one record per shot of the samples table")
        precondition(read == shots.count + rejects.count, "ShotTable: read == kept + rejected")
        self.rejects = rejects
        self.samples = samples
        self.shots = shots
        self.duplicates = duplicates
        self.read = read
        self.rejected = rejects.count
    }
}
