#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory, read front to back, whose pages can be handed back once read.
///
/// The CSV importer walks a file once; without help, every page it has read stays resident until the import
/// ends, so a 190 MB export costs 190 MB of memory on top of the journal it builds. ``releasePages(before:)``
/// tells the system the pages before an offset are no longer needed: for a private read-only file mapping
/// they are dropped and, should they be read again, faulted back in from the file, so nothing is lost.
/// One owner per mapping; `deinit` unmaps.
final class MappedFile {
    /// The mapped bytes (an empty buffer for an empty file).
    let bytes: UnsafeBufferPointer<UInt8>
    private let pageSize: Int
    /// Pages before this offset have been released.
    private var released = 0

    /// Maps the file at `path`.
    ///
    /// - Throws: ``ImportError`` (`.unreadable`) when the file cannot be opened, measured or mapped, or is not a
    ///   regular file (``InputFile/openRegular(_:)``).
    /// - Parameter maxBytes: the largest file mapped; a larger one is refused before it is mapped
    ///   (``InputFile/tooLarge(_:size:limit:)``).
    init(path: String, maxBytes: Int = .max) throws(ImportError) {
        let fd = try InputFile.openRegular(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImportError(.unreadable, file: path, "cannot read the file's size") }
        let length = Int(info.st_size)
        if length > maxBytes { throw InputFile.tooLarge(path, size: length, limit: maxBytes) }
        pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard length > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw ImportError(.unreadable, file: path, "cannot map the file into memory")
        }
        _ = madvise(address, length, MADV_SEQUENTIAL)
        // SAFETY: the mapping spans `length` readable bytes until `deinit` unmaps it.
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// Lets the system drop the whole pages before byte `offset`; they read back from the file if touched again.
    func releasePages(before offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let end = min(offset, bytes.count) / pageSize * pageSize
        guard end > released else { return }
        // SAFETY: `released..<end` is page-aligned (the mapping starts on a page) and inside the mapping.
        _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
        released = end
    }

    /// Lets the system drop the whole pages inside `bytes[range]` (a part of `bytes`, the mapping of a file). Unlike
    /// ``releasePages(before:)`` it keeps no state, so readers of different parts of one mapping may call it at once.
    static func releasePages(in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(range.upperBound, bytes.count) / page * page
        guard end > start else { return }
        // SAFETY: `start..<end` is page-aligned (the mapping starts on a page) and inside the mapping.
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    /// Starts another pass over the file: pages released so far are read back as they are touched, and will be
    /// released again by ``releasePages(before:)``.
    func rewind() { released = 0 }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }
}
