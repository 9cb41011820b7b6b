import BrewColumns
import BrewHashing
import Foundation
import Testing
import TestSupport
@testable import BrewAdvice

/// The shot-time model (Sources/BrewAdvice/ShotTime): the slope against hand arithmetic and an independent robust
/// fit (statsmodels, `tools/reference/shot_slope_reference.py`), the target, the likelihood's peak, and the answer.
@Suite struct ShotTimeTests {
    /// Two bags on one line of −2.5 s a step: the slope is −2.5; residuals 0, so the noise is its floor 0.5 s and the
    /// standard error 0.5 / √(Σ(u − ū)²) = 0.5 / √(2 + 2) = 0.25.
    @Test func aPerfectLineByHand() throws {
        let a: [(u: Double, t: Double)] = [(0, 30), (1, 27.5), (2, 25)]
        let b: [(u: Double, t: Double)] = [(1, 31), (3, 26)]
        let fit = try #require(ShotTimeSlope.fit([a, b]))
        #expect(isClose(fit.secondsPerUnit, -2.5, relative: 1e-12))
        #expect(fit.noise == ShotTimeSlope.minimumNoise && isClose(fit.standardError, 0.25, relative: 1e-12))
        #expect(fit.shots == 5 && fit.bags == 2)
        // A bag shot at one setting shows no slope; three shots in all are too few.
        #expect(ShotTimeSlope.fit([[(1, 30), (1, 31)], [(0, 30), (1, 28)]]) == nil)
    }

    /// Target by hand: bag A's best is 4.5, its shots within half a point ran 27 and 29; bag B's best 4 (shots 25, 26
    /// at 4 and 3.5); the median of 27, 29, 25, 26 is 26.5. Fewer than 3 such shots: the default 28 s ± 3.
    @Test func targetFromTheBestRatedShots() {
        let a = [TimedShot(setting: 10, seconds: 27, rating: 4.5), TimedShot(setting: 11, seconds: 29, rating: 4),
                 TimedShot(setting: 12, seconds: 20, rating: 2)]
        let b = [TimedShot(setting: 10, seconds: 25, rating: 4), TimedShot(setting: 9, seconds: 26, rating: 3.5),
                 TimedShot(setting: 8, seconds: 35, rating: nil)]
        let t = ShotTimeTarget.make([a, b])
        #expect(t.source == .bestRated && t.shots == 4 && t.seconds == 26.5)
        // MAD of |27 − 26.5|, |29 − 26.5|, |25 − 26.5|, |26 − 26.5| = median(0.5, 2.5, 1.5, 0.5) = 1.
        let se: Double = 1.2533 * 1.4826 / 2
        let sd: Double = (se * se + 0.25).squareRoot()
        #expect(isClose(t.sd, sd, relative: 1e-12))
        #expect(t.range?.low == 25 && t.range?.high == 27)
        let none = ShotTimeTarget.make([[TimedShot(setting: 1, seconds: 30)]])
        #expect(none.source == .standard && none.seconds == 28 && none.sd == 3)
    }

    /// With the slope and target nearly exact, one shot of 33 s at u = 10 says `33 = 28 − 2.5·(10 − s)`: s = 12.
    @Test func theLikelihoodPeaksWhereTheLineSays() {
        let slope = ShotTimeSlope(secondsPerUnit: -2.5, standardError: 0.01, betweenBags: 0, noise: 0.5, shots: 10,
                                  bags: 2)
        let target = ShotTimeTarget(seconds: 28, sd: 0.01, source: .bestRated, shots: 5, range: nil)
        let grid = stride(from: 0.0, through: 20, by: 0.5).map { $0 }
        let l = ShotTimeLikelihood.logLikelihood([(10, 33)], slope: slope, target: target, grid: grid)
        #expect(grid[l.indices.max { l[$0] < l[$1] }!] == 12)
        // A choked shot (60 s) beside two on the line costs little: the peak stays at 12.
        let robust = ShotTimeLikelihood.logLikelihood([(10, 33), (10, 60), (11, 30.5)], slope: slope, target: target,
                                                      grid: grid)
        #expect(grid[robust.indices.max { robust[$0] < robust[$1] }!] == 12)
    }

    /// Shots drawn as the simulator draws them (6 bags × 8 shots, −2.5 s a step, 1.5 s noise, two choked shots):
    /// the slope agrees with statsmodels' Huber fit on a dummy-coded design.
    @Test func theSlopeAgreesWithAnIndependentRobustFit() throws {
        var rng = SplitMix64(seed: 46)
        var bags: [[(u: Double, t: Double)]] = []
        for j in 0..<6 {
            let centre = 14 + 4 * rng.unit()
            bags.append((0..<8).map { i in
                let u = (centre + 2 * rng.normal()).rounded()
                let choked = j == 2 && i < 2 ? 25.0 : 0
                return (u, 28 - 2.5 * (u - centre) + 1.5 * rng.normal() + choked)
            })
        }
        let ours = try #require(ShotTimeSlope.fit(bags))
        let reference = try Self.reference(bags)
        #expect(abs(ours.secondsPerUnit - reference.slope) < 0.05, "ours \(ours.secondsPerUnit), \(reference)")
        #expect(abs(ours.standardError / reference.se - 1) < 0.25, "ours \(ours.standardError), \(reference)")
        // Least squares is pulled by the choked shots; the robust fits are not.
        #expect(abs(ours.secondsPerUnit + 2.5) < abs(reference.ols + 2.5) + 0.05)
    }

    /// `dial-in --json`'s `shot_time` on a generated espresso journal (5 earlier bags of 6 rated, timed shots, the
    /// new bag's 3 unrated): the slope is the statsmodels fit of the earlier bags' shots, its interval ± 1.28 of
    /// its own standard error, and the times are read (`used`), so the sweet spot follows the new bag's shots.
    @Test func theAnswerStatesTheSlopeAnIndependentFitFinds() throws {
        var rng = SplitMix64(seed: 7)
        var b = JournalBuilder()
        let g = b.addGrinder(Grinder(name: "Test Grinder", settingMin: 0, settingMax: 40, settingStep: 1))
        let m = b.addMethod(BrewMethod(name: "Espresso", category: .espresso))
        var bags: [[(u: Double, t: Double)]] = []
        var row = 0
        func add(_ bean: Int32, _ setting: Double, _ seconds: Double, _ rating: Double?) {
            var r = BrewRow()
            r.id = "s\(row)"; r.brewDate = Timestamp(unixSeconds: 1_700_000_000 + Double(row) * 3_600)
            r.method = m; r.grinder = g; r.bean = bean; r.grindSetting = setting; r.rating = rating
            r.brewTimeSeconds = seconds; r.pressureProfile = "Turbo"
            b.appendBrew(r); row += 1
        }
        for j in 0..<5 {
            let bean = b.addBean(CoffeeBean(name: "Bag \(j)"))
            let spot = 18 + 3 * rng.unit()
            var shots: [(u: Double, t: Double)] = []
            for _ in 0..<6 {
                let u = (spot + 2 * rng.normal()).rounded()
                let t = 28 - 2 * (u - spot) + rng.normal()
                add(bean, u, t, ((4.5 - (u - spot) * (u - spot) / 4) * 2).rounded() / 2)
                shots.append((u, t))
            }
            bags.append(shots)
        }
        let new = b.addBean(CoffeeBean(name: "New"))
        for (u, t) in [(20.0, 22.0), (21, 20.5), (19, 24)] { add(new, u, t, nil) }
        let a = try DialInAdvisor.advise(journal: b.finish(), grinder: "Test Grinder", method: "Espresso",
                                         bean: "New")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(a.json.utf8)) as? [String: Any])
        let shot = try #require(json["shot_time"] as? [String: Any])
        let reference = try Self.reference(bags)
        let slope = try #require(shot["seconds_per_step"] as? Double), unit = shot["setting_per_step"] as? Double
        #expect(unit == 1 && shot["used"] as? Bool == true && shot["bags"] as? Int == 5 && shot["shots"] as? Int == 30)
        #expect(abs(slope - reference.slope) < 0.05, "ours \(slope), reference \(reference)")
        let low = try #require(shot["low"] as? Double), high = try #require(shot["high"] as? Double)
        let width = (high - low) / (2 * 1.2816)
        #expect(abs(width / reference.se - 1) < 0.25, "ours ±\(width), reference \(reference)")
        // 20 s at 20 with about 2 s a step and a target near 28 s: the sweet spot lies about 4 steps finer.
        #expect((14...18).contains(a.estimate.best ?? 0), "best \(a.estimate.best ?? .nan)")
        #expect(a.why.contains("s per step on this Test Grinder") && a.why.contains("where this bag's shot times"),
                "\(a.why)")
    }

    /// The statsmodels reference on `bags`.
    static func reference(_ bags: [[(u: Double, t: Double)]]) throws -> (slope: Double, se: Double, ols: Double) {
        let python = Repo.root.appendingPathComponent(".venv-test/bin/python")
        let script = Repo.root.appendingPathComponent("tools/reference/shot_slope_reference.py")
        let folder = try Repo.scratch("shot-slope")
        defer { try? FileManager.default.removeItem(at: folder) }
        var csv = "bag,u,seconds\n"
        for (j, b) in bags.enumerated() { for p in b { csv += "b\(j),\(p.u),\(p.t)\n" } }
        let file = folder.appendingPathComponent("shots.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = python
        p.arguments = [script.path, file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let object = try #require(try JSONSerialization.jsonObject(with: out) as? [String: Any])
        return (object["slope"] as! Double, object["se"] as! Double, object["ols_slope"] as! Double)
    }
}
