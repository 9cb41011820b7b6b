import BrewImport
import BrewNames
import Foundation

extension NameAliases {
    /// Reads the aliases file at `url` (the text is read as ``NameAliases/init(toml:file:)`` reads it).
    ///
    /// Here rather than in BrewNames because the file is opened by BrewImport's one reader of side files: BrewNames
    /// sits below the statistics and import layers (docs/architecture.md) and reads no file.
    public static func load(from url: URL) throws(NamesError) -> NameAliases {
        // A regular file only, its size checked before it is read (``BrewImport/InputFile/whole(_:limit:)``): a FIFO
        // is named as one (Foundation said "You don't have permission"), a 2 GiB file costs no read.
        let data: Data
        do throws(ImportError) { data = try InputFile.whole(url.path, limit: InputFile.maxSideFileBytes) } catch {
            throw error.kind == .archiveTooLarge ? NamesError.invalid(file: url.path, reason: error.message)
                : NamesError.unreadable(file: url.path, reason: error.message)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalid(file: url.path, reason: "not UTF-8 text")
        }
        return try NameAliases(toml: text, file: url.path)
    }
}
