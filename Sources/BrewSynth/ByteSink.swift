import Foundation

/// A buffered writer of UTF-8 bytes into a temporary file beside the destination, renamed into place by
/// ``commit()`` (so a reader never sees a half-written export).
///
/// Owns its file handle; ``commit()`` and ``discard()`` close it, and `deinit` only removes an uncommitted
/// temporary file.
final class ByteSink {
    private let destination: URL
    private let temporary: URL
    private let handle: FileHandle
    /// Bytes not yet written; writers append to it directly and call ``flushIfNeeded()`` between records.
    var buffer: [UInt8] = []
    private var finished = false
    private static let flushSize = 1 << 20

    /// Creates the temporary file `.<name>.tmp-<pid>` in the destination's folder.
    ///
    /// - Throws: ``SynthError`` when the file cannot be created.
    init(destination: URL) throws {
        self.destination = destination
        temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path)
        else { throw SynthError(path: destination.path, step: "creating a temporary file", reason: "cannot create \(temporary.path)") }
        self.handle = handle
        buffer.reserveCapacity(ByteSink.flushSize + 4096)
    }

    deinit {
        if !finished {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Appends a string's UTF-8 bytes.
    @inline(__always)
    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    func write(bytes: [UInt8]) { buffer.append(contentsOf: bytes) }

    /// Appends one byte.
    @inline(__always)
    func write(byte: UInt8) { buffer.append(byte) }

    /// Writes the buffer out when it is full. Call between records.
    func flushIfNeeded() throws {
        if buffer.count >= ByteSink.flushSize { try flush() }
    }

    private func flush() throws {
        do { try handle.write(contentsOf: buffer) } catch {
            throw SynthError(path: destination.path, step: "writing", error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes and renames the temporary file onto the destination (replacing it).
    ///
    /// - Throws: ``SynthError`` when writing, closing or renaming fails.
    func commit() throws {
        try flush()
        finished = true
        do {
            try handle.close()
            try replaceItem(at: destination, with: temporary)
        } catch let error as SynthError { throw error } catch {
            throw SynthError(path: destination.path, step: "renaming into place", error)
        }
    }
}

/// Renames `source` onto `destination` atomically (POSIX `rename`, same folder), replacing it.
///
/// - Throws: ``SynthError`` with `errno`'s message.
func replaceItem(at destination: URL, with source: URL) throws {
    if rename(source.path, destination.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: source)
        throw SynthError(path: destination.path, step: "renaming into place", reason: reason)
    }
}
