import BrewFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One export output file: BrewFiles' ``StreamedFile`` (written in pieces into a hidden temporary file beside the
/// target, registered for the SIGINT/SIGTERM handler, put in place only when complete), with the export's rules for
/// what may be at the target and its errors said as ``ExportError``.
///
/// Bytes are gathered in ``buffer`` and written out in blocks of ``blockSize`` (a 1M-brew CSV is about 200 MB, so it
/// is never held whole). ``publish(replacing:)`` flushes the file (`fsync`) and then:
/// - without `replacing`, *links* it to the target (`link(2)`), which fails with `EEXIST` when a file appeared
///   there meanwhile, so an existing file is never replaced, even by a race;
/// - with `replacing`, renames it over the target (`rename(2)`: a reader sees the old file or the new one).
///
/// Until then nothing appears at the target; a failure (a full disk, a read-only folder) or ``discard()`` removes
/// the temporary file, a process interrupted by SIGINT/SIGTERM removes it in its handler, and one killed mid-write
/// leaves only a hidden `.<name>.<pid>.<n>.tmp`, which the next write of the same target removes (docs/reliability.md).
public final class ExportFile {
    private let stream: StreamedFile
    /// Where the file appears.
    public var target: URL { stream.target }
    /// Bytes not yet written out.
    public var buffer: [UInt8] {
        get { stream.buffer }
        _modify { yield &stream.buffer }
        set { stream.buffer = newValue }
    }

    /// Bytes gathered before a `write(2)`.
    public static let blockSize = StreamedFile.blockSize

    /// Creates the temporary file beside `target`.
    ///
    /// - Throws: ``ExportError`` `.notReplaceable` when `target` is a folder or a symbolic link, `.exists` when it
    ///   exists and `replacing` is false (checked here, so nothing is computed for nothing;
    ///   ``publish(replacing:)`` checks again atomically), `.output` when the folder is missing or not writable.
    public init(target: URL, replacing: Bool) throws(ExportError) {
        let path = target.standardizedFileURL.path
        var st = stat()
        if lstat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFDIR: throw ExportError(.notReplaceable, path: path, "is a folder; give a file name")
            case S_IFLNK:
                throw ExportError(.notReplaceable, path: path, "is a symbolic link; brewstats never writes through one")
            default: if !replacing { throw ExportError(.exists, path: path, "exists") }
            }
        }
        do {
            stream = try StreamedFile(target: target)
        } catch {
            throw ExportError(.output, path: path, error.reason)
        }
    }

    /// Writes the buffer out when it holds a block or more.
    @inline(__always)
    public func flushIfNeeded() throws(ExportError) {
        if stream.buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes the whole buffer out.
    public func flush() throws(ExportError) {
        do { try stream.flush() } catch { throw ExportError(.output, path: error.path, error.reason) }
    }

    /// Flushes the file to disk and puts it in place (see the type's discussion).
    public func publish(replacing: Bool) throws(ExportError) {
        do {
            try stream.publish(replacing: replacing)
        } catch {
            if error.code == EEXIST { throw ExportError(.exists, path: error.path, "exists") }
            throw ExportError(.output, path: error.path, error.reason)
        }
    }

    /// Removes the temporary file; the target is left as it was.
    public func discard() { stream.discard() }
}
