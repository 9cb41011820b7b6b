import Foundation
import ZIPFoundation

/// Hand-built and hand-damaged zip archives for the archive-safety tests: what ZIPFoundation will not write
/// (ZIP64 sizes near 2⁶⁴, headers that understate an entry's size) is written or patched here byte by byte
/// (APPNOTE.TXT 6.3: local header, central directory, end of central directory, ZIP64 extra field 0x0001).
enum ZipBytes {
    /// One stored (uncompressed) entry; `declaredSize` replaces the true uncompressed size in both headers, through
    /// a ZIP64 extra field when it does not fit 32 bits.
    struct Entry {
        var name: String
        var data: Data
        var declaredSize: UInt64? = nil
        /// General-purpose bit flags (bit 0: encrypted) in both headers.
        var flags: UInt16 = 0
        /// A Unix mode (`0o120777`: a symbolic link): the entry is then "made by" Unix with this mode in its
        /// external attributes, as `zip -y` writes links; `nil` leaves the MS-DOS default of the other entries.
        var unixMode: UInt32? = nil
    }

    /// An archive of stored entries with correct CRCs.
    static func stored(_ entries: [Entry]) -> Data {
        var out = Data(), central = Data()
        for e in entries {
            let offset = UInt32(out.count)
            let size = e.declaredSize ?? UInt64(e.data.count)
            let zip64 = size > UInt64(UInt32.max)
            let name = Data(e.name.utf8)
            var extra = Data()
            if zip64 { extra.le(UInt16(1)); extra.le(UInt16(16)); extra.le(size); extra.le(UInt64(e.data.count)) }
            let crc = e.data.crc32(checksum: 0)
            let size32 = zip64 ? UInt32.max : UInt32(size), compressed32 = zip64 ? UInt32.max : UInt32(e.data.count)
            out.le(UInt32(0x0403_4B50)); out.le(UInt16(zip64 ? 45 : 20)); out.le(e.flags); out.le(UInt16(0))
            out.le(UInt16(0)); out.le(UInt16(0x21)); out.le(crc); out.le(compressed32); out.le(size32)
            out.le(UInt16(name.count)); out.le(UInt16(extra.count)); out += name; out += extra; out += e.data
            central.le(UInt32(0x0201_4B50)); central.le(UInt16(e.unixMode == nil ? 45 : 0x0300 | 45)); central.le(UInt16(zip64 ? 45 : 20))
            central.le(e.flags); central.le(UInt16(0)); central.le(UInt16(0)); central.le(UInt16(0x21))
            central.le(crc); central.le(compressed32); central.le(size32)
            central.le(UInt16(name.count)); central.le(UInt16(extra.count)); central.le(UInt16(0))
            central.le(UInt16(0)); central.le(UInt16(0)); central.le((e.unixMode ?? 0o100644) << 16); central.le(offset)
            central += name; central += extra
        }
        let centralOffset = UInt32(out.count)
        out += central
        out.le(UInt32(0x0605_4B50)); out.le(UInt16(0)); out.le(UInt16(0))
        out.le(UInt16(entries.count)); out.le(UInt16(entries.count))
        out.le(UInt32(central.count)); out.le(centralOffset); out.le(UInt16(0))
        return out
    }

    /// Writes a deflated archive with ZIPFoundation.
    static func deflated(_ entries: [(String, Data)], to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (name, data) in entries {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { p, s in
                data.subdata(in: Int(p)..<Int(p) + s)
            }
        }
    }

    /// Rewrites every header's 32-bit uncompressed size `from` → `to` (local headers, central directory, data
    /// descriptors), so the archive lies about an entry's size while its compressed data stays intact.
    static func understate(_ data: Data, from: UInt32, to: UInt32) -> Data {
        var bytes = [UInt8](data)
        func u32(_ i: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[i + $1]) << (8 * UInt32($1)) } }
        func put(_ i: Int, _ v: UInt32) { for k in 0..<4 { bytes[i + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) } }
        var i = 0
        while i + 30 <= bytes.count {
            let field: Int? = switch u32(i) {
            case 0x0403_4B50: i + 22  // local file header
            case 0x0201_4B50: i + 24  // central directory header
            case 0x0807_4B50: i + 12  // data descriptor
            default: nil
            }
            if let f = field, u32(f) == from { put(f, to) }
            i += 1
        }
        return Data(bytes)
    }
}

extension Data {
    /// Appends an integer, little-endian.
    mutating func le<T: FixedWidthInteger>(_ v: T) {
        Swift.withUnsafeBytes(of: v.littleEndian) { append(contentsOf: $0) }
    }
}
