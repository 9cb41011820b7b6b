import BrewColumns
@_spi(Fuzzing) import BrewImport
import Foundation

/// In-memory entry point of the shot importers for the `fuzz-shots` target under `fuzz/` (SPI `Fuzzing`, not API).
///
/// One input is read the way ``importAnyJournal(at:options:)`` reads a single shot file — sniffed
/// (``ShotFormat/sniff(_:)``), read by its format's reader, validated, turned into a brew and a shot — and, besides,
/// by every other format's reader, so that each reader meets every input, and as a Beanconqueror backup's brew graph
/// attached to its brew (``flowProfile(_:options:)``). Errors a hostile input
/// may rightly cause are rejects; anything else (a trap, an out-of-bounds read, a hang) is a bug. The entry point
/// traps when an invariant fails, so that the fuzzer reports it:
///
/// - the journal's and the shot table's `read == kept + rejected`, and `kept` is the journal's brew count;
/// - the samples table: `offsets` starts at 0, never decreases, has one entry per shot plus one, and ends at every
///   channel column's length; no value of any channel is NaN or infinite;
/// - within each shot, the time channel is present in every sample and strictly increasing;
/// - no name the report shows (the journal's names and ids, a shot's profile) holds a control character the import
///   replaces (``BrewImport/FuzzingEntryPoints/checkNames(_:)``);
/// - a series any reader's output passes ``ShotSeries/validate(_:)`` with has time strictly increasing and finite,
///   every channel as long as the time axis, and no value that is not finite.
@_spi(Fuzzing) public enum ShotFuzzingEntryPoints {
    /// Reads `data` as one shot file named `fuzz.shot`, modified at `modified`; returns the number of shots kept.
    @discardableResult
    public static func shotFile(_ data: Data, options: ImportOptions = .init(),
                                modified: Date = Date(timeIntervalSince1970: 1_795_000_000)) -> Int {
        let file = ShotSourceFile(
            name: "fuzz.shot", declaredSize: UInt64(data.count), modified: modified,
            prefix: { () throws(ShotRejection) -> [UInt8] in [UInt8](data.prefix(65_536)) },
            contents: { () throws(ShotRejection) -> Data in
                guard data.count <= ShotLimits.maxFileBytes else {
                    throw ShotRejection(nil, ShotJournalSources.tooLarge)
                }
                return data
            })
        let (result, table) = ShotJournalImporter.read([file], journal: "fuzz.shot", options: options)
        check(result, table)
        FuzzingEntryPoints.checkNames(result.journal)
        flowProfile(data, options: options)
        let context = ShotReadContext(timeZone: options.timeZone, modified: modified)
        let sniffed = ShotFormat.sniff(data.prefix(65_536))
        for format in ShotFormat.allCases where sniffed != .shot(format) {  // the sniffed one was read above
            guard let shot = try? ShotJournalImporter.parse(format, data, context),
                  let series = try? ShotSeries.validate(shot) else { continue }
            check(series)
        }
        _ = try? GaggiMateShotImporter.readNotes(data)
        return table.kept
    }

    /// A one-brew journal whose brew id is `fuzz`, for ``flowProfile(_:options:)``.
    private static let backup: ImportResult = {
        var builder = JournalBuilder()
        var row = BrewRow()
        row.id = "fuzz"
        row.brewDate = Timestamp(microseconds: 1_795_000_000_000_000)
        builder.appendBrew(row)
        let journal = builder.finish()
        return ImportResult(journal: journal, report: ImportReport(
            file: "fuzz.zip", format: .beanconqueror, brews: .init(read: 1, kept: 1, rejected: 0),
            methods: 0, grinders: 0, beans: 0, warnings: [], rejects: []))
    }()

    /// Reads `data` as a Beanconqueror backup's brew graph, `brews/fuzz_flow_profile.json`, attached to the backup's
    /// brew `fuzz` (the path a zip's flow profiles take, ``BeanconquerorBackupShots/attach(_:to:options:)``); traps
    /// unless the shot table keeps its invariants (one shot or one reject, a valid samples table).
    public static func flowProfile(_ data: Data, options: ImportOptions = .init()) {
        let file = ShotSourceFile(
            name: "fuzz.zip/brews/fuzz_flow_profile.json", declaredSize: UInt64(data.count), modified: nil,
            prefix: { () throws(ShotRejection) -> [UInt8] in [UInt8](data.prefix(65_536)) },
            contents: { () throws(ShotRejection) -> Data in
                guard data.count <= ShotLimits.maxFileBytes else {
                    throw ShotRejection(nil, ShotJournalSources.tooLarge)
                }
                return data
            })
        let table = BeanconquerorBackupShots.attach([file], to: backup, options: options)
        precondition(table.read == 1 && table.kept + table.rejected == 1, "flow profile: not one shot or one reject")
        checkSamples(table)
    }

    /// Traps unless the import's counts and its samples table keep their invariants (the type's discussion).
    private static func check(_ result: ImportResult, _ table: ShotTable) {
        let counts = result.report.brews
        precondition(counts.read == counts.kept + counts.rejected, "read != kept + rejected")
        precondition(counts.kept == result.journal.brews.count, "kept != the journal's brew count")
        precondition(table.read == table.kept + table.rejected, "shots: read != kept + rejected")
        precondition(table.kept == counts.kept, "shots kept != brews kept")
        precondition(
            table.shots.allSatisfy {
                !($0.profile ?? "").unicodeScalars.contains { ControlCharacters.isReplaced($0.value) }
            },
                     "a shot profile with a control character")
        checkSamples(table)
    }

    /// Traps unless `table`'s samples keep their invariants: offsets from 0, never decreasing, one per shot plus one;
    /// every channel one slot per sample, finite; time present and strictly increasing within each shot.
    private static func checkSamples(_ table: ShotTable) {
        let samples = table.samples
        precondition(samples.offsets.first == 0 && samples.offsets.count == table.kept + 1,
            "offsets: not one per shot from 0")
        precondition(zip(samples.offsets, samples.offsets.dropFirst()).allSatisfy { $0 <= $1 }, "offsets decrease")
        for channel in ShotChannel.allCases {
            let column = samples.column(channel)
            precondition(column.values.count == samples.sampleCount, "\(channel.name): not one slot per sample")
            for i in 0 ..< column.values.count where column.isValid(i) {
                precondition(column.values[i].isFinite, "\(channel.name): a sample that is not finite")
            }
        }
        for shot in 0 ..< samples.shotCount {
            let times = samples.values(.time, of: shot)
            precondition(times.count == samples.range(of: shot).count, "a shot without its time channel")
            precondition(times.allSatisfy { $0 != nil }, "a shot sample without a time")
            precondition(zip(times, times.dropFirst()).allSatisfy { $0! < $1! }, "time not strictly increasing")
        }
    }

    /// Traps unless a validated series keeps ``ShotSeries/validate(_:)``'s promises.
    private static func check(_ series: ShotSeries) {
        guard let times = series.channels[.time] else { preconditionFailure("a validated series without time") }
        precondition(times.count == series.count && times.allSatisfy { $0?.isFinite == true },
            "validated time not finite")
        precondition(zip(times, times.dropFirst()).allSatisfy { $0! < $1! }, "validated time not strictly increasing")
        for (channel, values) in series.channels {
            precondition(values.count == series.count, "\(channel.name): validated length differs from the time axis")
            precondition(values.allSatisfy { $0?.isFinite ?? true }, "\(channel.name): validated value not finite")
        }
    }
}
