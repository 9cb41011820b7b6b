import Foundation
import TestSupport

/// Facts about `sample-data/journal.csv` computed here, from the raw export, without the importer or the
/// statistics core: the expectations the end-to-end report is checked against.
struct SampleJournal {
    struct Brew {
        let id: String
        let instant: Date
        let method: String
        let grinder: String
        let category: String
        let dose: Double?
        let water: Double?
        let yield: Double?
        let tds: Double?
        let rating: Double?
        var grind: Double? = nil
    }

    let brews: [Brew]

    /// Reads `journal.csv` (ISO 8601 `brewed_at` with offset, `.` decimals, no units: the generator's export).
    static func load() throws -> SampleJournal {
        let text = try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8)
        let (_, rows) = TestCSV.records(text)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime]
        func number(_ s: String?) -> Double? { s.flatMap { $0.isEmpty ? nil : Double($0) } }
        let brews = rows.compactMap { r -> Brew? in
            guard let at = r["brewed_at"], let instant = iso.date(from: at) else { return nil }
            return Brew(id: r["brew_id"] ?? "", instant: instant, method: r["method"] ?? "", grinder: r["grinder"] ?? "", category: r["method_category"] ?? "",
                        dose: number(r["dose_g"]), water: number(r["water_g"]), yield: number(r["yield_g"]),
                        tds: number(r["tds_pct"]), rating: number(r["rating"]), grind: number(r["grind_setting"]))
        }
        return SampleJournal(brews: brews)
    }

    /// `YYYY-Www` of `date` in `zone`, from Foundation's ISO 8601 calendar.
    static func isoWeek(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        return String(format: "%04d-W%02d", c.yearForWeekOfYear!, c.weekOfYear!)
    }

    func brews(inWeek label: String, _ zone: TimeZone) -> [Brew] {
        brews.filter { SampleJournal.isoWeek($0.instant, zone) == label }
    }

    /// Mean of the present values; `nil` for none.
    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// Extraction yield by the contract (§3): TDS × beverage mass ÷ dose, beverage mass = yield, or for
    /// non-espresso water − 2 × dose; `nil` when undefined or outside 0–35 %.
    static func extraction(_ b: Brew) -> Double? {
        guard let tds = b.tds, let dose = b.dose, dose > 0 else { return nil }
        let mass: Double? = b.yield ?? (b.category == "espresso" ? nil : b.water.map { $0 - 2 * dose })
        guard let mass else { return nil }
        let ey = tds * mass / dose
        return (0...35).contains(ey) ? ey : nil
    }

    /// The most frequent method (ties: name A–Z).
    static func topMethod(_ brews: [Brew]) -> String? {
        var counts: [String: Int] = [:]
        for b in brews where !b.method.isEmpty { counts[b.method, default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key
    }
}
