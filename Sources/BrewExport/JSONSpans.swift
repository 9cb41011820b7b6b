/// The byte ranges of a JSON document's top-level members and of an array's elements, found without building
/// values: a merge copies each original entity's bytes as they were (docs/export.md, "Beanconqueror").
///
/// The text must already be valid JSON (it is parsed whole first); the scanner only skips strings (with their
/// escapes) and nested brackets.
enum JSONSpans {
    /// The top-level object's members in order: key (unescaped when it has no escapes, as every backup key) and
    /// the value's range. `nil` when the text is not an object.
    static func members(_ b: [UInt8]) -> [(key: String, value: Range<Int>)]? {
        var i = skipBlanks(b, 0)
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var out: [(String, Range<Int>)] = []
        while true {
            i = skipBlanks(b, i)
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "}") { return out }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            guard b[i] == UInt8(ascii: "\""), let keyEnd = skipValue(b, i) else { return nil }
            let key = String(decoding: b[(i + 1)..<(keyEnd - 1)], as: UTF8.self)
            i = skipBlanks(b, keyEnd)
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
            let start = skipBlanks(b, i + 1)
            guard let end = skipValue(b, start) else { return nil }
            out.append((key, start..<end))
            i = end
        }
    }

    /// The elements of the array at `range`, or `nil` when it is not an array.
    static func elements(_ b: [UInt8], _ range: Range<Int>) -> [Range<Int>]? {
        var i = skipBlanks(b, range.lowerBound)
        guard i < range.upperBound, b[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var out: [Range<Int>] = []
        while true {
            i = skipBlanks(b, i)
            guard i < range.upperBound else { return nil }
            if b[i] == UInt8(ascii: "]") { return out }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            guard let end = skipValue(b, i) else { return nil }
            out.append(i..<end)
            i = end
        }
    }

    static func skipBlanks(_ b: [UInt8], _ from: Int) -> Int {
        var i = from
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        return i
    }

    /// The end of the value starting at `i`.
    static func skipValue(_ b: [UInt8], _ from: Int) -> Int? {
        var i = from
        guard i < b.count else { return nil }
        switch b[i] {
        case UInt8(ascii: "\""):
            i += 1
            while i < b.count {
                if b[i] == UInt8(ascii: "\\") { i += 2; continue }
                if b[i] == UInt8(ascii: "\"") { return i + 1 }
                i += 1
            }
            return nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""):
                    guard let end = skipValue(b, i) else { return nil }
                    i = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return nil
        default:
            while i < b.count, !(b[i] == UInt8(ascii: ",") || b[i] == UInt8(ascii: "}") || b[i] == UInt8(ascii: "]")
                                 || b[i] <= 0x20) { i += 1 }
            return i > from ? i : nil
        }
    }
}
