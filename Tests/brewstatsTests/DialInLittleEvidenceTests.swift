import Foundation
import Testing
import TestSupport

/// `dial-in` from little evidence: one unrated shot with a note, a bag whose best cup lies away from the model's
/// pick, look-alike method names. The expectations are what the files themselves say (the setting brewed, the
/// setting the note names, the cup's rating), never numbers copied from the advisor.
@Suite struct DialInLittleEvidenceTests {
    /// A Decent `.shot` file of one 30 s shot on a Niche Zero at `setting`, with `enjoyment` (0 = not rated) and
    /// `notes`.
    static func decentShot(setting: String, enjoyment: Int, notes: String, clock: Int = 1_632_207_550) -> String {
        let n = 31
        let elapsed = (0..<n).map { String(format: "%.3f", Double($0)) }.joined(separator: " ")
        let pressure = (0..<n).map { $0 < 5 ? "\(Double($0) * 1.5)" : "8.8" }.joined(separator: " ")
        let weight = (0..<n).map { $0 < 8 ? "0.0" : String(format: "%.1f", Double($0 - 8) * 1.6) }.joined(separator: " ")
        return """
            clock \(clock)
            espresso_elapsed {\(elapsed)}
            espresso_pressure {\(pressure)}
            espresso_weight {\(weight)}
            settings {
            \tbean_brand {Banibeans}
            \tbean_type {Ethiopia Shantawene}
            \tdrink_weight 36
            \tespresso_enjoyment \(enjoyment)
            \tespresso_notes {\(notes)}
            \tgrinder_dose_weight 18.0
            \tgrinder_model {Niche Zero}
            \tgrinder_setting \(setting)
            \tprofile_title {Default}
            }

            """
    }

    /// Runs `dial-in` on a folder holding `files` (name → text), with `args`.
    static func run(_ files: [String: String], _ args: [String]) throws -> CLIResult {
        let dir = try Repo.scratch("dialin-little")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return try CLI.run(["dial-in", dir.path] + args)
    }

    static func json(_ r: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    /// The method a shot folder's shots are logged with (the machine's name): read from the first answer's header.
    static func shotMethod(_ files: [String: String]) throws -> String {
        let r = try run(files, ["--grinder", "Niche Zero", "--method", "zz-no-such-method"])
        // The error lists the journal's methods: "…; the journal has: Decent".
        let known = try #require(r.stderr.components(separatedBy: "the journal has: ").last)
        return String(known.prefix { $0 != "," && $0 != "\n" })
    }

    /// One unrated shot at 18 whose note says "kinda sour. try 17.5 grind": the answer moves towards 17.5 and stays
    /// within 17–19, states no expected rating, no sweet spot and no curve, and exits 0 as `--help` says for advice
    /// given from a note.
    @Test(.enabled(if: CLI.available)) func oneUnratedShotWithANote() throws {
        let files = ["shot.shot": Self.decentShot(setting: "18", enjoyment: 0, notes: "kinda sour. try 17.5 grind")]
        let method = try Self.shotMethod(files)
        let r = try Self.run(files, ["--grinder", "Niche Zero", "--method", method, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try Self.json(r)
        let next = try #require((o["next"] as? [String: Any])?["grind_setting"] as? Double)
        #expect(next >= 17 && next < 18, "next \(next)")
        #expect(abs(next - 17.5) < 0.26, "next \(next): the note names 17.5")
        #expect((o["next"] as? [String: Any])?["expected_rating"] is NSNull)
        #expect(o["best"] is NSNull)
        #expect((o["curve"] as? [Any])?.isEmpty == true)
        let map = try #require(o["map"] as? [String: Any])
        #expect(map["low"] as? Double == 18 && map["high"] as? Double == 18, "\(map)")
        let evidence = try #require(o["evidence"] as? [String: Any])
        #expect(evidence["brews"] as? Int == 1 && evidence["rated"] as? Int == 0, "\(evidence)")
        let text = try Self.run(files, ["--grinder", "Niche Zero", "--method", method])
        #expect(text.status == 0)
        #expect(text.stdout.range(of: "expected rating [0-9]", options: .regularExpression) == nil, "\(text.stdout)")
        #expect(!text.stdout.contains("curve:"), "\(text.stdout)")
        #expect(!text.stdout.contains("earlier bags on this grinder × method, a new bag"), "\(text.stdout)")
        #expect(!text.stdout.contains("past anything brewed"), "\(text.stdout)")
    }

    /// The same shot noted only "kinda sour": one step finer than 18 (a fortieth of the Niche's 0–50, 1.25), never
    /// further, and never coarser.
    @Test(.enabled(if: CLI.available)) func aSourNoteMovesOneStep() throws {
        let files = ["shot.shot": Self.decentShot(setting: "18", enjoyment: 0, notes: "kinda sour")]
        let method = try Self.shotMethod(files)
        let o = try Self.json(try Self.run(files, ["--grinder", "Niche Zero", "--method", method, "--json"]))
        let next = try #require((o["next"] as? [String: Any])?["grind_setting"] as? Double)
        #expect(next >= 18 - 1.25 - 1e-9 && next < 18, "next \(next)")
    }

    /// A shot with no rating and nothing in its note: nothing to advise from, exit 1 as `--help` says.
    @Test(.enabled(if: CLI.available)) func nothingToAdviseFromExitsOne() throws {
        let files = ["shot.shot": Self.decentShot(setting: "18", enjoyment: 0, notes: "morning")]
        let method = try Self.shotMethod(files)
        let r = try Self.run(files, ["--grinder", "Niche Zero", "--method", method])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let help = try CLI.run(["dial-in", "--help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("1 when a name matches nothing, the grinder × method has no brew with a grind setting that is rated"), "\(help.stdout)")
    }
}
