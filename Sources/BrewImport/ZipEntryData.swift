import Foundation
import ZIPFoundation

/// Reads one entry's bytes out of a zip archive with every length checked against the file.
///
/// ZIPFoundation's `Archive.extract` feeds its inflater from the file without a bound: when an entry's compressed
/// data runs to the end of the file without the deflate stream ending (a truncated or forged archive), its read
/// returns no bytes and the inflate loop asks again forever — a 1.5 KB file hung `inspect` (found by the
/// `fuzz-beanconqueror-zip` target). Here the entry's compressed bytes are located through the central directory
/// and its local header, must lie inside the file, and are handed to the inflater from memory; asking for more
/// than the entry holds is an error (``ZipEntryData/Failure/truncated``).
///
/// ZIP64 sizes and offsets are read from an entry's extra field; a ZIP64 end-of-central-directory (more than
/// 65,535 entries, or a central directory past 4 GiB) is refused as ``ZipEntryData/Failure/unsupported`` (a
/// Beanconqueror backup is far below either).
struct ZipEntryData {
    enum Failure: Error, CustomStringConvertible {
        case truncated, damaged(String), unsupported
        var description: String {
            switch self {
            case .truncated: "the entry's data ends before its compressed stream does (truncated archive)"
            case .damaged(let what): what
            case .unsupported: "ZIP64 archives are not read"
            }
        }
    }

    /// Entry name → (compression method, compressed size, offset of the local header), from the central directory.
    private var entries: [String: (method: UInt16, size: Int, header: Int)] = [:]
    private let file: FileHandle
    private let fileSize: Int

    init(path: String) throws(Failure) {
        guard let file = FileHandle(forReadingAtPath: path) else { throw .damaged("cannot open the archive") }
        self.file = file
        guard let end = try? file.seekToEnd() else { throw .damaged("cannot measure the archive") }
        fileSize = Int(end)
        // End of central directory: the last "PK\5\6" in the final 65,557 bytes (22-byte record + comment).
        let tailStart = max(0, fileSize - 65_557)
        let tail = try Self.read(file, at: tailStart, count: fileSize - tailStart)
        guard tail.count >= 22, let e = (0...(tail.count - 22)).reversed().first(where: {
            tail[$0] == 0x50 && tail[$0 + 1] == 0x4B && tail[$0 + 2] == 5 && tail[$0 + 3] == 6
        }) else { throw .damaged("no end-of-central-directory record") }
        let count = Int(Self.u16(tail, e + 10)), cdSize = Int(Self.u32(tail, e + 12)), cdOffset = Int(Self.u32(tail, e + 16))
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF { throw .unsupported }

        guard cdOffset + cdSize <= fileSize else { throw .damaged("the central directory lies past the end of the file") }
        let cd = try Self.read(file, at: cdOffset, count: cdSize)
        var p = 0
        for _ in 0..<count {
            guard p + 46 <= cd.count, Self.u32(cd, p) == 0x0201_4B50 else { throw .damaged("damaged central directory") }
            let nameLength = Int(Self.u16(cd, p + 28)), extra = Int(Self.u16(cd, p + 30)), comment = Int(Self.u16(cd, p + 32))
            guard p + 46 + nameLength <= cd.count else { throw .damaged("damaged central directory") }
            var size = UInt64(Self.u32(cd, p + 20)), header = UInt64(Self.u32(cd, p + 42))
            let uncompressed32 = Self.u32(cd, p + 24)
            if size == 0xFFFF_FFFF || header == 0xFFFF_FFFF || uncompressed32 == 0xFFFF_FFFF {
                // ZIP64 extra field (0x0001): the 64-bit values of the fields that hold 0xFFFFFFFF, in this order.
                var x = p + 46 + nameLength
                let extraEnd = min(x + extra, cd.count)
                while x + 4 <= extraEnd, Self.u16(cd, x) != 1 { x += 4 + Int(Self.u16(cd, x + 2)) }
                var field = x + 4
                func next() -> UInt64? {
                    guard field + 8 <= extraEnd else { return nil }
                    defer { field += 8 }
                    return UInt64(Self.u32(cd, field)) | UInt64(Self.u32(cd, field + 4)) << 32
                }
                if uncompressed32 == 0xFFFF_FFFF { _ = next() }
                if size == 0xFFFF_FFFF { size = next() ?? UInt64.max }
                if header == 0xFFFF_FFFF { header = next() ?? UInt64.max }
            }
            let name = String(decoding: cd[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            // Sizes and offsets past the file are refused when the entry is read, not here (unread entries may lie).
            if entries[name] == nil {
                entries[name] = (Self.u16(cd, p + 10), Int(clamping: min(size, UInt64(Int.max))),
                                 Int(clamping: min(header, UInt64(Int.max))))
            }
            p += 46 + nameLength + extra + comment
        }
    }

    /// The uncompressed bytes of the entry named `name`, passed to `consumer` chunk by chunk; returns their CRC-32.
    func extract(_ name: String, consumer: (Data) throws -> Void) throws -> CRC32 {
        guard let entry = entries[name] else { throw Failure.damaged("the entry is not in the central directory") }
        guard entry.header <= fileSize - 30, entry.size <= fileSize else { throw Failure.truncated }
        let header = try Self.read(file, at: entry.header, count: 30)
        guard header.count == 30, Self.u32(header, 0) == 0x0403_4B50 else { throw Failure.damaged("damaged local header") }
        let start = entry.header + 30 + Int(Self.u16(header, 26)) + Int(Self.u16(header, 28))
        guard start + entry.size <= fileSize else { throw Failure.truncated }
        let compressed = try Self.read(file, at: start, count: entry.size)
        switch entry.method {
        case 0:
            try consumer(compressed)
            return compressed.crc32(checksum: 0)
        case 8:
            // ZIPFoundation's inflate loop tells zlib that every chunk holds `chunk` bytes, whatever its length (its
            // own file reads get away with it: their buffer is allocated at full size), so a short last chunk would
            // be read past its end. Every chunk is therefore `chunk` bytes, the last padded with zeros; a stream
            // that has not ended by then asks for another and gets `truncated`.
            return try Data.decompress(size: Int64(entry.size), bufferSize: 64 << 10, skipCRC32: false, provider: { position, chunk in
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

    private static func u16(_ d: Data, _ i: Int) -> UInt16 {
        UInt16(d[d.startIndex + i]) | UInt16(d[d.startIndex + i + 1]) << 8
    }

    private static func u32(_ d: Data, _ i: Int) -> UInt32 {
        UInt32(u16(d, i)) | UInt32(u16(d, i + 2)) << 16
    }
}
