import BrewColumns
import BrewFormatSchemas
import Foundation

/// Reads the app's CSV export (docs/formats.md), or a foreign CSV through a ``ColumnMapping``.
///
/// One data row is one brew. Methods are identified by name (category from the `method_category` column of the
/// first row naming the method, else inferred from the name); grinders by name; beans by roaster + bean name
/// (origin, roast date and roast level from the first row naming the bean). Text that is not valid UTF-8 is
/// kept with U+FFFD in place of the bad bytes and counted in an ``ImportWarning/Kind/invalidUTF8`` warning.
/// Every record is split into its fields; the fields of columns a projection does not read
/// (``ImportOptions/columns``) are never converted, validated or copied.
enum CSVImporter {
    /// Reads `bytes`, a whole CSV file, into `session`.
    ///
    /// When `file` is the mapping `bytes` lies in, its pages are released as the reader passes them, so the
    /// file's pages do not all stay resident.
    ///
    /// - Throws: ``ImportError`` when the file has no header row or no brew date column.
    /// Imports a whole CSV file, `bytes` (the mapping `file`, when given, whose pages are released as they are
    /// read): ids are checked optimistically, and the file is read again with an exact check when a brew id repeats
    /// (see ``IDSet``).
    ///
    /// - Throws: ``ImportError`` when the file has no header row or no brew date column.
    static func importFile(_ bytes: UnsafeBufferPointer<UInt8>, path: String, options: ImportOptions,
                           file: MappedFile? = nil,
                           chunking: CSVChunking = .automatic) throws(ImportError) -> ImportResult {
        let expected = estimatedRecords(bytes)
        var session = ImportSession(file: path, format: .csv, options: options, expectedBrews: expected,
                                    idCheck: .optimistic)
        try read(bytes, into: &session, releasingPagesOf: file, chunking: chunking)
        if session.idsRepeated {
            // A repeated brew id: read the file again, rejecting each repeat where it occurs.
            session = ImportSession(file: path, format: .csv, options: options, expectedBrews: expected)
            file?.rewind()
            try read(bytes, into: &session, releasingPagesOf: file, chunking: chunking)
        }
        return session.finish()
    }

    /// A large file is read in chunks on all cores (``CSVChunkedImport``) when `session` checks ids optimistically
    /// and `chunking` allows; the result is the one-pass read's, to the byte. `chunking` exists for tests, which
    /// force small chunks. Returns the number of chunks read (1: one pass).
    ///
    /// - Throws: ``ImportError`` when the file has no header row or no brew date column.
    @discardableResult
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, into session: inout ImportSession,
                     releasingPagesOf file: MappedFile? = nil,
                     chunking: CSVChunking = .automatic) throws(ImportError) -> Int {
        let mapping = session.options.columnMapping
        let delimiter = mapping?.delimiter ?? guessDelimiter(bytes)
        var reader = CSVReader(bytes: bytes, delimiter: delimiter)
        guard reader.next() else {
            throw ImportError(.notAJournal, file: session.file, "empty file: no header row")
        }
        if reader.status != .ok {
            throw ImportError(.corrupt, file: session.file, location: "line 1",
                "the header row has an unterminated quote")
        }
        // Header → column per position.
        var scratch: [UInt8] = []
        var columnAt: [CSVColumn?] = []
        var headers: [String] = []
        var taken = Set<CSVColumn>()
        for k in 0..<reader.fields.count {
            headers.append(reader.withField(k, scratch: &scratch) { field in
                let text = String(decoding: field, as: UTF8.self)
                // Foundation's trimming only when an edge may be white space: an ASCII byte other than space and
                // tab is never in `.whitespaces`, so such edges leave the header as it is.
                func plain(_ b: UInt8) -> Bool { b < 0x80 && b != 0x20 && b != 0x09 }
                if let first = field.first, let last = field.last, plain(first), plain(last) { return text }
                return text.trimmingCharacters(in: .whitespaces)
            })
        }
        // What the mapping names wins: its headers claim their columns first, whatever their position, and only
        // then do the other headers match the journal's columns by name and alias.
        columnAt = [CSVColumn?](repeating: nil, count: headers.count)
        var claimedBy: [CSVColumn: String] = [:]
        if let mapping {
            for (k, name) in headers.enumerated() {
                if let column = mapping.column(forHeader: name), !taken.contains(column) {
                    columnAt[k] = column
                    taken.insert(column)
                    claimedBy[column] = name
                }
            }
        }
        for (k, name) in headers.enumerated() where columnAt[k] == nil {
            let mapped = mapping?.column(forHeader: name)
            if mapped == nil, let column = CSVColumn(header: name), !taken.contains(column) {
                columnAt[k] = column
                taken.insert(column)
            } else if !name.isEmpty {
                let wanted = mapped ?? CSVColumn(header: name)
                if let wanted, let winner = claimedBy[wanted], winner != name {
                    session.warn(.unknownColumn, column: name, at: .line(1),
                                 "column '\(QuotedInput.short(name))' matches \(wanted.name), but the mapping " +
                                     "reads \(wanted.name) from '\(QuotedInput.short(winner))'; ignored")
                } else {
                    session.warn(.unknownColumn, column: name, at: .line(1),
                                 "column '\(QuotedInput.short(name))' is not one " +
                                     "of the journal's columns (or repeats one); ignored")
                }
            }
        }
        // A file none of whose header fields is a journal column (a README, a settings file) is no journal at all:
        // one line that says so, not a CSV parser's complaint about its first line.
        if taken.isEmpty, mapping == nil, session.options.format != .csv {
            throw ImportError(.notAJournal, file: session.file,
                              "not a journal (no store, export, backup or shot data recognised)")
        }
        guard taken.contains(.brewedAt) else {
            let found = headers.prefix(8).map { "'\(QuotedInput.short($0))'" }.joined(separator: ", ")
            throw ImportError(.notAJournal, file: session.file, location: "line 1",
                              "no brew date column (brewed_at) in the header \(found)\(headers.count > 8 ? ", …" : "")")
        }
        var position = [Int](repeating: -1, count: CSVSchema.fields.count)
        for (k, c) in columnAt.enumerated() { if let c { position[c.index] = k } }
        // Rejects and warnings name the columns as the file's header writes them.
        for field in BrewField.allCases where position[field.csvColumn.index] >= 0 {
            session.fieldNames[field] = headers[position[field.csvColumn.index]]
        }
        // A column of a group not read is present (no unknown-column warning) but its fields are never converted:
        // the rows read it as a column the file lacks.
        for column in CSVSchema.columns {
            if let group = column.group, !session.reads.contains(group) { position[column.index] = -1 }
        }

        let layout = CSVLayout(delimiter: delimiter, position: position, headers: headers, mapping: mapping,
                               timeZone: mapping?.timeZone ?? session.options.timeZone,
                               dayZone: session.options.timeZone)
        if session.checksIDsOptimistically,
           let last = CSVChunkedImport.read(bytes, from: reader.position, line: reader.line, layout: layout,
                                            into: &session, chunking: chunking, releasing: file != nil) {
            warnIfCut(bytes, last: last.last, headers: headers.count, &session)
            return last.chunks
        }
        var rows = RowReader(layout)
        var released = 0
        let last = readRecords(&reader, &rows, into: &session) { position in
            if let file, position - released >= 8 << 20 {
                // Nothing keeps pointers into bytes already read (entity keys are copied), so let them go.
                released = position
                file.releasePages(before: released)
            }
        }
        warnIfCut(bytes, last: last, headers: headers.count, &session)
        return 1
    }

    /// Reads every record `reader` has left into `session`, calling `passed` with the reader's position after each
    /// record kept or rejected (to release pages). Returns the last record's line and field count (0, 0 when none).
    @inline(__always)
    static func readRecords(_ reader: inout CSVReader, _ rows: inout RowReader, into session: inout ImportSession,
                            passed: (Int) -> Void) -> (line: Int, fields: Int) {
        var lastFieldCount = 0, lastLine = 0
        while reader.next() {
            lastFieldCount = reader.fields.count
            lastLine = reader.recordLine
            switch reader.status {
            case .ok: break
            case .unterminatedQuote:
                session.reject(at: .line(reader.recordLine), column: nil,
                               reason: "unterminated quoted field: the file ends inside quotes",
                               record: reader.recordText)
                continue
            case .textAfterQuote:
                session.reject(at: .line(reader.recordLine), column: nil,
                               reason: "text after a closing quote", record: reader.recordText)
                continue
            }
            rows.read(reader, into: &session)
            passed(reader.position)
        }
        return (lastLine, lastFieldCount)
    }

    /// Short rows are legitimate in hand-kept files, but a short last row without a line end is the signature of
    /// a file cut off mid-record (an interrupted copy or download): say so, whatever became of the row.
    private static func warnIfCut(_ bytes: UnsafeBufferPointer<UInt8>, last: (line: Int, fields: Int), headers: Int,
                                  _ session: inout ImportSession) {
        if let end = bytes.last, end != 0x0A, end != 0x0D, last.line > 1, last.fields < headers {
            session.warn(.truncatedFile, column: nil, at: .line(last.line),
                         "the last row (line \(last.line)) has \(last.fields) of " +
                             "\(headers) fields and no line end: the file looks cut off")
        }
    }

    /// About how many records `bytes` holds: the line ends in its first MiB scaled to its length, plus 2 %, and at
    /// most one per 11 bytes (a brew that is kept has at least a date, 10 bytes, and a line end). Builders reserve
    /// this much, so a large file's columns are allocated once instead of doubling into twice the memory they need.
    static func estimatedRecords(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let sample = min(bytes.count, 1 << 20)
        guard let base = bytes.baseAddress, sample > 0 else { return 0 }
        var lines = 0, i = 0
        while i < sample {
            i = ByteScan.first(base, from: i, to: sample, 0x0A, 0x0A, 0x0A) + 1
            if i <= sample { lines += 1 }
        }
        if lines == 0 { return bytes.count / 200 }
        if sample == bytes.count { return lines + 1 }
        return min(Int(Double(lines) * Double(bytes.count) / Double(sample) * 1.02) + 16, bytes.count / 11)
    }

    /// `;` or tab when the first line has them and no comma; otherwise `,`.
    private static func guessDelimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var commas = 0, semicolons = 0, tabs = 0
        for b in bytes.prefix(4096) {
            if b == 0x0A || b == 0x0D { break }
            if b == UInt8(ascii: ",") { commas += 1 } else if b == UInt8(ascii: ";") {
                semicolons += 1
            } else if b == 0x09 {
                tabs += 1
            }
        }
        if commas == 0 && semicolons > 0 { return UInt8(ascii: ";") }
        if commas == 0 && tabs > 0 { return 0x09 }
        return UInt8(ascii: ",")
    }
}

extension CSVColumn {
    /// The column's position in BrewFormatSchemas' ``BrewFormatSchemas/CSVSchema/fields``.
    var index: Int { CSVSchema.index(of: self) }
}

/// What the header row decided, shared by every reader of the file's records (one, or one per chunk).
struct CSVLayout: Sendable {
    let delimiter: UInt8
    /// The field index of each journal column (`CSVColumn.index`), `-1` when the file lacks it or it is not read.
    let position: [Int]
    /// The header row's fields, trimmed.
    let headers: [String]
    let mapping: ColumnMapping?
    /// The zone of dates without an offset.
    let timeZone: TimeZone
    /// The zone of brew dates without a time of day (the import's, which the report counts days in): a date alone
    /// is that zone's midnight, so it stays on its calendar day whatever the mapping's `time_zone` (docs/formats.md).
    let dayZone: TimeZone
}

/// Where each journal column in the file's records (`-1`: the file has no such column), resolved once.
struct ColumnPositions {
    let id, date, method, methodCategory, grinder, grindSetting, bean, roaster, origin, roastDate, roastLevel: Int
    let dose, water, yield, time, temperature, tds, rating, acidity, body, sweetness: Int
    let flavorTags, notes, pressureProfile: Int

    init(_ position: [Int]) {
        func p(_ c: CSVColumn) -> Int { position[c.index] }
        id = p(.brewID); date = p(.brewedAt); method = p(.method); methodCategory = p(.methodCategory)
        grinder = p(.grinder); grindSetting = p(.grindSetting); bean = p(.bean); roaster = p(.roaster)
        origin = p(.origin); roastDate = p(.roastDate); roastLevel = p(.roastLevel)
        dose = p(.doseGrams); water = p(.waterGrams); yield = p(.yieldGrams); time = p(.brewTimeSeconds)
        temperature = p(.waterTemperature); tds = p(.tds); rating = p(.rating)
        acidity = p(.acidity); body = p(.body); sweetness = p(.sweetness)
        flavorTags = p(.flavorTags); notes = p(.notes); pressureProfile = p(.pressureProfile)
    }
}

/// Turns one CSV record into a brew; holds the interned entities between records.
///
/// Fields that need nothing special — no doubled quotes, a plain number, the export's date shape, an ASCII or
/// valid UTF-8 text, a known name — are read in place; anything else takes the general path, which creates
/// `String`s, repairs invalid UTF-8 and explains rejects.
struct RowReader {
    let position: [Int]
    let columns: ColumnPositions
    let headers: [String]
    let separator: DecimalSeparator
    let datePattern: DatePattern?
    var resolver: LocalTimeResolver
    /// Places a brew date without a time of day (``CSVLayout/dayZone``).
    var dayResolver: LocalTimeResolver
    /// Whether the mapping's date pattern has no time of day: every date it reads is a date alone.
    let patternIsDateOnly: Bool
    /// The mapping's missing markers (``ColumnMapping/missingMarkers``), lowercased UTF-8.
    let missingMarkers: [[UInt8]]
    /// Per column, the unreadable cell values listed so far (each distinct value is one warning, up to
    /// ``listedValuesPerColumn``; the rest are counted together).
    var listedValues: [Int: Set<String>] = [:]
    static let listedValuesPerColumn = 20
    var scratch: [UInt8] = []
    var key: [UInt8] = []
    var methods = ByteInterner()
    var grinders = ByteInterner()
    var beans = ByteInterner()
    let idBuffer = UUIDTextBuffer()

    init(_ layout: CSVLayout) {
        self.position = layout.position
        self.columns = ColumnPositions(layout.position)
        self.headers = layout.headers
        self.separator = layout.mapping?.decimalSeparator ?? .automatic
        self.datePattern = layout.mapping?.datePattern
        self.resolver = LocalTimeResolver(timeZone: layout.timeZone)
        self.dayResolver = LocalTimeResolver(timeZone: layout.dayZone)
        self.patternIsDateOnly = layout.mapping?.datePattern.map { !$0.tokens.contains(.hour) } ?? false
        self.missingMarkers = (layout.mapping?.missingMarkers ?? []).map { Array($0.utf8) }
    }

    private struct Rejection: Error { let column: String; let reason: String }

    mutating func read(_ reader: CSVReader, into session: inout ImportSession) {
        do {
            var row = BrewRow()
            var text = BrewRowText()
            var uuid: UUIDWords?
            try fill(&row, &text, &uuid, reader, &session)
            let hasTasting = row.acidity != nil || row.body != nil || row.sweetness != nil || row.flavorTags != nil
                || text.flavorTags != nil
            if session.offer(row, text: text, uuid: uuid, at: .line(reader.recordLine), record: { reader.recordText }),
               hasTasting {
                session.builder.tastingNoteCount += 1
            }
        } catch {
            session.reject(at: .line(reader.recordLine), column: error.column, reason: error.reason,
                record: reader.recordText)
        }
    }

    private func header(_ c: CSVColumn) -> String { headers[position[c.index]] }

    /// `p` without leading and trailing blanks.
    @inline(__always)
    private static func trimmed(_ p: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var i = 0, end = p.count
        while i < end, NumberParser.isBlank(p[i]) { i += 1 }
        while end > i, NumberParser.isBlank(p[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: p[i..<end])
    }

    /// An optional number cell: a cell that is no number is missing, and listed in the warnings with its line,
    /// column and value (docs/formats.md, "Cells, not brews"); the brew is kept.
    private mutating func number(_ k: Int, _ c: CSVColumn, _ reader: CSVReader, _ session: inout ImportSession,
                                 duration: Bool = false) -> Double? {
        do { return try number(k, c, reader, duration: duration) } catch {
            unreadableCell(k, c, reader, &session, "is not a number")
            return nil
        }
    }

    /// Warns about an unreadable optional cell, one warning per column and distinct value (the first
    /// ``listedValuesPerColumn`` values of a column; later ones are counted under one line).
    private mutating func unreadableCell(_ k: Int, _ c: CSVColumn, _ reader: CSVReader, _ session: inout ImportSession,
                                         _ why: String) {
        let value = reader.withField(k, scratch: &scratch) { String(decoding: Self.trimmed($0), as: UTF8.self) }
        var seen = listedValues[k, default: []]
        let listed = seen.contains(value) || seen.count < Self.listedValuesPerColumn
        if listed { seen.insert(value); listedValues[k] = seen }
        let shown = QuotedInput.short(value)
        session.warn(.unreadableValue, column: header(c), subject: listed ? "value \(value)" : "other values",
                     at: .line(reader.recordLine),
                     listed ? "'\(shown)' \(why); the brew is kept with \(c.name) missing"
                            : "more values that are no \(c.name) (first " +
                                "'\(shown)'); the brews are kept with it missing")
    }

    /// Whether field `k` is one of the mapping's missing markers.
    private mutating func isMissingMarker(_ k: Int, _ reader: CSVReader) -> Bool {
        guard !missingMarkers.isEmpty else { return false }
        let markers = missingMarkers
        return reader.withField(k, scratch: &scratch) { p in
            let t = Self.trimmed(p)
            return markers.contains { m in
                m.count == t.count && zip(m, t).allSatisfy { a, b in a == ((b >= 0x41 && b <= 0x5A) ? b | 0x20 : b) }
            }
        }
    }

    /// The number in field `k` (column `c`), `nil` when absent or blank.
    ///
    /// - Throws: a rejection when the field holds something that is not a number.
    @inline(__always)
    private mutating func number(
        _ k: Int, _ c: CSVColumn, _ reader: CSVReader, duration: Bool = false
    ) throws(Rejection) -> Double? {
        guard k >= 0 else { return nil }
        if separator != .comma, let p = reader.plainField(k) {
            if p.isEmpty { return nil }
            if let v = NumberParser.plain(p) { return v }
        }
        return try generalNumber(k, c, reader, duration: duration)
    }

    private mutating func generalNumber(
        _ k: Int, _ c: CSVColumn, _ reader: CSVReader, duration: Bool
    ) throws(Rejection) -> Double? {
        let sep = separator
        let result = reader.withField(k, scratch: &scratch) {
            duration ? NumberParser.parseDuration($0, separator: sep) : NumberParser.parse($0, separator: sep)
        }
        switch result {
        case .empty: return nil
        case .value(let v): return v
        case .invalid:
            if isMissingMarker(k, reader) { return nil }
            let text = reader.withField(k, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
            throw Rejection(column: header(c), reason: "not a number: '\(QuotedInput.short(String(text)))'")
        }
    }

    /// The field's text (blanks trimmed when `trim`), or `nil` when absent or empty. Invalid UTF-8 is replaced
    /// by U+FFFD and warned about.
    private mutating func text(
        _ c: CSVColumn, _ reader: CSVReader, trim: Bool, _ session: inout ImportSession
    ) -> String? {
        let k = position[c.index]
        guard k >= 0, k < reader.fields.count, reader.fields[k].end > reader.fields[k].start else { return nil }
        var valid = true
        let s = reader.withField(k, scratch: &scratch) { p -> String? in
            var i = 0, end = p.count
            if trim {
                while i < end, NumberParser.isBlank(p[i]) { i += 1 }
                while end > i, NumberParser.isBlank(p[end - 1]) { end -= 1 }
            }
            guard i < end else { return nil }
            let (text, ok) = UTF8Bytes.string(UnsafeBufferPointer(rebasing: p[i..<end]))
            valid = ok
            return text
        }
        if !valid {
            session.warn(.invalidUTF8, column: header(c), at: .line(reader.recordLine),
                "bytes that are not UTF-8 replaced by U+FFFD")
        }
        return s
    }

    /// An untrimmed text field read in place: its bytes go to `bytes` when they need no unescaping and are UTF-8;
    /// otherwise the field is returned as a `String` by ``text(_:_:trim:_:)``. Empty reads as `nil` either way.
    @inline(__always)
    private mutating func borrowedText(_ k: Int, _ c: CSVColumn, _ reader: CSVReader, _ session: inout ImportSession,
                                       _ bytes: inout UnsafeBufferPointer<UInt8>?) -> String? {
        guard k >= 0 else { return nil }
        if let p = reader.plainField(k) {
            if p.isEmpty { return nil }
            if ByteScan.isASCII(p) || UTF8Bytes.isValid(p) { bytes = p; return nil }
        }
        return text(c, reader, trim: false, &session)
    }

    /// The id: a UUID (any case) goes to `uuid` and, spelt upper-case, to `text.id` without creating a `String`;
    /// any other id is returned as written (``canonicalID(_:)``).
    private mutating func identifier(_ reader: CSVReader, _ text: inout BrewRowText, _ uuid: inout UUIDWords?,
                                     _ session: inout ImportSession) -> String? {
        let k = columns.id
        guard k >= 0, k < reader.fields.count else { return nil }
        if let p = reader.plainField(k) {
            let t = Self.trimmed(p)
            var lowercase = false
            if let words = UUIDWords(text: t, lowercase: &lowercase) {
                uuid = words
                if lowercase {
                    words.write(to: idBuffer.pointer)
                    text.id = UnsafeBufferPointer(start: idBuffer.pointer, count: 36)
                } else {
                    text.id = t
                }
                return nil
            }
        }
        let id = reader.withField(k, scratch: &scratch) { p -> String? in
            let slice = Self.trimmed(p)
            return slice.isEmpty || !UTF8Bytes.isValid(slice) ? nil : UTF8Bytes.canonicalID(slice)
        }
        return id ?? self.text(.brewID, reader, trim: true, &session)
    }

    private mutating func fill(_ row: inout BrewRow, _ text: inout BrewRowText, _ uuid: inout UUIDWords?,
                               _ reader: CSVReader, _ session: inout ImportSession) throws(Rejection) {
        // Date first: a brew without one is rejected whatever else it holds.
        let dateColumn = columns.date
        let parsed: ParsedDate
        if datePattern == nil, let p = reader.plainField(dateColumn), let fixed = ISO8601.parseFixed(p) {
            parsed = fixed
        } else {
            let pattern = datePattern
            parsed = reader.withField(dateColumn, scratch: &scratch) { pattern?.parse($0) ?? ISO8601.parse($0) }
        }
        switch parsed {
        case .instant(let us):
            row.brewDate = Timestamp(microseconds: us)
            if let offset = reader.withField(dateColumn, scratch: &scratch, { StatedOffsets.offset(bytes: $0) }) {
                session.offsets.note(offset: offset, instant: us)
            }
        case .local(let us):
            // A date alone (no time of day: no ':' in the cell, or a pattern without hours) is midnight of the
            // import's zone.
            let dateOnly = datePattern == nil
                ? reader.withField(dateColumn, scratch: &scratch) {
                    !$0.contains(UInt8(ascii: ":"))
                } : patternIsDateOnly
            row.brewDate =
                Timestamp(microseconds: dateOnly ? dayResolver.instant(fromLocal: us) : resolver.instant(fromLocal: us))
        case .empty: row.brewDate = nil
        case .invalid:
            let text = reader.withField(dateColumn, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
            // A date whose day is past 12 is read in the one order it allows, and the import says so.
            guard let read = DayOrderDates.parse(text), case .local(let us) = read.date else {
                throw Rejection(column: header(.brewedAt),
                    reason: "unparseable brew date '\(QuotedInput.short(String(text)))'")
            }
            let dateOnly = !text.contains(":")
            row.brewDate =
                Timestamp(microseconds: dateOnly ? dayResolver.instant(fromLocal: us) : resolver.instant(fromLocal: us))
            session.warn(.note, column: header(.brewedAt), at: .line(reader.recordLine), DayOrderDates.note(text, read))
        }
        let c = columns
        row.id = identifier(reader, &text, &uuid, &session)
        // Every number is optional: a cell that is no number is missing, never the brew (docs/formats.md).
        row.doseGrams = number(c.dose, .doseGrams, reader, &session)
        row.waterGrams = number(c.water, .waterGrams, reader, &session)
        row.yieldGrams = number(c.yield, .yieldGrams, reader, &session)
        row.brewTimeSeconds = number(c.time, .brewTimeSeconds, reader, &session, duration: true)
        row.waterTemperature = number(c.temperature, .waterTemperature, reader, &session)
        row.tds = number(c.tds, .tds, reader, &session)
        row.rating = number(c.rating, .rating, reader, &session)
        row.acidity = number(c.acidity, .acidity, reader, &session)
        row.body = number(c.body, .body, reader, &session)
        row.sweetness = number(c.sweetness, .sweetness, reader, &session)
        if c.grindSetting >= 0, !isMissingMarker(c.grindSetting, reader) {
            do { row.grindSetting = try number(c.grindSetting, .grindSetting, reader) } catch {
                row.grindText = self.text(.grindSetting, reader, trim: true, &session)
            }
        }
        row.flavorTags = borrowedText(c.flavorTags, .flavorTags, reader, &session, &text.flavorTags)
        row.notes = borrowedText(c.notes, .notes, reader, &session, &text.notes)
        row.pressureProfile = self.text(.pressureProfile, reader, trim: true, &session)
        row.method = method(reader, &session)
        row.grinder = grinder(reader, &session)
        row.bean = bean(reader, &session)
    }

    /// Appends the trimmed bytes of field `k` (nothing when absent) to `out`.
    @inline(__always)
    private mutating func appendTrimmed(_ k: Int, _ reader: CSVReader, to out: inout [UInt8]) {
        guard k >= 0 else { return }
        if let p = reader.plainField(k) {
            out.append(contentsOf: Self.trimmed(p))
        } else {
            reader.withField(k, scratch: &scratch) { out.append(contentsOf: Self.trimmed($0)) }
        }
    }

    /// The entity index interned under field `k`'s trimmed bytes: `.some(nil)` for a blank or absent field,
    /// `nil` when the name is new (the caller adds the entity and remembers it under ``trimmedKey(_:_:)``).
    @inline(__always)
    private static func lookUp(_ k: Int, _ reader: CSVReader, in interner: ByteInterner) -> Int32?? {
        guard k >= 0 else { return .some(nil) }
        if let p = reader.plainField(k) {
            let t = trimmed(p)
            return t.isEmpty ? .some(nil) : interner.value(for: t).map { .some($0) }
        }
        var scratch: [UInt8] = []
        return reader.withField(k, scratch: &scratch) { p in
            let t = trimmed(p)
            return t.isEmpty ? .some(nil) : interner.value(for: t).map { .some($0) }
        }
    }

    /// A copy of field `k`'s trimmed, unescaped bytes.
    private mutating func trimmedKey(_ k: Int, _ reader: CSVReader) -> [UInt8] {
        var key: [UInt8] = []
        appendTrimmed(k, reader, to: &key)
        return key
    }

    private mutating func method(_ reader: CSVReader, _ session: inout ImportSession) -> Int32? {
        let k = columns.method
        if let found = Self.lookUp(k, reader, in: methods) { return found }
        session.creatingEntity = .method(session.builder.methods.count)
        defer { session.creatingEntity = nil }
        let name = text(.method, reader, trim: true, &session)!
        let category = text(.methodCategory, reader, trim: true, &session).map(MethodCategory.init(rawString:))
            ?? MethodCategory.inferred(fromName: name)
        let index = session.builder.addMethod(BrewMethod(name: name, category: category))
        trimmedKey(k, reader).withUnsafeBufferPointer { methods.insert($0, value: index) }
        return index
    }

    private mutating func grinder(_ reader: CSVReader, _ session: inout ImportSession) -> Int32? {
        let k = columns.grinder
        if let found = Self.lookUp(k, reader, in: grinders) { return found }
        session.creatingEntity = .grinder(session.builder.grinders.count)
        defer { session.creatingEntity = nil }
        let name = text(.grinder, reader, trim: true, &session)!
        let index = session.builder.addGrinder(Grinder(name: name))
        trimmedKey(k, reader).withUnsafeBufferPointer { grinders.insert($0, value: index) }
        return index
    }

    /// A bag's weight or price from column `c`: a positive number (units and decimal commas as in any number
    /// cell); `nil` when blank, and `nil` with a warning when it is not a positive number (the bean is kept).
    private mutating func bagAmount(_ c: CSVColumn, _ reader: CSVReader, _ session: inout ImportSession) -> Double? {
        guard let raw = text(c, reader, trim: true, &session), !isMissingMarker(position[c.index], reader) else {
            return nil
        }
        if case .value(let v) = NumberParser.parse(raw, separator: separator), v.isFinite, v > 0 { return v }
        session.warn(.unreadableValue, column: header(c), at: .line(reader.recordLine),
                     "\(c.name) '\(QuotedInput.short(String(raw)))' " +
                         "is not a positive number; the bean is kept without it")
        return nil
    }

    private mutating func bean(_ reader: CSVReader, _ session: inout ImportSession) -> Int32? {
        // Key: roaster bytes, a 0 byte, bean name bytes.
        var key: [UInt8] = []
        swap(&key, &self.key)
        defer { swap(&key, &self.key) }
        key.removeAll(keepingCapacity: true)
        appendTrimmed(columns.roaster, reader, to: &key)
        let roasterLength = key.count
        key.append(0)
        appendTrimmed(columns.bean, reader, to: &key)
        guard key.count > 1 else { return nil }
        if let found = key.withUnsafeBufferPointer({ beans.value(for: $0) }) { return found }
        session.creatingEntity = .bean(session.builder.beans.count)
        defer { session.creatingEntity = nil }
        let line = reader.recordLine
        var bean = CoffeeBean(name: text(.bean, reader, trim: true, &session),
                              roaster: roasterLength > 0 ? text(.roaster, reader, trim: true, &session) : nil,
                              origin: text(.origin, reader, trim: true, &session))
        if let raw = text(.roastDate, reader, trim: true, &session), !isMissingMarker(columns.roastDate, reader) {
            if let day = Day(iso: raw) {
                bean.roastDate = day
            } else {
                var copy = raw
                let parsed = copy.withUTF8 { datePattern?.parse($0) ?? ISO8601.parse($0) }
                switch parsed {
                case .local(let us), .instant(let us):
                    bean.roastDate =
                        Day(index: Int32(us >= 0 ? us / 86_400_000_000 : (us - 86_399_999_999) / 86_400_000_000))
                case .invalid where DayOrderDates.parse(String(raw)) != nil:
                    // A date whose day is past 12 is read in the one order it allows, and the import says so.
                    let read = DayOrderDates.parse(String(raw))!
                    bean.roastDate = read.day
                    session.warn(.note, column: header(.roastDate), at: .line(line),
                        DayOrderDates.note(String(raw), read))
                default:
                    session.warn(.unreadableValue, column: header(.roastDate), at: .line(line),
                                 "roast date '\(QuotedInput.short(String(raw)))' " +
                                     "is not a date; the bean is kept without it")
                }
            }
        }
        bean.bagWeightGrams = bagAmount(.bagWeightGrams, reader, &session)
        bean.bagPrice = bagAmount(.bagPrice, reader, &session)
        if bean.bagPrice != nil, let code = text(.currency, reader, trim: true, &session)?.uppercased() {
            if code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) {
                bean.currency = code
            } else {
                session.warn(.unreadableValue, column: header(.currency), at: .line(line),
                             "currency '\(QuotedInput.short(String(code)))' is not an " +
                                 "ISO 4217 code such as EUR; the price is kept without it")
            }
        }
        if let raw = text(.roastLevel, reader, trim: true, &session) {
            bean.roastLevel = RoastLevel(rawString: raw)
            if bean.roastLevel == nil {
                session.warn(.unreadableValue, column: header(.roastLevel), at: .line(line),
                             "roast level '\(QuotedInput.short(String(raw)))' is not a roast level (light, " +
                                 "medium_light, medium, medium_dark, dark, or " +
                                     "a usual synonym such as City+ or Full City)")
            }
        }
        let index = session.builder.addBean(bean)
        key.withUnsafeBufferPointer { beans.insert($0, value: index) }
        return index
    }
}

extension CSVImporter: JournalFormatImporter {
    static let format = JournalFormat.csv
    /// Any text that is not JSON and that no other importer claims: the header row decides whether it is a journal.
    static func claims(_ prefix: JournalPrefix) -> JournalPrefix.Claim { prefix.isJSON ? .no : .unlessClaimed }

    /// Reads the file memory-mapped, its pages released as they are read.
    static func read(_ url: URL, options: ImportOptions) throws(ImportError) -> ImportResult {
        let file = try MappedFile(path: url.path)
        return try importFile(file.bytes, path: url.path, options: options, file: file)
    }
}
