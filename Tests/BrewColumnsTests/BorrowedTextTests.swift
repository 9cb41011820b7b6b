import Testing
import TestSupport
@testable import BrewColumns

@Suite("Appending text as UTF-8 bytes")
struct BorrowedTextTests {
    /// `append(utf8:)` stores exactly what `append(_:)` of the same `String` stores, nulls and empties apart,
    /// including a bitmap created after byte appends.
    @Test("Bytes and Strings build the same column", arguments: [0, 1, 63, 64, 65, 1_000])
    func bytesEqualStrings(n: Int) {
        var rng = TestRNG(seed: UInt64(n) + 3)
        var fromBytes = StringColumnBuilder(minimumCapacity: n, byteCapacity: n * 4)
        var fromStrings = StringColumnBuilder()
        var expected: [String?] = []
        for i in 0..<n {
            let value: String? = switch rng.next() % 5 {
            case 0 where i > n / 2: nil
            case 1: ""
            case 2: "café \(i)"
            default: String(repeating: "x", count: Int(rng.next() % 12)) + "\(i)"
            }
            expected.append(value)
            fromStrings.append(value)
            if var text = value {
                text.withUTF8 { fromBytes.append(utf8: $0) }
            } else {
                fromBytes.append(nil)
            }
        }
        let a = fromBytes.finish(), b = fromStrings.finish()
        #expect(a.bytes == b.bytes && a.offsets == b.offsets && a.validity == b.validity && a.nullCount == b.nullCount)
        for i in 0..<n { #expect(a[i] == expected[i], "slot \(i)") }
    }

    @Test("Borrowed text replaces the row's strings; nil defers to them")
    func borrowedTextInABuilder() {
        var b = JournalBuilder(expectedBrews: 2)
        let aero = b.addMethod(BrewMethod(name: "AeroPress", category: .immersion))
        var row = BrewRow()
        row.id = "ignored"; row.notes = "from the row"; row.method = aero; row.flavorTags = "ignored too"
        var id = "A1", tags = "berry,citrus"
        id.withUTF8 { idBytes in
            tags.withUTF8 { tagBytes in
                b.appendBrew(row, text: BrewRowText(id: idBytes, flavorTags: tagBytes))
            }
        }
        var empty = ""
        empty.withUTF8 { b.appendBrew(BrewRow(), text: BrewRowText(notes: $0)) }
        let j = b.finish()
        #expect(j.brews.id[0] == "A1" && j.brews.notes[0] == "from the row" && j.brews.flavorTags[0] == "berry,citrus")
        #expect(j.brews.category(at: 0) == .immersion && j.brews.category(at: 1) == .other)
        #expect(j.brews.id[1] == nil && j.brews.notes[1] == "" && j.brews.flavorTags[1] == nil)
    }
}
