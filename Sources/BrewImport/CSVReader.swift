import BrewColumns

/// An RFC 4180 record reader over bytes.
///
/// Hand-written for speed: it walks the mapped file once, records each field as a byte range (no `String`
/// per field), and counts physical lines so rejects can name the line where a record starts. Unquoted fields
/// and the inside of quoted ones are scanned eight bytes at a time (``ByteScan``). The `csv-parse` benchmark in
/// `Sources/brewstats-bench` measures it against a CSV library on the 1M-brew export.
///
/// Accepted: quoted fields holding delimiters, doubled quotes and line breaks; CRLF, LF or lone CR line ends;
/// blank lines between records (skipped). A quote inside an unquoted field is an ordinary character. A field that
/// starts with the formula guard every brewstats CSV writes (``BrewColumns/CSVFormulaGuard``) reads without it.
@_spi(Benchmarks) public struct CSVReader {
    /// One field of the current record: `bytes[start..<end]`, already without its surrounding quotes.
    public struct Field {
        public var start: Int
        public var end: Int
        /// Holds doubled quotes (`""`) that must be collapsed before use.
        public var escaped: Bool
    }

    /// How a record ended.
    public enum Status: Equatable {
        case ok
        /// The file ended inside a quoted field.
        case unterminatedQuote
        /// Text followed a closing quote before the delimiter (`"ab"c`).
        case textAfterQuote
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private(set) var position: Int
    /// The 1-based physical line at `position`.
    private(set) var line = 1
    /// No record starts at or past this offset (the end of the bytes, or of a chunk read on its own): ``next()``
    /// returns `false` once ``position`` reaches it. A record that starts before it is read whole, wherever it ends.
    private let limit: Int

    /// The current record's fields (valid until the next call to ``next()``).
    public var fields: UnsafeBufferPointer<Field> { UnsafeBufferPointer(start: fieldBase, count: fieldCount) }
    /// Field storage: `fieldBase[0..<fieldCapacity]`, owned (freed) by `fieldOwner`.
    private var fieldBase: UnsafeMutablePointer<Field>
    private var fieldCapacity = 32
    private var fieldCount = 0
    private var fieldOwner: FieldStorage
    /// The current record's first line, and its byte range (without the line end).
    private(set) var recordLine = 0
    private(set) var recordStart = 0
    private(set) var recordEnd = 0
    public private(set) var status = Status.ok

    public init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8 = UInt8(ascii: ","), skipBOM: Bool = true) {
        self.bytes = bytes
        self.delimiter = delimiter
        let bom = skipBOM && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.position = bom ? 3 : 0
        self.limit = bytes.count
        fieldOwner = FieldStorage(capacity: fieldCapacity)
        fieldBase = fieldOwner.pointer
    }

    /// A reader of the records that start in `bytes[start..<limit]`, where `start` is a record boundary on physical
    /// line `line`. The last record may run past `limit` (a boundary guessed wrong shows as ``position`` `!=`
    /// `limit` at the end).
    init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: Int, line: Int, limit: Int) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.position = start
        self.line = line
        self.limit = min(limit, bytes.count)
        fieldOwner = FieldStorage(capacity: fieldCapacity)
        fieldBase = fieldOwner.pointer
    }

    /// Appends a field to the current record, doubling the storage when full. A field brewstats wrote with the
    /// formula guard (a leading `'` before `=`, `+`, `-`, `@`, tab or CR: ``BrewColumns/CSVFormulaGuard``) is
    /// recorded without that `'`, so an export read back gives the text it was written from.
    @inline(__always)
    private mutating func append(_ field: Field) {
        var field = field
        if field.end - field.start >= 2, bytes[field.start] == 0x27 {
            field.start += CSVFormulaGuard.guardLength(UnsafeBufferPointer(rebasing: bytes[field.start..<field.end]))
        }
        if fieldCount == fieldCapacity {
            fieldCapacity *= 2
            let bigger = FieldStorage(capacity: fieldCapacity)
            bigger.pointer.initialize(from: fieldBase, count: fieldCount)
            fieldOwner = bigger
            fieldBase = bigger.pointer
        }
        // SAFETY: `fieldCount < fieldCapacity`, the storage's size.
        (fieldBase + fieldCount).initialize(to: field)
        fieldCount += 1
    }

    /// Reads the next non-blank record into ``fields``; `false` at the end of the file.
    public mutating func next() -> Bool {
        let n = bytes.count
        guard let base = bytes.baseAddress, position < limit else { return false }
        // Skip blank lines (up to the limit: a chunk's limit follows a line feed, so this stops on it).
        while position < limit {
            let b = base[position]
            if b == 0x0A { line += 1; position += 1 }
            else if b == 0x0D { line += 1; position += 1; if position < n, base[position] == 0x0A { position += 1 } }
            else { break }
        }
        guard position < limit else { return false }
        fieldCount = 0
        status = .ok
        recordLine = line
        recordStart = position
        var i = position
        let quote = UInt8(ascii: "\"")
        let delimiter = self.delimiter
        // SAFETY: every read below is at an index checked against `n`, the buffer's length, and `ByteScan` reads
        // whole words only while `i + 8 <= n`.
        while true {
            // One field starts at i.
            if i < n, base[i] == quote {
                var j = i + 1, escaped = false, closed = false
                while true {
                    j = ByteScan.first(base, from: j, to: n, quote, 0x0A, 0x0D)
                    guard j < n else { break }
                    let b = base[j]
                    if b == quote {
                        if j + 1 < n, base[j + 1] == quote { escaped = true; j += 2; continue }
                        closed = true
                        break
                    }
                    if b == 0x0A || j + 1 >= n || base[j + 1] != 0x0A { line += 1 }
                    j += 1
                }
                append(Field(start: i + 1, end: j, escaped: escaped))
                if !closed {
                    status = .unterminatedQuote
                    recordEnd = n
                    position = n
                    return true
                }
                i = j + 1
                if i < n, base[i] != delimiter, base[i] != 0x0A, base[i] != 0x0D {
                    status = .textAfterQuote
                    i = ByteScan.first(base, from: i, to: n, delimiter, 0x0A, 0x0D)
                }
            } else {
                let j = ByteScan.first(base, from: i, to: n, delimiter, 0x0A, 0x0D)
                append(Field(start: i, end: j, escaped: false))
                i = j
            }
            // i is at a delimiter, a line end, or the end.
            if i < n, base[i] == delimiter { i += 1; continue }
            recordEnd = i
            if i < n {
                line += 1
                if base[i] == 0x0D, i + 1 < n, base[i + 1] == 0x0A { i += 2 } else { i += 1 }
            }
            position = i
            return true
        }
    }

    /// Field `k`'s bytes when they need no unescaping (no doubled quotes), else `nil`. A field past the record's
    /// end reads as empty.
    @inline(__always)
    func plainField(_ k: Int) -> UnsafeBufferPointer<UInt8>? {
        guard k < fields.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let f = fields[k]
        guard !f.escaped else { return nil }
        // SAFETY: `start...end` lies inside `bytes` (the reader only records ranges it scanned).
        return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + f.start }, count: f.end - f.start)
    }

    /// Calls `body` with field `k`'s bytes, unescaped (doubled quotes collapsed, using `scratch`).
    /// A field past the record's end reads as empty.
    @inline(__always)
    func withField<R>(_ k: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard k < fields.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let f = fields[k]
        let slice = UnsafeBufferPointer(rebasing: bytes[f.start..<f.end])
        guard f.escaped else { return body(slice) }
        scratch.removeAll(keepingCapacity: true)
        var previousQuote = false
        for b in slice {
            if b == UInt8(ascii: "\"") && previousQuote { previousQuote = false; continue }
            previousQuote = b == UInt8(ascii: "\"")
            scratch.append(b)
        }
        return scratch.withUnsafeBufferPointer(body)
    }

    /// The current record's raw bytes, decoded (invalid UTF-8 replaced).
    var recordText: String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[recordStart..<max(recordStart, recordEnd)]), as: UTF8.self)
    }
}

/// Owns the memory of a reader's fields (a class, so it is freed exactly once).
private final class FieldStorage {
    let pointer: UnsafeMutablePointer<CSVReader.Field>
    init(capacity: Int) { pointer = .allocate(capacity: capacity) }
    deinit { pointer.deallocate() }
}

/// Byte searches eight bytes at a time (SWAR: SIMD within a register).
enum ByteScan {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// A word whose lowest set bit is bit 7 of the first byte of `word` equal to `byte` (in memory order), or 0.
    ///
    /// Bits above the lowest may be false positives (a borrow from a matching byte), so only the lowest counts.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The index of the first byte in `base[from..<to]` equal to `a`, `b` or `c`; `to` when there is none.
    @inline(__always)
    static func first(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        var i = from
        while i + 8 <= to {
            // SAFETY: `i + 8 <= to`, and the caller guarantees `base[0..<to]` is readable.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let hit = matches(word, a) | matches(word, b) | matches(word, c)
            if hit != 0 { return i + hit.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < to {
            let x = base[i]
            if x == a || x == b || x == c { return i }
            i += 1
        }
        return to
    }

    /// Whether every byte of `p` is ASCII (below 0x80).
    @inline(__always)
    static func isASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = p.baseAddress else { return true }
        let n = p.count
        var i = 0, any: UInt64 = 0
        while i + 8 <= n {
            // SAFETY: `i + 8 <= n`, inside the buffer.
            any |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < n { any |= UInt64(base[i]); i += 1 }
        return any & highs == 0
    }
}
