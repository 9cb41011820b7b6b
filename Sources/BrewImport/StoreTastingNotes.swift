import BrewColumns

/// A store's tasting notes, keyed by their brew's `Z_PK`: read before the brews, joined into them as they are read.
///
/// One note per brew: a note without a brew (`ZBREW` null) and a second note for a brew already seen are skipped with a
/// warning, in the notes' table order (the first note of a brew is the one kept). Scores are kept as numbers with a
/// presence flag; flavour tags as UTF-8 bytes in one arena, so joining a note into its brew makes no `String`. Tags
/// that were not UTF-8 are stored repaired (U+FFFD for each ill-formed sequence) and were warned about when read.
///
/// Memory: about 40 bytes per note, plus its tags, plus 4 bytes per brew `Z_PK` up to the largest one a note names
/// (``PKMap``).
struct StoreTastingNotes {
    /// One note's scores (0 where absent), where its tags end in the arena, and what it holds.
    private struct Note {
        var acidity = 0.0, body = 0.0, sweetness = 0.0
        var tagEnd = 0
        var flags: UInt8 = 0
    }

    /// What a note holds, as bits of ``Note/flags``.
    private enum Flag {
        static let acidity: UInt8 = 1, body: UInt8 = 2, sweetness: UInt8 = 4, tags: UInt8 = 8
    }

    private var byBrew = PKMap()
    private var notes: [Note] = []
    /// Note `k`'s tags are `tagBytes[notes[k - 1].tagEnd ..< notes[k].tagEnd]` (from 0 for the first note).
    private let tagBytes = ByteArena()
    /// Whether note `k` was joined into a brew (or its brew was rejected): a note never used is dangling.
    private var used: [Bool] = []

    /// The number of notes kept (at most one per brew).
    var count: Int { notes.count }
    var isEmpty: Bool { notes.isEmpty }

    /// No notes: for an import that does not read them (``BrewColumnSet/tastingNote`` left out).
    init() {}

    /// Reads the notes' table, if the store has one, warning about notes that cannot be joined. `expectedBrews`
    /// (an estimate of the largest brew `Z_PK`) sizes the map from brews to notes, the table's row count the notes.
    init(reader: inout StoreReader, expectedBrews: Int) throws {
        let t = reader.table("TastingNote")
        guard let (sql, ix) = try reader.select(t, ["Z_PK", "ZBREW", "ZACIDITY", "ZBODY", "ZSWEETNESS", "ZFLAVORTAGS"]),
              let brewIndex = ix["ZBREW"] else { return }
        let iAcidity = ix["ZACIDITY"], iBody = ix["ZBODY"], iSweetness = ix["ZSWEETNESS"], iTags = ix["ZFLAVORTAGS"]
        byBrew.reserve(keysBelow: expectedBrews + 1)
        notes.reserveCapacity(reader.rowCount(t))
        let row = try StoreRows(reader.db, sql: sql)
        while try row.next() {
            guard let brew = row.int64(brewIndex) else {
                reader.session.warn(.danglingReference, column: "ZTASTINGNOTE.ZBREW",
                                    at: .storeRow(table: t, pk: row.int64(0) ?? 0),
                                    "tasting note without a brew; ignored")
                continue
            }
            guard byBrew[brew] == nil else {
                reader.session.warn(.note, column: "ZTASTINGNOTE.ZBREW", at: .storeRow(table: t, pk: row.int64(0) ?? 0),
                                    "a second tasting note for one brew; the first is used")
                continue
            }
            byBrew[brew] = Int32(notes.count)
            var note = Note()
            if let v = row.double(iAcidity) { note.acidity = v; note.flags |= Flag.acidity }
            if let v = row.double(iBody) { note.body = v; note.flags |= Flag.body }
            if let v = row.double(iSweetness) { note.sweetness = v; note.flags |= Flag.sweetness }
            switch row.cell(iTags) {
            case .null: break
            case .text(let p) where UTF8Bytes.isValid(p):
                tagBytes.append(p)
                note.flags |= Flag.tags
            default:
                // A number's digits, or text repaired (and warned about).
                if var tags = StoreCells(row: row, index: ix, table: t).string(iTags, "ZFLAVORTAGS", &reader.session) {
                    tags.withUTF8 { tagBytes.append($0) }
                    note.flags |= Flag.tags
                }
            }
            note.tagEnd = tagBytes.count
            notes.append(note)
        }
        used = [Bool](repeating: false, count: notes.count)
    }

    /// Joins the note of the brew `pk`, if there is one, into `brew` and `text`, and marks it used (whatever then
    /// becomes of the brew). `text.flavorTags` borrows the notes' arena: valid while these notes live.
    mutating func join(brew pk: Int64, into brew: inout BrewRow, _ text: inout BrewRowText) -> Int? {
        guard let found = byBrew[pk] else { return nil }
        let k = Int(found)
        let note = notes[k]
        if note.flags & Flag.acidity != 0 { brew.acidity = note.acidity }
        if note.flags & Flag.body != 0 { brew.body = note.body }
        if note.flags & Flag.sweetness != 0 { brew.sweetness = note.sweetness }
        if note.flags & Flag.tags != 0 {
            text.flavorTags = tagBytes.bytes((k == 0 ? 0 : notes[k - 1].tagEnd) ..< note.tagEnd)
        }
        used[k] = true
        return k
    }

    /// Marks the note of the brew `pk` used without joining it: its brew exists but was rejected before the join.
    mutating func markUsed(brew pk: Int64) {
        if let found = byBrew[pk] { used[Int(found)] = true }
    }

    /// The number of notes no brew joined: notes whose `ZBREW` names no brew of the store.
    var unused: Int { used.lazy.filter { !$0 }.count }
}

/// Bytes appended end to end in memory this arena owns (one owner; `deinit` frees).
///
/// A buffer handed out by ``bytes(_:)`` stays valid until the next ``append(_:)`` (which may move the storage) or
/// until the arena is freed.
final class ByteArena {
    private var base: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    private(set) var count = 0

    deinit { base?.deallocate() }

    /// Appends `p`'s bytes.
    func append(_ p: UnsafeBufferPointer<UInt8>) {
        guard let source = p.baseAddress, p.count > 0 else { return }
        if count + p.count > capacity {
            let bigger = max(count + p.count, capacity * 2, 4096)
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
            // SAFETY: the new storage holds `bigger ≥ count` bytes; the old one `count` initialised bytes.
            if let old = base { storage.initialize(from: old, count: count); old.deallocate() }
            base = storage
            capacity = bigger
        }
        // SAFETY: `count + p.count <= capacity` after the growth above.
        (base! + count).initialize(from: source, count: p.count)
        count += p.count
    }

    /// The bytes in `range` (which must lie in `0..<count`).
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ByteArena: range out of bounds")
        // SAFETY: checked above to lie in the initialised bytes; valid until the next append or `deinit`.
        return UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
    }
}
