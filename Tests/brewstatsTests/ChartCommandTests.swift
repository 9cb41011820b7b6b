import Foundation
import Testing
import TestSupport

@Suite struct ChartCommandTests {
    @Test(.enabled(if: CLI.available)) func grindRatingForOneGrinderWritesAPNG() throws {
        let out = try Repo.scratch("e2e-chart").appendingPathComponent("x.png")
        let r = try CLI.run(["chart", "grind-rating", Repo.sample("journal.sqlite").path, "--grinder", "Comandante C40", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(bytes(out).starts(with: pngMagic))
        #expect(bytes(out).count > 1000)
        // The command reports how many brews the filter kept: count them in the raw export.
        let n = try SampleJournal.load().brews.filter { $0.grinder == "Comandante C40" }.count
        #expect(n > 0)
        #expect(r.stdout.contains("(\(n) brews"), "\(r.stdout)")
    }

    @Test(.enabled(if: CLI.available)) func grinderMatchesCaseInsensitively() throws {
        let out = try Repo.scratch("e2e-chart-case").appendingPathComponent("x.svg")
        let r = try CLI.run(["chart", "grind-rating", Repo.sample("journal.json").path, "--grinder", "  comandante c40 ", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(text(out).contains("<svg"))
    }

    @Test(.enabled(if: CLI.available)) func unknownGrinderListsTheKnownOnes() throws {
        let out = try Repo.scratch("e2e-chart-unknown").appendingPathComponent("x.png")
        let r = try CLI.run(["chart", "grind-rating", Repo.sample("journal.sqlite").path, "--grinder", "Mahlkönig EK43", "-o", out.path])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("brewstats: "))
        #expect(r.stderr.contains("Mahlkönig EK43"))
        // The known names: every grinder of the sample (README), the unused blade grinder too.
        for name in ["Niche Zero", "Eureka Mignon Specialità", "Comandante C40", "Fellow Ode Gen 2", "Baratza Encore", "Krups blade grinder"] {
            #expect(r.stderr.contains(name), "the error does not list \(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(.enabled(if: CLI.available)) func unsupportedExtensionIsAUsageError() throws {
        let out = try Repo.scratch("e2e-chart-gif").appendingPathComponent("x.gif")
        let r = try CLI.run(["chart", "grind-rating", Repo.sample("journal.sqlite").path, "-o", out.path])
        #expect(r.status == 64)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(.enabled(if: CLI.available)) func unknownKindIsAUsageError() throws {
        let out = try Repo.scratch("e2e-chart-kind").appendingPathComponent("x.png")
        let r = try CLI.run(["chart", "pie", Repo.sample("journal.sqlite").path, "-o", out.path])
        #expect(r.status == 64)
        #expect(r.stderr.contains("grind-rating"))
    }

    @Test(.enabled(if: CLI.available)) func everyKindDrawsAsSVGAndPDF() throws {
        let folder = try Repo.scratch("e2e-chart-all")
        for kind in try chartKindsFromHelp() {
            let svg = folder.appendingPathComponent("\(kind).svg"), pdf = folder.appendingPathComponent("\(kind).pdf")
            #expect(try CLI.run(["chart", kind, Repo.sample("journal.sqlite").path, "-o", svg.path, "--tz", "Europe/Berlin"]).status == 0)
            #expect(text(svg).contains("<svg"), "\(kind).svg")
            #expect(try CLI.run(["chart", kind, Repo.sample("journal.sqlite").path, "-o", pdf.path, "--tz", "Europe/Berlin"]).status == 0)
            #expect(bytes(pdf).starts(with: Data("%PDF".utf8)), "\(kind).pdf")
        }
    }

    @Test(.enabled(if: CLI.available)) func dateFilterThatKeepsNothingIsAnError() throws {
        let out = try Repo.scratch("e2e-chart-dates").appendingPathComponent("x.svg")
        let r = try CLI.run(["chart", "brews-per-week", Repo.sample("journal.sqlite").path, "--since", "2027-01-01", "-o", out.path])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("brewstats: no brews"))
        let bad = try CLI.run(["chart", "brews-per-week", Repo.sample("journal.sqlite").path, "--since", "2026-02-30", "-o", out.path])
        #expect(bad.status == 64)
    }
}
