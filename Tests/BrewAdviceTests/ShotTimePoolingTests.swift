import BrewColumns
import BrewHashing
import Foundation
import Testing
import TestSupport
@testable import BrewAdvice

/// Seconds per step pooled across a grinder's profiles (``ShotTimePooling``), against statsmodels' random-effects
/// meta-analysis (`combine_effects(..., method_re="dl")` in `tools/reference/shot_slope_reference.py --pool`).
@Suite struct ShotTimePoolingTests {
    /// Three profiles' slopes given directly: the pool's mean, standard error and τ² are statsmodels' DerSimonian–Laird
    /// figures, and each shrunk slope and its standard deviation the reference's empirical-Bayes posterior.
    @Test func thePoolIsDerSimonianLaird() throws {
        let effects: [(name: String, b: Double, se: Double)] = [("a", -2.5, 0.2), ("b", -2.0, 0.3), ("c", -3.1, 0.5)]
        let fits = effects.map {
            ShotTimeSlope(secondsPerUnit: $0.b, standardError: $0.se, betweenBags: 0, noise: 1, shots: 10, bags: 2)
        }
        let pool = try #require(ShotTimePooling(fits))
        var csv = "profile,slope,se\n"
        for e in effects { csv += "\(e.name),\(e.b),\(e.se)\n" }
        let r = try Self.reference(csv: csv)
        let mean = try #require(r["mean"] as? Double), se = try #require(r["se"] as? Double)
        let tau2 = try #require(r["tau2"] as? Double)
        #expect(isClose(pool.mean, mean, relative: 1e-9) && isClose(pool.standardError, se, relative: 1e-9))
        #expect(isClose(pool.tau2, tau2, relative: 1e-9) && pool.tau2 > 0)
        let profiles = try #require(r["profiles"] as? [String: [String: Double]])
        for (e, fit) in zip(effects, fits) {
            let (b, sd) = pool.shrunk(fit)
            let reference = try #require(profiles[e.name])
            #expect(isClose(b, reference["shrunk"], relative: 1e-9), "\(e.name)")
            #expect(isClose(sd, reference["shrunk_sd"], relative: 1e-9), "\(e.name)")
        }
        let none = pool.shrunk(nil), predictive = try #require(r["predictive_sd"] as? Double)
        #expect(none.mean == pool.mean && isClose(none.sd, predictive))
    }

    /// By hand: two profiles that agree closely (−2 ± 0.5 and −2.2 ± 0.5: Q = 2·(0.1)²·4 = 0.08 < 1) give τ² = 0,
    /// so each takes the pool, the inverse-variance mean −2.1 with standard error 0.5/√2; one profile is its own pool.
    @Test func profilesThatAgreeTakeThePool() throws {
        let a = ShotTimeSlope(secondsPerUnit: -2, standardError: 0.5, betweenBags: 0, noise: 1, shots: 8, bags: 2)
        let b = ShotTimeSlope(secondsPerUnit: -2.2, standardError: 0.5, betweenBags: 0, noise: 1, shots: 8, bags: 2)
        let pool = try #require(ShotTimePooling([a, b]))
        #expect(pool.tau2 == 0 && isClose(pool.mean, -2.1) && isClose(pool.standardError, 0.5 / 2.squareRoot()))
        #expect(isClose(pool.shrunk(a).mean, -2.1) && pool.profiles == 2 && pool.shots == 16)
        let one = try #require(ShotTimePooling([a]))
        #expect(one.mean == -2 && one.standardError == 0.5 && one.tau2 == 0 && one.shrunk(a) == (-2, 0.5))
        #expect(ShotTimePooling([]) == nil)
    }

    /// A generated espresso journal, one grinder × method with three profiles whose slopes differ (−1.8, −2.4 and
    /// −3.0 s a step; 4 bags of 6 timed, rated shots each) and a fourth profile shot at one setting only: `dial-in
    /// --json`'s `own` and `pooled` are the reference's robust fit and DerSimonian–Laird pool of the same shots, the
    /// slope read lies between the profile's own and the pool, and the profile without a slope takes the pool's.
    @Test func theAnswerStatesThePooledSlopeAnIndependentFitFinds() throws {
        var rng = SplitMix64(seed: 4646)
        var b = JournalBuilder()
        let g = b.addGrinder(Grinder(name: "Test Grinder", settingMin: 0, settingMax: 40, settingStep: 1))
        let m = b.addMethod(BrewMethod(name: "Espresso", category: .espresso))
        var row = 0
        var csv = "profile,bag,u,seconds\n"
        func add(_ bean: Int32, _ profile: String, _ setting: Double, _ seconds: Double, _ rating: Double?) {
            var r = BrewRow()
            r.id = "s\(row)"; r.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(row) * 3_600)
            r.method = m; r.grinder = g; r.bean = bean; r.grindSetting = setting; r.rating = rating
            r.brewTimeSeconds = seconds; r.pressureProfile = profile
            b.appendBrew(r); row += 1
        }
        let beans = (0..<4).map { b.addBean(CoffeeBean(name: "Bag \($0)")) }
        for (profile, perStep) in [("Turbo", -1.8), ("Blooming", -2.4), ("Classic", -3.0)] {
            for (j, bean) in beans.enumerated() {
                let spot = 18 + 3 * rng.unit()
                for _ in 0..<6 {
                    let u = (spot + 2 * rng.normal()).rounded()
                    let t = 28 + perStep * (u - spot) + rng.normal()
                    add(bean, profile, u, t, ((4.5 - (u - spot) * (u - spot) / 4) * 2).rounded() / 2)
                    // The reference pools every bag's shots; the answer asked for bag 3 leaves bag 3's own Turbo
                    // shots out of the Turbo fit (they are its evidence), so they are not written for Turbo.
                    if !(profile == "Turbo" && j == 3) { csv += "\(profile.lowercased()),b\(j),\(u),\(t)\n" }
                }
            }
        }
        add(beans[3], "Lever", 20, 27, 4); add(beans[3], "Lever", 20, 29, nil)
        let journal = b.finish()
        let r = try Self.reference(csv: csv)
        let profiles = try #require(r["profiles"] as? [String: [String: Double]])
        #expect(profiles.count == 3)
        var options = DialInOptions()
        options.profile = "Turbo"
        let a = try DialInAdvisor.advise(journal: journal, grinder: "Test Grinder", method: "Espresso", bean: "Bag 3",
                                         options: options)
        let shot = try Self.shotTime(a)
        let own = try #require(shot["own"] as? [String: Any]), pooled = try #require(shot["pooled"] as? [String: Any])
        let z = 1.2816
        let refOwn = try #require(profiles["turbo"])
        let ownSlope = try Self.number(own, "seconds_per_step"), ownWidth = try Self.halfWidth(own)
        #expect(abs(ownSlope - refOwn["slope"]!) < 0.05, "\(own) \(refOwn)")
        #expect(abs(ownWidth / z / refOwn["se"]! - 1) < 0.25, "\(own) \(refOwn)")
        let mean = try #require(r["mean"] as? Double), se = try #require(r["se"] as? Double)
        let tau2 = try #require(r["tau2"] as? Double)
        let poolSlope = try Self.number(pooled, "seconds_per_step"), poolWidth = try Self.halfWidth(pooled)
        #expect(abs(poolSlope - mean) < 0.1, "\(pooled) \(mean)")
        #expect(abs(poolWidth / z / se - 1) < 0.3, "\(pooled) \(se)")
        #expect(pooled["profiles"] as? Int == 3 && shot["used"] as? Bool == true)
        let tau = try Self.number(pooled, "between_profiles")
        #expect(abs(tau - tau2.squareRoot()) < 0.2, "τ \(tau), \(r)")
        // The slope read is the shrunk one: between the profile's own and the pool, and near the reference's.
        let read = try Self.number(shot, "seconds_per_step")
        #expect(min(ownSlope, poolSlope) - 1e-9 <= read && read <= max(ownSlope, poolSlope) + 1e-9)
        #expect(abs(read - refOwn["shrunk"]!) < 0.1, "read \(read), reference \(refOwn)")
        #expect(a.why.contains("s per step on this Test Grinder (its 3 profiles pooled): try"), "\(a.why)")

        // The lever profile shows no slope of its own (two shots at one setting, one rated): it reads the pool's predictive
        // slope, μ ± z √(se² + τ²).
        options.profile = "Lever"
        let leverAnswer = try DialInAdvisor.advise(journal: journal, grinder: "Test Grinder", method: "Espresso",
                                                   bean: "Bag 3", options: options)
        let lever = try Self.shotTime(leverAnswer)
        #expect(leverAnswer.why.contains("Test Grinder, learned from its other profiles' shots: try"),
                "\(leverAnswer.why)")
        #expect(lever["own"] is NSNull && lever["used"] as? Bool == true && lever["shots"] as? Int == 0)
        let leverPool = try #require(lever["pooled"] as? [String: Any])
        #expect(leverPool["profiles"] as? Int == 3)
        let leverSlope = try Self.number(lever, "seconds_per_step")
        #expect(leverSlope == (try Self.number(leverPool, "seconds_per_step")))
        let predictive = try #require(r["predictive_sd"] as? Double), leverWidth = try Self.halfWidth(lever)
        // The lever answer pools every bag's Turbo shots, the reference all but bag 3's: close, not equal.
        #expect(abs(leverWidth / z / predictive - 1) < 0.35, "\(lever) \(predictive)")
        #expect(abs(leverSlope - mean) < 0.15, "\(lever) \(mean)")
    }

    static func shotTime(_ a: DialInAdvice) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(a.json.utf8)) as? [String: Any])
        return try #require(json["shot_time"] as? [String: Any])
    }

    static func number(_ o: [String: Any], _ key: String) throws -> Double { try #require(o[key] as? Double) }

    static func halfWidth(_ o: [String: Any]) throws -> Double {
        (try number(o, "high") - number(o, "low")) / 2
    }

    /// `tools/reference/shot_slope_reference.py --pool` on `csv`: its JSON object.
    static func reference(csv: String) throws -> [String: Any] {
        let folder = try Repo.scratch("shot-pool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shots.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        return try run(["--pool", file.path])
    }

    static func run(_ arguments: [String]) throws -> [String: Any] {
        let p = Process()
        p.executableURL = Repo.root.appendingPathComponent(".venv-test/bin/python")
        p.arguments = [Repo.root.appendingPathComponent("tools/reference/shot_slope_reference.py").path] + arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: out) as? [String: Any])
    }
}
