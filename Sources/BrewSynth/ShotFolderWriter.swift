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

/// Writes a generator's shots into a folder, one file per shot, each written atomically (a temporary file
/// renamed into place).
public struct ShotFolderWriter: Sendable {
    /// The layout of every file.
    public let format: SynthShotFormat

    /// A writer of `format` files.
    public init(format: SynthShotFormat) { self.format = format }

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
            let sink = try ByteSink(destination: url)
            sink.write(bytes: layout.bytes(of: generator.shot(i)))
            try sink.commit()
            urls.append(url)
        }
        return urls
    }
}
