import BrewFiles
import Foundation

/// A shot file layout the generator writes.
public enum SynthShotFormat: String, CaseIterable, Sendable {
    /// Decent / Visualizer JSON v2 (`elapsed`, `pressure{}`, `flow{}`, `totals{}`, `meta{}`, `app.data.settings`).
    case decentJSON = "decent-json"
    /// Decent's Tcl `.shot` file (`espresso_elapsed {…}`, `settings {…}`).
    case decentShot = "decent-shot"
    /// Gaggiuino JSON (`datapoints[]`).
    case gaggiuino
    /// GaggiMate JSON v1 (`samples[]`).
    case gaggimate
    /// Meticulous `.shot.json` (`data[].shot`).
    case meticulous
    /// Smart Espresso Profiler / Pressensor CSV (`meta` and `moment` rows).
    case sepCSV = "sep-csv"

    /// The file name's extension.
    public var fileExtension: String {
        switch self {
        case .decentJSON, .gaggiuino, .gaggimate: "json"
        case .decentShot: "shot"
        case .meticulous: "shot.json"
        case .sepCSV: "csv"
        }
    }

    /// The machine's sample interval, s, and its relative jitter.
    var sampling: (step: Double, jitter: Double) {
        switch self {
        case .decentJSON, .decentShot: (0.25, 0.1)
        case .gaggiuino: (0.15, 0.35)
        case .gaggimate: (0.102, 0.03)
        case .meticulous: (0.128, 0.2)
        case .sepCSV: (0.1, 0.3)
        }
    }

    /// The bytes of `shot` in this layout (its series simulated at the layout's sample rate).
    public func bytes(of shot: SynthShot) -> [UInt8] {
        let series = shot.series(step: sampling.step, jitter: sampling.jitter)
        return switch self {
        case .decentJSON: ShotDecentWriter.json(shot, series)
        case .decentShot: ShotDecentWriter.tcl(shot, series)
        case .gaggiuino: ShotMachineWriter.gaggiuino(shot, series)
        case .gaggimate: ShotMachineWriter.gaggimate(shot, series)
        case .meticulous: ShotMachineWriter.meticulous(shot, series)
        case .sepCSV: ShotSEPWriter.csv(shot, series)
        }
    }

    /// The file name of shot `index` of `count`: `shot-00042.json` (zero-padded so names sort in shot order).
    public func fileName(index: Int, count: Int) -> String {
        let width = max(5, String(max(0, count - 1)).count)
        let digits = String(index)
        return "shot-" + String(repeating: "0", count: max(0, width - digits.count)) + digits + "." + fileExtension
    }
}

/// Writes a generator's shots into a folder, one file per shot: into an existing folder file by file
/// (``write(_:to:)``, each file atomically), or as a whole folder that appears at once
/// (``writeFolder(_:to:replacing:)``, what `brewstats generate --shots` does).
public struct ShotFolderWriter: Sendable {
    /// The layout of every file.
    public let format: SynthShotFormat

    /// A writer of `format` files.
    public init(format: SynthShotFormat) { self.format = format }

    /// The marker file a folder ``writeFolder(_:to:replacing:)`` wrote holds (hidden: shot folders skip hidden files).
    public static let markerName = ".brewstats-generated"

    /// Writes shots `0 ..< generator.count` into `folder` (created when missing); returns the files in shot order.
    /// Existing files of the same names are replaced.
    ///
    /// - Throws: ``SynthError`` naming the file when a file or the folder cannot be written.
    @discardableResult
    public func write(_ generator: ShotGenerator, to folder: URL) throws -> [URL] {
        try Self.write(generator, to: folder) { _ in format }
    }

    /// Writes shots `0 ..< generator.count` into `folder`, shot `i` in the layout `format(i)` (a folder of several
    /// machines' files, as a person with two machines or a mirrored archive has). Each shot is written once, so
    /// the folder holds no duplicate. Names as ``SynthShotFormat/fileName(index:count:)`` (the index keeps names
    /// unique across layouts).
    ///
    /// - Throws: ``SynthError`` naming the file when a file or the folder cannot be written.
    @discardableResult
    public static func write(_ generator: ShotGenerator, to folder: URL,
                             format: (Int) -> SynthShotFormat) throws -> [URL] {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SynthError(path: folder.path, step: "creating the folder", error)
        }
        var urls: [URL] = []
        urls.reserveCapacity(generator.count)
        for i in 0 ..< generator.count {
            let layout = format(i)
            let url = folder.appendingPathComponent(layout.fileName(index: i, count: generator.count))
            do {
                try AtomicFile.write(layout.bytes(of: generator.shot(i)), to: OutputFile(url))
            } catch {
                throw SynthError(path: error.path, step: "writing", reason: error.reason)
            }
            urls.append(url)
        }
        return urls
    }

    /// Writes shots `0 ..< generator.count` as the folder `target`, which appears whole or not at all (BrewFiles'
    /// ``FolderStaging``, as a report's folder: written in a hidden staging folder beside it, removed on
    /// SIGINT/SIGTERM, swapped in after one flush). An existing `target` is replaced only when it is empty, or when
    /// this writer wrote it (it holds ``markerName``) and `replacing`; a file, a symbolic link and a folder of other
    /// files are refused. Returns the number of files written.
    ///
    /// - Throws: ``SynthError`` naming the folder when it may not be replaced or cannot be written (nothing changed
    ///   at `target`).
    @discardableResult
    public func writeFolder(_ generator: ShotGenerator, to target: URL, replacing: Bool) throws -> Int {
        let target = target.standardizedFileURL
        FolderStaging.sweep(beside: target, marker: Self.markerName)
        try Self.checkReplaceable(target, replacing: replacing)
        let staged: FolderStaging
        do { staged = try FolderStaging(target: target, marker: Self.markerName) } catch {
            throw SynthError(path: error.path, step: "creating the folder", reason: error.reason)
        }
        do {
            try AtomicFile.write(Array("a folder of shot files that brewstats generate wrote\n".utf8),
                                 to: staged.folder.file(Self.markerName))
            for i in 0 ..< generator.count {
                try AtomicFile.write(format.bytes(of: generator.shot(i)),
                                     to: staged.folder.file(format.fileName(index: i, count: generator.count)))
            }
        } catch {
            staged.discard()
            throw SynthError(path: error.path, step: "writing", reason: error.reason)
        }
        do {
            try Self.checkReplaceable(target, replacing: replacing)
        } catch {
            staged.discard()
            throw error
        }
        do { try staged.commit() } catch {
            throw SynthError(path: error.path, step: "renaming into place", reason: error.reason)
        }
        return generator.count
    }

    /// Throws unless `target` is missing, an empty folder, or a folder this writer wrote and `replacing`.
    static func checkReplaceable(_ target: URL, replacing: Bool) throws {
        let path = target.path
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        func refuse(_ reason: String) -> SynthError {
            SynthError(path: path, step: "replacing the folder", reason: reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw refuse("it is a symbolic link; brewstats never writes through one")
        default: throw refuse("it is a file, not a folder")
        }
        let items = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if items.isEmpty { return }
        guard items.contains(markerName) else {
            throw refuse("it holds files brewstats generate did not write; choose a new or empty folder")
        }
        guard replacing else {
            var exists = refuse("the folder exists")
            exists.exists = true
            throw exists
        }
    }
}
