import BrewColumns
import Foundation

/// Reads the app's CSV export (contract §2b), or a foreign CSV through a ``ColumnMapping``.
///
/// One data row is one brew. Methods are identified by name (category from the `method_category` column of the
/// first row naming the method, else inferred from the name); grinders by name; beans by roaster + bean name
/// (origin, roast date and roast level from the first row naming the bean). Text that is not valid UTF-8 is
/// kept with U+FFFD in place of the bad bytes and counted in an ``ImportWarning/Kind/invalidUTF8`` warning.
enum CSVImporter {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, into session: inout ImportSession) throws(ImportError) {
        let mapping = session.options.columnMapping
        var reader = CSVReader(bytes: bytes, delimiter: mapping?.delimiter ?? guessDelimiter(bytes))
        guard reader.next() else {
            throw ImportError(.notAJournal, file: session.file, "empty file: no header row")
        }
        if reader.status != .ok {
            throw ImportError(.corrupt, file: session.file, location: "line 1", "the header row has an unterminated quote")
        }
        // Header → column per position.
        var scratch: [UInt8] = []
        var columnAt: [CSVColumn?] = []
        var headers: [String] = []
        var taken = Set<CSVColumn>()
        for k in 0..<reader.fields.count {
            let name = reader.withField(k, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
                .trimmingCharacters(in: .whitespaces)
            headers.append(name)
            if let column = mapping?.column(forHeader: name) ?? CSVColumn(header: name), !taken.contains(column) {
                columnAt.append(column)
                taken.insert(column)
            } else {
                columnAt.append(nil)
                if !name.isEmpty {
                    session.warn(.unknownColumn, column: name, at: .line(1),
                                 "column '\(name)' is not one of the journal's columns (or repeats one); ignored")
                }
            }
        }
        guard taken.contains(.brewedAt) else {
            let found = headers.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            throw ImportError(.notAJournal, file: session.file, location: "line 1",
                              "no brew date column (brewed_at) in the header \(found)\(headers.count > 8 ? ", …" : "")")
        }
        var position = [Int](repeating: -1, count: CSVColumn.allCases.count)
        for (k, c) in columnAt.enumerated() { if let c { position[c.index] = k } }
        // Rejects and warnings name the columns as the file's header writes them.
        let fields: [(BrewField, CSVColumn)] = [(.id, .brewID), (.brewDate, .brewedAt), (.dose, .doseGrams),
            (.water, .waterGrams), (.yield, .yieldGrams), (.time, .brewTimeSeconds), (.temperature, .waterTemperature),
            (.tds, .tds), (.rating, .rating), (.acidity, .acidity), (.body, .body), (.sweetness, .sweetness)]
        for (field, column) in fields where position[column.index] >= 0 {
            session.fieldNames[field] = headers[position[column.index]]
        }

        var rows = RowReader(position: position, headers: headers, mapping: mapping,
                             resolver: LocalTimeResolver(timeZone: mapping?.timeZone ?? session.options.timeZone))
        while reader.next() {
            switch reader.status {
            case .ok: break
            case .unterminatedQuote:
                session.reject(at: .line(reader.recordLine), column: nil,
                               reason: "unterminated quoted field: the file ends inside quotes", record: reader.recordText)
                continue
            case .textAfterQuote:
                session.reject(at: .line(reader.recordLine), column: nil,
                               reason: "text after a closing quote", record: reader.recordText)
                continue
            }
            rows.read(reader, into: &session)
        }
    }

    /// `;` or tab when the first line has them and no comma; otherwise `,`.
    private static func guessDelimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var commas = 0, semicolons = 0, tabs = 0
        for b in bytes.prefix(4096) {
            if b == 0x0A || b == 0x0D { break }
            if b == UInt8(ascii: ",") { commas += 1 } else if b == UInt8(ascii: ";") { semicolons += 1 } else if b == 0x09 { tabs += 1 }
        }
        if commas == 0 && semicolons > 0 { return UInt8(ascii: ";") }
        if commas == 0 && tabs > 0 { return 0x09 }
        return UInt8(ascii: ",")
    }
}

extension CSVColumn {
    /// The column's position in `allCases`.
    var index: Int { Self.allCases.firstIndex(of: self)! }
}

/// Turns one CSV record into a brew; holds the interned entities between records.
private struct RowReader {
    let position: [Int]
    let headers: [String]
    let separator: DecimalSeparator
    let datePattern: DatePattern?
    var resolver: LocalTimeResolver
    var scratch: [UInt8] = []
    var key: [UInt8] = []
    let methods = ByteInterner()
    let grinders = ByteInterner()
    let beans = ByteInterner()

    init(position: [Int], headers: [String], mapping: ColumnMapping?, resolver: LocalTimeResolver) {
        self.position = position
        self.headers = headers
        self.separator = mapping?.decimalSeparator ?? .automatic
        self.datePattern = mapping?.datePattern
        self.resolver = resolver
    }

    private struct Rejection: Error { let column: String; let reason: String }

    mutating func read(_ reader: CSVReader, into session: inout ImportSession) {
        do {
            var row = BrewRow()
            try fill(&row, reader, &session)
            let hasTasting = row.acidity != nil || row.body != nil || row.sweetness != nil || row.flavorTags != nil
            if session.offer(row, at: .line(reader.recordLine), record: { reader.recordText }), hasTasting {
                session.builder.tastingNoteCount += 1
            }
        } catch {
            session.reject(at: .line(reader.recordLine), column: error.column, reason: error.reason, record: reader.recordText)
        }
    }

    private func header(_ c: CSVColumn) -> String { headers[position[c.index]] }

    private mutating func number(_ c: CSVColumn, _ reader: CSVReader, duration: Bool = false) throws(Rejection) -> Double? {
        let k = position[c.index]
        guard k >= 0 else { return nil }
        let sep = separator
        let result = reader.withField(k, scratch: &scratch) {
            duration ? NumberParser.parseDuration($0, separator: sep) : NumberParser.parse($0, separator: sep)
        }
        switch result {
        case .empty: return nil
        case .value(let v): return v
        case .invalid:
            let text = reader.withField(k, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
            throw Rejection(column: header(c), reason: "not a number: '\(text.prefix(80))'")
        }
    }

    /// The field's text (blanks trimmed when `trim`), or `nil` when absent or empty. Invalid UTF-8 is replaced
    /// by U+FFFD and warned about.
    private mutating func text(_ c: CSVColumn, _ reader: CSVReader, trim: Bool, _ session: inout ImportSession) -> String? {
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
            session.warn(.invalidUTF8, column: header(c), at: .line(reader.recordLine), "bytes that are not UTF-8 replaced by U+FFFD")
        }
        return s
    }

    /// The id field, a UUID upper-cased (``canonicalID(_:)``), without an intermediate `String`.
    private mutating func identifier(_ reader: CSVReader, _ session: inout ImportSession) -> String? {
        let k = position[CSVColumn.brewID.index]
        guard k >= 0, k < reader.fields.count else { return nil }
        let id = reader.withField(k, scratch: &scratch) { p -> String? in
            var i = 0, end = p.count
            while i < end, NumberParser.isBlank(p[i]) { i += 1 }
            while end > i, NumberParser.isBlank(p[end - 1]) { end -= 1 }
            let slice = UnsafeBufferPointer(rebasing: p[i..<end])
            return slice.isEmpty || !UTF8Bytes.isValid(slice) ? nil : UTF8Bytes.canonicalID(slice)
        }
        return id ?? text(.brewID, reader, trim: true, &session)
    }

    private mutating func fill(_ row: inout BrewRow, _ reader: CSVReader, _ session: inout ImportSession) throws(Rejection) {
        // Date first: a brew without one is rejected whatever else it holds.
        let dateColumn = position[CSVColumn.brewedAt.index]
        let pattern = datePattern
        let parsed = reader.withField(dateColumn, scratch: &scratch) { pattern?.parse($0) ?? ISO8601.parse($0) }
        switch parsed {
        case .instant(let us): row.brewDate = Timestamp(microseconds: us)
        case .local(let us): row.brewDate = Timestamp(microseconds: resolver.instant(fromLocal: us))
        case .empty: row.brewDate = nil
        case .invalid:
            let text = reader.withField(dateColumn, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
            throw Rejection(column: header(.brewedAt), reason: "unparseable brew date '\(text.prefix(80))'")
        }
        row.id = identifier(reader, &session)
        row.doseGrams = try number(.doseGrams, reader)
        row.waterGrams = try number(.waterGrams, reader)
        row.yieldGrams = try number(.yieldGrams, reader)
        row.brewTimeSeconds = try number(.brewTimeSeconds, reader, duration: true)
        row.waterTemperature = try number(.waterTemperature, reader)
        row.tds = try number(.tds, reader)
        row.rating = try number(.rating, reader)
        row.acidity = try number(.acidity, reader)
        row.body = try number(.body, reader)
        row.sweetness = try number(.sweetness, reader)
        if position[CSVColumn.grindSetting.index] >= 0 {
            do { row.grindSetting = try number(.grindSetting, reader) } catch {
                row.grindText = text(.grindSetting, reader, trim: true, &session)
            }
        }
        row.flavorTags = text(.flavorTags, reader, trim: false, &session)
        row.notes = text(.notes, reader, trim: false, &session)
        row.pressureProfile = text(.pressureProfile, reader, trim: true, &session)
        row.method = method(reader, &session)
        row.grinder = grinder(reader, &session)
        row.bean = bean(reader, &session)
    }

    /// Calls `body` with the trimmed bytes of column `c` (empty when absent).
    private mutating func trimmedBytes<R>(_ c: CSVColumn, _ reader: CSVReader, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let k = position[c.index]
        guard k >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return reader.withField(k, scratch: &scratch) { p in
            var i = 0, end = p.count
            while i < end, NumberParser.isBlank(p[i]) { i += 1 }
            while end > i, NumberParser.isBlank(p[end - 1]) { end -= 1 }
            return body(UnsafeBufferPointer(rebasing: p[i..<end]))
        }
    }

    private mutating func method(_ reader: CSVReader, _ session: inout ImportSession) -> Int32? {
        let methods = self.methods
        let found: Int32?? = trimmedBytes(.method, reader) { $0.isEmpty ? .some(nil) : methods.value(for: $0).map { .some($0) } }
        if let found { return found }
        let name = text(.method, reader, trim: true, &session)!
        let category = text(.methodCategory, reader, trim: true, &session).map(MethodCategory.init(rawString:))
            ?? MethodCategory.inferred(fromName: name)
        let index = session.builder.addMethod(BrewMethod(name: name, category: category))
        trimmedBytes(.method, reader) { methods.insert($0, value: index) }
        return index
    }

    private mutating func grinder(_ reader: CSVReader, _ session: inout ImportSession) -> Int32? {
        let grinders = self.grinders
        let found: Int32?? = trimmedBytes(.grinder, reader) { $0.isEmpty ? .some(nil) : grinders.value(for: $0).map { .some($0) } }
        if let found { return found }
        let name = text(.grinder, reader, trim: true, &session)!
        let index = session.builder.addGrinder(Grinder(name: name))
        trimmedBytes(.grinder, reader) { grinders.insert($0, value: index) }
        return index
    }

    private mutating func bean(_ reader: CSVReader, _ session: inout ImportSession) -> Int32? {
        // Key: roaster bytes, a 0 byte, bean name bytes.
        var key: [UInt8] = []
        swap(&key, &self.key)
        key.removeAll(keepingCapacity: true)
        trimmedBytes(.roaster, reader) { key.append(contentsOf: $0) }
        let roasterLength = key.count
        key.append(0)
        trimmedBytes(.bean, reader) { key.append(contentsOf: $0) }
        defer { swap(&key, &self.key) }
        guard key.count > 1 else { return nil }
        let beans = self.beans
        if let found = key.withUnsafeBufferPointer({ beans.value(for: $0) }) { return found }
        let line = reader.recordLine
        var bean = CoffeeBean(name: text(.bean, reader, trim: true, &session),
                              roaster: roasterLength > 0 ? text(.roaster, reader, trim: true, &session) : nil,
                              origin: text(.origin, reader, trim: true, &session))
        if let raw = text(.roastDate, reader, trim: true, &session) {
            if let day = Day(iso: raw) {
                bean.roastDate = day
            } else {
                var copy = raw
                let parsed = copy.withUTF8 { datePattern?.parse($0) ?? ISO8601.parse($0) }
                switch parsed {
                case .local(let us), .instant(let us):
                    bean.roastDate = Day(index: Int32(us >= 0 ? us / 86_400_000_000 : (us - 86_399_999_999) / 86_400_000_000))
                default:
                    session.warn(.unreadableValue, column: header(.roastDate), at: .line(line),
                                 "roast date '\(raw.prefix(40))' is not a date; the bean is kept without it")
                }
            }
        }
        if let raw = text(.roastLevel, reader, trim: true, &session) {
            bean.roastLevel = RoastLevel(rawString: raw)
            if bean.roastLevel == nil {
                session.warn(.unreadableValue, column: header(.roastLevel), at: .line(line),
                             "roast level '\(raw.prefix(40))' is not light, medium_light, medium, medium_dark or dark")
            }
        }
        let index = session.builder.addBean(bean)
        key.withUnsafeBufferPointer { beans.insert($0, value: index) }
        return index
    }
}
