import BrewImport
import Foundation
import Testing
import TestSupport

/// Beanconqueror zips that lie, overflow, or are cut short: each is refused with a clear ``ImportError``.
@Suite(.cleansScratch) struct ArchiveSafetyTests {
    static let main = Data(#"{"BREWS": [{"grind_weight": 15, "config": {"uuid": "a", "unix_timestamp": 1731445292}}]}"#.utf8)

    func file(_ name: String, _ data: Data) throws -> URL { try scratchFile(name, data) }

    /// The default bound is 128 MiB: the inflated JSON is parsed whole by `JSONSerialization` (several times its
    /// size in objects) against a 300 MB peak-memory target.
    @Test func defaultBoundIs128MiB() {
        #expect(ImportOptions().maxArchiveBytes == 128 << 20)
        #expect(ImportOptions.defaultMaxArchiveBytes == 128 << 20)
    }

    /// A ZIP64 entry declaring 2⁶⁴ − 1 bytes used to overflow the running sum of declared sizes (a trap).
    @Test func aZIP64SizeNear2To64IsRefused() throws {
        let zip = ZipBytes.stored([.init(name: "Beanconqueror.json", data: Self.main),
                                   .init(name: "photo.bin", data: Data("12345".utf8), declaredSize: .max)])
        let error = try #require(importError(try file("overflow.zip", zip)))
        #expect(error.kind == .archiveTooLarge)
        #expect(error.location == "photo.bin")
        #expect(error.message.contains("18446744073709551615") && error.message.contains("damaged or hostile"))
    }

    /// JSON entries declaring sizes that are representable but enormous (2⁶³ − 1 each, summing to nearly 2⁶⁴):
    /// refused before anything is inflated.
    @Test func enormousDeclaredSizesOnTheJSONEntriesAreRefused() throws {
        let zip = ZipBytes.stored([.init(name: "Beanconqueror.json", data: Self.main, declaredSize: UInt64(Int64.max)),
                                   .init(name: "Beanconqueror_Brews_1.json", data: Data("[]".utf8), declaredSize: UInt64(Int64.max))])
        let error = try #require(importError(try file("wrap.zip", zip)))
        #expect(error.kind == .archiveTooLarge)
    }

    /// Entries that are never inflated (photos) do not count against the bound; the backup imports.
    @Test func skippedEntriesDoNotCount() throws {
        let zip = ZipBytes.stored([.init(name: "Beanconqueror.json", data: Self.main),
                                   .init(name: "photos/p1.jpg", data: Data("12345".utf8), declaredSize: 1 << 40)])
        let result = try importChecked(try file("photos.zip", zip))
        #expect(result.report.brews == .init(read: 1, kept: 1, rejected: 0))
    }

    /// Honest headers above the bound: refused before anything is inflated.
    @Test func declaredSizeAboveTheBoundIsRefused() throws {
        let url = try scratchFolder("zip").appendingPathComponent("big.zip")
        try ZipBytes.deflated([("Beanconqueror.json", Self.main), ("Beanconqueror_Brews_1.json", Data(count: 3 << 20))], to: url)
        let error = try #require(importError(url, ImportOptions(maxArchiveBytes: 1 << 20)))
        #expect(error.kind == .archiveTooLarge)
        #expect(error.message.contains("1 MiB"))
        #expect(!error.message.contains("understates"))
    }

    /// A header that says 1,000 bytes for an entry that inflates to 4 MiB: the declared sum passes the 1 MiB bound,
    /// the running count of inflated bytes stops it.
    @Test func headerThatUnderstatesItsSizeIsStoppedWhileInflating() throws {
        let url = try scratchFolder("zip").appendingPathComponent("honest.zip")
        try ZipBytes.deflated([("Beanconqueror.json", Self.main), ("Beanconqueror_Brews_1.json", Data(count: 4 << 20))], to: url)
        let lying = ZipBytes.understate(try Data(contentsOf: url), from: 4 << 20, to: 1000)
        #expect(lying != (try Data(contentsOf: url)), "the size fields were found and patched")
        let error = try #require(importError(try file("lie.zip", lying), ImportOptions(maxArchiveBytes: 1 << 20)))
        #expect(error.kind == .archiveTooLarge)
        #expect(error.location == "Beanconqueror_Brews_1.json")
        #expect(error.message.contains("understates"))
    }

    /// Every cut of a zip (the end of central directory gone, or entries cut short) is refused as corrupt or
    /// not a journal; none crashes.
    @Test func aZipCutAnywhereIsRefused() throws {
        let url = try scratchFolder("zip").appendingPathComponent("whole.zip")
        try ZipBytes.deflated([("Beanconqueror.json", Self.main), ("Beanconqueror_Brews_1.json", Data(#"[{"config": {"uuid": "b"}}]"#.utf8))], to: url)
        let whole = try Data(contentsOf: url)
        #expect(try importChecked(url).report.brews.read == 2)
        for n in [whole.count / 2, whole.count - 1, whole.count - 22, 40, 4] {
            let error = importError(try file("cut.zip", whole.prefix(n)), ImportOptions(format: .beanconqueror))
            #expect(error?.kind == .corrupt || error?.kind == .notAJournal, "cut at \(n) of \(whole.count): \(String(describing: error))")
        }
    }

    /// Damaged compressed data (a CRC or inflate failure) is corrupt, naming the entry.
    @Test func damagedEntryDataIsCorrupt() throws {
        let data = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 5) })
        let zip = ZipBytes.stored([.init(name: "Beanconqueror.json", data: Self.main), .init(name: "Beanconqueror_Brews_1.json", data: data)])
        var bytes = [UInt8](zip)
        bytes[zip.count / 2] ^= 0xFF  // inside the second entry's stored bytes
        let error = try #require(importError(try file("damaged.zip", Data(bytes))))
        #expect(error.kind == .corrupt)
        #expect(error.location == "Beanconqueror_Brews_1.json", "\(error)")
    }

    /// Two entries named `Beanconqueror.json` (each intact): which is the backup cannot be told (unzip and
    /// ZIPFoundation pick different ones), so the archive is refused saying the name is duplicated — whether the two
    /// hold the same bytes or not.
    @Test(arguments: [false, true]) func aDuplicatedMainEntryIsNamed(identical: Bool) throws {
        let other = identical ? Self.main : Data(#"{"BREWS": []}"#.utf8)
        let zip = ZipBytes.stored([.init(name: "Beanconqueror.json", data: Self.main), .init(name: "Beanconqueror.json", data: other)])
        let error = try #require(importError(try file("twice.zip", zip)))
        #expect(error.message == "the archive holds 2 entries named Beanconqueror.json: which one to read cannot be told", "\(error)")
        #expect(!error.message.contains("CRC"))
    }

    /// An encrypted `Beanconqueror.json` (flag bit 0) is named as such, and so are the entries after it: it is not
    /// "a zip without a Beanconqueror.json".
    @Test func anEncryptedMainEntryIsNamed() throws {
        let zip = ZipBytes.stored([.init(name: "Beanconqueror.json", data: Self.main, flags: 1),
                                   .init(name: "Beanconqueror_Brews_1.json", data: Data("[]".utf8))])
        let error = try #require(importError(try file("locked.zip", zip)))
        #expect(error.description.hasSuffix("locked.zip: Beanconqueror.json is encrypted; brewstats cannot read encrypted zip entries"), "\(error)")
    }

    /// A symbolic-link entry named `Beanconqueror.json` (Unix mode `S_IFLNK`, as `zip -y` stores one) is named as a
    /// link and not followed.
    @Test func aSymbolicLinkMainEntryIsNamed() throws {
        let zip = ZipBytes.stored([.init(name: "Beanconqueror.json", data: Data("/etc/passwd".utf8), unixMode: 0o120777)])
        let error = try #require(importError(try file("link.zip", zip)))
        #expect(error.message == "Beanconqueror.json is a symbolic link, not read", "\(error)")
    }
}
