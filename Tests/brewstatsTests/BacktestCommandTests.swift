import Foundation
import Testing
import TestSupport

/// `brewstats backtest` on the sample journal, the mapped foreign CSV and the 2020 Beanconqueror backup: the page, the
/// CSVs and the chart are written, twice the same to the byte, and bags.csv agrees with the bags' own CSVs.
@Suite struct BacktestCommandTests {
    static let backup = Repo.root.appendingPathComponent("../shared/peer-data/beanconqueror/Beanconqueror_old.json")

    static func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = e?.nextObject() as? URL {
            guard !url.hasDirectoryPath, let data = FileManager.default.contents(atPath: url.path) else { continue }
            out[String(url.path.dropFirst(folder.path.count))] = data
        }
        return out
    }

    @Test(.enabled(if: CLI.available)) func writesPageCSVsAndChartReproducibly() throws {
        let dir = try Repo.scratch("backtest-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        var cases: [(String, [String], Bool)] = [
            ("sample", [Repo.sample("journal.sqlite").path, "--grinder", "Comandante C40", "--method", "V60"], true),
            ("foreign", [Repo.sample("foreign.csv").path, "--map", Repo.sample("mapping.toml").path], true),
        ]
        if FileManager.default.fileExists(atPath: Self.backup.path) { cases.append(("backup", [Self.backup.path], false)) }
        for (name, args, chart) in cases {
            var written: [[String: Data]] = []
            for run in 0..<2 {
                let out = dir.appendingPathComponent("\(name)-\(run)")
                let r = try CLI.run(["backtest"] + args + ["--out", out.path, "--tz", "UTC"], timeout: 600)
                #expect(r.status == 0, "\(name): \(r.stderr)")
                written.append(try Self.files(out))
            }
            let files = written[0]
            #expect(files == written[1], "\(name): two runs differ")
            for f in ["/index.html", "/backtest.md", "/backtest.pdf", "/bags.csv", "/summary.csv"] {
                #expect(files[f] != nil, "\(name): no \(f)")
            }
            // The foreign CSV's one judged bag draws the chart; the backup judges none and says so in one line.
            #expect((files["/distance.svg"] != nil) == chart, "\(name)")
            let bags = TestCSV.rows(String(decoding: files["/bags.csv"]!, as: UTF8.self))
            let perBag = files.keys.filter { $0.hasPrefix("/bags/") }.sorted()
            #expect(perBag.count == bags.count && !bags.isEmpty, "\(name)")
            // Each bag's figures, recounted from its own CSV (distances 0 on a best-rated setting).
            for (file, row) in zip(perBag, bags) {
                let brews = TestCSV.rows(String(decoding: files[file]!, as: UTF8.self))
                let ratings = brews.map { Double($0["rating"]!)! }
                let best = ratings.max()!
                #expect(Double(row["best_rating"]!) == best, "\(file)")
                #expect(Int(row["within_reach"]!) == 1 + ratings.firstIndex { $0 >= best - 0.5 }!, "\(file)")
                let user = 1 + brews.firstIndex { Double($0["user_distance"]!)! <= 0.5 }!
                #expect(Int(row["user_reached"]!) == user, "\(file)")
                let advice = brews.firstIndex { Double($0["advice_distance"] ?? "") ?? 99 <= 0.5 }.map { $0 + 1 }
                #expect(row["advice_reached"].flatMap { Int($0) } == advice, "\(file)")
                #expect(Int(row["saved"]!) == user - (advice ?? brews.count + 1), "\(file)")
            }
        }
    }

    @Test(.enabled(if: CLI.available)) func grinderWithoutMethodIsAUsageError() throws {
        let r = try CLI.run(["backtest", Repo.sample("journal.sqlite").path, "--grinder", "Comandante C40"])
        #expect(r.status == 64)
    }
}
