import BrewAdvice
import BrewColumns
import BrewHashing
import Foundation
import Testing
import TestSupport

/// The drift of the sweet spot with bag age (``AgeDrift``, docs/advisor.md "Age"): the fit against an independent
/// numpy least-squares reference, the advice moving with it, and today's answer where the bags show none.
@Suite struct AgeDriftTests {
    static let python = Repo.root.appendingPathComponent(".venv-test/bin/python")
    static let script = Repo.root.appendingPathComponent("tools/reference/age_drift.py")
    static let roast = Day(year: 2026, month: 9, day: 1)!

    /// Bags whose sweet spots drift `drift` steps per day of age: six earlier bags of 8 brews at ages 4, 6, …, 18,
    /// settings scattered around the drifting sweet spot; ratings from the curve of width 2.5 plus noise.
    static func bags(drift: Double, seed: UInt64) -> [[AgedPoint]] {
        var rng = SplitMix64(seed: seed)
        return (0..<6).map { _ in
            let spot = 18 + 2 * rng.normal()
            return (0..<8).map { i in
                let age = Double(4 + 2 * i), s = spot + drift * (age - 10)
                let x = (s + 2.5 * rng.normal()).rounded()
                let r = 4.3 - (x - s) * (x - s) / 6.25 + 0.3 * rng.normal()
                return AgedPoint(setting: x, rating: (min(5, max(0, r)) * 2).rounded() / 2, age: age)
            }
        }
    }

    @Test(arguments: [(0.2, UInt64(3)), (0.0, 4), (-0.15, 5)])
    func fitMatchesTheReference(drift: Double, seed: UInt64) throws {
        let bags = Self.bags(drift: drift, seed: seed)
        let ours = try #require(AgeDrift.fit(bags))
        let ref = try Self.reference(bags)
        for (name, a) in [("raw", ours.raw), ("raw_se", ours.rawSE), ("delta", ours.delta), ("sd", ours.sd),
                          ("curvature", ours.curvature), ("curvature_se", ours.curvatureSE)] {
            let b = try #require(ref[name] as? Double)
            #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(name): ours \(a), reference \(b)")
        }
        #expect(ours.bags == 6 && ours.brews == 48 && ours.residualDF == 48 - 21)
        // Shrinking only pulls towards 0, by τ² ÷ (τ² + se²).
        let tau2 = AgeDrift.priorSD * AgeDrift.priorSD
        #expect(abs(ours.delta - ours.raw * tau2 / (tau2 + ours.rawSE * ours.rawSE)) < 1e-12)
        if drift != 0 {
            #expect(ours.shows && abs(ours.delta - drift) < 3 * ours.rawSE, "\(ours)")
        }
    }

    /// Too little to fit: one bag, or bags on too few settings.
    @Test func tooLittleFitsNothing() {
        let bags = Self.bags(drift: 0.2, seed: 3)
        #expect(AgeDrift.fit([bags[0]]) == nil)
        let flat = bags.map { $0.map { AgedPoint(setting: 18, rating: $0.rating, age: $0.age) } }
        #expect(AgeDrift.fit(flat) == nil)
    }

    /// A journal of these bags (one brew a day from the bag's age 4) and a new bag with three brews at ages 4–6.
    static func journal(drift: Double, seed: UInt64, roastDates: Bool) -> Journal {
        var b = JournalBuilder()
        let g = b.addGrinder(Grinder(name: "Test Grinder", settingMin: 0, settingMax: 40, settingStep: 1))
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        var day = roast.index + 4
        var row = 0
        func add(_ bean: Int32, _ p: AgedPoint, roastIndex: Int32) {
            var r = BrewRow()
            r.id = "b\(row)"
            r.brewDate = Timestamp(unixSeconds: Double(roastIndex + Int32(p.age)) * 86_400 + 28_800)
            r.method = m; r.grinder = g; r.bean = bean; r.grindSetting = p.setting; r.rating = p.rating
            b.appendBrew(r); row += 1
        }
        for (j, bag) in bags(drift: drift, seed: seed).enumerated() {
            let roastDay = Day(index: day - 4)
            let bean = b.addBean(CoffeeBean(name: "Bag \(j)", roastDate: roastDates ? roastDay : nil))
            for p in bag { add(bean, p, roastIndex: roastDay.index) }
            day += 20
        }
        let roastDay = Day(index: day - 4)
        let new = b.addBean(CoffeeBean(name: "New", roastDate: roastDates ? roastDay : nil))
        for (k, x) in [17.0, 19, 21].enumerated() {
            add(new, AgedPoint(setting: x, rating: 3.5 + (k == 1 ? 0.5 : 0), age: Double(4 + k)),
                roastIndex: roastDay.index)
        }
        return b.finish()
    }

    @Test func adviceAccountsForTheDrift() throws {
        let drifting = Self.journal(drift: 0.2, seed: 3, roastDates: true)
        let a = try DialInAdvisor.advise(journal: drifting, grinder: "Test Grinder", method: "V60", bean: "New")
        let age = try #require(a.age)
        // The next brew is the day after the bag's latest (age 6): 7 days off roast.
        #expect(age.nextAge == 7 && age.drift.shows)
        #expect(a.why.contains("steps coarser per day of age") && a.why.contains("this bag is 7 days off roast"),
                "\(a.why)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(a.json.utf8)) as? [String: Any])
        let stated = try #require(json["age_drift"] as? [String: Any])
        #expect(abs((stated["per_day"] as? Double ?? .nan) - age.drift.delta) < 0.001)
        #expect((stated["low"] as? Double ?? .nan) < (stated["high"] as? Double ?? .nan))
        // The model fitted on every rated brew moved to age 7 by hand gives the same answer.
        let blind = try DialInAdvisor.advise(journal: Self.journal(drift: 0.2, seed: 3, roastDates: false),
                                             grinder: "Test Grinder", method: "V60", bean: "New")
        #expect(blind.age == nil)
        let bags = Self.bags(drift: 0.2, seed: 3)
        let moved = bags.reversed().map { $0.map { BrewPoint(setting: $0.setting - age.drift.delta * ($0.age - 7),
                                                             rating: $0.rating) } }
        let own = [17.0, 19, 21].enumerated().map { k, x in
            BrewPoint(setting: x - age.drift.delta * (Double(4 + k) - 7), rating: 3.5 + (k == 1 ? 0.5 : 0))
        }
        let model = DialInModel(scale: a.estimate.scale, history: Array(moved),
                                used: bags.flatMap { $0.map(\.setting) })
        let direct = model.estimate(current: own, brewed: [17, 19, 21])
        #expect(direct.next == a.estimate.next && direct.bestRaw == a.estimate.bestRaw)
    }

    /// Bags that show no drift: the answer is the one without roast dates, number for number.
    @Test func noDriftIsTodaysAnswer() throws {
        let dated = Self.journal(drift: 0, seed: 4, roastDates: true)
        let undated = Self.journal(drift: 0, seed: 4, roastDates: false)
        let fit = try #require(AgeDrift.fit(Self.bags(drift: 0, seed: 4)))
        #expect(!fit.shows, "\(fit)")
        let a = try DialInAdvisor.advise(journal: dated, grinder: "Test Grinder", method: "V60", bean: "New")
        let b = try DialInAdvisor.advise(journal: undated, grinder: "Test Grinder", method: "V60", bean: "New")
        #expect(a.age == nil && a.json == b.json)
    }

    static func reference(_ bags: [[AgedPoint]]) throws -> [String: Any] {
        let folder = try Repo.scratch("age-drift")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try JSONSerialization.data(withJSONObject: ["bags": bags.map { $0.map {
            ["setting": $0.setting, "rating": $0.rating, "age": $0.age]
        } }])
        let file = folder.appendingPathComponent("bags.json")
        try data.write(to: file)
        let p = Process()
        p.executableURL = python
        p.arguments = [script.path, file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: out) as? [String: Any])
    }
}
