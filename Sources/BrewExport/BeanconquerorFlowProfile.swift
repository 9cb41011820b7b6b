import BrewColumns
import BrewShots
import Foundation

/// A shot as Beanconqueror's brew graph, `brews/<uuid>_flow_profile.json` (the `BrewFlow` class in Beanconqueror's
/// `src/classes/brew/brewFlow.ts`; docs/export.md, "Beanconqueror"): the series its sensors record, each sample with
/// its clock time (`timestamp`, `HH:mm:ss.SSS`, the brew's time of day plus the sample's time) and `brew_time`.
///
/// | samples | brew graph |
/// | --- | --- |
/// | weight | `weight[].actual_weight` |
/// | weight flow | `realtimeFlow[].flow_value` |
/// | pressure | `pressureFlow[].actual_pressure` |
/// | mix temperature (else basket) | `temperatureFlow[].actual_temperature` |
///
/// The graph has no place for the machine's flow, the goals or a second temperature (dropped, per shot); times
/// are kept to the millisecond. Beanconqueror restores the graphs from a `brews/` folder beside the backup (on
/// Android `Download/Beanconqueror_export/`): the zip carries them there, to be unpacked beside it.
enum BeanconquerorFlowProfile {
    static func path(uuid: String) -> String { "brews/\(uuid)_flow_profile.json" }

    /// Shot `s` of `shots` as a brew graph, its clock starting at `start` (Unix microseconds), or `nil` when the
    /// shot records none of the graph's series.
    static func encode(shot s: Int, of shots: ShotTable, start: Int64?, dropped: inout DroppedFields) -> [UInt8]? {
        let samples = shots.samples
        let channels = samples.channels(of: s)
        let file = shots.shots[s].file
        let temperature: ShotChannel = channels.has(.mixTemperature) ? .mixTemperature : .basketTemperature
        let series: [(String, String, ShotChannel)] = [
            ("weight", "actual_weight", .weight), ("realtimeFlow", "flow_value", .weightFlow),
            ("pressureFlow", "actual_pressure", .pressure), ("temperatureFlow", "actual_temperature", temperature),
        ]
        guard series.contains(where: { channels.has($0.2) }) else { return nil }
        for c in [ShotChannel.flow, .pressureGoal, .flowGoal, .temperatureGoal] where channels.has(c) {
            dropped.note("shot.\(c.name)", record: file,
                "Beanconqueror's brew graph holds weight, weight flow, pressure and one temperature")
        }
        if channels.has(.mixTemperature), channels.has(.basketTemperature) {
            dropped.note("shot.\(ShotChannel.basketTemperature.name)", record: file,
                "Beanconqueror's brew graph holds one temperature")
        }
        let time = samples.column(.time)
        let startSeconds = start.map { Double(($0 % 86_400_000_000 + 86_400_000_000) % 86_400_000_000) / 1_000_000 }
            ?? 0
        var j = JSONText()
        j.open("{")
        for (key, field, channel) in series {
            j.key(key); j.open("[")
            if channels.has(channel) {
                let column = samples.column(channel)
                for i in samples.range(of: s) where time.isValid(i) && column.isValid(i) && column.values[i].isFinite {
                    let t = Double(time.values[i])
                    j.comma(); j.open("{")
                    j.text("timestamp", clock(startSeconds + t))
                    j.text("brew_time", DecimalText.text((t * 1000).rounded() / 1000))
                    j.number(field, Double(column.values[i]))
                    j.close("}")
                }
            }
            j.close("]")
        }
        j.key("waterFlow"); j.open("["); j.close("]")
        j.close("}")
        return j.out
    }

    /// Seconds after midnight as `HH:mm:ss.SSS` (past 24 h the hours go on, as the reader unwraps them).
    static func clock(_ seconds: Double) -> String {
        let ms = Int64((seconds * 1000).rounded())
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let h = ms / 3_600_000 % 24, m = ms / 60_000 % 60, sec = ms / 1000 % 60, milli = ms % 1000
        let frac = milli < 10 ? "00\(milli)" : milli < 100 ? "0\(milli)" : "\(milli)"
        return "\(two(h)):\(two(m)):\(two(sec)).\(frac)"
    }
}
