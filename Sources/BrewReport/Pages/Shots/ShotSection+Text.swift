import BrewCharts
import BrewColumns
import BrewShots
import BrewStats
import Foundation

/// The shots section's lead sentences (the page's section and table: ``section(_:charts:)``; `shots.csv` has every
/// metric).
extension ShotSection {
    /// The lead sentences: how many shots the period holds and of how many, where the first-drops times come from,
    /// and what was left out.
    var lead: [String] {
        let ofProfile = profileFilter.map { " of profile ‘\($0)’" } ?? ""
        guard !rows.isEmpty else {
            var text = "No shot\(ofProfile) this \(noun); the journal holds \(ShotSection.count(journalShots, "shot"))."
            if undatedLeftOut > 0 {
                text += " \(ShotSection.count(undatedLeftOut, "shot")) without a date cannot be placed in a \(noun)."
            }
            if notEspresso > 0 { text += " " + notEspressoLine }
            return [text]
        }
        var lines = [
            "\(ShotSection.count(rows.count, "shot"))\(ofProfile) this \(noun), of \(journalShots) in the journal."]
        let scale = rows.filter { $0.firstDropsRule == .scale }.count
        let pressure = rows.filter { $0.firstDropsRule == .pressure }.count
        let none = rows.count - scale - pressure
        var drops = "First drops: the scale's \(ShotMetricRules.firstDropsWeight) g in \(scale)"
        if pressure > 0 { drops += ", the end of pre-infusion (no scale; an estimate) in \(pressure)" }
        if none > 0 { drops += ", undefined in \(none) (no scale and no pressure rise)" }
        lines.append(drops + ".")
        lines += profileLines
        if groupsLeftOut.groups > 0 {
            lines.append(
                "Overlays for the \(overlays.count) profile × bean groups with most shots; " +
                    "\(ShotSection.count(groupsLeftOut.groups, "other group")) " +
                        "(\(ShotSection.count(groupsLeftOut.shots, "shot"))) not drawn.")
        }
        if undatedLeftOut > 0 {
            lines.append(
                "\(ShotSection.count(undatedLeftOut, "shot")) without a date left out: " +
                    "\(undatedLeftOut == 1 ? "it" : "they") cannot be placed in a \(noun).")
        }
        if notEspresso > 0 { lines.append(notEspressoLine) }
        return lines
    }

    /// The period's filter brews made on the machine, said apart from the espresso shots (docs/shots.md).
    var notEspressoLine: String {
        "\(ShotSection.count(notEspresso, "filter brew")) made on the machine (pressure never past 2 bar, a yield past "
            + "5 × the dose, or a filter brew's graph) \(notEspresso == 1 ? "is" : "are") not counted as espresso: "
            + "no shot row, norm or flag; \(notEspresso == 1 ? "it is a brew" : "they are brews") of their own method, "
            + "listed with \(notEspresso == 1 ? "its" : "their") flow figures under “Filter brews made on the machine”."
    }

    /// The line above the filter brews' table.
    var filterLead: String {
        "Filter brews made on the machine this \(noun) (\(filterRows.count)): not shots, so no norm or flag; first "
            + "drops, the extraction from them to the end and the flow are their own (docs/shots.md)."
    }

    /// `2026-11-13 06:40` in `zone`, `—` without a start.
    static func startText(_ start: Timestamp?, _ zone: TimeZone) -> String { Format.minute(start, zone) }

    /// `1 shot`, `3 shots`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
