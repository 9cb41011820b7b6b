import BrewColumns
import BrewFormatSchemas
import Foundation

/// Writes a generated journal as the app's CSV export (docs/formats.md): one row per brew, RFC 4180
/// quoting, UTF-8, brew times in the journal's time zone with their offset.
///
/// A field is quoted when it holds a comma, a quote, CR or LF; quotes inside are doubled. Missing values are
/// empty fields. Numbers use `.` decimals and no trailing `.0` (unless ``CSVStyle/decimalComma``). Rows are
/// formatted as bytes into a buffer, streamed into a temporary file and renamed into place at the end.
public struct CSVExportWriter: Sendable {
    /// The spelling of the file.
    public var style: CSVStyle

    public init(style: CSVStyle = .standard) { self.style = style }

    /// Writes `generator`'s journal to `url`.
    ///
    /// - Throws: ``SynthError`` when the file cannot be written.
    public func write(_ generator: JournalGenerator, to url: URL) throws {
        let sink = try ByteSink(destination: url)
        if style.byteOrderMark { sink.buffer.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        let order = style.columnOrder
        let eol = Array(style.lineEnding.rawValue.utf8)
        let header = order.map { i -> String in
            let name = CSVStyle.columns[i]
            return style.spacedHeader ? CSVStyle.spacedNames[name] ?? name : name
        }
        sink.buffer.append(contentsOf: header.map(CSVExportWriter.quoted).joined(separator: ",").utf8)
        sink.buffer.append(contentsOf: eol)

        let text = EntityText(generator)
        var row = RowBuffer(columns: CSVStyle.columns.count)
        for brew in generator.brews {
            fill(&row, brew, text)
            row.emit(order: order, into: &sink.buffer)
            sink.buffer.append(contentsOf: eol)
            try sink.flushIfNeeded()
        }
        try sink.commit()
    }

    /// RFC 4180: the field as is, or in quotes with inner quotes doubled when it holds `,` `"` CR or LF.
    public static func quoted(_ field: String) -> String {
        var out: [UInt8] = []
        RowBuffer.appendField(Array(field.utf8)[...], to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The brew's cells, in contract column order (``CSVStyle/fields``).
    private func fill(_ row: inout RowBuffer, _ brew: SynthBrew, _ text: EntityText) {
        row.reset()
        let m = brew.method.map(Int.init), g = brew.grinder.map(Int.init), b = brew.bean.map(Int.init)
        let note = brew.tastingNote
        for field in CSVStyle.fields {
            switch field.column {
            case .brewID: row.cell { SynthFormat.appendUUID(brew.id, to: &$0) }
            case .brewedAt:
                row.cell {
                    if style.brewedAtWithoutOffset {
                        SynthFormat.appendLocalMinutes(brew.brewDate, offset: brew.utcOffsetSeconds, to: &$0)
                    } else {
                        SynthFormat.appendISOLocal(brew.brewDate, offset: brew.utcOffsetSeconds, to: &$0)
                    }
                }
            case .method: row.cell(m.map { text.methodName[$0] })
            case .methodCategory: row.cell(m.map { text.methodCategory[$0] })
            case .grinder: row.cell(g.map { text.grinderName[$0] })
            case .grindSetting: number(&row, brew.grindSetting)
            case .bean: row.cell(b.map { text.beanName[$0] })
            case .roaster: row.cell(b.flatMap { text.beanRoaster[$0] })
            case .origin: row.cell(b.flatMap { text.beanOrigin[$0] })
            case .roastDate: row.cell(b.flatMap { text.beanRoastDate[$0] })
            case .roastLevel: row.cell(b.flatMap { text.beanRoastLevel[$0] })
            case .doseGrams: number(&row, brew.doseGrams, unit: " g")
            case .waterGrams: number(&row, brew.waterGrams, unit: " g")
            case .yieldGrams: number(&row, brew.yieldGrams, unit: " g")
            case .brewTimeSeconds:
                if style.minutesSeconds, let t = brew.brewTimeSeconds {
                    let s = Int64(t.rounded())
                    row.cell {
                        SynthFormat.appendInt(s / 60, to: &$0)
                        $0.append(0x3A); $0.append(UInt8(s % 60 / 10) + 0x30); $0.append(UInt8(s % 10) + 0x30)
                    }
                } else {
                    number(&row, brew.brewTimeSeconds)
                }
            case .waterTemperature: number(&row, brew.waterTemperature, unit: "°C")
            case .tds: number(&row, brew.tds)
            case .rating: number(&row, brew.rating)
            case .acidity: number(&row, note?.acidity.map(Double.init))
            case .body: number(&row, note?.body.map(Double.init))
            case .sweetness: number(&row, note?.sweetness.map(Double.init))
            case .flavorTags: row.cell(note?.flavorTags.map { Array($0.utf8) })
            case .notes: row.cell(brew.notes.map { Array($0.utf8) })
            case .pressureProfile: row.cell(brew.pressureProfile.map { Array($0.utf8) })
            // A generated bean has no bag weight or price.
            case .bagWeightGrams, .bagPrice, .currency: row.cell(nil)
            }
        }
    }

    private func number(_ row: inout RowBuffer, _ x: Double?, unit: String = "") {
        guard let x else { row.cell(nil); return }
        row.cell {
            let start = $0.count
            SynthFormat.appendNumber(x, to: &$0)
            if style.decimalComma {
                for i in start..<$0.count where $0[i] == 0x2E { $0[i] = 0x2C }
            }
            if style.unitsInCells { $0.append(contentsOf: unit.utf8) }
        }
    }
}

/// The UTF-8 text of every entity field a CSV row repeats, computed once per journal.
struct EntityText {
    let methodName, methodCategory, grinderName, beanName: [[UInt8]]
    let beanRoaster, beanOrigin, beanRoastDate, beanRoastLevel: [[UInt8]?]

    init(_ g: JournalGenerator) {
        methodName = g.methods.map { Array($0.displayName.utf8) }
        methodCategory = g.methods.map { Array($0.category.rawString.utf8) }
        grinderName = g.grinders.map { Array($0.displayName.utf8) }
        beanName = g.beans.map { Array($0.displayName.utf8) }
        beanRoaster = g.beans.map { $0.roaster.map { Array($0.utf8) } }
        beanOrigin = g.beans.map { $0.origin.map { Array($0.utf8) } }
        beanRoastDate = g.beans.map { $0.roastDate.map { Array(SynthFormat.dayString($0).utf8) } }
        beanRoastLevel = g.beans.map { $0.roastLevel.map { Array($0.rawString.utf8) } }
    }
}

/// One row's cells as byte ranges of a reused buffer, emitted in any column order with RFC 4180 quoting.
struct RowBuffer {
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>?]
    private var next = 0

    init(columns: Int) {
        ranges = Array(repeating: nil, count: columns)
        bytes.reserveCapacity(1024)
    }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        next = 0
    }

    /// Sets the next cell to the bytes `write` appends.
    mutating func cell(_ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        ranges[next] = start..<bytes.count
        next += 1
    }

    /// Sets the next cell to `value`, or to missing.
    mutating func cell(_ value: [UInt8]?) {
        if let value { cell { $0.append(contentsOf: value) } } else { ranges[next] = nil; next += 1 }
    }

    /// Appends the cells in `order`, comma-separated (missing cells empty).
    func emit(order: [Int], into out: inout [UInt8]) {
        var first = true
        for i in order {
            if !first { out.append(0x2C) }
            first = false
            if let r = ranges[i] { RowBuffer.appendField(bytes[r], to: &out) }
        }
    }

    /// Appends one field, quoted when it holds `,` `"` CR or LF, with inner quotes doubled.
    static func appendField(_ field: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var needs = false
        for b in field where b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D { needs = true; break }
        guard needs else { out.append(contentsOf: field); return }
        out.append(0x22)
        for b in field {
            out.append(b)
            if b == 0x22 { out.append(0x22) }
        }
        out.append(0x22)
    }
}
