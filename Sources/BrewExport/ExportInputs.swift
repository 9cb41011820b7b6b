import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and folders an export reads (its journals, a column mapping, an aliases file), known by the file they
/// are on disk, so that no output of the run replaces one of them or is written into one: `export X -o X --force`
/// is refused as `report` refuses to write over its input, before anything is read or written.
///
/// A path is known by its device and inode (`stat`, which follows symbolic links), so a second spelling of the same
/// file (`./j.csv`, `../dir/j.csv`, a hard link, a symbolic link to it) is the same input. An output conflicts with
/// an input when:
/// - it is the input (the same file, or the same folder a folder format would replace);
/// - it would be written inside an input folder (a shot folder given as a journal);
/// - an input lies inside it (an export folder replacing the folder a journal is in).
///
/// Paths that do not exist (an output not written yet) and standard input (`-`) are not inputs on disk: they never
/// conflict by identity, only by what their existing parent folders are.
public struct ExportInputs: Sendable {
    /// A file's identity on disk: its device and inode.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the file or folder at `path` (symbolic links followed); `nil` when there is none.
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Each input on disk, by identity, with the path as the user gave it (for the message).
    private var inputs: [Identity: String] = [:]
    /// Each input's folder and the folders above it, by identity (to find an output that holds an input).
    private var inputAncestors: [Identity: String] = [:]

    /// The inputs at `paths` (nonexistent paths and `-` ignored).
    public init(_ paths: [String]) {
        for path in paths where path != "-" {
            guard let id = Identity(path) else { continue }
            inputs[id] = inputs[id] ?? path
            for folder in Self.ancestors(of: path) where inputAncestors[folder] == nil { inputAncestors[folder] = path }
        }
    }

    /// Refuses `output` (a path the run would write: the export, `--report-dropped`, `--list-matches` of any
    /// command) when it would replace an input, be written inside an input folder, or replace a folder holding an
    /// input.
    ///
    /// - Throws: ``ExportError`` (``ExportError/Kind/ownInput``) naming the output and the input.
    public func refuse(output: String) throws(ExportError) {
        guard !inputs.isEmpty else { return }
        if let id = Identity(output) {
            if let input = inputs[id] {
                throw ExportError(.ownInput, path: output, "is an input of this run (\(input)); write it elsewhere")
            }
            if let input = inputAncestors[id] {
                throw ExportError(.ownInput, path: output, "holds an input of this run (\(input)); write it elsewhere")
            }
        }
        for folder in Self.ancestors(of: output) {
            if let input = inputs[folder] {
                throw ExportError(.ownInput, path: output,
                    "is inside an input of this run (\(input)); write it elsewhere")
            }
        }
    }

    /// The identities of the folders above `path` that exist, from its own folder up to the root. `path` itself is
    /// resolved first (`realpath` of its folder) so `..` and symbolic links lead where the system would write.
    private static func ancestors(of path: String) -> [Identity] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var folder = (absolute as NSString).deletingLastPathComponent
        var out: [Identity] = []
        var seen = Set<Identity>()
        // Up to the root, folder by folder; a folder that does not exist (an output's missing parent) is skipped.
        while true {
            if let resolved = realpath(folder, nil) {
                let real = String(cString: resolved)
                free(resolved)
                var current = real
                while true {
                    if let id = Identity(current), seen.insert(id).inserted { out.append(id) }
                    if current == "/" || current.isEmpty { break }
                    current = (current as NSString).deletingLastPathComponent
                }
                return out
            }
            if folder == "/" || folder.isEmpty { return out }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }
}
