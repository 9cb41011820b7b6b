import BrewFiles
import Foundation

/// A buffered writer of UTF-8 bytes into a temporary file beside the destination, put in place by ``commit()`` (so a
/// reader never sees a half-written journal): BrewFiles' ``StreamedFile``, the writer every streamed output uses, so
/// the temporary file is removed by the SIGINT/SIGTERM handler and a killed run's is removed by the next write of the
/// same destination.
final class ByteSink {
    private let file: StreamedFile
    private let replacing: Bool
    /// Bytes not yet written; writers append to it directly and call ``flushIfNeeded()`` between records.
    var buffer: [UInt8] {
        get { file.buffer }
        _modify { yield &file.buffer }
        set { file.buffer = newValue }
    }

    /// Creates the temporary file beside `destination`.
    ///
    /// - Parameter replacing: Whether ``commit()`` replaces a file at the destination (else it fails when one is
    ///   there, even one that appeared meanwhile).
    /// - Throws: ``SynthError`` naming the destination when the file cannot be created.
    init(destination: URL, replacing: Bool = true) throws {
        self.replacing = replacing
        do {
            file = try StreamedFile(target: destination)
        } catch {
            throw SynthError(path: error.path, step: "creating the file", reason: error.reason)
        }
    }

    /// Appends a string's UTF-8 bytes.
    @inline(__always)
    func write(_ text: String) {
        var text = text
        text.withUTF8 { file.buffer.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    func write(bytes: [UInt8]) { file.buffer.append(contentsOf: bytes) }

    /// Appends one byte.
    @inline(__always)
    func write(byte: UInt8) { file.buffer.append(byte) }

    /// Writes the buffer out when it is full. Call between records.
    func flushIfNeeded() throws {
        do {
            try file.flushIfNeeded()
        } catch {
            throw SynthError(path: error.path, step: "writing", reason: error.reason)
        }
    }

    /// Writes the rest, flushes the file and puts it at the destination.
    ///
    /// - Throws: ``SynthError`` when writing, flushing or renaming fails (the destination is left as it was).
    func commit() throws {
        do {
            try file.publish(replacing: replacing)
        } catch {
            let appeared = error.code == EEXIST
            var failure = SynthError(path: error.path,
                                     step: error.step == .renaming ? "renaming into place" : "writing",
                                     reason: appeared ? "a file appeared there meanwhile" : error.reason)
            failure.exists = appeared
            throw failure
        }
    }
}

/// Renames `source` onto `destination` atomically (POSIX `rename`, same file system), replacing it.
///
/// - Throws: ``SynthError`` with `errno`'s message, naming `destination`.
func replaceItem(at destination: URL, with source: URL) throws {
    if rename(source.path, destination.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: source)
        throw SynthError(path: destination.path, step: "renaming into place", reason: reason)
    }
}
