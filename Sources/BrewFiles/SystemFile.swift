import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls every output file is written with: `write(2)` until every byte is out, `fsync` of a file or
/// a folder, and the start of a file's writeback.
///
/// System calls rather than Foundation: Foundation's errors lose the system's reason (`ENOSPC` reads "There isn't
/// enough space", `EIO` "NSCocoaErrorDomain error 512"), and a `FileHandle`'s `write` traps on a full disk.
public enum SystemFile {
    /// Writes all of `bytes` to `fd` with `write(2)`, again after an interruption (`EINTR`) or a short write.
    ///
    /// - Returns: `nil` when every byte was written, else the `errno` of the failed call.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    /// Opens `path` (a file, or a folder with `O_DIRECTORY` in `flags`), `fsync`s it and closes it.
    ///
    /// - Returns: `nil` on success, else the `errno` of the failed call.
    public static func flush(_ path: String, flags: Int32 = O_RDONLY) -> Int32? {
        let fd = open(path, flags | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }

    /// `fsync` of a folder: its entries (files created, renamed or removed in it).
    public static func flushFolder(_ path: String) -> Int32? {
        flush(path, flags: O_RDONLY | O_DIRECTORY)
    }

    /// Starts writing `fd`'s data to the disk without waiting for it (`sync_file_range(fd, 0, 0,
    /// SYNC_FILE_RANGE_WRITE)`), so the disk works while the report goes on drawing and the folder's flush mostly finds
    /// the data written. Measured on a 1,000-brew report: flushing a hundred files only at the commit added their
    /// writing to the wall time; started here, it overlaps the drawing as the per-file flushes did. Only a hint: the
    /// `fsync` of ``FolderFlush/flushContents(of:)`` is what makes the data durable.
    ///
    /// glibc declares the call only under `_GNU_SOURCE`, which Swift's Glibc module does not define, so it is looked up
    /// by name; where the C library lacks it, nothing is started.
    static func startWriteback(_ fd: Int32) {
        guard syncFileRange != 0 else { return }
        typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
        // SAFETY: the address is glibc's `int sync_file_range(int fd, off64_t offset, off64_t nbytes, unsigned int
        // flags)`, found by its exported name; the signature matches on 64-bit Linux. 2 is SYNC_FILE_RANGE_WRITE.
        let call = unsafeBitCast(UnsafeRawPointer(bitPattern: syncFileRange)!, to: SyncFileRange.self)
        _ = call(fd, 0, 0, 2)
    }

    /// The address of `sync_file_range` in the C library, or 0 where there is none.
    private static let syncFileRange = cLibrary("sync_file_range")

    /// The address of the C library's function `name`, looked up at run time (`dlsym`), or 0 where there is none or
    /// off Linux: for the calls glibc declares only under `_GNU_SOURCE`, which Swift's Glibc module does not define.
    static func cLibrary(_ name: String) -> Int {
        #if os(Linux)
        return Int(bitPattern: dlsym(nil, name))
        #else
        return 0
        #endif
    }
}

#if canImport(Glibc)
/// `write(2)` (a type's own `write` hides the unqualified name).
let systemWrite = Glibc.write
#elseif canImport(Darwin)
let systemWrite = Darwin.write
#endif
