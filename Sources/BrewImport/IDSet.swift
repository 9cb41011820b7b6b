/// The brew ids seen so far. Canonical UUIDs (the usual id) are kept as two 64-bit words, which hash and compare
/// faster than strings; any other id is kept as a string.
struct IDSet {
    private struct Words: Hashable { let high: UInt64, low: UInt64 }
    private var uuids: Set<Words> = []
    private var others: Set<String> = []

    mutating func reserve(_ n: Int) { uuids.reserveCapacity(n) }

    /// Adds `id`; `false` when it was already present.
    mutating func insert(_ id: String) -> Bool {
        var id = id
        if let words = id.withUTF8({ Self.words($0) }) { return uuids.insert(words).inserted }
        return others.insert(id).inserted
    }

    /// The 128 bits of an upper-case `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, or `nil` for any other text.
    private static func words(_ p: UnsafeBufferPointer<UInt8>) -> Words? {
        guard p.count == 36 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, nibbles = 0
        for i in 0..<36 {
            let b = p[i]
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == UInt8(ascii: "-") else { return nil }
                continue
            }
            let v: UInt64
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt64(b &- 0x30)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = UInt64(b &- 0x37)
            default: return nil
            }
            if nibbles < 16 { high = high << 4 | v } else { low = low << 4 | v }
            nibbles += 1
        }
        return Words(high: high, low: low)
    }
}
