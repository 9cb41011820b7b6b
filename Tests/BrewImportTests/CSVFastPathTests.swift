@_spi(Benchmarks) @testable import BrewImport
import Foundation
import Testing
import TestSupport

/// The CSV reader's in-place fast paths (word-at-a-time scans, plain numbers, the export's date shape, UUID ids)
/// agree with independent references on many shapes, including every offset around an eight-byte word.
@Suite(.cleansScratch) struct CSVFastPathTests {
    /// A byte-at-a-time RFC 4180 tokenizer to compare against: records as arrays of unescaped fields, with the
    /// physical line each record starts on.
    static func referenceRecords(_ text: [UInt8]) -> [(line: Int, fields: [[UInt8]])] {
        var records: [(Int, [[UInt8]])] = []
        var i = 0, line = 1
        let n = text.count
        while i < n {
            if text[i] == 0x0A { line += 1; i += 1; continue }
            if text[i] == 0x0D { line += 1; i += 1; if i < n, text[i] == 0x0A { i += 1 }; continue }
            let start = line
            var fields: [[UInt8]] = [], field: [UInt8] = []
            var quoted = false, atFieldStart = true
            while i < n {
                let b = text[i]
                if quoted {
                    if b == 0x22 {
                        if i + 1 < n, text[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                        quoted = false; i += 1; continue
                    }
                    if b == 0x0A || (b == 0x0D && (i + 1 >= n || text[i + 1] != 0x0A)) { line += 1 }
                    field.append(b); i += 1; continue
                }
                if b == 0x22 && atFieldStart { quoted = true; atFieldStart = false; i += 1; continue }
                if b == 0x2C { fields.append(field); field = []; atFieldStart = true; i += 1; continue }
                if b == 0x0A || b == 0x0D { break }
                field.append(b); atFieldStart = false; i += 1
            }
            fields.append(field)
            if i < n { line += 1; i += text[i] == 0x0D && i + 1 < n && text[i + 1] == 0x0A ? 2 : 1 }
            records.append((start, fields))
        }
        return records
    }

    /// Random well-formed CSVs: fields of every length around the word size, quoted ones holding commas, quotes,
    /// LF, CR and CRLF; LF or CRLF record ends and blank lines.
    @Test(arguments: 0..<40)
    func readerAgreesWithAByteAtATimeTokenizer(seed: Int) {
        var rng = TestRNG(seed: UInt64(seed) &+ 1000)
        let alphabet = Array("abcxyz0123456789 .-é".utf8)
        var text: [UInt8] = []
        for _ in 0..<(1 + Int(rng.next() % 30)) {
            let fieldCount = 1 + Int(rng.next() % 8)
            for f in 0..<fieldCount {
                if f > 0 { text.append(0x2C) }
                let length = Int(rng.next() % 20)
                if rng.next() % 3 == 0 {
                    text.append(0x22)
                    for _ in 0..<length {
                        switch rng.next() % 8 {
                        case 0: text += [0x22, 0x22]
                        case 1: text.append(0x2C)
                        case 2: text.append(0x0A)
                        case 3: text += rng.next() % 2 == 0 ? [0x0D] : [0x0D, 0x0A]
                        default: text.append(alphabet[Int(rng.next() % UInt64(alphabet.count))])
                        }
                    }
                    text.append(0x22)
                } else {
                    // Never starts with a quote, never a blank record.
                    text.append(UInt8(ascii: "q"))
                    for _ in 0..<length {
                        let b = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                        text.append(rng.next() % 9 == 0 ? 0x22 : b)  // a quote inside is ordinary
                    }
                }
            }
            switch rng.next() % 4 {
            case 0: text += [0x0D, 0x0A]
            case 1: text += [0x0A, 0x0A]
            default: text.append(0x0A)
            }
        }
        let expected = Self.referenceRecords(text)
        text.withUnsafeBufferPointer { p in
            var reader = CSVReader(bytes: p)
            var scratch: [UInt8] = []
            var k = 0
            while reader.next() {
                #expect(reader.status == .ok)
                guard k < expected.count else { Issue.record("extra record"); return }
                #expect(reader.recordLine == expected[k].line, "record \(k)")
                let fields = (0..<reader.fields.count).map { f in reader.withField(f, scratch: &scratch) { Array($0) } }
                #expect(fields == expected[k].fields, "record \(k)")
                k += 1
            }
            #expect(k == expected.count)
        }
    }

    /// The word-at-a-time search finds the first of three bytes at every position relative to a word boundary.
    @Test func byteScanFindsEveryPosition() {
        for length in 0..<40 {
            for hit in 0...length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                // A non-matching high byte beside the hit (the borrow case of the SWAR test).
                if hit > 0 { bytes[hit - 1] = 0x80 }
                if hit < length { bytes[hit] = [UInt8(ascii: ","), 0x0A, 0x0D][hit % 3] }
                for from in 0...min(hit, 9) {
                    let found = bytes.withUnsafeBufferPointer { p in
                        p.baseAddress.map { ByteScan.first($0, from: from, to: length, 0x2C, 0x0A, 0x0D) } ?? 0
                    }
                    #expect(found == hit, "length \(length) hit \(hit) from \(from)")
                }
            }
        }
        let ascii = Array("plain ascii text, longer than a word".utf8)
        for n in 0...ascii.count {
            var bytes = Array(ascii.prefix(n))
            #expect(bytes.withUnsafeBufferPointer { ByteScan.isASCII($0) })
            if n > 0 {
                bytes[n - 1] = 0xC3
                #expect(!bytes.withUnsafeBufferPointer { ByteScan.isASCII($0) }, "non-ASCII at \(n - 1)")
            }
        }
    }

    /// Plain decimals read by the fast path equal the standard library's correctly rounded conversion.
    @Test func plainNumbersAgreeWithTheStandardLibrary() {
        var rng = TestRNG(seed: 77)
        for _ in 0..<20_000 {
            let integer = rng.next() % 100_000_000
            let fractionDigits = Int(rng.next() % 8)
            var text = String(integer)
            if fractionDigits > 0 {
                let fraction = String(rng.next() % 100_000_000).suffix(fractionDigits)
                text += "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
            }
            let expected = Double(text)!
            var copy = text
            #expect(copy.withUTF8 { NumberParser.plain($0) } == expected, "\(text)")
            #expect(NumberParser.parse(text) == .value(expected), "\(text)")
        }
        for text in ["", "-3", "+4", "1,5", "18 g", "1.2.3", ".", "1e3", "12345678901234567", " 18"] {
            var copy = text
            #expect(copy.withUTF8 { NumberParser.plain($0) } == nil, "\(text)")
        }
        #expect(NumberParser.parse(".5") == .value(0.5) && NumberParser.parse("18.") == .value(18))
        #expect(NumberParser.parse("1.5", separator: .comma) == .invalid, "under .comma a dot groups thousands")
    }

    /// The export's date shape, read at fixed positions, gives the instant Foundation's calendar computes.
    @Test func fixedShapeDatesAgreeWithFoundation() throws {
        var rng = TestRNG(seed: 5)
        var calendar = Calendar(identifier: .gregorian)
        for _ in 0..<2_000 {
            let year = 1990 + Int(rng.next() % 60), month = 1 + Int(rng.next() % 12)
            let day = 1 + Int(rng.next() % 28), hour = Int(rng.next() % 24)
            let minute = Int(rng.next() % 60), second = Int(rng.next() % 60)
            let offsetMinutes = (Int(rng.next() % 57) - 28) * 30  // −14:00 … +14:00 in half hours
            let zone = try #require(TimeZone(secondsFromGMT: offsetMinutes * 60))
            calendar.timeZone = zone
            let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day,
                                                                      hour: hour, minute: minute, second: second)))
            let expected = Int64(date.timeIntervalSince1970) * 1_000_000
            let sign = offsetMinutes < 0 ? "-" : "+"
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", year, month, day, hour, minute,
                              second, sign, abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
            var copy = text
            #expect(copy.withUTF8 { ISO8601.parseFixed($0) } == .instant(expected), "\(text)")
            if offsetMinutes == 0 {
                var zulu = String(text.prefix(19)) + "Z"
                #expect(zulu.withUTF8 { ISO8601.parseFixed($0) } == .instant(expected), "\(zulu)")
            }
        }
        // Shapes it leaves to the full parser, which must still read or refuse them.
        for text in ["2026-02-30T07:00:00+01:00", "2026-11-16T25:00:00Z", "2026-11-16t07:00:00Z", "2026-11-16T07:00:00+0100",
                     "2026-11-16 07:00:00+01:00", "2026-11-16T07:00:00+19:00", "2026-11-16T07:00:0xZ"] {
            var copy = text
            #expect(copy.withUTF8 { ISO8601.parseFixed($0) } == nil, "\(text)")
        }
    }

    /// UUID text in either case parses to Foundation's 16 bytes and is re-spelt as `uuidString`.
    @Test func uuidWordsMatchFoundation() {
        for k in 0..<500 {
            let uuid = UUID()
            let canonical = uuid.uuidString
            let text = k % 2 == 0 ? canonical : canonical.lowercased()
            var copy = text
            var lowercase = false
            guard let words = copy.withUTF8({ UUIDWords(text: $0, lowercase: &lowercase) }) else {
                Issue.record("not parsed: \(text)"); continue
            }
            #expect(lowercase == (k % 2 == 1 && canonical.contains(where: \.isLetter)))
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(words == UUIDWords(high: high, low: low))
            let written = [UInt8](unsafeUninitializedCapacity: 36) { out, count in
                words.write(to: out.baseAddress!); count = 36
            }
            #expect(String(decoding: written, as: UTF8.self) == canonical)
        }
        for text in ["", "not-a-uuid", "0E9B1F6A-1C2D-4E5F-8A9B-0C1D2E3F4A5G", "0E9B1F6A_1C2D-4E5F-8A9B-0C1D2E3F4A5B"] {
            var copy = text
            var lowercase = false
            #expect(copy.withUTF8 { UUIDWords(text: $0, lowercase: &lowercase) } == nil, "\(text)")
        }
    }

    /// The id set answers like `Set<String>` over canonical ids, through growth, with the all-zero UUID and
    /// non-UUID ids mixed in.
    @Test func idSetAgreesWithASetOfStrings() {
        var rng = TestRNG(seed: 11)
        var ids = IDSet(), reference = Set<String>()
        var pool: [String] = ["00000000-0000-0000-0000-000000000000", "plain-id", "42"]
        for _ in 0..<3_000 {
            let hex = (0..<32).map { _ in "0123456789ABCDEF".randomElement(using: &rng)! }
            var s = String(hex)
            for dash in [8, 13, 18, 23] { s.insert("-", at: s.index(s.startIndex, offsetBy: dash)) }
            pool.append(s)
        }
        for _ in 0..<10_000 {
            let id = pool[Int(rng.next() % UInt64(pool.count))]
            var copy = id
            var lowercase = false
            let inserted: Bool
            if rng.next() % 2 == 0, let words = copy.withUTF8({ UUIDWords(text: $0, lowercase: &lowercase) }) {
                inserted = ids.insert(uuid: words)
            } else {
                inserted = ids.insert(id)
            }
            #expect(inserted == reference.insert(id).inserted, "\(id)")
        }
    }

    /// Ids in lower case are stored upper-case, and the same UUID in another case is a duplicate.
    @Test func uuidIdsAreCanonicalAndDeduplicatedAcrossCase() throws {
        let id = "0e9b1f6a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
        let csv = """
            brew_id,brewed_at,dose_g,notes,flavor_tags
            \(id),2026-11-16T07:00:00+01:00,15,"a ""quoted"" note",berry
            \(id.uppercased()),2026-11-16T08:00:00+01:00,16,,
            plain,2026-11-16T09:00:00Z,17,café,

            """
        let result = try importChecked(try scratchFile("case.csv", csv), ImportOptions(timeZone: utc))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 3, kept: 2, rejected: 1))
        #expect(result.report.rejects.first?.where == "line 3")
        #expect(result.report.rejects.first?.reason.contains(id.uppercased()) == true)
        #expect(t.id[0] == id.uppercased() && t.id[1] == "plain")
        #expect(t.notes[0] == "a \"quoted\" note" && t.notes[1] == "café")
        #expect(t.flavorTags[0] == "berry" && t.flavorTags[1] == nil)
        #expect(result.journal.tastingNoteCount == 1)
        // 07:00 at +01:00 is 06:00Z: 2026-11-16T06:00:00Z = 1_794_808_800 s (date -u -d … +%s).
        #expect(t.brewDate[0] == Int64(1_794_808_800) * 1_000_000)
    }

    /// Large-file import: the estimate of records from a sample stays close to the true count.
    @Test func recordEstimateScalesTheSample() {
        let row = Array("0E9B1F6A-1C2D-4E5F-8A9B-0C1D2E3F4A5B,2026-11-16T07:00:00+01:00,15,250\n".utf8)
        var bytes = Array("brew_id,brewed_at,dose_g,water_g\n".utf8)
        for _ in 0..<40_000 { bytes += row }
        let estimate = bytes.withUnsafeBufferPointer { CSVImporter.estimatedRecords($0) }
        #expect(estimate >= 40_000 && estimate <= 42_000, "\(estimate)")
        let small = Array("a\nb\nc\n".utf8)
        #expect(small.withUnsafeBufferPointer { CSVImporter.estimatedRecords($0) } >= 2)
    }
}
