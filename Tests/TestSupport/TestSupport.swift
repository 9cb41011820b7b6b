import Foundation
import BrewHashing

/// Locations every test target shares: the repository root, `sample-data/`, fixtures, and a scratch folder.
public enum Repo {
    /// The repository root, found from this file's path (Tests/TestSupport/TestSupport.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file in `sample-data/`.
    public static func sample(_ name: String) -> URL { root.appendingPathComponent("sample-data").appendingPathComponent(name) }

    /// A file in `Tests/Fixtures/`.
    public static func fixture(_ path: String) -> URL { root.appendingPathComponent("Tests/Fixtures").appendingPathComponent(path) }

    /// The shared peer exports beside the repository (`../shared/peer-data`), or `nil` when absent.
    public static var peerData: URL? {
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/peer-data")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// A fresh, empty temporary folder, removed by the caller (or left in the system temp dir).
    public static func scratch(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("brewstats-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Approximate equality for doubles: `|a − b| ≤ max(absolute, relative × max(|a|, |b|))`.
///
/// Not transitive. Two NaNs compare equal here (a missing statistic equals a missing statistic);
/// infinities compare equal only to the same infinity.
public func isClose(_ a: Double, _ b: Double, relative: Double = 1e-9, absolute: Double = 1e-12) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    if a.isInfinite || b.isInfinite { return a == b }
    return abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
}

/// Optional form of ``isClose(_:_:relative:absolute:)``: both `nil` is equal, one `nil` is not.
public func isClose(_ a: Double?, _ b: Double?, relative: Double = 1e-9, absolute: Double = 1e-12) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (x?, y?): return isClose(x, y, relative: relative, absolute: absolute)
    default: return false
    }
}

/// A small deterministic generator for shape generators in tests: BrewHashing's SplitMix64.
public typealias TestRNG = SplitMix64
