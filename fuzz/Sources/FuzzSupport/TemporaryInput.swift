import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One file per fuzzer process that each input is written to, for the importers that read a file by path.
///
/// The file lives in a private folder under `/dev/shm` when it exists (memory, no disk writes per execution),
/// else under the temporary folder; the folder is removed when the process exits normally. Each input replaces
/// the file's whole content, so nothing of an earlier input remains.
public final class TemporaryInput: @unchecked Sendable {
    /// The file's path; its name ends in `fileName` as given to `init`.
    public let url: URL
    private let folder: String

    /// Creates the folder and names the file `fileName` inside it.
    public init(fileName: String) {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(base)/brewstats-fuzz-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("cannot create a temporary folder under \(base)")
        }
        folder = String(cString: made)
        url = URL(fileURLWithPath: folder).appendingPathComponent(fileName)
        let folder = self.folder
        atexit_folders.append(folder)
        if atexit_folders.count == 1 { atexit { for f in atexit_folders { try? FileManager.default.removeItem(atPath: f) } } }
    }

    /// Replaces the file's content with `size` bytes at `data` (an empty file when `size` is 0).
    public func write(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot write the temporary input \(url.path)")
        defer { close(fd) }
        var done = 0
        while done < size, let data {
            let n = Glibc.write(fd, data + done, size - done)
            precondition(n > 0, "short write to the temporary input")
            done += n
        }
    }
}

/// Folders to remove at exit (a C `atexit` handler captures nothing, so it reads this global).
nonisolated(unsafe) private var atexit_folders: [String] = []
