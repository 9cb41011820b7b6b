import Foundation
import ZIPFoundation

/// Lists a zip archive's entries and reads their bytes with every length checked against the file: the one zip
/// reader of Beanconqueror backups and shot zips.
///
/// ZIPFoundation's `Archive.extract` feeds its inflater from the file without a bound: when an entry's compressed
/// data runs to the end of the file without the deflate stream ending (a truncated or forged archive), its read
/// returns no bytes and the inflate loop asks again forever — a 1.5 KB file hung `inspect` (found by the
/// `fuzz-beanconqueror-zip` target). Here the entry's compressed bytes are located through the central directory
/// and its local header, must lie inside the file, and are handed to the inflater from memory; asking for more
/// than the entry holds is an error (``ZipEntryData/Failure/truncated``).
///
/// The listing is this type's own reading of the central directory, not ZIPFoundation's iteration, which ends at
/// the first encrypted entry (its `Entry` initialiser refuses them) and so hides that entry and every later one.
/// Every entry is listed, in central-directory order, with what a caller needs to refuse it in words: its
/// general-purpose flags (bit 0: encrypted), whether it is a symbolic link (a Unix mode `S_IFLNK` in the external
/// attributes, as `zip -y` writes) and how often its name occurs.
///
/// ZIP64 sizes and offsets are read from an entry's extra field, and a ZIP64 end-of-central-directory record (more
/// than 65,535 entries, or a central directory past 4 GiB) through its locator.
public struct ZipEntryData {
    /// Why an archive or an entry cannot be read.
    public enum Failure: Error, CustomStringConvertible {
        case truncated, damaged(String), unsupported
        public var description: String {
            switch self {
            case .truncated: "the entry's data ends before its compressed stream does (truncated archive)"
            case .damaged(let what): what
            case .unsupported: "this ZIP64 archive is not read"
            }
        }
    }

    /// One central-directory record.
    public struct Entry: Sendable {
        /// The entry's path inside the archive, as stored (UTF-8; invalid bytes become U+FFFD).
        public let name: String
        /// 0 stored, 8 deflated; others are refused when read.
        public let method: UInt16
        /// The general-purpose bit flags.
        public let flags: UInt16
        /// The compressed size (what is read from the file).
        public let compressedSize: Int
        /// The uncompressed size the header declares (a hostile archive may understate it: inflation counts).
        public let uncompressedSize: UInt64
        /// The CRC-32 the header declares.
        public let crc32: UInt32
        /// Offset of the local header.
        let header: Int
        /// Whether the external attributes give a Unix symbolic link (`S_IFLNK`).
        public let isSymbolicLink: Bool
        /// Whether the entry is a folder (a name ending in `/`, or a Unix `S_IFDIR` mode).
        public let isDirectory: Bool
        /// The MS-DOS modification time, read as UTC (as ZIPFoundation does).
        public let modified: Date?

        /// Bit 0 of the flags: the entry's data is encrypted (brewstats reads no encrypted entry).
        public var isEncrypted: Bool { flags & 1 != 0 }
        /// A regular file (not a folder, not a link).
        public var isFile: Bool { !isSymbolicLink && !isDirectory }
    }

    /// Every entry, in central-directory order (duplicated names included).
    public let entries: [Entry]
    private let file: FileHandle
    private let fileSize: Int

    /// Reads the central directory of the archive at `path`.
    ///
    /// - Throws: ``Failure`` when the file cannot be opened or its central directory is missing or damaged.
    public init(path: String) throws(Failure) {
        guard let file = try? InputFile.handle(path) else { throw .damaged("cannot open the archive") }
        self.file = file
        guard let end = try? file.seekToEnd() else { throw .damaged("cannot measure the archive") }
        fileSize = Int(end)
        // End of central directory: the last "PK\5\6" in the final 65,557 bytes (22-byte record + comment).
        let tailStart = max(0, fileSize - 65_557)
        let tail = try Self.read(file, at: tailStart, count: fileSize - tailStart)
        guard tail.count >= 22, let e = (0...(tail.count - 22)).reversed().first(where: {
            tail[$0] == 0x50 && tail[$0 + 1] == 0x4B && tail[$0 + 2] == 5 && tail[$0 + 3] == 6
        }) else { throw .damaged("no end-of-central-directory record") }
        var count = Int(Self.u16(tail, e + 10)), cdSize = Int(Self.u32(tail, e + 12)),
            cdOffset = Int(Self.u32(tail, e + 16))
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            // ZIP64: a 20-byte locator ("PK\6\7") just before the record gives the ZIP64 record's offset.
            guard e >= 20, Self.u32(tail, e - 20) == 0x0706_4B50 else { throw .unsupported }
            let record = Self.u64(tail, e - 20 + 8)
            guard record <= UInt64(fileSize - 56) else {
                throw .damaged("the ZIP64 end record lies past the end of the file")
            }
            let z = try Self.read(file, at: Int(record), count: 56)
            guard z.count == 56, Self.u32(z, 0) == 0x0606_4B50 else { throw .damaged("damaged ZIP64 end record") }
            let count64 = Self.u64(z, 32), size64 = Self.u64(z, 40), offset64 = Self.u64(z, 48)
            guard size64 <= UInt64(fileSize), offset64 <= UInt64(fileSize), count64 <= size64 / 46 else {
                throw .damaged("the central directory lies past the end of the file")
            }
            (count, cdSize, cdOffset) = (Int(count64), Int(size64), Int(offset64))
        }
        guard cdOffset + cdSize <= fileSize else {
            throw .damaged("the central directory lies past the end of the file")
        }
        let cd = try Self.read(file, at: cdOffset, count: cdSize)
        var list: [Entry] = []
        list.reserveCapacity(min(count, cdSize / 46))
        var p = 0
        for _ in 0..<count {
            guard p + 46 <= cd.count, Self.u32(cd, p) == 0x0201_4B50 else {
                throw .damaged("damaged central directory")
            }
            let nameLength = Int(Self.u16(cd, p + 28)), extra = Int(Self.u16(cd, p + 30)),
                comment = Int(Self.u16(cd, p + 32))
            guard p + 46 + nameLength <= cd.count else { throw .damaged("damaged central directory") }
            var size = UInt64(Self.u32(cd, p + 20)), header = UInt64(Self.u32(cd, p + 42))
            var uncompressed = UInt64(Self.u32(cd, p + 24))
            if size == 0xFFFF_FFFF || header == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF {
                // ZIP64 extra field (0x0001): the 64-bit values of the fields that hold 0xFFFFFFFF, in this order.
                var x = p + 46 + nameLength
                let extraEnd = min(x + extra, cd.count)
                while x + 4 <= extraEnd, Self.u16(cd, x) != 1 { x += 4 + Int(Self.u16(cd, x + 2)) }
                var field = x + 4
                func next() -> UInt64? {
                    guard field + 8 <= extraEnd else { return nil }
                    defer { field += 8 }
                    return Self.u64(cd, field)
                }
                if uncompressed == 0xFFFF_FFFF { uncompressed = next() ?? UInt64.max }
                if size == 0xFFFF_FFFF { size = next() ?? UInt64.max }
                if header == 0xFFFF_FFFF { header = next() ?? UInt64.max }
            }
            let name = String(decoding: cd[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            // Made by Unix (3) or macOS (19): the upper 16 bits of the external attributes are the file's mode.
            // MS-DOS (0): attribute bit 0x10 marks a folder.
            let madeBy = Self.u16(cd, p + 4) >> 8, attributes = Self.u32(cd, p + 38)
            let mode = (madeBy == 3 || madeBy == 19) ? (attributes >> 16) & 0o170000
                : (madeBy == 0 && attributes & 0x10 != 0 ? 0o040000 : 0)
            // Sizes and offsets past the file are refused when the entry is read, not here (unread entries may lie).
            list.append(Entry(
                name: name, method: Self.u16(cd, p + 10), flags: Self.u16(cd, p + 8),
                compressedSize: Int(clamping: min(size, UInt64(Int.max))), uncompressedSize: uncompressed,
                crc32: Self.u32(cd, p + 16), header: Int(clamping: min(header, UInt64(Int.max))),
                isSymbolicLink: mode == 0o120000, isDirectory: name.hasSuffix("/") || mode == 0o040000,
                modified: Self.dosDate(date: Self.u16(cd, p + 14), time: Self.u16(cd, p + 12))))
            p += 46 + nameLength + extra + comment
        }
        entries = list
    }

    /// How many entries are named `name` (a zip may hold the same name twice; unzip and ZIPFoundation read
    /// different ones).
    public func count(named name: String) -> Int {
        entries.reduce(0) { $0 + ($1.name == name ? 1 : 0) }
    }

    /// The uncompressed bytes of `entry`, passed to `consumer` chunk by chunk; returns their CRC-32 (the caller
    /// compares it with ``Entry/crc32`` once it has read the whole entry).
    ///
    /// - Throws: ``Failure`` for an encrypted entry, data outside the file, an unknown method or a truncated
    ///   stream; whatever `consumer` throws (a caller stops inflating early by throwing).
    public func extract(_ entry: Entry, consumer: (Data) throws -> Void) throws -> UInt32 {
        guard !entry.isEncrypted else { throw Failure.damaged("the entry is encrypted") }
        guard entry.header <= fileSize - 30, entry.compressedSize <= fileSize else { throw Failure.truncated }
        let header = try Self.read(file, at: entry.header, count: 30)
        guard header.count == 30, Self.u32(header, 0) == 0x0403_4B50 else {
            throw Failure.damaged("damaged local header")
        }
        let start = entry.header + 30 + Int(Self.u16(header, 26)) + Int(Self.u16(header, 28))
        guard start + entry.compressedSize <= fileSize else { throw Failure.truncated }
        let compressed = try Self.read(file, at: start, count: entry.compressedSize)
        switch entry.method {
        case 0:
            try consumer(compressed)
            return compressed.crc32(checksum: 0)
        case 8:
            // ZIPFoundation's inflate loop tells zlib that every chunk holds `chunk` bytes, whatever its length (its
            // own file reads get away with it: their buffer is allocated at full size), so a short last chunk would
            // be read past its end. Every chunk is therefore `chunk` bytes, the last padded with zeros; a stream
            // that has not ended by then asks for another and gets `truncated`.
            return try Data.decompress(size: Int64(entry.compressedSize), bufferSize: 64 << 10, skipCRC32: false,
                provider: { position, chunk in
                let from = Int(position)
                guard from < compressed.count else { throw Failure.truncated }
                var piece = compressed.subdata(in: from..<min(from + chunk, compressed.count))
                if piece.count < chunk { piece.append(Data(count: chunk - piece.count)) }
                return piece
            }, consumer: consumer)
        default:
            throw Failure.damaged("compression method \(entry.method) is not read")
        }
    }

    private static func read(_ file: FileHandle, at offset: Int, count: Int) throws(Failure) -> Data {
        do {
            try file.seek(toOffset: UInt64(offset))
            return try file.read(upToCount: count) ?? Data()
        } catch {
            throw .damaged("cannot read the archive")
        }
    }

    /// An MS-DOS date and time (2-second resolution, years from 1980) as a UTC date; `nil` for impossible fields.
    static func dosDate(date: UInt16, time: UInt16) -> Date? {
        var c = DateComponents()
        c.year = 1980 + Int(date >> 9); c.month = Int(date >> 5 & 15); c.day = Int(date & 31)
        c.hour = Int(time >> 11); c.minute = Int(time >> 5 & 63); c.second = Int(time & 31) * 2
        guard (1...12).contains(c.month!), (1...31).contains(c.day!), c.hour! < 24, c.minute! < 60,
            c.second! < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: c)
    }

    private static func u16(_ d: Data, _ i: Int) -> UInt16 {
        UInt16(d[d.startIndex + i]) | UInt16(d[d.startIndex + i + 1]) << 8
    }

    private static func u32(_ d: Data, _ i: Int) -> UInt32 {
        UInt32(u16(d, i)) | UInt32(u16(d, i + 2)) << 16
    }

    private static func u64(_ d: Data, _ i: Int) -> UInt64 {
        UInt64(u32(d, i)) | UInt64(u32(d, i + 4)) << 32
    }
}
