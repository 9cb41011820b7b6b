import BrewImport
import Foundation

/// The time zone a command counts days and times of day in, and why: `--tz` when given, else the zone the
/// journal's own dates state (``BrewImport/StatedOffsets``), else the machine's (`TZ`, `/etc/localtime`). Never
/// silently UTC: every page names the zone (``ReportOptions/zoneLine``, worded by the caller, which knows how a zone is
/// asked for). See docs/pages.md, "Local time".
public struct TimeZoneChoice: Sendable {
    public enum Source: Sendable, Equatable {
        /// Asked for (the command line's `--tz`).
        case asked
        /// The offsets the journal's dates state (as text, `+01:00`).
        case journal([String])
        /// The machine's zone.
        case machine
    }

    public let zone: TimeZone
    public let source: Source

    public init(zone: TimeZone, source: Source) {
        self.zone = zone
        self.source = source
    }

    /// `asked` when given; else the zone `stated` fits; else `machine`.
    public static func resolve(
        asked: TimeZone?, stated: StatedOffsets, machine: TimeZone = .current
    ) -> TimeZoneChoice {
        if let asked { return TimeZoneChoice(zone: asked, source: .asked) }
        if let zone = stated.zone { return TimeZoneChoice(zone: zone, source: .journal(stated.offsetTexts)) }
        return TimeZoneChoice(zone: machine, source: .machine)
    }

    /// The zone's name: its IANA identifier (`Europe/Berlin`), or `UTC+01:00` for a fixed offset.
    public var name: String { TimeZoneChoice.name(zone) }

    static func name(_ zone: TimeZone) -> String {
        let id = zone.identifier
        if id == "GMT" || id == "UTC" || id == "Etc/UTC" || id == "Etc/GMT" { return "UTC" }
        if id.hasPrefix("GMT") {
            let s = zone.secondsFromGMT()
            return "UTC" + (s < 0 ? "−" : "+") + String(format: "%02d:%02d", abs(s) / 3600, abs(s) % 3600 / 60)
        }
        return id
    }
}
