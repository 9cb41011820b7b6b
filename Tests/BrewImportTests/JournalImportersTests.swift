import Foundation
import Testing
import TestSupport
@testable import BrewImport

/// The registry of BrewImport's journal formats (``JournalImporters``): every sample file is claimed by its own
/// format's importer and by no other, and the `--format` names are the registry's.
@Suite struct JournalImportersTests {
    /// The importers that claim `url`'s first 64 KiB, with how strongly.
    func claims(_ url: URL) throws -> [(JournalFormat, JournalPrefix.Claim)] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let prefix = JournalPrefix([UInt8](try handle.read(upToCount: 65_536) ?? Data()))
        return JournalImporters.all.map { ($0.format, $0.claims(prefix)) }.filter { $0.1 != .no }
    }

    /// `url` sniffs as `format`, and no other importer claims it for sure (an importer that takes what nobody
    /// claims, the CSV reader for a store, may still say so: a sure claim wins).
    func expectOwn(_ url: URL, _ format: JournalFormat) throws {
        let claimed = try claims(url)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        #expect(JournalFormat.sniff([UInt8](try handle.read(upToCount: 65_536) ?? Data())) == format, "\(url.lastPathComponent)")
        #expect(claimed.contains { $0.0 == format }, "\(url.lastPathComponent): its own importer does not claim it")
        let others = claimed.filter { $0.0 != format }
        let ownIsSure = claimed.contains { $0.0 == format && $0.1 == .yes }
        for (other, claim) in others {
            #expect(ownIsSure && claim == .unlessClaimed,
                    "\(url.lastPathComponent) is \(format.cliName), but \(other.cliName) claims it (\(claim))")
        }
    }

    @Test func everySampleIsClaimedByItsOwnFormatAlone() throws {
        try expectOwn(Repo.sample("journal.sqlite"), .coreDataStore)
        try expectOwn(Repo.sample("journal.csv"), .csv)
        try expectOwn(Repo.sample("messy.csv"), .csv)
        try expectOwn(Repo.sample("foreign.csv"), .csv)
        try expectOwn(Repo.sample("journal.json"), .json)
        try expectOwn(Repo.sample("journal.brewspec.yaml"), .brewSpec)
        for name in ["edge.csv", "header-only.csv", "latin1.csv", "no-date-column.csv", "unterminated.csv"] {
            try expectOwn(Repo.fixture("import/\(name)"), .csv)
        }
        try expectOwn(Repo.fixture("import/truncated.json"), .json)
    }

    @Test func aZipIsABeanconquerorBackupEvenWhenAnEntryReadsLikeYAML() {
        // A stored (uncompressed) entry's bytes appear in the archive as they are: a line `brews:` is no BrewSpec.
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array("\nbrewspec_version: \"1.0\"\nbrews:\n".utf8)
        #expect(JournalFormat.sniff(zip) == .beanconqueror)
        #expect(JournalFormat.sniff(Array("brewspec_version: \"1.0\"\nbrews:\n".utf8)) == .brewSpec)
    }

    @Test func aSureClaimBeatsTheRegistryOrderOfTheOthers() {
        // The app's export marker wins over a BrewSpec version and Beanconqueror keys; a BrewSpec version over the keys.
        #expect(JournalFormat.sniff(Array(#"{"format": "coffee-journal", "brewspec_version": "1.0", "BREWS": []}"#.utf8)) == .json)
        #expect(JournalFormat.sniff(Array(#"{"brewspec_version": "1.0", "BREWS": []}"#.utf8)) == .brewSpec)
        #expect(JournalFormat.sniff(Array(#"{"BREWS": []}"#.utf8)) == .beanconqueror)
        #expect(JournalFormat.sniff(Array(#"{"something": "else"}"#.utf8)) == .json)
        #expect(JournalFormat.sniff(Array("brewed_at,dose_g\n".utf8)) == .csv)
    }

    @Test(.enabled(if: Repo.peerData != nil,
                   "needs ../shared/peer-data (real Beanconqueror and BrewSpec files, not kept in this repository)"))
    func peerFilesAreClaimedByTheirOwnFormatAlone() throws {
        let peer = try #require(Repo.peerData)
        for name in ["Beanconqueror_old.json", "BeanconquerorTestData.json", "BeanconquerorDummy.json"] {
            try expectOwn(peer.appendingPathComponent("beanconqueror/\(name)"), .beanconqueror)
        }
        for name in ["pour_over.json", "pour_over.yaml", "multi_brew.yaml", "espresso_full_symmetry.yaml"] {
            try expectOwn(peer.appendingPathComponent("brewspec/\(name)"), .brewSpec)
        }
    }

    @Test func theRegistryListsEachFormatOnceUnderNamesNoOtherUses() {
        let formats = JournalImporters.formats
        #expect(Set(formats).count == formats.count && formats.count == JournalImporters.all.count)
        let names = formats.flatMap(\.names)
        #expect(Set(names).count == names.count, "a name spells two formats")
        for format in formats {
            for name in format.names {
                #expect(JournalFormat(cliName: name.uppercased()) == format, "\(name)")
                #expect(JournalImporters.importer(for: format)?.format == format)
            }
        }
        #expect(JournalFormat(cliName: "xml") == nil)
    }
}
