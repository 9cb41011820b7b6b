/// A JSON text written in order (keys in the order given, so the same shot gives the same bytes).
struct JSONText {
    var out: [UInt8] = []
    private var needsComma = false

    mutating func comma() {
        if needsComma { out.append(0x2C) }
        needsComma = true
    }

    mutating func open(_ bracket: Character) {
        out.append(bracket.asciiValue!)
        needsComma = false
    }

    mutating func close(_ bracket: Character) {
        out.append(bracket.asciiValue!)
        needsComma = true
    }

    mutating func key(_ name: String) {
        comma()
        appendString(name)
        out.append(0x3A)
        needsComma = false
    }

    mutating func string(_ value: String) {
        comma()
        appendString(value)
    }

    mutating func raw(_ text: String) { out.append(contentsOf: text.utf8) }

    mutating func quotedRaw(_ text: String) {
        out.append(0x22); out.append(contentsOf: text.utf8); out.append(0x22)
    }

    private mutating func appendString(_ s: String) {
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}

extension JSONText {
    /// A number (or `true`, `false`, `null`) written as given, after a comma when one is due.
    mutating func value(_ text: String) {
        comma()
        raw(text)
    }

    /// A value's bytes copied as they are (an original entity kept by a merge).
    mutating func copied(_ bytes: ArraySlice<UInt8>) {
        comma()
        out.append(contentsOf: bytes)
    }

    /// `key: number`, the number as ``DecimalText`` writes it (0 for `nil`: Beanconqueror's "not entered").
    mutating func number(_ key: String, _ v: Double?) {
        self.key(key); value(v.map(DecimalText.text) ?? "0")
    }

    /// `key: "text"` (`""` for `nil`).
    mutating func text(_ key: String, _ v: String?) {
        self.key(key); string(v ?? "")
    }
}
