import BrewSynth
import Foundation
import Testing
import TestSupport

@Suite struct DeterminismTests {
    static func write(_ options: GeneratorOptions, _ name: String, in folder: URL) throws -> URL {
        let g = JournalGenerator(options)
        let url = folder.appendingPathComponent(name)
        switch url.pathExtension {
        case "csv": try CSVExportWriter().write(g, to: url)
        case "json": try JSONExportWriter().write(g, to: url)
        default: try CoreDataStoreWriter().write(g, to: url)
        }
        return url
    }

    @Test(arguments: ["csv", "json"])
    func sameSeedSameBytes(ext: String) throws {
        let folder = try Repo.scratch("synth-det")
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = GeneratorOptions(brewCount: 400, seed: 42)
        let a = try Data(contentsOf: Self.write(options, "a.\(ext)", in: folder))
        let b = try Data(contentsOf: Self.write(options, "b.\(ext)", in: folder))
        #expect(a == b)
        var other = options
        other.seed = 43
        let c = try Data(contentsOf: Self.write(other, "c.\(ext)", in: folder))
        #expect(a != c)
    }

    @Test func sameSeedSameStoreRows() throws {
        let folder = try Repo.scratch("synth-det")
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = GeneratorOptions(brewCount: 300, seed: 9)
        let a = try Self.write(options, "a.sqlite", in: folder).path
        let b = try Self.write(options, "b.sqlite", in: folder).path
        for table in ["ZBREWMETHOD", "ZGRINDER", "ZCOFFEEBEAN", "ZBREWLOG", "ZTASTINGNOTE", "Z_PRIMARYKEY", "Z_METADATA"] {
            let rowsA = try TestStore.dump(a, table: table)
            #expect(!rowsA.isEmpty, "\(table) is empty")
            #expect(rowsA == (try TestStore.dump(b, table: table)), "\(table) differs")
        }
    }

    @Test func brewSequenceRepeats() {
        let g = JournalGenerator(GeneratorOptions(brewCount: 250, seed: 5))
        let first = g.brews.map { "\($0.id.string)|\($0.brewDate.microseconds)|\($0.rating ?? -1)|\($0.grindSetting ?? -1)" }
        let second = g.brews.map { "\($0.id.string)|\($0.brewDate.microseconds)|\($0.rating ?? -1)|\($0.grindSetting ?? -1)" }
        #expect(first.count == 250)
        #expect(first == second)
        #expect(Set(first.map { $0.prefix(36) }).count == 250, "brew ids are unique")
    }

    @Test(arguments: [0, 1, 10, 1000])
    func exactBrewCountsAndOrder(count: Int) {
        let g = JournalGenerator(GeneratorOptions(brewCount: count, seed: UInt64(count)))
        let dates = g.brews.map(\.brewDate.microseconds)
        #expect(dates.count == count)
        #expect(dates == dates.sorted(), "brews are chronological")
        #expect(g.makeJournal().brews.count == count)
    }
}
