#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The 128 bits of a UUID written `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, as two 64-bit words (first half high).
struct UUIDWords: Hashable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The words of a UUID in its 36-character text form, hex digits in either case; `nil` for any other text.
    /// `lowercase` tells whether any digit was a lower-case `a`–`f` (the text is then not canonical).
    ///
    /// Eight hex digits are checked and converted at a time (``hex8(_:bad:lower:)``).
    @inline(__always)
    init?(text p: UnsafeBufferPointer<UInt8>, lowercase: inout Bool) {
        guard p.count == 36, let base = p.baseAddress else { return nil }
        // SAFETY: every byte read below is under index 36, the buffer's length.
        guard base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"),
              base[23] == UInt8(ascii: "-") else { return nil }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func load64(_ k: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) }
        @inline(__always) func load32(_ k: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt32.self)))
        }
        var bad: UInt64 = 0, lower: UInt64 = 0
        let a = Self.hex8(load64(0), bad: &bad, lower: &lower)
        let b = Self.hex8(load32(9) | load32(14) << 32, bad: &bad, lower: &lower)
        let c = Self.hex8(load32(19) | load32(24) << 32, bad: &bad, lower: &lower)
        let d = Self.hex8(load64(28), bad: &bad, lower: &lower)
        guard bad == 0 else { return nil }
        lowercase = lower != 0
        self.high = a << 32 | b
        self.low = c << 32 | d
    }

    /// The value of eight ASCII hex digits packed in a word (first digit in the lowest byte, the most
    /// significant nibble of the result). Sets bits of `bad` when a byte is not a hex digit and of `lower` when
    /// one is a lower-case letter.
    @inline(__always)
    static func hex8(_ v: UInt64, bad: inout UInt64, lower: inout UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Per byte, for bytes below 0x80 (no carries between bytes): bit 7 set when the byte is ≥ lo / > hi.
        @inline(__always) func atLeast(_ x: UInt64, _ lo: UInt8) -> UInt64 { (x &+ ones &* UInt64(0x80 - lo)) & highs }
        @inline(__always) func above(_ x: UInt64, _ hi: UInt8) -> UInt64 { (x &+ ones &* UInt64(0x7F - hi)) & highs }
        let folded = v | 0x2020_2020_2020_2020
        let digit = atLeast(v, 0x30) & ~above(v, 0x39)
        let letter = atLeast(folded, 0x61) & ~above(folded, 0x66)
        bad |= (v & highs) | ((digit | letter) ^ highs)
        lower |= (letter >> 2) & v & 0x2020_2020_2020_2020
        // '0'…'9' → low nibble; 'A'…'F'/'a'…'f' → low nibble (1…6) + 9.
        var x = (v & 0x0F0F_0F0F_0F0F_0F0F) &+ (letter >> 7) &* 9
        x = ((x << 4) | (x >> 8)) & 0x00FF_00FF_00FF_00FF
        x = ((x << 8) | (x >> 16)) & 0x0000_FFFF_0000_FFFF
        return ((x << 16) | (x >> 32)) & 0xFFFF_FFFF
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
///
/// The table is the import's one large randomly accessed structure (32 MB for a million ids), so it lives in
/// its own anonymous mapping that asks for huge pages: a probe then costs one cache miss instead of a cache
/// miss and a page walk.
struct IDSet {
    private var table = UUIDTable(capacity: 1024)
    private var hasZero = false
    private var others: Set<String> = []

    /// Makes room for `n` UUIDs without growing.
    mutating func reserve(_ n: Int) {
        var capacity = table.capacity
        while n * 10 > capacity * 7 { capacity *= 2 }
        if capacity > table.capacity { table = table.rehashed(capacity: capacity) }
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
        if (table.count + 1) * 10 > table.capacity * 7 { table = table.rehashed(capacity: table.capacity * 2) }
        return table.insert(uuid)
    }
}

/// The open-addressing table behind ``IDSet``: one owner of one anonymous mapping (zero-filled by the system;
/// the zero UUID marks an empty slot). A class so the mapping is unmapped exactly once; ``IDSet`` never shares it.
final class UUIDTable {
    let capacity: Int
    private(set) var count = 0
    private let slots: UnsafeMutablePointer<UUIDWords>
    private let byteCount: Int

    /// - Precondition: `capacity` is a power of two.
    init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "UUIDTable: capacity must be a power of two")
        self.capacity = capacity
        byteCount = capacity * MemoryLayout<UUIDWords>.stride
        guard let address = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              address != MAP_FAILED else {
            fatalError("UUIDTable: cannot map \(byteCount) bytes")
        }
        #if os(Linux)
        if byteCount >= 4 << 20 { _ = madvise(address, byteCount, MADV_HUGEPAGE) }
        #endif
        // SAFETY: a fresh mapping of `byteCount` bytes, zero-filled, i.e. `capacity` all-zero (empty) slots.
        slots = address.bindMemory(to: UUIDWords.self, capacity: capacity)
    }

    deinit { munmap(UnsafeMutableRawPointer(slots), byteCount) }

    /// Adds a non-zero UUID; `false` when it was already present. The caller keeps the table under 100 % full.
    @inline(__always)
    func insert(_ uuid: UUIDWords) -> Bool {
        let mask = capacity - 1
        // Fibonacci hashing of both words: ids need not be random (sequential or hand-made UUIDs).
        let mixed = (uuid.high ^ (uuid.low &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        var s = Int(truncatingIfNeeded: mixed >> 32) & mask
        while true {
            // SAFETY: `s` is masked into `0..<capacity`, the mapping's slot count.
            let e = slots[s]
            if e.high == 0 && e.low == 0 { slots[s] = uuid; count += 1; return true }
            if e == uuid { return false }
            s = (s + 1) & mask
        }
    }

    /// A table of `capacity` slots holding this one's UUIDs.
    func rehashed(capacity: Int) -> UUIDTable {
        let bigger = UUIDTable(capacity: capacity)
        for k in 0..<self.capacity {
            // SAFETY: `k < self.capacity`.
            let e = slots[k]
            if e.high != 0 || e.low != 0 { _ = bigger.insert(e) }
        }
        return bigger
    }
}
