#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A key an ``IDTable`` holds: fixed width, whose all-zero value marks an empty slot (and is never inserted).
protocol IDTableKey: Equatable {
    /// Whether this is the all-zero value.
    var isZero: Bool { get }
    /// A 64-bit hash whose high bits are well mixed (they choose the slot).
    var hash: UInt64 { get }
}

extension UUIDWords: IDTableKey {
    var isZero: Bool { high == 0 && low == 0 }
    /// Both words mixed: ids need not be random (sequential or hand-made UUIDs).
    var hash: UInt64 { (high ^ (low &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9 }
}

/// 64 bits standing for a UUID in an ``IDSet/Check/optimistic`` set: a strong mix of both words (never 0). Two
/// different UUIDs share a fingerprint with probability 2⁻⁶⁴ — a million ids, about 3 × 10⁻⁸ that any two do — and
/// an optimistic set that sees a shared one only makes the import check again exactly, so it never changes a result.
struct UUIDFingerprint: IDTableKey {
    let value: UInt64

    init(_ uuid: UUIDWords) {
        // MurmurHash3's 64-bit finaliser over each word, the first folded into the second.
        @inline(__always) func mix(_ x: UInt64) -> UInt64 {
            var z = x
            z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
            z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
            return z ^ (z >> 33)
        }
        let v = mix(uuid.low ^ mix(uuid.high))
        value = v == 0 ? 1 : v
    }

    /// The fingerprint whose value is `value` (one ``value`` gave).
    init(value: UInt64) { self.value = value }

    var isZero: Bool { value == 0 }
    var hash: UInt64 { value }
}

/// The table behind ``IDSet``: open addressing with linear probing over one anonymous mapping (zero-filled by the
/// system: all slots empty; a table under ``mappedBytes`` is zero-filled heap memory instead, which spares every
/// small import's sessions a map and an unmap), kept at most 80 % full, plus a small stage of keys inserted a batch at
/// a time (``stage(_:)``; a staged key found already present sets ``repeated``). A class so the memory is freed exactly
/// once; ``IDSet`` never shares it.
///
/// Large tables (a million UUIDs: 20 MB; fingerprints: 10 MB) ask for huge pages: a probe then costs one cache miss
/// instead of a cache miss and a page walk.
final class IDTable<Key: IDTableKey> {
    let capacity: Int
    /// The keys in the slots (staged ones not included).
    private(set) var count = 0
    /// Whether a flushed key was already in the table (or staged twice); carried over when the set grows.
    var repeated = false
    private let slots: UnsafeMutablePointer<Key>
    private let byteCount: Int
    /// Staged keys: `staged[0..<stagedCount]`.
    private let staged = UnsafeMutablePointer<Key>.allocate(capacity: IDTable.batch)
    private var stagedCount = 0
    /// Where ``flush()`` counts the empty slots it reads ahead, so that the reads are not optimised away.
    private var warmed = 0

    /// How many keys are staged before they are inserted together.
    static var batch: Int { 256 }

    /// The most keys the table takes (80 % of its slots).
    var maximumCount: Int { capacity * 4 / 5 }
    /// The keys held: in the slots and staged.
    var total: Int { count + stagedCount }

    init(capacity: Int) {
        precondition(capacity > 0, "IDTable: capacity must be positive")
        self.capacity = capacity
        byteCount = capacity * MemoryLayout<Key>.stride
        if byteCount < Self.mappedBytes {
            guard let address = calloc(byteCount, 1) else { fatalError("IDTable: cannot allocate \(byteCount) bytes") }
            // SAFETY: `byteCount` zeroed bytes, malloc-aligned (enough for `Key`): `capacity` empty slots.
            slots = address.bindMemory(to: Key.self, capacity: capacity)
            return
        }
        guard let address = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              address != MAP_FAILED else {
            fatalError("IDTable: cannot map \(byteCount) bytes")
        }
        #if os(Linux)
        if byteCount >= 4 << 20 { _ = madvise(address, byteCount, MADV_HUGEPAGE) }
        #endif
        // SAFETY: a fresh mapping of `byteCount` bytes, zero-filled: `capacity` all-zero keys, i.e. empty slots
        // (`Key` is a plain value whose all-zero bits are its zero value).
        slots = address.bindMemory(to: Key.self, capacity: capacity)
    }

    deinit {
        if byteCount < Self.mappedBytes { free(slots) } else { munmap(UnsafeMutableRawPointer(slots), byteCount) }
        staged.deallocate()
    }

    /// Tables of at least this many bytes get their own mapping; smaller ones come from the heap.
    static var mappedBytes: Int { 64 << 10 }

    /// The first slot `key` probes: its hash scaled to the capacity.
    @inline(__always)
    private func start(_ key: Key) -> Int {
        Int(truncatingIfNeeded: key.hash.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// Adds a non-zero key; `false` when it was already present. Flushes the stage first. The caller keeps ``total``
    /// under ``maximumCount``.
    @inline(__always)
    func insert(_ key: Key) -> Bool {
        if stagedCount > 0 { flush() }
        return place(key)
    }

    /// Puts a non-zero key in its slot; `false` when it was already there.
    @inline(__always)
    private func place(_ key: Key) -> Bool {
        var s = start(key)
        while true {
            // SAFETY: `s` stays in `0..<capacity`, the mapping's slot count (it wraps to 0 at the end); the table is
            // under 100 % full, so the probe meets an empty slot.
            let e = slots[s]
            if e.isZero { slots[s] = key; count += 1; return true }
            if e == key { return false }
            s += 1
            if s == capacity { s = 0 }
        }
    }

    /// Stages a non-zero key, to be inserted with the next batch. The caller keeps ``total`` under ``maximumCount``.
    @inline(__always)
    func stage(_ key: Key) {
        // SAFETY: `stagedCount < batch`: the stage is flushed as soon as it is full.
        staged[stagedCount] = key
        stagedCount += 1
        if stagedCount == Self.batch { flush() }
    }

    /// Inserts the staged keys, in order; one already present sets ``repeated``. First reads each one's starting
    /// slot, in a loop whose reads do not depend on one another, so the processor overlaps their cache misses; the
    /// inserts then find the slots in cache.
    func flush() {
        guard stagedCount > 0 else { return }
        let keys = UnsafeBufferPointer(start: staged, count: stagedCount)
        var empty = 0
        // SAFETY: `start` is in `0..<capacity`.
        for key in keys where slots[start(key)].isZero { empty += 1 }
        warmed &+= empty
        for key in keys where !place(key) { repeated = true }
        stagedCount = 0
    }

    /// Calls `body` with every key held, staged ones included.
    func forEach(_ body: (Key) -> Void) {
        for k in 0..<capacity {
            // SAFETY: `k < capacity`.
            let e = slots[k]
            if !e.isZero { body(e) }
        }
        for k in 0..<stagedCount { body(staged[k]) }
    }
}
