import Foundation
import Testing
import TestSupport
@testable import BrewReport

@Suite struct OutputNamingTests {
    /// Hostile and awkward input names, as paths a batch could be handed.
    static let hostile = [
        "..", "../..", "../../etc/passwd", "/", "/abs/path/journal.csv", "dir/sub/j.sqlite", ".hidden.csv", "...dots.json",
        ".", "", "a\u{0}b.csv", "\u{0}", "Café 丸山珈琲.csv", "😀.csv", "straße.json", "journal.csv", "Journal.sqlite", "JOURNAL.json",
        "combined.csv", "Combined.json", "a.csv", "a-2.csv", "a.json", "name with spaces & <tags>.csv", "tab\there.csv",
        "new\nline.csv", "back\\slash.csv", "con.csv", String(repeating: "x", count: 300) + ".csv", "-leading-dash.csv", "..csv",
    ]

    static func check(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let out = URL(fileURLWithPath: "/tmp/batch-out")
        var seen = Set<String>()
        for name in names {
            #expect(!name.isEmpty, sourceLocation: sourceLocation)
            #expect(!name.contains("/"), "\(name) contains /", sourceLocation: sourceLocation)
            #expect(!name.hasPrefix("."), "\(name) starts with a dot", sourceLocation: sourceLocation)
            #expect(!name.unicodeScalars.contains { $0.value == 0 }, "\(name.debugDescription) contains NUL", sourceLocation: sourceLocation)
            #expect(name.lowercased() != "combined", sourceLocation: sourceLocation)
            #expect(seen.insert(name.lowercased()).inserted, "\(name) is not unique (case-insensitively)", sourceLocation: sourceLocation)
            // The folder stays directly inside the output folder.
            let folder = out.appendingPathComponent(name).standardizedFileURL
            #expect(folder.deletingLastPathComponent().path == out.path, "\(name) escapes --out", sourceLocation: sourceLocation)
        }
    }

    @Test func hostileNamesStayInsideAndUnique() {
        var naming = OutputNaming()
        let names = Self.hostile.map { naming.name(for: URL(fileURLWithPath: $0)) }
        Self.check(names)
        #expect(names.count == Self.hostile.count)
        #expect(names.allSatisfy { $0.count <= 84 })
    }

    @Test func namesFromUnusualURLs() {
        // URLs that do not come from a file path: an empty path, a bare slash, percent-encoded slashes.
        var naming = OutputNaming()
        let urls = [URL(string: "file:///")!, URL(string: "file:///a%2Fb.csv")!, URL(string: "file:///%2E%2E")!,
                    URL(string: "file:///x/..")!, URL(fileURLWithPath: "/tmp/")]
        Self.check(urls.map { naming.name(for: $0) })
    }

    @Test func collisionsGetNumberedInInputOrder() {
        var naming = OutputNaming()
        let names = ["journal.csv", "Journal.sqlite", "JOURNAL.json", "a.csv", "a.json", "a-2.csv", "combined.csv"]
            .map { naming.name(for: URL(fileURLWithPath: "/in/\($0)")) }
        #expect(names == ["journal", "Journal-2", "JOURNAL-3", "a", "a-2", "a-2-2", "combined-2"])
    }

    @Test func sanitizedKeepsLettersDigitsAndUnicode() {
        #expect(OutputNaming.sanitize(URL(fileURLWithPath: "/x/Café 丸山珈琲 2026.csv")) == "Café_丸山珈琲_2026")
        #expect(OutputNaming.sanitize(URL(fileURLWithPath: "/x/.hidden.csv")) == "hidden")
        #expect(OutputNaming.sanitize(URL(fileURLWithPath: "/x/..")) != "..")
    }

    @Test func randomNamesNeverEscape() {
        var rng = TestRNG(seed: 2026)
        let alphabet = Array("abcXYZ019._-/ \\\u{0}é丸😀\t\n:*?\"<>|%") + [".", ".", "/"]
        var naming = OutputNaming()
        var names: [String] = []
        for _ in 0..<2000 {
            let length = Int.random(in: 0...12, using: &rng)
            let raw = String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
            names.append(naming.name(for: URL(fileURLWithPath: "/in/" + raw)))
        }
        Self.check(names)
    }
}

@Suite struct ShardTests {
    @Test(arguments: ["0/3", "4/3", "x", "", "1/0", "-1/3", "1/3/5", "1/", "/3", " 1/3", "1.0/3", "a/b"])
    func invalid(_ text: String) {
        #expect(Shard(text) == nil, "Shard(\(text.debugDescription)) should be nil")
    }

    @Test func valid() {
        #expect(Shard("1/1") == Shard(index: 1, count: 1))
        #expect(Shard("3/3") == Shard(index: 3, count: 3))
        #expect(Shard("2/8")?.description == "2/8")
    }

    /// A path's shard is its FNV-1a (published vector: "a" → 0xaf63dc4c8601ec8c) modulo the count, plus one.
    @Test func shardIsFNV1aModuloCount() {
        #expect(UInt64(0xaf63_dc4c_8601_ec8c) % 7 == 5)
        #expect(Shard(index: 6, count: 7).contains("a"))
        #expect(!Shard(index: 5, count: 7).contains("a"))
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func everyPathLandsInExactlyOneShard(_ n: Int) {
        var rng = TestRNG(seed: UInt64(n))
        let paths = (0..<600).map { i in "club/member-\(i)/\(UInt32.random(in: 0...UInt32.max, using: &rng)).sqlite" }
        let shards = (1...n).map { Shard(index: $0, count: n) }
        var sizes = [Int](repeating: 0, count: n)
        for p in paths {
            let owners = shards.filter { $0.contains(p) }
            #expect(owners.count == 1, "\(p) is in \(owners.count) shards")
            if let o = owners.first { sizes[o.index - 1] += 1 }
        }
        // Roughly balanced: every shard gets at least half its fair share.
        #expect(sizes.allSatisfy { $0 >= paths.count / n / 2 }, "\(sizes)")
        // Independent of order: a shuffled list splits the same way.
        let shuffled = paths.shuffled(using: &rng)
        for s in shards { #expect(Set(paths.filter(s.contains)) == Set(shuffled.filter(s.contains))) }
    }

    /// The shard key is the path relative to the input folder: two machines mounting the inputs at different
    /// places, and listing them in different orders, pick the same files.
    @Test func shardKeysDoNotDependOnMountPointOrOrder() throws {
        let names = ["a.csv", "b.json", "sub/c.sqlite", "sub/deeper/d.csv", "e.db", "f.store", "g.zip", "h.csv"]
        var keys: [[String]] = []
        for label in ["mount-one", "mount-two"] {
            let root = try Repo.scratch(label).appendingPathComponent("exports")
            for n in names {
                let url = root.appendingPathComponent(n)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data().write(to: url)
            }
            try Data().write(to: root.appendingPathComponent("notes.txt"))
            try FileManager.default.createDirectory(at: root.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
            try Data().write(to: root.appendingPathComponent(".hidden/x.csv"))
            let files = try BatchOptions(inputs: [root.path], out: root.appendingPathComponent("out")).journalFiles()
            #expect(files.map(\.key) == names.sorted(), "\(files.map(\.key))")
            keys.append(files.map(\.key))
        }
        #expect(keys[0] == keys[1])
        // Given as separate files in another order: keys are the file names, the list is sorted by path.
        let root = try Repo.scratch("order")
        for n in ["z.csv", "m.csv", "a.csv"] { try Data().write(to: root.appendingPathComponent(n)) }
        let forward = try BatchOptions(inputs: ["a.csv", "m.csv", "z.csv"].map { root.appendingPathComponent($0).path }, out: root).journalFiles()
        let backward = try BatchOptions(inputs: ["z.csv", "m.csv", "a.csv", "m.csv"].map { root.appendingPathComponent($0).path }, out: root).journalFiles()
        #expect(forward == backward)
        #expect(forward.map(\.key) == ["a.csv", "m.csv", "z.csv"])
    }

    @Test func missingInputIsAnError() throws {
        let root = try Repo.scratch("missing")
        #expect(throws: ReportError.self) {
            _ = try BatchOptions(inputs: [root.appendingPathComponent("nope").path], out: root).journalFiles()
        }
    }
}
