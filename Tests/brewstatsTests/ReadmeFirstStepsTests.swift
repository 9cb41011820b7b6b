import Foundation
import Testing
import TestSupport

/// The README's "Start with your own data", run as a new user would: its `brewstats` lines on a real Beanconqueror
/// backup (the peer data's user export from the app's 4.x era, zipped as the app's Settings → Export saves it), in
/// an empty folder; the page the last line names exists and is the report of that backup.
@Suite struct ReadmeFirstStepsTests {
    /// The `brewstats …` lines of the section's shell blocks, in order.
    static func firstSteps() throws -> [String] {
        let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n## Start with your own data\n"))
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var lines: [String] = [], inShell = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            if inShell, line.hasPrefix("brewstats ") {
                lines.append(String(line.split(separator: "#")[0]).trimmingCharacters(in: .whitespaces))
            }
        }
        return lines
    }

    /// The real backup (`../shared/peer-data/beanconqueror`), `nil` when the peer data is absent.
    static let backup: URL? = Repo.peerData.map { $0.appendingPathComponent("beanconqueror/Beanconqueror_old.json") }
        .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }

    @Test func theSectionComesFirstAndNamesTheApps() throws {
        let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
        let intro = try #require(readme.components(separatedBy: "\n## ").first)
        for app in ["Beanconqueror", "coffee-journal app", "Visualizer", "Decent"] {
            #expect(intro.contains(app), "\(app)")
        }
        #expect(
            readme.components(separatedBy: "\n## ").dropFirst().first?.hasPrefix("Start with your own data") == true)
        #expect(try Self.firstSteps() == ["brewstats report Beanconqueror.zip"])
    }

    @Test(.enabled(if: CLI.available && ReadmeFirstStepsTests.backup != nil))
    func theLinesMakeThePageOfARealBackup() throws {
        let backup = try #require(Self.backup)
        let folder = try Repo.scratch("readme-first-steps")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The backup as the app exports it: Beanconqueror.json inside Beanconqueror.zip.
        try FileManager.default.copyItem(at: backup, to: folder.appendingPathComponent("Beanconqueror.json"))
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zip.arguments = ["-q", "Beanconqueror.zip", "Beanconqueror.json"]
        zip.currentDirectoryURL = folder
        try zip.run()
        zip.waitUntilExit()
        #expect(zip.terminationStatus == 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Beanconqueror.json"))

        // The brews the backup holds and the latest one's day, read here from its JSON without the importer.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: backup)) as? [String: Any])
        let brews = try #require(json["BREWS"] as? [[String: Any]])
        let stamps = brews.compactMap { ($0["config"] as? [String: Any])?["unix_timestamp"] as? Double }
        #expect(stamps.count == brews.count)

        var last: CLIResult?
        for line in try Self.firstSteps() {
            let r = try CLI.run(
                Array(line.split(separator: " ").dropFirst().map(String.init)), cwd: folder, timeout: 120)
            #expect(r.status == 0, "\(line): \(r.stderr)")
            last = r
        }
        let out = try #require(last).stdout
        #expect(out.contains("of \(brews.count) imported"), "\(out)")
        // "… (open brew-report-2020-W22/index.html)": the page the README says to open.
        let open = try #require(out.range(of: "(open ")).upperBound
        let page = String(out[open...].prefix { $0 != ")" })
        let url = page.hasPrefix("/") ? URL(fileURLWithPath: page) : folder.appendingPathComponent(page)
        let html = try String(contentsOf: url, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") || html.hasPrefix("<!doctype html>"), "\(html.prefix(40))")
        // The backup's last brew is years before today, so the report covers its year (docs/pages.md): the calendar
        // year of its latest brew, in any zone within half a day of UTC.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let latest = Date(timeIntervalSince1970: try #require(stamps.max()))
        let years = Set(
            [-43_200.0, 0, 43_200].map {
                "brew-report-\(calendar.component(.year, from: latest.addingTimeInterval($0)))"
            })
        #expect(years.contains(url.deletingLastPathComponent().lastPathComponent), "\(url.path) vs \(years)")
    }
}
