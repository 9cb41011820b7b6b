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
        // The command reports how many brews the chart draws: the Comandante's largest method group of brews with
        // a grind setting and a rating, counted in the raw export.
        var groups: [String: Int] = [:]
        for b in try SampleJournal.load().brews where b.grinder == "Comandante C40" && b.grind != nil && b.rating != nil {
            groups[b.method, default: 0] += 1
        }
        let n = try #require(groups.values.max())
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

    /// Without filters, a grind chart draws the grinder × method group with most usable brews and says which, with
    /// its count (counted here from the sample CSV: brews with a grind setting and a rating).
    @Test(.enabled(if: CLI.available)) func anUnfilteredGrindChartNamesTheGroupItDrew() throws {
        let sample = try SampleJournal.load()
        var counts: [String: Int] = [:]
        for b in sample.brews where b.grind != nil && b.rating != nil { counts["\(b.grinder) × \(b.method)", default: 0] += 1 }
        let top = try #require(counts.max { ($0.value, $1.key) < ($1.value, $0.key) })
        let out = try Repo.scratch("e2e-chart-group").appendingPathComponent("g.svg")
        let r = try CLI.run(["chart", "grind-rating", Repo.sample("journal.sqlite").path, "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("(\(top.value) brews)"), "\(r.stdout)")
        #expect(r.stdout.contains("Drawn: \(top.key), the group with most brews (\(top.value) of the "), "\(r.stdout)")
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
        // The shot charts (overlay, view) draw a shot journal: a generated folder of shots.
        let shots = folder.appendingPathComponent("shots")
        #expect(try CLI.run(["generate", "--shots", "12", "--to", "decent-json", "--out", shots.path]).status == 0)
        for kind in try chartKindsFromHelp() {
            let journal = kind.hasPrefix("shot-") ? shots.path : Repo.sample("journal.sqlite").path
            let svg = folder.appendingPathComponent("\(kind).svg"), pdf = folder.appendingPathComponent("\(kind).pdf")
            #expect(try CLI.run(["chart", kind, journal, "-o", svg.path, "--tz", "Europe/Berlin"]).status == 0)
            #expect(text(svg).contains("<svg"), "\(kind).svg")
            #expect(try CLI.run(["chart", kind, journal, "-o", pdf.path, "--tz", "Europe/Berlin"]).status == 0)
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

    /// Filters that match brews but leave nothing the chart draws: a one-line error saying what is missing,
    /// a non-zero exit, no file.
    @Test(.enabled(if: CLI.available)) func filtersThatLeaveNothingToDrawAreAnError() throws {
        let folder = try Repo.scratch("e2e-chart-nothing")
        let espressoBrews = try SampleJournal.load().brews.filter { $0.method == "Espresso" }.count
        #expect(espressoBrews > 0)
        let out = folder.appendingPathComponent("cc.png")
        let r = try CLI.run(["chart", "control-chart", Repo.sample("journal.sqlite").path, "--method", "Espresso", "-o", out.path])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stderr == "brewstats: nothing to draw for control-chart: no pour-over brews with TDS among the \(espressoBrews) brews matched; try --espresso\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // The hint is right: with --espresso the chart is drawn.
        let espresso = try CLI.run(["chart", "control-chart", Repo.sample("journal.sqlite").path, "--method", "Espresso", "--espresso", "-o", out.path])
        #expect(espresso.status == 0, "\(espresso.stderr)")
        #expect(bytes(out).starts(with: pngMagic))
        // A rating trend of a week range holding brews but no ratings is the same kind of error (trend window).
        let week = folder.appendingPathComponent("w.svg")
        let old = try CLI.run(["chart", "brews-per-week", Repo.sample("journal.sqlite").path, "--grinder", "Comandante C40",
                               "--week", "2025-W10", "-o", week.path])
        #expect(old.status != 0)
        // A week with no brew in it nor the week before is refused as `report` refuses it.
        #expect(old.stderr.hasPrefix("brewstats: no brews in 2025-W10 or the week before it"), "\(old.stderr)")
        #expect(!FileManager.default.fileExists(atPath: week.path))
    }

    /// Without filters an empty journal has nothing to draw either: one line saying what is missing, exit 1, no file
    /// (no chart is drawn without data points).
    @Test(.enabled(if: CLI.available)) func anEmptyJournalIsOneLineAndNoFile() throws {
        let folder = try Repo.scratch("e2e-chart-empty")
        let header = try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8).split(separator: "\n")[0]
        let journal = folder.appendingPathComponent("empty.csv")
        try Data((header + "\n").utf8).write(to: journal)
        let out = folder.appendingPathComponent("cc.svg")
        let r = try CLI.run(["chart", "control-chart", journal.path, "-o", out.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("brewstats: nothing to draw for control-chart: ") && r.stderr.split(separator: "\n").count == 1,
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
