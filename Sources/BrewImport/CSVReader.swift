/// An RFC 4180 record reader over bytes.
///
/// Hand-written for speed: it walks the mapped file once, records each field as a byte range (no `String`
/// per field), and counts physical lines so rejects can name the line where a record starts. The
/// `csv-parse` benchmark in `Sources/brewstats-bench` measures it against a CSV library on the
/// 1M-brew export.
///
/// Accepted: quoted fields holding delimiters, doubled quotes and line breaks; CRLF, LF or lone CR line ends;
/// blank lines between records (skipped). A quote inside an unquoted field is an ordinary character.
struct CSVReader {
    /// One field of the current record: `bytes[start..<end]`, already without its surrounding quotes.
    struct Field {
        var start: Int
        var end: Int
        /// Holds doubled quotes (`""`) that must be collapsed before use.
        var escaped: Bool
    }

    /// How a record ended.
    enum Status: Equatable {
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

    /// The current record's fields.
    private(set) var fields: [Field] = []
    /// The current record's first line, and its byte range (without the line end).
    private(set) var recordLine = 0
    private(set) var recordStart = 0
    private(set) var recordEnd = 0
    private(set) var status = Status.ok

    init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8 = UInt8(ascii: ","), skipBOM: Bool = true) {
        self.bytes = bytes
        self.delimiter = delimiter
        let bom = skipBOM && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.position = bom ? 3 : 0
        fields.reserveCapacity(32)
    }

    /// Reads the next non-blank record into ``fields``; `false` at the end of the file.
    mutating func next() -> Bool {
        let n = bytes.count
        // Skip blank lines.
        while position < n {
            let b = bytes[position]
            if b == 0x0A { line += 1; position += 1 }
            else if b == 0x0D { line += 1; position += 1; if position < n, bytes[position] == 0x0A { position += 1 } }
            else { break }
        }
        guard position < n else { return false }
        fields.removeAll(keepingCapacity: true)
        status = .ok
        recordLine = line
        recordStart = position
        var i = position
        let quote = UInt8(ascii: "\"")
        let delimiter = self.delimiter
        while true {
            // One field starts at i.
            if i < n, bytes[i] == quote {
                var j = i + 1, escaped = false, closed = false
                while j < n {
                    let b = bytes[j]
                    if b == quote {
                        if j + 1 < n, bytes[j + 1] == quote { escaped = true; j += 2; continue }
                        closed = true
                        break
                    }
                    if b == 0x0A { line += 1 } else if b == 0x0D, j + 1 >= n || bytes[j + 1] != 0x0A { line += 1 }
                    j += 1
                }
                fields.append(Field(start: i + 1, end: j, escaped: escaped))
                if !closed {
                    status = .unterminatedQuote
                    recordEnd = n
                    position = n
                    return true
                }
                i = j + 1
                if i < n, bytes[i] != delimiter, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    status = .textAfterQuote
                    while i < n, bytes[i] != delimiter, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                }
            } else {
                var j = i
                while j < n {
                    let b = bytes[j]
                    if b == delimiter || b == 0x0A || b == 0x0D { break }
                    j += 1
                }
                fields.append(Field(start: i, end: j, escaped: false))
                i = j
            }
            // i is at a delimiter, a line end, or the end.
            if i < n, bytes[i] == delimiter { i += 1; continue }
            recordEnd = i
            if i < n {
                line += 1
                if bytes[i] == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A { i += 2 } else { i += 1 }
            }
            position = i
            return true
        }
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
