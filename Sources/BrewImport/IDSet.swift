import Dispatch

/// The brew ids seen so far. UUIDs (the usual id) are kept as two 64-bit words in an ``IDTable``, which hashes and
/// compares faster than strings; any other id is kept as a string. The all-zero UUID is tracked apart (it marks the
/// table's empty slots).
///
/// **Checking later.** A million random UUIDs make a table of tens of megabytes, and asking it about each id as the
/// id arrives is a cache miss the import waits for, once per brew (10–15 % of the CSV and store imports). Importers
/// that can read their input twice therefore make the set ``Check/optimistic``: ``insert(uuid:)`` answers "new" at
/// once and stages the UUID's 64-bit fingerprint (``UUIDFingerprint``: half the memory of the UUID); staged
/// fingerprints go into the table a batch at a time, whose cache misses the processor overlaps, and one found there
/// already is remembered (``repeated``). An import that ends with ``repeated`` `false` got exactly the answers an
/// exact set gives (no two of its UUIDs even share a fingerprint); one that ends with it `true` (a journal with a
/// repeated id, or once in 3 × 10⁷ imports of a million ids, two that share a fingerprint) is read again with an
/// ``Check/exact`` set, which answers each insert from a table of whole UUIDs. Ids that are not UUIDs, and the zero
/// UUID, are always answered exactly.
///
/// The set owns its table; it is never copied (it lives in one ``ImportSession``).
struct IDSet {
    /// When a repeated UUID is detected.
    enum Check {
        /// Each ``IDSet/insert(uuid:)`` answers whether the UUID was present.
        case exact
        /// ``IDSet/insert(uuid:)`` answers `true`; a repeat only sets ``IDSet/repeated`` (see the type's discussion).
        case optimistic
        /// ``IDSet/insert(uuid:)`` answers `true` and only lists the UUID's fingerprint (``deferredFingerprints``):
        /// the set of one chunk of a file read in parallel, whose repeats, within the chunk or across chunks, are
        /// looked for once every chunk is read (``CSVChunkedImport``). Never ``repeated``.
        case deferred
    }

    let check: Check
    /// The UUIDs of an exact set.
    private var uuids = IDTable<UUIDWords>(capacity: 64)
    /// The UUIDs' fingerprints of an optimistic set.
    private var fingerprints = IDTable<UUIDFingerprint>(capacity: 64)
    /// Whether the all-zero UUID was inserted.
    private(set) var hasZero = false
    /// The ids that are not upper-case UUIDs.
    private(set) var others: Set<String> = []
    /// The fingerprints of the UUIDs a ``Check/deferred`` set was given, in order (repeats included).
    private(set) var deferredFingerprints: [UInt64] = []

    init(check: Check = .exact) { self.check = check }

    /// Whether an optimistic set was given a UUID whose fingerprint it already held (staged ones are checked
    /// first). Always `false` for an exact set, which answers repeats instead.
    var repeated: Bool {
        mutating get {
            fingerprints.flush()
            return fingerprints.repeated
        }
    }

    /// Makes room for `n` UUIDs (at most 1,048,576) without growing.
    ///
    /// `n` is an estimate, and a table much larger than the ids it gets is still touched all over by them (its
    /// inserts land at random), so a wrong estimate must not cost much memory: past the cap the table grows as the ids
    /// arrive, when it is full enough that all of it is in use anyway.
    mutating func reserve(_ n: Int) {
        let n = min(n, 1 << 20)
        switch check {
        case .exact: if n > uuids.maximumCount { uuids = Self.grown(uuids, to: n) }
        case .optimistic: if n > fingerprints.maximumCount { fingerprints = Self.grown(fingerprints, to: n) }
        case .deferred: deferredFingerprints.reserveCapacity(n)
        }
    }

    /// Makes ``repeated`` `true` (an optimistic set whose repeats were found elsewhere, see
    /// ``repeatAcross(_:workers:)``).
    mutating func noteRepeated() { fingerprints.repeated = true }

    /// Adds `id`; `false` when it was already present. An upper-case UUID is the same id as ``insert(uuid:)``'s.
    mutating func insert(_ id: String) -> Bool {
        var id = id
        var lowercase = false
        if let words = id.withUTF8({ UUIDWords(text: $0, lowercase: &lowercase) }), !lowercase {
            return insert(uuid: words)
        }
        return others.insert(id).inserted
    }

    /// Adds a UUID; `false` when it was already present (an optimistic set: always `true`, see ``repeated``).
    @inline(__always)
    mutating func insert(uuid: UUIDWords) -> Bool {
        if uuid.isZero {
            defer { hasZero = true }
            return !hasZero
        }
        switch check {
        case .exact:
            if uuids.total == uuids.maximumCount { uuids = Self.grown(uuids, to: uuids.total + 1) }
            return uuids.insert(uuid)
        case .optimistic:
            if fingerprints.total == fingerprints.maximumCount {
                fingerprints = Self.grown(fingerprints, to: fingerprints.total + 1)
            }
            fingerprints.stage(UUIDFingerprint(uuid))
            return true
        case .deferred:
            deferredFingerprints.append(UUIDFingerprint(uuid).value)
            return true
        }
    }

    /// A table holding `table`'s keys, sized for at least `n` (twice the current size at least).
    private static func grown<Key>(_ table: IDTable<Key>, to n: Int) -> IDTable<Key> {
        let target = max(n, 2 * table.maximumCount)
        let bigger = IDTable<Key>(capacity: target + target / 4 + 1)
        table.forEach { bigger.stage($0) }
        bigger.flush()
        bigger.repeated = bigger.repeated || table.repeated
        return bigger
    }
}

extension IDSet {
    /// Whether the ids given to `sets`, the ``Check/deferred`` sets of the chunks of one file, hold a repeat that an
    /// ``Check/optimistic`` set given all of them in turn would report (``repeated``) or answer (a repeated id
    /// that is not a UUID, or the zero UUID twice). Fingerprints are checked on `workers` threads, each taking the
    /// ones whose low six bits name it (a table places a key by its top bits, so the share must not be chosen by
    /// them), so each thread's table holds about a `1/workers` share.
    static func repeatAcross(_ sets: [IDSet], workers: Int) -> Bool {
        if sets.lazy.filter(\.hasZero).count > 1 { return true }
        var others = Set<String>()
        for set in sets {
            for id in set.others where !others.insert(id).inserted { return true }
        }
        let lists = sets.map(\.deferredFingerprints)
        let total = lists.reduce(0) { $0 + $1.count }
        guard total > 1 else { return false }
        let parts = max(1, min(workers, 64))
        // The share of a fingerprint: its low six bits, looked up (a remainder per fingerprint would divide).
        let shareOf = (0..<64).map { $0 % parts }
        let found = RepeatFlags(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let share = total / parts + total / (parts * 8) + 64
            var table = IDTable<UUIDFingerprint>(capacity: share + share / 4 + 1)
            for list in lists {
                for value in list where shareOf[Int(truncatingIfNeeded: value & 63)] == part {
                    if table.total == table.maximumCount {
                        let bigger = IDTable<UUIDFingerprint>(capacity: 2 * table.capacity)
                        table.forEach { bigger.stage($0) }
                        bigger.flush()
                        bigger.repeated = bigger.repeated || table.repeated
                        table = bigger
                    }
                    table.stage(UUIDFingerprint(value: value))
                }
            }
            table.flush()
            found.set(part, table.repeated)
        }
        return found.any
    }
}

/// One flag per worker of ``IDSet/repeatAcross(_:workers:)``.
private final class RepeatFlags: @unchecked Sendable {
    // SAFETY of @unchecked Sendable: worker `k` writes only flag `k`, and the flags are read after
    // `concurrentPerform` returns, which orders every write before the reads.
    private let flags: UnsafeMutableBufferPointer<Bool>
    init(count: Int) { flags = .allocate(capacity: count); flags.initialize(repeating: false) }
    deinit { flags.deallocate() }
    func set(_ k: Int, _ value: Bool) { flags[k] = value }
    var any: Bool { flags.contains(true) }
}
