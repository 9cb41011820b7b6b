import Foundation
import Testing
import TestSupport

/// `next` on real-shaped journals: an experiment is brewed next only when it costs little (its expected rating at
/// most ``experimentCost`` below the safe pick's); otherwise `next` is the safe pick and the experiment is offered
/// beside it. The expected ratings compared are the answer's own `safe` and `experiment`; the threshold is the one
/// the README states.
@Suite struct DialInNextTests {
    /// The README's threshold: a quarter of a rating point.
    static let experimentCost = 0.25

    static func pairs(_ path: String, _ extra: [String]) throws -> [[String: Any]] {
        // Every grinder × method of the journal that has advice (the CLI refuses the others).
        var out: [[String: Any]] = []
        for (g, m) in try Self.grinderMethods(path, extra) {
            let r = try CLI.run(["dial-in", path, "--grinder", g, "--method", m, "--json"] + extra)
            guard r.status == 0 else { continue }
            out.append(try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]))
        }
        return out
    }

    /// The grinder and method names of a CSV journal, read from its columns here.
    static func grinderMethods(_ path: String, _ extra: [String]) throws -> [(String, String)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let sep: Character = lines[0].contains(";") ? ";" : ","
        let header = lines[0].split(separator: sep, omittingEmptySubsequences: false).map(String.init)
        let gi = try #require(header.firstIndex { $0 == "grinder_model" || $0 == "grinder" })
        let mi = try #require(header.firstIndex { $0 == "device" || $0 == "method" })
        var seen: [String] = [], out: [(String, String)] = []
        for line in lines.dropFirst() {
            let f = line.split(separator: sep, omittingEmptySubsequences: false).map(String.init)
            guard f.count > max(gi, mi), !f[gi].isEmpty, !f[mi].isEmpty, !seen.contains(f[gi] + "|" + f[mi]) else { continue }
            seen.append(f[gi] + "|" + f[mi]); out.append((f[gi], f[mi]))
        }
        return out
    }

    static func expected(_ o: [String: Any], _ key: String) -> Double? {
        (o[key] as? [String: Any])?["expected_rating"] as? Double
    }
    static func setting(_ o: [String: Any], _ key: String) -> Double? {
        (o[key] as? [String: Any])?["grind_setting"] as? Double
    }

    /// The foreign CSV's Comandante C40 × AeroPress: an experiment expected far below the safe pick is not `next`.
    @Test(.enabled(if: CLI.available)) func costlyExperimentIsNotNext() throws {
        let r = try CLI.run(["dial-in", Repo.sample("foreign.csv").path, "--map", Repo.sample("mapping.toml").path,
                             "--grinder", "Comandante C40", "--method", "AeroPress", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let safe = try #require(Self.setting(o, "safe")), next = try #require(Self.setting(o, "next"))
        if let x = Self.expected(o, "experiment"), let s = Self.expected(o, "safe"), s - x > Self.experimentCost {
            #expect(next == safe, "next \(next), safe \(safe) (\(s)), experiment \(x)")
        }
        #expect(next == safe || (Self.expected(o, "safe")! - (Self.expected(o, "experiment") ?? 0)) <= Self.experimentCost + 1e-9)
    }

    /// On every grinder × method of the sample CSV and the foreign CSV: `next` is the safe pick, or an experiment
    /// costing at most the threshold; and it is never a setting expected lower than the safe pick by more.
    @Test(.enabled(if: CLI.available)) func nextIsSafeUnlessTheExperimentIsCheap() throws {
        let journals: [(String, [String])] = [
            (Repo.sample("journal.csv").path, []),
            (Repo.sample("foreign.csv").path, ["--map", Repo.sample("mapping.toml").path]),
        ]
        var answers = 0
        for (path, extra) in journals {
            for o in try Self.pairs(path, extra) {
                answers += 1
                let next = try #require(Self.setting(o, "next")), safe = try #require(Self.setting(o, "safe"))
                let nextRating = try #require(Self.expected(o, "next")), safeRating = try #require(Self.expected(o, "safe"))
                if next != safe {
                    #expect(Self.setting(o, "experiment") == next, "\(o["grinder"]!) × \(o["method"]!)")
                    #expect(safeRating - nextRating <= Self.experimentCost + 0.051,
                            "\(o["grinder"]!) × \(o["method"]!): next \(next) (\(nextRating)) vs safe \(safe) (\(safeRating))")
                }
            }
        }
        #expect(answers >= 8)
    }
}
