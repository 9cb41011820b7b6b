import BrewImport
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Files read whole are measured with `fstat` before a byte is read: a side file (a column mapping, an aliases or
/// grinders file) past 1 MB and a JSON journal past 1 GiB are refused on their size; a named pipe is named as one.
@Suite(.cleansScratch) struct WholeFileCapTests {
    /// A file of `head` followed by zeros up to `size` bytes, made sparse with `ftruncate` (no disk, no memory).
    func sparse(_ name: String, head: String, size: Int) throws -> URL {
        let url = try scratchFolder("cap").appendingPathComponent(name)
        try Data(head.utf8).write(to: url)
        let fd = open(url.path, O_WRONLY)
        #expect(fd >= 0)
        #expect(ftruncate(fd, off_t(size)) == 0)
        close(fd)
        return url
    }

    func expectRefused(_ body: () throws -> Void, saying words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            let text = "\(error)"
            for w in words { #expect(text.contains(w), "\(text)", sourceLocation: sourceLocation) }
        }
    }

    /// A 2 GiB sparse mapping file: refused before it is read, saying its cap.
    @Test func aTwoGiBMappingIsRefusedOnItsSize() throws {
        let url = try sparse("m.toml", head: "[columns]\n", size: 2 << 30)
        expectRefused({ _ = try ColumnMapping.load(from: url) }, saying: ["m.toml", "larger than 1 MB", "2147483648 bytes"])
    }

    /// At the cap a mapping is read; one byte past it, refused.
    @Test func theCapIsOneMegabyte() throws {
        let head = "[columns]\nstars = \"rating\"\n"
        let text = head + "#" + String(repeating: "x", count: (1 << 20) - head.utf8.count - 2) + "\n"
        #expect(text.utf8.count == 1 << 20)
        let at = try scratchFile("at.toml", text)
        #expect(throws: Never.self) { _ = try ColumnMapping.load(from: at) }
        let past = try scratchFile("past.toml", text + "\n")
        expectRefused({ _ = try ColumnMapping.load(from: past) }, saying: ["larger than 1 MB", "1048577 bytes"])
    }

    /// A 2 GiB sparse file that opens like the app's JSON export: refused on its size before it is mapped or parsed.
    @Test func aTwoGiBJSONJournalIsRefusedOnItsSize() throws {
        let url = try sparse("big.json", head: "{\"format\": \"coffee-journal\", \"version\": 1, \"brews\": [", size: 2 << 30)
        expectRefused({ _ = try importJournal(at: url) }, saying: ["big.json", "larger than 1024 MB"])
        let yaml = try sparse("big.yaml", head: "brewspec: \"1.0\"\nbrews:\n", size: 2 << 30)
        expectRefused({ _ = try importJournal(at: yaml, options: ImportOptions(format: .brewSpec)) }, saying: ["larger than 1024 MB"])
    }

    /// A named pipe given as a side file is named as one, without the hint about `-` (which side files do not take),
    /// and never opened for a blocking read.
    @Test func aFIFOSideFileIsNamed() throws {
        let url = try scratchFolder("cap").appendingPathComponent("fifo.toml")
        #expect(mkfifo(url.path, 0o600) == 0)
        expectRefused({ _ = try InputFile.whole(url.path, limit: InputFile.maxSideFileBytes) },
                      saying: ["fifo.toml", "is a named pipe (FIFO), not a regular file: not read"])
        expectRefused({ _ = try ColumnMapping.load(from: url) }, saying: ["a named pipe (FIFO)"])
        do { _ = try InputFile.whole(url.path, limit: 10) } catch { #expect(!"\(error)".contains("'-'")) }
    }
}
