import BrewColumns

/// The Smart Espresso Profiler / Pressensor / ShareBrew CSV layout: `meta` rows (`metatype`, `metadata`) then
/// `moment` rows, one per sensor reading, as Pressensor writes them: a pressure reading about every third
/// sample (`sample: pressure`) and the scale's readings between (`sample: weight`); no weight rows without a
/// scale. Fields holding a comma or a quote are quoted (RFC 4180).
enum ShotSEPWriter {
    static let header = "information_type,elapsed,pressure,current_total_shot_weight,flow_in,flow_out,"
        + "water_temperature_boiler,water_temperature_in,water_temperature_basket,metatype,metadata,comment"

    static func field(_ s: String) -> String { CSVField.quoted(s) }

    /// `2026-11-16T06:42:00.000` (the apps write local ISO 8601 without an offset; these are UTC).
    static func isoText(_ unix: Int64) -> String {
        SynthFormat.isoUTC(.init(microseconds: unix * 1_000_000)).replacingOccurrences(of: "Z", with: ".000")
    }

    static func csv(_ shot: SynthShot, _ s: SynthShotSeries) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 15)
        func line(_ text: String) { out.append(contentsOf: text.utf8); out.append(0x0A) }
        func meta(_ type: String, _ value: String, _ comment: String) {
            line("meta,,,,,,,,,\(field(type)),\(field(value)),\(comment)")
        }
        let drink = shot.hasScale ? (s.weight.last ?? 0) : shot.targetYield
        line(header)
        meta("Name", shot.profile.title, "text")
        meta("Weight", SynthFormat.number(drink), "grounds weight in g")
        meta("Dose", SynthFormat.number(shot.dose), "grounds weight in g")
        meta("Roastery", shot.roaster, "text")
        meta("Beans", shot.bean, "text")
        meta("Roasting Date", SynthFormat.dayString(shot.roastDate) + "T00:00:00.000", "ISO8601 formatted date")
        meta("Description", shot.notes, "text")
        meta("Roast Color", shot.roastLevel.replacingOccurrences(of: "_", with: " ").capitalized, "text")
        meta("Date", isoText(shot.start), "ISO8601 formatted date")
        meta("Operator", "", "text")
        meta("Espresso Machine Brand", "Flair 58", "text")
        meta("Grinder Brand", "", "text")
        meta("Grinder Model", shot.grinder, "text")
        meta("Grinder Setting", SynthFormat.number(shot.grindSetting), "text")
        meta("Tds", "", "number")
        let time = s.time.last ?? 0
        meta("Brew ratio", SynthFormat.number(round(drink / shot.dose, 100)), "espresso weight / grounds weight in %")
        meta("Extraction time", SynthFormat.number(time), "sec")
        meta("Unit system", "metric", "metric or imperial,")
        meta("Attribution", "brewstats", "")
        meta("Software", "brewstats generate", "")
        meta("Export version", "1.1.0", "")
        for i in 0 ..< s.count {
            let elapsed = SynthFormat.number(s.time[i])
            if i % 3 == 0 || !shot.hasScale {
                line("moment,\(elapsed),\(SynthFormat.number(s.pressure[i])),,,,,,,,,sample: pressure")
            } else {
                line("moment,\(elapsed),,\(SynthFormat.number(s.weight[i])),,,,,,,,sample: weight")
            }
        }
        return out
    }
}
