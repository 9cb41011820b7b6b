import BrewImport
import Foundation
import TestSupport

/// A CSV journal in the app's export format, one brew per (roaster, bean, grinder, method) tuple given, each
/// brewed on its own minute of 2026-03-02.
func csvJournal(_ brews: [(roaster: String, bean: String, grinder: String, method: String)]) throws -> ImportResult {
    var text = "brew_id,brewed_at,method,method_category,grinder,grind_setting,bean,roaster,origin,roast_date,roast_level,dose_g,water_g,yield_g,brew_time_s,water_temp_c,tds_pct,rating,acidity,body,sweetness,flavor_tags,notes\n"
    for (i, b) in brews.enumerated() {
        let minute = String(format: "%02d", i % 60), hour = String(format: "%02d", 6 + i / 60)
        func q(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        text += "id-\(i),2026-03-02T\(hour):\(minute):00+00:00,\(q(b.method)),pour_over,\(q(b.grinder)),20,\(q(b.bean)),\(q(b.roaster)),,2026-02-20,,15,250,,180,93,,4,,,,,\n"
    }
    let url = try Repo.scratch("names").appendingPathComponent("journal.csv")
    try Data(text.utf8).write(to: url)
    return try importJournal(at: url, options: ImportOptions(format: .csv))
}

/// `n` copies of `brew`.
func times(_ n: Int, _ brew: (roaster: String, bean: String, grinder: String, method: String))
    -> [(roaster: String, bean: String, grinder: String, method: String)] {
    Array(repeating: brew, count: n)
}
