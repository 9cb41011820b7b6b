import ArgumentParser
import BrewAdvice
import BrewImport
import Foundation

/// `--grinders FILE`: a grinders.toml that extends or overrides the built-in grinder catalogue
/// (``BrewAdvice/GrinderCatalogue``), for the commands that advise (`dial-in`, `mcp`'s dial_in tool).
struct GrindersOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A grinders.toml that extends or overrides the built-in grinder " +
                "catalogue (range, step, notation, which way is coarser).",
            valueName: "file"))
    var grinders: String?

    /// The built-in catalogue merged with the file, or `nil` without `--grinders`. The file is read as every side
    /// file is: a regular file only, its size checked before it is read (``BrewImport/InputFile/whole(_:limit:)``),
    /// UTF-8 text.
    ///
    /// - Throws: ``CommandFailure/unreadable(_:)`` (exit 2) when the file cannot be read or is not UTF-8; the
    ///   catalogue's own error when its TOML is wrong.
    func catalogue() throws -> GrinderCatalogue? {
        guard let grinders else { return nil }
        let data: Data
        do throws(ImportError) { data = try InputFile.whole(grinders, limit: InputFile.maxSideFileBytes) } catch {
            throw CommandFailure.unreadable("\(grinders): \(error.message)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure.unreadable("\(grinders): not UTF-8 text")
        }
        return try GrinderCatalogue.builtIn.merging(toml: text, file: grinders)
    }
}
