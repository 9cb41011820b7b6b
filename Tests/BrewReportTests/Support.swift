import BrewColumns
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

let berlin = TimeZone(identifier: "Europe/Berlin")!

/// The names of the entries of `folder` (hidden ones included), sorted; empty when it does not exist.
func entries(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// Files under `folder`, relative to it, sorted.
func relativeFiles(in folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    let root = folder.resolvingSymlinksInPath().standardizedFileURL.path + "/"
    var out: [String] = []
    while let url = walker.nextObject() as? URL {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let path = url.resolvingSymlinksInPath().standardizedFileURL.path
        out.append(path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path)
    }
    return out.sorted()
}

/// Every file under `folder` with its bytes, by path relative to `folder` (empty when it does not exist).
func snapshotFiles(_ folder: URL) -> [String: Data] {
    var out: [String: Data] = [:]
    for name in relativeFiles(in: folder) { out[name] = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data() }
    return out
}

func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

/// A process id that is not running: a child that has already exited and been reaped.
func deadPID() throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/true")
    try p.run()
    p.waitUntilExit()
    let pid = p.processIdentifier
    precondition(kill(pid, 0) != 0 && errno == ESRCH, "pid \(pid) was reused")
    return pid
}

/// The instant of a local wall-clock time in `zone` (via Foundation's calendar).
func instant(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0, in zone: TimeZone = berlin) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!
}

/// `YYYY-MM-DD` of `date` in `zone`, by Foundation.
func localDay(_ date: Date, _ zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
}

/// `YYYY-Www` of `date` in `zone`, by Foundation's ISO 8601 calendar.
func isoWeekLabel(_ date: Date, _ zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = zone
    let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
    return String(format: "%04d-W%02d", c.yearForWeekOfYear!, c.weekOfYear!)
}

/// The brews of a journal as plain values, read back from its table.
struct PlainBrew {
    let row: Int
    let id: String?
    let date: Date?
    let method: String?
    let grinder: String?
    let bean: String?
    let rating: Double?
    var setting: Double? = nil
    var beanIndex: Int? = nil
    var espresso = false
    /// Extraction yield computed here from the raw masses and TDS (contract §3), `nil` when undefined or implausible.
    var extraction: Double? = nil
}

func plainBrews(_ journal: Journal) -> [PlainBrew] {
    let t = journal.brews
    return (0..<t.count).map { i in
        PlainBrew(row: i, id: t.id[i], date: t.brewDate[i].map { Date(timeIntervalSince1970: Double($0) / 1_000_000) },
                  method: t.method[i], grinder: t.grinder[i], bean: t.bean[i], rating: t.rating[i].flatMap { $0.isNaN ? nil : $0 },
                  setting: t.grindSetting[i].flatMap { $0.isNaN ? nil : $0 }, beanIndex: t.bean.code(i).map(Int.init),
                  espresso: t.category.isValid(i) && t.category.values[i] == MethodCategory.espresso.rawValue,
                  extraction: rawExtraction(t, i))
    }
}

/// TDS × beverage mass ÷ dose from the raw columns: beverage mass is the yield, or for non-espresso water − 2 × dose;
/// `nil` without the inputs, with dose ≤ 0, or outside 0–35 %.
func rawExtraction(_ t: BrewTable, _ i: Int) -> Double? {
    func v(_ c: PrimitiveColumn<Double>) -> Double? { c[i].flatMap { $0.isNaN ? nil : $0 } }
    guard let tds = v(t.tds), let dose = v(t.doseGrams), dose > 0 else { return nil }
    let espresso = t.category.isValid(i) && t.category.values[i] == MethodCategory.espresso.rawValue
    let mass: Double
    if let y = v(t.yieldGrams) { mass = y } else if !espresso, let w = v(t.waterGrams) { mass = w - 2 * dose } else { return nil }
    let ey = tds * mass / dose
    return (0...35).contains(ey) ? ey : nil
}
