import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The names of the entries of `folder` (hidden ones included), sorted; empty when it does not exist.
func entries(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// Files under `folder`, relative to it, sorted.
func relativeFiles(in folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    let root = folder.resolvingSymlinksInPath().standardizedFileURL.path + "/"
    var out: [String] = []
    while let url = walker.nextObject() as? URL {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let path = url.resolvingSymlinksInPath().standardizedFileURL.path
        out.append(path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path)
    }
    return out.sorted()
}

func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

/// A process id that is not running: a child that has already exited and been reaped.
func deadPID() throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/true")
    try p.run()
    p.waitUntilExit()
    let pid = p.processIdentifier
    precondition(kill(pid, 0) != 0 && errno == ESRCH, "pid \(pid) was reused")
    return pid
}

/// The marker file the tests' staged folders carry.
let marker = ".owner-marker"

/// Writes `text` to `url` with Foundation (material for the tests, not the code under test).
func put(_ text: String, _ url: URL) throws { try Data(text.utf8).write(to: url) }
