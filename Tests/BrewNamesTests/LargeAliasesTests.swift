import BrewNames
import Foundation
import Testing

/// Aliases files of 40,000 lines are read in one pass: every spelling's line is looked up in an index made once
/// (`AliasLines`), never searched for again (a 2,500-line file took 80 s so). No time is asserted; the test
/// completes and every answer is checked against the file it wrote.
@Suite struct LargeAliasesTests {
    /// `[roasters]`, `[beans]`, `[grinders]`, `[methods]` with 10,000 lines each: spelling `kN` means `nN`.
    static func file(extra: String = "") -> (text: String, lines: [String: Int]) {
        var text = "", line = 0, lines: [String: Int] = [:]
        for (t, table) in ["roasters", "beans", "grinders", "methods"].enumerated() {
            text += "[\(table)]\n"; line += 1
            for i in 0..<10_000 {
                let n = t * 10_000 + i
                text += "k\(n) = \"n\(n)\"\n"; line += 1
                lines["k\(n)"] = line
            }
        }
        return (text + extra, lines)
    }

    @Test func fortyThousandLinesAreReadWithTheirLines() throws {
        let (text, _) = Self.file()
        #expect(text.utf8.count < 1 << 20)
        let a = try NameAliases(toml: text, file: "aliases.toml")
        #expect(a.targets.values.map(\.count).reduce(0, +) == 40_000)
        #expect(a.target(of: "K12345", kind: .bean) == "n12345")
        #expect(a.target(of: "k39999", kind: .method) == "n39999")
        #expect(a.target(of: "k12345", kind: .roaster) == nil)
        // File order, not key order: k9 before k10.
        #expect(a.spellings[.roaster]?.prefix(11).last == "k10" && a.spellings[.roaster]?.count == 10_000)
    }

    /// A fault on the last line of a 40,000-line file names the line of the spelling it names (the index finds it).
    @Test func aFaultOnTheLastLineNamesIt() {
        let (text, lines) = Self.file(extra: "K39998 = \"again\"\n")
        do {
            _ = try NameAliases(toml: text, file: "a.toml")
            Issue.record("a spelling given twice was accepted")
        } catch {
            let d = error.description
            // Whichever of the two the parser gives second is named, with its own line.
            let named = d.contains("\"K39998\" is given twice") ? lines["k39999"]! + 1 : lines["k39998"]!
            #expect(d.contains("is given twice") && d.contains("line \(named):"), "\(d)")
        }
    }

    /// A quoted key with escapes is found on its line: `"caf\u00e9 a"` and `"cafe a"` are one spelling.
    @Test func quotedKeysWithEscapesAreFound() {
        let text = "[beans]\n\"cafe a\" = \"X\"\n\"caf\\u00e9 a\" = \"Y\"\n"
        do {
            _ = try NameAliases(toml: text, file: "a.toml")
            Issue.record("accepted")
        } catch {
            let d = error.description
            let named = d.contains("\"café a\" is given twice") ? 3 : 2
            #expect(d.contains("is given twice") && d.contains("line \(named):"), "\(d)")
        }
    }
}
