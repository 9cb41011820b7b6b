@testable import BrewImport
import Foundation
import Testing
import TestSupport

/// Inputs the fuzz targets (`fuzz/`) found to crash or hang, each read here through the public entry point; the
/// files are the fuzzers' own findings, kept in their corpora as `regression-*`.
@Suite struct FuzzRegressionTests {
    static func corpus(_ target: String, _ name: String) -> URL {
        Repo.root.appendingPathComponent("fuzz/corpus/\(target)/\(name)")
    }

    /// A zip whose deflate stream runs to the end of the file without ending hung ZIPFoundation's extraction
    /// forever; it is now refused as corrupt.
    @Test func truncatedDeflateStreamIsRefusedNotHung() throws {
        let url = Self.corpus("beanconqueror-zip", "regression-truncated-deflate-hang.zip")
        #expect(throws: ImportError.self) { try importJournal(at: url) }
        do {
            _ = try importJournal(at: url)
        } catch {
            #expect(error.kind == .corrupt, "\(error)")
        }
    }

    /// A zip whose last compressed chunk is shorter than the inflater's buffer: zlib was told the chunk was full
    /// length and read past its end (AddressSanitizer: SEGV in `inflate`). Under `make sanitize` this test would
    /// report such a read again; here the import must end in a result or an ``ImportError``.
    @Test func shortLastChunkIsReadWithinItsBounds() throws {
        let url = Self.corpus("beanconqueror-zip", "regression-short-last-chunk.zip")
        do {
            let result = try importJournal(at: url)
            #expect(result.report.brews.read == result.report.brews.kept + result.report.brews.rejected)
        } catch {
            #expect([.corrupt, .notAJournal, .archiveTooLarge].contains(error.kind), "\(error)")
        }
    }

    /// A mapping whose table header starts with `*` aborted the process inside toml++ (an assertion); it is now an
    /// invalid mapping naming the line.
    @Test func tableHeaderWithoutAKeyIsAnInvalidMapping() throws {
        let text = try String(contentsOf: Self.corpus("mapping-toml", "regression-bad-table-header.toml"), encoding: .utf8)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false)[2].hasPrefix("[*"))
        do {
            _ = try ColumnMapping(toml: text)
            Issue.record("the mapping was accepted")
        } catch {
            #expect(error.kind == .invalidMapping)
            #expect(error.location == "line 3", "\(error)")
        }
    }

    /// Where a header can start, and which starts toml++ cannot take.
    @Test(arguments: [
        ("[*x]", 1 as Int?), ("a = 1\n[ #c\n", 2), ("[\n", 1), ("[[ +x]]", 1), ("[é]", 1),
        ("[columns]\nx = \"y\"", nil), ("[ \"quoted\" ]", nil), ("[[arr]]", nil), ("[]", nil),
        ("x = [\n[+1]\n]", nil),                 // an array spanning lines: not a header
        ("s = \"\"\"\n[*\n\"\"\"\n[ok]", nil),    // inside a multi-line string
        ("# [*\n[ok]", nil), ("t = '['\n[*]", 2),
    ])
    func headerCheck(_ text: String, _ line: Int?) {
        #expect(TOMLHeaderCheck.firstBadHeader(text) == line, "\(text)")
    }
}
