import BrewColumns
import BrewSynth
import Foundation
import Testing
import TestSupport

/// Journals of other shapes (``JournalShape``) have the counts they ask for, read back from the written JSON
/// export's rows (not from the generator's own arrays): beans, methods and grinders brewed with, the span of
/// brew dates, and bags of varying length.
@Suite struct JournalShapeOptionsTests {
    /// What the rows of a JSON export show.
    struct Observed {
        var listedBeans = 0, listedMethods = 0, listedGrinders = 0
        var brews = 0
        var beansBrewed = Set<String>(), methodsBrewed = Set<String>(), grindersBrewed = Set<String>()
        /// Local calendar days (YYYY-MM-DD of the brew's own offset) of the first and last brew.
        var firstDay = "", lastDay = ""
        /// Per bean, the first and last local day it was brewed on (as day numbers since 1970).
        var beanDays: [String: (first: Int, last: Int)] = [:]
    }

    static func observe(_ options: GeneratorOptions, name: String) throws -> (Observed, Data) {
        let folder = try Repo.scratch("synth-shape-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("j.json")
        try JSONExportWriter().write(JournalGenerator(options), to: url)
        let data = try Data(contentsOf: url)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var o = Observed()
        o.listedBeans = (root["beans"] as? [Any])?.count ?? -1
        o.listedMethods = (root["methods"] as? [Any])?.count ?? -1
        o.listedGrinders = (root["grinders"] as? [Any])?.count ?? -1
        let brews = try #require(root["brews"] as? [[String: Any]])
        o.brews = brews.count
        var days: [String] = []
        for b in brews {
            let date = try #require(b["brewDate"] as? String)
            let localDay = String(date.prefix(10))
            days.append(localDay)
            let n = try #require(Self.dayNumber(localDay))
            if let m = b["methodId"] as? String { o.methodsBrewed.insert(m) }
            if let g = b["grinderId"] as? String { o.grindersBrewed.insert(g) }
            if let bean = b["beanId"] as? String {
                o.beansBrewed.insert(bean)
                let seen = o.beanDays[bean]
                o.beanDays[bean] = (min(seen?.first ?? n, n), max(seen?.last ?? n, n))
            }
        }
        days.sort()
        o.firstDay = days.first ?? ""; o.lastDay = days.last ?? ""
        return (o, data)
    }

    /// Days since 1970-01-01 of `YYYY-MM-DD`, through Foundation's Gregorian calendar in UTC.
    static func dayNumber(_ iso: String) -> Int? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC"); f.dateFormat = "yyyy-MM-dd"
        return f.date(from: iso).map { Int($0.timeIntervalSince1970 / 86_400) }
    }

    @Test func wideShapeHasHundredsOfBeansOverThreeYears() throws {
        let options = GeneratorOptions(brewCount: 12_000, seed: 8, days: JournalShape.wideDays, shape: .wide)
        let (o, _) = try Self.observe(options, name: "wide")
        #expect(o.brews == 12_000)
        #expect(o.listedBeans == 400 && o.beansBrewed.count == 400, "\(o.listedBeans) beans listed, \(o.beansBrewed.count) brewed")
        // Eight methods and four grinders brewed with; the never-used Siphon and blade grinder are listed too.
        #expect(o.methodsBrewed.count == 8 && o.listedMethods == 9)
        #expect(o.grindersBrewed.count == 4 && o.listedGrinders == 5)
        // Three years: 1,095 days ending on 2026-11-22 start on 2023-11-24.
        #expect(o.lastDay == "2026-11-22")
        let span = try #require(Self.dayNumber(o.lastDay)).distance(to: try #require(Self.dayNumber(o.firstDay)))
        #expect(-span >= 1_090 && -span <= 1_094, "brews span \(-span + 1) days")
        // Bags of varying length: a bag's brews (first to last day) mostly within a realistic 3–60 days, some
        // short, some over a month.
        let lengths = o.beanDays.values.map { $0.last - $0.first + 1 }.sorted()
        let median = lengths[lengths.count / 2]
        #expect(median >= 10 && median <= 40, "median bag \(median) days")
        #expect(lengths.filter { $0 <= 12 }.count >= 20 && lengths.filter { $0 >= 30 }.count >= 20)
        #expect(lengths.filter { $0 > 60 }.count <= 4)
    }

    @Test func eachPartOfTheShapeIsHonoured() throws {
        let shape = JournalShape(beans: 37, methods: 3, grinders: 2, bagDays: 10...20)
        let (o, _) = try Self.observe(GeneratorOptions(brewCount: 3_000, seed: 2, days: 365, shape: shape), name: "parts")
        #expect(o.listedBeans == 37 && o.beansBrewed.count == 37)
        #expect(o.methodsBrewed.count == 3 && o.listedMethods == 4)
        #expect(o.grindersBrewed.count == 2 && o.listedGrinders == 3)
        #expect(o.lastDay == "2026-11-22")
        // More grinders than the standard five: every one of them is used.
        let many = JournalShape(methods: 12, grinders: 8)
        let (m, _) = try Self.observe(GeneratorOptions(brewCount: 4_000, seed: 4, shape: many), name: "many")
        #expect(m.methodsBrewed.count == 12 && m.grindersBrewed.count == 8)
    }

    /// Small wide journals (more bags than brew days' worth) are drawn without a trap: seed 16 once rounded a slot's
    /// last bag past the span.
    @Test(arguments: [14, 15, 16, 17] as [UInt64])
    func smallWideJournalsHaveEveryBag(seed: UInt64) throws {
        let g = JournalGenerator(GeneratorOptions(brewCount: 1_000, seed: seed, days: JournalShape.wideDays, shape: .wide))
        #expect(g.beans.count == 400)
        #expect(g.brews.reduce(0) { n, _ in n + 1 } == 1_000)
    }

    @Test func sameShapeAndSeedSameBytes() throws {
        let options = GeneratorOptions(brewCount: 800, seed: 5, days: JournalShape.wideDays, shape: .wide)
        let (_, a) = try Self.observe(options, name: "same-a")
        let (_, b) = try Self.observe(options, name: "same-b")
        #expect(a == b)
        var other = options
        other.seed = 6
        #expect(try Self.observe(other, name: "same-c").1 != a)
    }

    /// The standard shape's values, spelled out, give the very journal of the standard shape.
    @Test func explicitStandardValuesChangeNothing() throws {
        let spelled = JournalShape(methods: 7, grinders: 5, bagDays: 12...31)
        let (_, a) = try Self.observe(GeneratorOptions(brewCount: 700, seed: 3), name: "std-a")
        let (_, b) = try Self.observe(GeneratorOptions(brewCount: 700, seed: 3, shape: spelled), name: "std-b")
        #expect(a == b)
    }
}
