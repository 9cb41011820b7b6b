import BrewColumns
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

    /// A damaged store whose `Z_PRIMARYKEY.Z_NAME` holds an integer trapped in GRDB's typed row subscript; such a
    /// row now names no entity, and the import ends in a result or an ``ImportError``.
    @Test func nonTextEntityNameDoesNotTrap() throws {
        let url = Self.corpus("store", "regression-integer-entity-name.sqlite")
        do {
            let result = try importJournal(at: url)
            #expect(result.report.brews.read == result.report.brews.kept + result.report.brews.rejected)
        } catch {
            #expect(!error.message.isEmpty)
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

    /// The mapping subset (``MappingSyntax``): what a mapping uses passes; the inputs that reached toml++'s
    /// assertions, and TOML a mapping does not need, are refused at their line.
    @Test(arguments: [
        ("[*x]", 1 as Int?), ("a = \"b\"\n[ #c\n", 2), ("[\n", 1), ("[[arr]]", 1), ("[é]", 1),
        ("foo = [[[}}}", 1), ("x = [\n1\n]", 1), ("s = \"\"\"\nx\n\"\"\"", 1), ("a.b = \"c\"", 1), ("x = 1.5", 1),
        ("x = \"unterminated", 1), ("x =", 1), ("# c\r\n[;x]", 2), ("a = \"b\" # \u{0}", 1), ("a = 'b\rc'", 1),
        ("[columns]\n\"Coffee dose (g)\" = \"dose_g\" # note\r\nwhen = 'brewed_at'", nil),
        ("[ values ]\ndecimal_comma = true\ndelimiter = \";\"\nx = -12\n\n# end", nil),
        ("k = \"a \\\" quote\"", nil),
        ("[values]\nmissing = [\"?\", 'n/a', \"-\",] # markers", nil), ("missing = []", nil),
        ("missing = [\"?\" \"-\"]", 1), ("missing = [1]", 1), ("missing = [\"?\"", 1), ("missing = [[\"?\"]]", 1),
        ("missing = [\"?\"] x", 1),
    ])
    func mappingSubset(_ text: String, _ line: Int?) {
        #expect(MappingSyntax.firstUnsupportedLine(text) == line, "\(text)")
    }

    /// The second assertion the fuzzer reached: an array whose first element starts with `}`.
    @Test func arrayStartingWithABraceIsAnInvalidMapping() throws {
        let text = try String(contentsOf: Self.corpus("mapping-toml", "regression-array-brace.toml"), encoding: .utf8)
        #expect(throws: ImportError.self) { try ColumnMapping(toml: text) }
    }

    /// The third: a comment line ending in CR LF, then a bad header (the line split treated CR LF as one character).
    @Test func crlfLineBeforeABadHeaderIsAnInvalidMapping() throws {
        let text = String(decoding: try Data(contentsOf: Self.corpus("mapping-toml", "regression-crlf-header.toml")), as: UTF8.self)
        do {
            _ = try ColumnMapping(toml: text)
            Issue.record("the mapping was accepted")
        } catch {
            #expect(error.location == "line 2", "\(error)")
        }
    }

    /// The sample mapping (every feature the documentation shows) is inside the subset.
    @Test func sampleMappingIsInsideTheSubset() throws {
        let mapping = try ColumnMapping.load(from: Repo.sample("mapping.toml"))
        #expect(mapping.columns["brew_start"] == .brewedAt)
        #expect(mapping.delimiter == UInt8(ascii: ";"))
    }
}
