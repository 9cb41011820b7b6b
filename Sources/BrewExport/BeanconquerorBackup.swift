import BrewImport
import Foundation
import ZIPFoundation

/// A Beanconqueror backup zip as the app writes and restores it (docs/export.md, "Beanconqueror"): `Beanconqueror.json`
/// with every stored key, its `BREWS` and `BEANS` arrays holding their first 500 entries, the rest in
/// `Beanconqueror_Brews_N.json` / `Beanconqueror_Beans_N.json` (N from 1, 500 each), which the app appends in order
/// when it restores.
///
/// An original backup's members and entries are kept as their bytes: a merge only appends entries, so every
/// entity the user had is in the result as it was.
struct BeanconquerorBackup {
    /// The main document's keys in order.
    var keyOrder: [String] = []
    /// The main document's other members' values, as their bytes (`SETTINGS`, `VERSION`, `WATER`, …); `BREWS`,
    /// `BEANS`, `MILL` and `PREPARATION` are held in ``arrays`` instead.
    var values: [String: [UInt8]] = [:]
    /// The entries of the entity arrays, the original ones first (split files appended), as bytes.
    var arrays: [String: [[UInt8]]] = [:]
    /// The parsed original main document and entries, for matching (empty for a new backup).
    var root: [String: Any] = [:]
    /// Other files the zip holds (`brews/<uuid>_flow_profile.json`), by name.
    var files: [(name: String, bytes: [UInt8])] = []

    static let entityKeys = ["BEANS", "BREWS", "MILL", "PREPARATION"]
    static let chunked = [("BREWS", "Brews"), ("BEANS", "Beans")]
    static let chunkSize = 500

    init() {
        for key in Self.entityKeys { arrays[key] = [] }
    }

    /// Reads the backup at `url` (a zip, or a bare `Beanconqueror.json`), through BrewImport's backup reader and its
    /// archive rules.
    ///
    /// - Throws: ``ExportError`` `.mergeTarget` when it cannot be read or is not a backup.
    init(reading url: URL, maxBytes: Int) throws(ExportError) {
        self.init()
        let path = url.path
        let documents: BeanconquerorDocuments
        do { documents = try BeanconquerorDocuments.load(url, maxBytes: maxBytes) } catch {
            throw ExportError(.mergeTarget, path: path, error.description)
        }
        let main = [UInt8](documents.main)
        guard let parsed = (try? JSONSerialization.jsonObject(with: documents.main)) as? [String: Any],
              let members = JSONSpans.members(main) else {
            throw ExportError(.mergeTarget, path: path, "Beanconqueror.json is not a JSON object")
        }
        guard Self.entityKeys.contains(where: { parsed[$0] != nil }) else {
            throw ExportError(.mergeTarget, path: path,
                "no BREWS, BEANS, MILL or PREPARATION key: not a Beanconqueror backup")
        }
        root = parsed
        for (key, range) in members where values[key] == nil && arrays[key]?.isEmpty != false {
            keyOrder.append(key)
            if Self.entityKeys.contains(key) {
                guard let elements = JSONSpans.elements(main, range) else {
                    throw ExportError(.mergeTarget, path: path, "\(key) is not an array")
                }
                arrays[key] = elements.map { Array(main[$0]) }
            } else {
                values[key] = Array(main[range])
            }
        }
        if documents.isArchive { try copyGraphs(path) }
        for (key, parts) in [("BREWS", documents.brewParts), ("BEANS", documents.beanParts)] {
            var all = root[key] as? [Any] ?? []
            for part in parts {
                let bytes = [UInt8](part.data)
                guard let list = (try? JSONSerialization.jsonObject(with: part.data)) as? [Any],
                      let elements = JSONSpans.elements(bytes, 0..<bytes.count) else {
                    throw ExportError(.mergeTarget, path: path + "/" + part.name,
                        "a split backup file must hold an array")
                }
                arrays[key, default: []].append(contentsOf: elements.map { Array(bytes[$0]) })
                all.append(contentsOf: list)
            }
            root[key] = all
        }
    }

    /// Copies the brew graphs of the zip at `path` (`brews/<uuid>_flow_profile.json`, as an earlier export put
    /// them there) into ``files``, each at most 16 MiB inflated.
    private mutating func copyGraphs(_ path: String) throws(ExportError) {
        do {
            let zip = try ZipEntryData(path: path)
            for entry in zip.entries where entry.name.hasPrefix("brews/")
                && entry.name.hasSuffix("_flow_profile.json") {
                var bytes: [UInt8] = []
                _ = try zip.extract(entry) { piece in
                    bytes.append(contentsOf: piece)
                    if bytes.count > 16 << 20 {
                        throw ExportError(.mergeTarget, path: path, "\(entry.name) is larger than a brew graph may be")
                    }
                }
                files.append((entry.name, bytes))
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(.mergeTarget, path: path, "the brew graphs cannot be read: \(error)")
        }
    }

    /// The original entries of `key`, parsed.
    func original(_ key: String) -> [[String: Any]] { (root[key] as? [Any] ?? []).compactMap { $0 as? [String: Any] } }

    /// The zip's entries: the main document, the split files, then ``files``.
    func entries() -> [(name: String, bytes: [UInt8])] {
        var chunks: [(name: String, bytes: [UInt8])] = []
        var firsts = arrays
        for (key, name) in Self.chunked {
            let all = arrays[key] ?? []
            firsts[key] = Array(all.prefix(Self.chunkSize))
            var n = 1, i = Self.chunkSize
            while i < all.count {
                chunks.append(
                    ("Beanconqueror_\(name)_\(n).json", Self.array(all[i..<min(i + Self.chunkSize, all.count)])))
                n += 1; i += Self.chunkSize
            }
        }
        var j = JSONText()
        j.open("{")
        for key in keyOrder {
            j.key(key)
            if let entries = firsts[key] { j.copied(Self.array(entries)[...]) } else { j.copied(values[key]![...]) }
        }
        // An entity array the original did not have, when the merge adds to it.
        for key in Self.entityKeys where !keyOrder.contains(key) && !(firsts[key] ?? []).isEmpty {
            j.key(key); j.copied(Self.array(firsts[key]!)[...])
        }
        j.close("}")
        return [("Beanconqueror.json", j.out)] + chunks + files
    }

    static func array(_ entries: some Collection<[UInt8]>) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        var first = true
        for e in entries {
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: e); first = false
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// The zip's bytes: entries deflated, dated 1980-01-01 (the zip format's first day) so the same backup gives the
    /// same bytes.
    static func zip(_ entries: [(name: String, bytes: [UInt8])], path: String) throws(ExportError) -> [UInt8] {
        do {
            let archive = try Archive(data: Data(), accessMode: .create)
            let date = Date(timeIntervalSince1970: 315_532_800)
            for (name, bytes) in entries {
                let data = Data(bytes)
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count),
                                     modificationDate: date,
                                     compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let data = archive.data else {
                throw ExportError(.output, path: path, "the zip archive was not built")
            }
            return [UInt8](data)
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(.output, path: path, "the zip archive could not be built: \(error)")
        }
    }
}
