import BrewAdvice
import BrewColumns
import BrewOpen
import Foundation
import Testing
import TestSupport

/// Every `dial-in` answer of three real journals keeps to its map: the sample journal (with its shots), the 2020
/// Beanconqueror backup and the real shot folder of the peer data. The map is recomputed here from the journal's
/// brews (every brew of the grinder × method, and of the profile for espresso, with a setting, rated or not); the
/// margin is the documented one (docs/advisor.md, "The map"): at most 4 steps (the thin history's; 2 with ten brews
/// or more), never less than one setting of the dial, and one margin more on a side the answer says it left.
@Suite struct DialInMapTests {
    static func journals() throws -> [(String, Journal)] {
        var out = [("sample", try JournalOpener.open(Repo.sample("journal.sqlite").path).journal.result.journal)]
        if let peer = Repo.peerData {
            let backup = peer.appendingPathComponent("beanconqueror/Beanconqueror_old.json").path
            out.append(("2020 backup", try JournalOpener.open(backup).journal.result.journal))
            let shots = peer.appendingPathComponent("visualizer").path
            out.append(("shot folder", try JournalOpener.open(shots).journal.result.journal))
        }
        return out
    }

    /// A setting in model units: clicks from the lowest setting on a dial in thirds (5.2 → 6 is one), else steps
    /// (for a stepless dial a fortieth of its range) from the lowest setting.
    static func units(_ x: Double, _ s: DialInScale) -> Double {
        if s.notation == .thirds {
            let clicks = { (v: Double) in (v.rounded(.down) - 1) * 3 + ((v - v.rounded(.down)) * 10).rounded() }
            return clicks(x) - clicks(s.lower)
        }
        return (x - s.lower) / (s.step ?? (s.upper - s.lower) / 40)
    }

    /// The settings the text answer's `curve:` line prints.
    static func printedCurve(_ report: String) -> [Double] {
        guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix("curve: ") }) else { return [] }
        return line.dropFirst("curve: ".count).components(separatedBy: " · ").compactMap {
            $0.split(separator: " ").first.flatMap { Double($0) }
        }
    }

    @Test(.enabled(if: Repo.peerData != nil, "needs the 2020 backup and the shot folder in ../shared/peer-data"))
    func everyAnswerKeepsToTheMapAndItsMargin() throws {
        var answered = 0
        for (name, journal) in try Self.journals() {
            let t = journal.brews
            for g in journal.grinders.indices {
                for m in journal.methods.indices {
                    guard let a = try? DialInAdvisor.advise(journal: journal, grinder: g, method: m) else { continue }
                    let e = a.estimate, s = e.scale
                    let pair = "\(name) · \(a.grinder) × \(a.method)" + (a.profile.map { " · \($0)" } ?? "")
                    // The map from the journal: every brew of the pair (and profile) with a setting, rated or not.
                    let settings = (0..<t.count).filter { i in
                        t.grinder.code(i).map(Int.init) == g && t.method.code(i).map(Int.init) == m
                            && a.profile.map { p in
                                let own = t.pressureProfile[i]?.trimmingCharacters(in: .whitespaces) ?? ""
                                return own.isEmpty ? p == "no profile" : own.lowercased() == p.lowercased()
                            } ?? true
                    }.compactMap { t.grindSetting[$0] }.filter(\.isFinite)
                    guard let lo = settings.min(), let hi = settings.max() else { continue }
                    #expect(e.mapLow == lo && e.mapHigh == hi, "\(pair): map \(e.mapLow)–\(e.mapHigh), brewed \(lo)–\(hi)")
                    guard e.verdict != .cuesOnly else { continue }
                    answered += 1
                    let oneSetting = s.notation == .thirds ? 1 : s.resolution / (s.step ?? (s.upper - s.lower) / 40)
                    let margin = max(4, oneSetting)
                    let off = a.why.contains("Off the map")
                    let below = Self.units(lo, s) - margin - (off ? margin : 0)
                    let above = Self.units(hi, s) + margin + (off ? margin : 0)
                    func inside(_ x: Double, _ what: String) {
                        let u = Self.units(x, s)
                        #expect(u >= below - 1e-6 && u <= above + 1e-6,
                                "\(pair): \(what) \(a.text(x)) beyond \(a.text(lo))–\(a.text(hi)) and the margin")
                    }
                    if let l = e.low, let h = e.high { inside(l, "interval's low end"); inside(h, "interval's high end") }
                    for c in e.curve { inside(c.setting, "curve point") }
                    for x in Self.printedCurve(a.textReport) { inside(x, "printed curve point") }
                    for x in [e.next, e.safe] + (e.best.map { [$0] } ?? []) { inside(x, "suggestion") }
                }
            }
        }
        // The sample's twelve pairs and the backup's two rated ones at least.
        #expect(answered >= 14, "\(answered) answers")
    }
}
