/// The 128 bits of a UUID written `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, as two 64-bit words (first half high).
struct UUIDWords: Hashable {
    var high: UInt64
    var low: UInt64

    /// The words of a UUID in its 36-character text form, hex digits in either case; `nil` for any other text.
    /// `lowercase` tells whether any digit was a lower-case `a`–`f` (the text is then not canonical).
    @inline(__always)
    init?(text p: UnsafeBufferPointer<UInt8>, lowercase: inout Bool) {
        guard p.count == 36, let base = p.baseAddress else { return nil }
        // SAFETY: every index below is under 36, the buffer's length.
        guard base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"),
              base[23] == UInt8(ascii: "-") else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, bad: UInt8 = 0, lower: UInt8 = 0
        @inline(__always) func nibble(_ b: UInt8) -> UInt64 {
            let digit = b &- 0x30                   // '0'…'9' → 0…9
            let letter = (b | 0x20) &- 0x61         // 'a'…'f' / 'A'…'F' → 0…5
            let isDigit: UInt8 = digit < 10 ? 1 : 0, isLetter: UInt8 = letter < 6 ? 1 : 0
            bad |= 1 &- (isDigit | isLetter)
            lower |= isLetter & (b >> 5 & 1)        // bit 5 set: lower case
            return UInt64(isDigit == 1 ? digit : letter &+ 10)
        }
        for k in 0..<36 where k != 8 && k != 13 && k != 18 && k != 23 {
            if k < 19 { high = high << 4 | nibble(base[k]) } else { low = low << 4 | nibble(base[k]) }
        }
        guard bad == 0 else { return nil }
        lowercase = lower != 0
        self.high = high
        self.low = low
    }

    /// The canonical text, `UUID.uuidString`'s upper-case form, written to `out[0..<36]`.
    func write(to out: UnsafeMutablePointer<UInt8>) {
        let digits: StaticString = "0123456789ABCDEF"
        let d = digits.utf8Start
        var o = 0
        // SAFETY: `o` stays under 36 (32 digits, 4 dashes); `d` indexes 0…15 of the 16-byte literal.
        for k in 0..<32 {
            if k == 8 || k == 12 || k == 16 || k == 20 { out[o] = UInt8(ascii: "-"); o += 1 }
            let word = k < 16 ? high : low
            let shift = UInt64(60 - (k & 15) * 4)
            out[o] = d[Int(word >> shift & 0xF)]
            o += 1
        }
    }
}

/// The brew ids seen so far. UUIDs (the usual id) are kept as two 64-bit words in an open-addressing table
/// (linear probing, at most 70 % full, the all-zero UUID tracked apart as the empty-slot marker), which hashes
/// and compares faster than strings; any other id is kept as a string.
struct IDSet {
    private var slots: [UUIDWords] = Array(repeating: UUIDWords(high: 0, low: 0), count: 1024)
    private var uuidCount = 0
    private var hasZero = false
    private var others: Set<String> = []

    /// Makes room for `n` UUIDs without growing.
    mutating func reserve(_ n: Int) {
        var capacity = slots.count
        while n * 10 > capacity * 7 { capacity *= 2 }
        if capacity > slots.count { rehash(capacity) }
    }

    /// Adds `id`; `false` when it was already present. An upper-case UUID is the same id as ``insert(uuid:)``'s.
    mutating func insert(_ id: String) -> Bool {
        var id = id
        var lowercase = false
        if let words = id.withUTF8({ UUIDWords(text: $0, lowercase: &lowercase) }), !lowercase {
            return insert(uuid: words)
        }
        return others.insert(id).inserted
    }

    /// Adds a UUID; `false` when it was already present.
    @inline(__always)
    mutating func insert(uuid: UUIDWords) -> Bool {
        if uuid.high == 0 && uuid.low == 0 {
            defer { hasZero = true }
            return !hasZero
        }
        if (uuidCount + 1) * 10 > slots.count * 7 { rehash(slots.count * 2) }
        let inserted = slots.withUnsafeMutableBufferPointer { Self.place(uuid, in: $0) }
        if inserted { uuidCount += 1 }
        return inserted
    }

    @inline(__always)
    private static func place(_ uuid: UUIDWords, in table: UnsafeMutableBufferPointer<UUIDWords>) -> Bool {
        let mask = table.count - 1
        // Fibonacci hashing of both words: ids need not be random (sequential or hand-made UUIDs).
        let mixed = (uuid.high ^ (uuid.low &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        var s = Int(truncatingIfNeeded: mixed >> 32) & mask
        while true {
            // SAFETY: `s` is masked into `0..<table.count` (a power of two).
            let e = table[s]
            if e.high == 0 && e.low == 0 { table[s] = uuid; return true }
            if e == uuid { return false }
            s = (s + 1) & mask
        }
    }

    private mutating func rehash(_ capacity: Int) {
        var table = Array(repeating: UUIDWords(high: 0, low: 0), count: capacity)
        table.withUnsafeMutableBufferPointer { t in
            for e in slots where e.high != 0 || e.low != 0 { _ = Self.place(e, in: t) }
        }
        slots = table
    }
}
