import Foundation
import Testing
import TestSupport

/// JSON exports are the same bytes in every process (brief rule 6): an encoder's keyed order is not promised across
/// processes, so every object's keys are written sorted. Each export runs the built binary twice, as two processes,
/// and the key order is read from the bytes by a scanner of the test's own, not by a JSON library (which keeps none).
@Suite struct ReproducibleJSONExportTests {
    /// Every object's keys, in the order the text has them, each object's list when it closes.
    static func keyLists(_ bytes: [UInt8]) -> [[String]] {
        struct Frame { var isObject: Bool; var keys: [String] = []; var expectsKey: Bool }
        var lists: [[String]] = []
        var stack: [Frame] = []
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): stack.append(Frame(isObject: true, expectsKey: true))
            case UInt8(ascii: "["): stack.append(Frame(isObject: false, expectsKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let top = stack.popLast(), top.isObject { lists.append(top.keys) }
            case UInt8(ascii: ","):
                if stack.last?.isObject == true { stack[stack.count - 1].expectsKey = true }
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                if stack.last?.expectsKey == true {
                    stack[stack.count - 1].keys.append(String(decoding: bytes[(i + 1)..<j], as: UTF8.self))
                    stack[stack.count - 1].expectsKey = false
                }
                i = j
            default: break
            }
            i += 1
        }
        return lists
    }

    @Test func theScannerReadsKeyOrder() {
        let text = #"{"b": 1, "a": {"y": [1, {"q": "x,\"z"}], "x": "}"}, "c": []}"#
        #expect(Self.keyLists(Array(text.utf8)) == [["q"], ["y", "x"], ["b", "a", "c"]])
    }

    @Test(.enabled(if: CLI.available)) func brewSpecJSONIsTheSameBytesInTwoProcesses() throws {
        let folder = try Repo.scratch("e2e-brewspec-json-bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [Data] = []
        for name in ["first.brewspec.json", "second.brewspec.json"] {
            let out = folder.appendingPathComponent(name)
            let r = try CLI.run(["export", Repo.sample("journal.sqlite").path, "--to", "brewspec", "-o", out.path,
                                 "--tz", "Europe/Berlin"])
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(try Data(contentsOf: out))
        }
        #expect(outputs[0] == outputs[1])
        let lists = Self.keyLists(Array(outputs[0]))
        // The document, 360 brews and their nested objects: every one's keys in sorted order.
        #expect(lists.count > 360)
        #expect(lists.last == ["brews", "brewspec_version"])
        for keys in lists { #expect(keys == keys.sorted(), "\(keys)") }
        #expect(lists.contains { $0.contains("dose_g") && $0.contains("water_g") && $0.count > 3 })
    }

    @Test(.enabled(if: CLI.available)) func journalJSONIsTheSameBytesInTwoProcesses() throws {
        let folder = try Repo.scratch("e2e-journal-json-bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [Data] = []
        for name in ["first.json", "second.json"] {
            let out = folder.appendingPathComponent(name)
            let r = try CLI.run(["export", Repo.sample("journal.sqlite").path, "--to", "json", "-o", out.path,
                                 "--tz", "Europe/Berlin"])
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(try Data(contentsOf: out))
        }
        #expect(outputs[0] == outputs[1])
        let lists = Self.keyLists(Array(outputs[0]))
        #expect(lists.count > 360)
        for keys in lists { #expect(keys == keys.sorted(), "\(keys)") }
    }
}
