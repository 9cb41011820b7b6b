import Foundation

/// A stream's bytes (``InputFile/readStream(_:name:limit:)``) put where the importers can read them as a file, and
/// the names in what they report put back.
///
/// The importers read files by path (a store through SQLite, a CSV through a memory mapping), so the bytes are
/// written to a file in a private temporary folder (mode 0700), which is removed when the import ends. What the
/// import reports — the report's file, the rejects and warnings, an error's file and message — names the stream as
/// the user gave it (`-` is called "standard input"), never the temporary file.
public enum StreamCopy {
    /// How a stream is called in messages: "standard input" for `-` and `/dev/stdin`, else the path as given.
    public static func displayName(_ path: String) -> String {
        path == "-" || path == "/dev/stdin" ? "standard input" : path
    }

    /// Reads descriptor `fd` to its end, writes the bytes to a private temporary file, runs `body` on that file's
    /// URL, and removes it. `rename` receives the temporary path and the display name, to put the name back in
    /// `body`'s result.
    ///
    /// - Throws: ``ImportError`` from reading the stream (naming it), from `body` (with the temporary path replaced
    ///   by the stream's name), or when the temporary file cannot be written.
    public static func reading<T>(
        _ fd: Int32, path: String, _ body: (URL) throws(ImportError) -> T
    ) throws(ImportError) -> T {
        let name = displayName(path)
        let data = try InputFile.readStream(fd, name: name)
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("brewstats-stream-\(UUID().uuidString)")
        do {
            try fm.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try data.write(to: folder.appendingPathComponent("stream"))
        } catch {
            try? fm.removeItem(at: folder)
            throw ImportError(.unreadable, file: name,
                "cannot keep the stream's bytes in a temporary file: \(error.localizedDescription)")
        }
        defer { try? fm.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("stream")
        do {
            return try body(copy)
        } catch {
            throw renamed(error, from: copy.path, to: name)
        }
    }

    /// `error` with every mention of `from` replaced by `to`.
    public static func renamed(_ error: ImportError, from: String, to: String) -> ImportError {
        ImportError(error.kind, file: error.file.replacingOccurrences(of: from, with: to),
                    location: error.location?.replacingOccurrences(of: from, with: to),
                    error.message.replacingOccurrences(of: from, with: to))
    }

    /// `rejects` with every mention of `from` (file, place, reason) replaced by `to`.
    public static func renamed(_ rejects: [Reject], from: String, to: String) -> [Reject] {
        rejects.map { j in
            var k = j
            k.file = j.file.replacingOccurrences(of: from, with: to)
            k.where = j.where.replacingOccurrences(of: from, with: to)
            k.reason = j.reason.replacingOccurrences(of: from, with: to)
            return k
        }
    }

    /// `report` with every mention of `from` (the file, the rejects', the warnings') replaced by `to`.
    public static func renamed(_ report: ImportReport, from: String, to: String) -> ImportReport {
        var out = report
        func r(_ s: String) -> String { s.replacingOccurrences(of: from, with: to) }
        out.file = r(report.file)
        out.rejects = renamed(report.rejects, from: from, to: to)
        out.warnings = report.warnings.map { w in
            var v = w
            v.where = w.where.map(r); v.message = r(w.message)
            return v
        }
        return out
    }
}
