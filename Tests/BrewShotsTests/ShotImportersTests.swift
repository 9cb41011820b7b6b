import BrewImport
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// The registry of shot formats (``ShotImporters``): every format has one importer, every sample shot file is
/// claimed by its own format's importer and by no other, and the journal formats' names include the shot files'.
@Suite struct ShotImportersTests {
    /// The first bytes of a file of each format, as small as its importer's claim allows. A new format must add
    /// one here (``everyFormatHasASmallestFile()`` checks), and its claim is then checked against every other
    /// importer's.
    static let smallest: [ShotFormat: String] = [
        .decentTcl: "clock 1632207550\nespresso_elapsed {0.0 0.25}\n",
        .decentJSON: #"{"elapsed": ["0.0", "0.25"]}"#,
        .gaggiuino: #"{"datapoints": []}"#,
        .gaggimate: #"{"samples": []}"#,
        .meticulous: #"{"profile_name": "p", "data": []}"#,
        .beanconquerorFlow: #"{"weight": [], "realtimeFlow": []}"#,
        .sepCSV: "information_type,elapsed,pressure\nmoment,0.0,1.0\n",
        .decenza: #"{"decenza_shot": {}}"#,
    ]

    /// The importers that claim `bytes`.
    func claimants(_ bytes: [UInt8]) -> [ShotFormat] {
        guard let prefix = ShotPrefix(bytes) else { return [] }
        return ShotImporters.all.filter { $0.claims(prefix) }.map { $0.format }
    }

    func expectOwn(_ bytes: [UInt8], _ format: ShotFormat, _ name: String) {
        #expect(claimants(bytes) == [format], "\(name) is \(format.rawValue); claimed by \(claimants(bytes).map(\.rawValue))")
        #expect(ShotFormat.sniff(bytes) == .shot(format), "\(name)")
    }

    func prefix(_ url: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return [UInt8](try handle.read(upToCount: 65_536) ?? Data())
    }

    @Test func everyFormatHasExactlyOneImporter() {
        let listed = ShotImporters.all.map { $0.format }
        #expect(Set(listed) == Set(ShotFormat.allCases))
        #expect(listed.count == ShotFormat.allCases.count, "a format listed twice")
        for format in ShotFormat.allCases {
            #expect(format.importer.format == format)
            #expect(!format.displayName.isEmpty && !format.methodName.isEmpty)
        }
    }

    @Test func everyFormatHasASmallestFile() {
        #expect(Set(Self.smallest.keys) == Set(ShotFormat.allCases))
    }

    @Test func theSmallestFileOfEachFormatIsClaimedByItsImporterAlone() {
        for (format, text) in Self.smallest { expectOwn(Array(text.utf8), format, "the smallest \(format.rawValue) file") }
        // With a BOM and blank lines before it, too.
        for (format, text) in Self.smallest { expectOwn([0xEF, 0xBB, 0xBF] + Array("\n  \(text)".utf8), format, "\(format.rawValue) after a BOM") }
    }

    @Test func jsonNoImporterClaimsIsNotesAnUploadOrUnknown() {
        #expect(ShotFormat.sniff(Array(#"{"id": "1", "doseIn": 18}"#.utf8)) == .gaggimateNotes)
        #expect(ShotFormat.sniff(Array(#"{"brewFlow": {"weight": [], "realtimeFlow": []}, "doseIn": 18}"#.utf8)) == .unknownStructured)
        #expect(ShotFormat.sniff(Array(#"{"BREWS": [], "weight": [], "actual_weight": 1}"#.utf8)) == .unknownStructured)
        #expect(ShotFormat.sniff(Array(#"{"other": 1}"#.utf8)) == .unknownStructured)
        #expect(ShotFormat.sniff(Array("# README\n".utf8)) == .other)
        #expect(ShotFormat.sniff(Array("  \n".utf8)) == .other)
    }

    @Test func theRepositorysSampleShotsAreClaimedByTheirImporterAlone() throws {
        let folder = Repo.sample("shots")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count == 20)
        for name in names { expectOwn(try prefix(folder.appendingPathComponent(name)), .decentJSON, name) }
    }

    @Test(.enabled(if: Peer.root != nil,
                   "needs ../shared/peer-data (real shot files of Decent, Gaggiuino, GaggiMate, Meticulous, SEP and Beanconqueror, not kept in this repository)"))
    func realShotFilesAreClaimedByTheirImporterAlone() throws {
        let files: [(String, ShotFormat)] = [
            ("visualizer/20210921T085910.shot", .decentTcl), ("visualizer/20210921T085910ymd.shot", .decentTcl),
            ("visualizer/20211019T100744.shot", .decentTcl), ("visualizer/brackets.shot", .decentTcl),
            ("visualizer/empty_flow.shot", .decentTcl),
            ("visualizer/20211019T100744.json", .decentJSON),
            ("visualizer/gaggiuino-1020.json", .gaggiuino),
            ("visualizer/gaggimate-v0.json", .gaggimate), ("visualizer/gaggimate-v1.json", .gaggimate),
            ("visualizer/meticulous.shot.json", .meticulous),
            ("visualizer/pressensor.csv", .sepCSV), ("visualizer/20210921T085910.csv", .sepCSV),
            ("beanconqueror/flow-profiles/BeanconquerorFlowTestData.json", .beanconquerorFlow),
            ("beanconqueror/flow-profiles/BeanconquerorFlowTestDataSecond.json", .beanconquerorFlow),
            ("beanconqueror/flow-profiles/BeanconquerorFlowTestDataThird.json", .beanconquerorFlow),
            ("beanconqueror/flow-profiles/BeanconquerorFlowTestDataFourth.json", .beanconquerorFlow),
            ("beanconqueror/flow-profiles/BeanconquerorFlowTestDataFifth.json", .beanconquerorFlow),
        ]
        // Decenza's shots are rows of its database, made documents by its reader (no public database exists:
        // DecenzaStoreTests builds one).
        #expect(Set(files.map(\.1)) == Set(ShotFormat.allCases).subtracting([.decenza]), "a format without a real file here")
        for (path, format) in files { expectOwn(try prefix(try Peer.file(path)), format, path) }
        // A Beanconqueror upload carries a graph but is a journal of one brew: no shot importer claims it.
        let upload = try prefix(try Peer.file("beanconqueror/visualizer-upload/beanconqueror_real.json"))
        #expect(claimants(upload).isEmpty && ShotFormat.sniff(upload) == .unknownStructured)
    }

    @Test func everyJournalFormatIsNamedOnceAndShotFilesAmongThem() {
        let all = JournalFormats.all
        #expect(all.last == .shots && Set(all).count == all.count)
        #expect(Array(all.dropLast()) == JournalFormat.readByBrewImport)
        let names = all.flatMap(\.names)
        #expect(Set(names).count == names.count, "a name spells two formats")
        for format in all { for name in format.names { #expect(JournalFormats.named(name.uppercased()) == format, "\(name)") } }
        #expect(JournalFormats.named("shot") == .shots && JournalFormats.named("xml") == nil)
    }
}
