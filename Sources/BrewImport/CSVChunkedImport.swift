import BrewColumns
import Dispatch

/// Reads a large CSV file's records on all cores: split at record boundaries (``CSVChunkPlan``), each chunk read
/// into a session and builder of its own (``ImportSession/chunk(of:expectedBrews:)``), then merged in file order.
///
/// The result is the one-pass read's, to the byte:
/// - **Lines.** Each chunk's reader starts on the physical line the plan counted, so rejects and warnings name the
///   same lines. A chunk's reader must end exactly where the next chunk starts, on the line it starts on; when one
///   does not (a quote inside an unquoted field broke the quote parity), the chunks are dropped and the file is read
///   in one pass.
/// - **Entities.** Each chunk interns methods, grinders and beans by the same keys as the one-pass reader; merged in
///   chunk order, an entity new to the journal is added with the attributes of its first record in its chunk, which
///   is its first record in the file, and its creation's warnings are kept; one an earlier chunk created maps to
///   that one and its creation's warnings are dropped (the one-pass reader would not have created it again).
/// - **Warnings** merge in the order they were given, chunk by chunk (``ImportSession/absorb(_:keepingEntity:)``).
/// - **Ids.** The chunks only list their ids; a repeat anywhere (within or across chunks) makes the session's
///   ``ImportSession/idsRepeated`` `true`, and its caller reads the file again in one pass with an exact id check,
///   as after an optimistic one-pass read. Nothing is merged then.
enum CSVChunkedImport {
    /// Reads the records of `bytes[start...]` (a record boundary on physical line `line`, after the header) into
    /// `session` in chunks, when `chunking` and the file's size call for it. Returns the last record's line and
    /// field count (0, 0 when there is none) and the number of chunks when it read the records, `nil` when they are
    /// still to be read in one pass (a small file, one core, or a chunk that did not end on its boundary). `releasing`:
    /// give the pages of the mapping back as they are read (``MappedFile/releasePages(in:of:)``).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, layout: CSVLayout,
                     into session: inout ImportSession, chunking: CSVChunking,
                     releasing: Bool) -> (last: (line: Int, fields: Int), chunks: Int)? {
        let span = bytes.count - start
        guard span >= chunking.minimumBytes, span > 0 else { return nil }
        let workers = chunking.workers
        guard workers > 1 else { return nil }
        let chunkBytes = chunking.chunkBytes ?? (span + workers - 1) / workers
        let plan = CSVChunkPlan(bytes, from: start, line: line, chunkBytes: max(1, chunkBytes))
        let count = plan.starts.count
        guard count > 1 else { return nil }
        let ends = Array(plan.starts.dropFirst()) + [bytes.count]

        // The sessions are made here, each chunk's builder reserved for its estimated records (the first for the
        // whole file's: the others are appended to it).
        var expected = (0..<count).map { k in
            CSVImporter.estimatedRecords(UnsafeBufferPointer(rebasing: bytes[plan.starts[k]..<ends[k]]))
        }
        expected[0] = expected.reduce(0, +)
        let chunks = SlotArray<ChunkRead?>(count: count, initial: nil)
        for k in 0..<count {
            chunks[k] = ChunkRead(session: .chunk(of: session, expectedBrews: expected[k]), layout: layout)
        }
        let whole = UnsafeBytes(bytes)
        DispatchQueue.concurrentPerform(iterations: count) { k in
            chunks.withSlot(k) { chunk in
                chunk!.read(
                    whole.bytes, from: plan.starts[k], line: plan.lines[k], limit: ends[k], releasing: releasing)
            }
        }
        // Moved out of the slots, so each builder has one owner and its columns are freed as they are merged.
        var reads = (0..<count).map { k in chunks.withSlot(k) { slot in defer { slot = nil }; return slot! } }
        for k in 0..<count - 1 where reads[k].end != plan.starts[k + 1] || reads[k].endLine != plan.lines[k + 1] {
            return nil
        }
        let ids = reads.indices.map { reads[$0].session.takeIDs() }
        if IDSet.repeatAcross(ids, workers: workers) {
            session.noteRepeatedIDs()
            return ((0, 0), count)
        }
        var merged = ChunkMerge()
        var last = (line: 0, fields: 0)
        for k in reads.indices {
            merged.absorb(&reads[k], into: &session)
            if reads[k].last.line > 0 { last = reads[k].last }
        }
        return (last, count)
    }
}

/// One chunk's read: its session, its interned entities, and where its reader ended.
private struct ChunkRead {
    var session: ImportSession
    var rows: RowReader
    let delimiter: UInt8
    /// The reader's position and line when it stopped.
    var end = 0
    var endLine = 0
    /// The last record's line and field count (0, 0: none).
    var last = (line: 0, fields: 0)

    init(session: ImportSession, layout: CSVLayout) {
        self.session = session
        self.rows = RowReader(layout)
        self.delimiter = layout.delimiter
    }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, limit: Int, releasing: Bool) {
        var reader = CSVReader(bytes: bytes, delimiter: delimiter, start: start, line: line, limit: limit)
        var released = start
        last = CSVImporter.readRecords(&reader, &rows, into: &session) { position in
            if releasing, position - released >= 8 << 20 {
                MappedFile.releasePages(in: released..<position, of: bytes)
                released = position
            }
        }
        end = reader.position
        endLine = reader.line
    }
}

/// The entities of the chunks merged so far, by the keys the chunks interned them under.
private struct ChunkMerge {
    var methods = ByteInterner()
    var grinders = ByteInterner()
    var beans = ByteInterner()

    /// Merges `chunk`, the next chunk in file order, into `session`, and empties it.
    mutating func absorb(_ chunk: inout ChunkRead, into session: inout ImportSession) {
        var builder = chunk.session.builder
        chunk.session.builder = JournalBuilder(columns: builder.columns)
        let first = session.builder.brewCount == 0 && session.builder.methods.isEmpty
            && session.builder.grinders.isEmpty && session.builder.beans.isEmpty
        if first {
            // The first chunk: every entity is new, numbered as the chunk numbered it, and the chunk's builder
            // becomes the session's (no copy).
            func all(_ local: ByteInterner, _ global: inout ByteInterner) {
                local.forEach { key, value in global.insert(key, value: value) }
            }
            all(chunk.rows.methods, &methods)
            all(chunk.rows.grinders, &grinders)
            all(chunk.rows.beans, &beans)
            session.absorb(chunk.session) { _ in true }
            session.builder = builder
            return
        }
        // Each local entity: its index in `session`'s builder, and whether it is new there.
        func map<E>(_ local: ByteInterner, _ global: inout ByteInterner, _ entities: [E],
                    add: (E) -> Int32) -> (map: [Int32], new: [Bool]) {
            var map = [Int32](repeating: 0, count: entities.count),
                new = [Bool](repeating: false, count: entities.count)
            local.forEach { key, value in
                let i = Int(value)
                if let found = global.value(for: key) {
                    map[i] = found
                } else {
                    map[i] = add(entities[i])
                    new[i] = true
                    global.insert(key, value: map[i])
                }
            }
            return (map, new)
        }
        let methods = map(chunk.rows.methods, &self.methods, builder.methods) { session.builder.addMethod($0) }
        let grinders = map(chunk.rows.grinders, &self.grinders, builder.grinders) { session.builder.addGrinder($0) }
        let beans = map(chunk.rows.beans, &self.beans, builder.beans) { session.builder.addBean($0) }
        session.absorb(chunk.session) { entity in
            switch entity {
            case .method(let i): methods.new[i]
            case .grinder(let i): grinders.new[i]
            case .bean(let i): beans.new[i]
            }
        }
        session.builder.append(contentsOf: &builder, methods: methods.map, grinders: grinders.map, beans: beans.map)
    }
}
