import BrewColumns

/// Where each brew column sits in the brew table's `SELECT` (`nil`: the table lacks it), resolved once.
struct StoreBrewColumns {
    let id, date, method, grinder, bean, dose, water, yield, time, temperature, grind: Int?
    let profile, rating, tds, notes, created, updated: Int?

    /// The columns the brew `SELECT` lists when every group is read; `Z_PK` first (``StoreRows`` reads it at 0).
    static let wanted = ["Z_PK", "ZID", "ZBREWDATE", "ZMETHOD", "ZGRINDER", "ZBEAN", "ZDOSEGRAMS", "ZWATERGRAMS",
                         "ZYIELDGRAMS", "ZBREWTIMESECONDS", "ZWATERTEMPERATURE", "ZGRINDSETTING", "ZPRESSUREPROFILE",
                         "ZRATING", "ZTDS", "ZNOTES", "ZCREATEDAT", "ZUPDATEDAT"]

    /// The group of each optional brew column; `Z_PK`, `ZID`, `ZBREWDATE` and `ZMETHOD` are always selected.
    static let groups: [String: BrewColumnSet] = [
        "ZGRINDER": .grinder, "ZBEAN": .bean,
        "ZDOSEGRAMS": .masses, "ZWATERGRAMS": .masses, "ZYIELDGRAMS": .masses, "ZBREWTIMESECONDS": .brewTime,
        "ZWATERTEMPERATURE": .waterTemperature, "ZGRINDSETTING": .grindSetting, "ZPRESSUREPROFILE": .freeText,
        "ZRATING": .rating, "ZTDS": .tds, "ZNOTES": .freeText,
    ]

    /// The record's own dates: the table does not hold them, they are read only so that unusable values are warned
    /// about — so only when every group is read (a full import, or one that validates every column). A projection
    /// skips them like any column it does not read.
    static let recordDates: Set<String> = ["ZCREATEDAT", "ZUPDATEDAT"]

    /// The columns to select for the groups `reads`: a column left out reads as one the table lacks (`nil` index,
    /// a null cell), so nothing else changes.
    static func wanted(reading reads: BrewColumnSet) -> [String] {
        wanted.filter { recordDates.contains($0) ? reads == .all : groups[$0].map(reads.contains) ?? true }
    }

    init(_ ix: [String: Int]) {
        id = ix["ZID"]; date = ix["ZBREWDATE"]; method = ix["ZMETHOD"]; grinder = ix["ZGRINDER"]; bean = ix["ZBEAN"]
        dose = ix["ZDOSEGRAMS"]; water = ix["ZWATERGRAMS"]; yield = ix["ZYIELDGRAMS"]; time = ix["ZBREWTIMESECONDS"]
        temperature = ix["ZWATERTEMPERATURE"]; grind = ix["ZGRINDSETTING"]; profile = ix["ZPRESSUREPROFILE"]
        rating = ix["ZRATING"]
        tds = ix["ZTDS"]
        notes = ix["ZNOTES"]
        created = ix["ZCREATEDAT"]
        updated = ix["ZUPDATEDAT"]
    }
}

extension StoreReader {
    /// Reads every brew, in `Z_PK` order, into the session: kept, or rejected with its `Z_PK`, column and reason;
    /// then warns about the tasting notes no brew joined.
    ///
    /// One importing thread. With ``ImportOptions/readAhead`` (and at least a batch of brews), SQLite steps the
    /// `SELECT` on a second thread (``StoreReadAhead``), which costs a few hundred kB. Reading the two halves of the
    /// brews on two threads instead (two connections, the second half's accounting appended after the first's) was
    /// measured on the 2-core benchmark machine: a fifth less wall time (median) when the second core was idle, none
    /// when it was busy, more CPU time, and a peak of 358 MB instead of 262 MB (glibc keeps the second thread's
    /// columns, freed as they are copied into the first's, in that thread's arena): over the 300 MB target.
    ///
    /// The common cells go to the journal without a `String`: a 16-byte `ZID` blob (or a UUID's text) becomes the
    /// id's two words and its canonical text in a scratch buffer; UTF-8 `ZNOTES` and `ZPRESSUREPROFILE` text and the
    /// joined note's tags are handed over as the bytes SQLite (or the notes' arena) holds, valid until the cursor
    /// moves. Anything unusual — text that is not UTF-8, an id of another shape, numbers where text belongs — takes
    /// the general path through ``StoreCells``, which builds a `String` and warns where the value was repaired.
    mutating func readBrews(table t: String, expectedBrews: Int, methods: PKMap, grinders: PKMap, beans: PKMap,
                            notes: StoreTastingNotes) throws {
        var notes = notes
        guard let (sql, ix) = try select(t, StoreBrewColumns.wanted(reading: session.reads)) else { return }
        let c = StoreBrewColumns(ix)
        let idText = UUIDTextBuffer()
        let readAhead = session.options.readAhead && expectedBrews >= StoreReadAhead.batchRows
        let row = try StoreRows(db, sql: sql, readAhead: readAhead)
        while try row.next() {
            let pk = row.int64(0) ?? 0
            var brew = BrewRow()
            var text = BrewRowText()
            var uuid: UUIDWords?
            readID(row, c.id, table: t, pk: pk, into: &brew, &text, &uuid, buffer: idText)
            switch row.date(c.date, column: "ZBREWDATE") {
            case .date(let date): brew.brewDate = date
            case .missing: break
            case .unusable(let why):
                session.reject(at: .storeRow(table: t, pk: pk), column: "ZBREWDATE", reason: why, record: nil)
                notes.markUsed(brew: pk)
                continue
            }
            brew.method = reference(row, c.method, methods, column: "ZMETHOD", table: t, pk: pk)
            brew.grinder = reference(row, c.grinder, grinders, column: "ZGRINDER", table: t, pk: pk)
            brew.bean = reference(row, c.bean, beans, column: "ZBEAN", table: t, pk: pk)
            do {
                brew.doseGrams = try row.number(c.dose, "ZDOSEGRAMS")
                brew.waterGrams = try row.number(c.water, "ZWATERGRAMS")
                brew.yieldGrams = try row.number(c.yield, "ZYIELDGRAMS")
                brew.brewTimeSeconds = try row.number(c.time, "ZBREWTIMESECONDS")
                brew.waterTemperature = try row.number(c.temperature, "ZWATERTEMPERATURE")
                brew.rating = try row.number(c.rating, "ZRATING")
                brew.tds = try row.number(c.tds, "ZTDS")
            } catch {
                session.reject(at: .storeRow(table: t, pk: pk), column: error.column, reason: error.reason, record: nil)
                notes.markUsed(brew: pk)
                continue
            }
            if let i = c.grind {
                switch row.cell(i) {
                case .real(let v): brew.grindSetting = v
                case .integer(let v): brew.grindSetting = Double(v)
                case .text(let p):
                    if case .value(let v) = NumberParser.parse(p) { brew.grindSetting = v }
                    else if !p.isEmpty { brew.grindText = string(row, i, "ZGRINDSETTING", table: t, pk: pk) }
                case .null, .blob: break
                }
            }
            brew.pressureProfile = readText(row, c.profile, "ZPRESSUREPROFILE", table: t, pk: pk,
                bytes: &text.pressureProfile)
            brew.notes = readText(row, c.notes, "ZNOTES", table: t, pk: pk, bytes: &text.notes)
            brew.createdAt = date(row, c.created, "ZCREATEDAT", table: t, pk: pk)
            brew.updatedAt = date(row, c.updated, "ZUPDATEDAT", table: t, pk: pk)
            let joined = notes.isEmpty ? nil : notes.join(brew: pk, into: &brew, &text)
            if session.offer(brew, text: text, uuid: uuid, at: .storeRow(table: t, pk: pk), record: { nil }),
                joined != nil {
                session.builder.tastingNoteCount += 1
            }
        }
        // A note whose brew was rejected was still joined: only notes no brew names are dangling.
        for _ in 0..<notes.unused {
            session.warn(.danglingReference, column: "ZTASTINGNOTE.ZBREW", at: nil,
                "tasting note whose brew does not exist; ignored")
        }
    }

    /// The id: a 16-byte blob or a UUID's text (any case) goes to `uuid`, and its canonical upper-case text to
    /// `text.id` (written into `buffer` unless the cell already spells it); any other id to `brew.id` as a `String`
    /// (``StoreCells/uuid(_:_:_:)``: other blobs in hex, other text as written, repaired and warned about when not
    /// UTF-8).
    private mutating func readID(_ row: StoreRows, _ index: Int?, table: String, pk: Int64, into brew: inout BrewRow,
                                 _ text: inout BrewRowText, _ uuid: inout UUIDWords?, buffer: UUIDTextBuffer) {
        switch row.cell(index) {
        case .blob(let raw) where raw.count == 16:
            let words = UUIDWords(bytes: raw)
            words.write(to: buffer.pointer)
            uuid = words
            text.id = buffer.bytes
            return
        case .text(let p):
            var lowercase = false
            if let words = UUIDWords(text: p, lowercase: &lowercase) {
                uuid = words
                if lowercase { words.write(to: buffer.pointer); text.id = buffer.bytes } else { text.id = p }
                return
            }
        default: break
        }
        brew.id = StoreCells(row: row, index: [:], table: table, pk: pk).uuid(index, "ZID", &session)
    }

    /// A text column's value: UTF-8 text goes to `bytes` (borrowed from SQLite until the cursor moves) and `nil` is
    /// returned; anything else but null is returned as a `String` (``string(_:_:_:table:pk:)``).
    @inline(__always)
    private mutating func readText(_ row: StoreRows, _ index: Int?, _ column: String, table: String, pk: Int64,
                                   bytes: inout UnsafeBufferPointer<UInt8>?) -> String? {
        switch row.cell(index) {
        case .null: return nil
        case .text(let p) where ByteScan.isASCII(p) || UTF8Bytes.isValid(p): bytes = p; return nil
        default: return string(row, index, column, table: table, pk: pk)
        }
    }

    private mutating func string(
        _ row: StoreRows, _ index: Int?, _ column: String, table: String, pk: Int64
    ) -> String? {
        guard index != nil else { return nil }
        return StoreCells(row: row, index: [:], table: table, pk: pk).string(index, column, &session)
    }

    @inline(__always)
    private mutating func date(
        _ row: StoreRows, _ index: Int?, _ column: String, table: String, pk: Int64
    ) -> Timestamp? {
        switch row.date(index, column: column) {  // the common cases build no strings
        case .date(let t): return t
        case .missing: return nil
        case .unusable: return StoreCells(row: row, index: [:], table: table, pk: pk).date(index, column, &session)
        }
    }

    private mutating func reference(_ row: StoreRows, _ index: Int?, _ map: PKMap, column: String,
                                    table: String, pk: Int64) -> Int32? {
        guard let target = row.int64(index) else { return nil }
        if let entity = map[target] { return entity }
        session.warn(.danglingReference, column: column, at: .storeRow(table: table, pk: pk),
                     "\(column) refers to Z_PK=\(target), which does not exist; the brew is kept without it")
        return nil
    }
}
