import BrewAdvice
import BrewImport
import BrewOpen
import BrewShots
import Foundation

/// The journal a server answers about, opened once when it starts, with what the command line decided for it.
///
/// The command line opens it through ``BrewOpen/JournalOpener`` (every column, the shots when it has them) and
/// chooses the zone as every command does (`--tz`, else the zone the journal's dates state, else the machine's);
/// the tools only read it.
public struct ServedJournal: Sendable {
    /// The journal opened, with its import notes, sources and matches.
    public let opened: OpenedJournal
    /// The zone days, ISO weeks and times of day are counted in.
    public let timeZone: TimeZone
    /// The sentence naming that zone and where it came from (the report pages' zone line).
    public let zoneLine: String?
    /// The dial-in advisor's options: the grinder catalogue (`--grinders` merged into the built-in one).
    public let dialIn: DialInOptions
    /// The instant taken as now: it decides whether a period is still in progress (`--today`, else the clock).
    public let now: Date

    public init(opened: OpenedJournal, timeZone: TimeZone, zoneLine: String? = nil,
                dialIn: DialInOptions = DialInOptions(), now: Date = Date()) {
        self.opened = opened
        self.timeZone = timeZone
        self.zoneLine = zoneLine
        self.dialIn = dialIn
        self.now = now
    }

    /// The journal with its shots.
    var journal: ShotJournal { opened.journal }
    /// The journal's import result (brews and the import report).
    var result: ImportResult { opened.result }
}
