import BrewColumns
import Foundation

/// In-memory entry points for the coverage-guided fuzz targets under `fuzz/` (SPI `Fuzzing`, not API).
///
/// Each entry point reads one input the way ``importJournal(at:options:)`` reads a file of that format, but from
/// bytes already in memory, so that a fuzzer need not write a file per execution. Errors a hostile input may
/// rightly cause are ``ImportError``s and are returned, never thrown past the caller; anything else (a trap, an
/// out-of-bounds read, a hang) is a bug. Each entry point also checks the import's invariants and traps when one
/// fails, so that the fuzzer reports it:
///
/// - `read == kept + rejected`, and `kept` equals the journal's brew count;
/// - a parsed date or number is the same whether read from bytes or from a `String` of the same bytes.
///
/// Stores are read from memory through one reused connection (``InMemoryStore``). The Beanconqueror archive has
/// no entry point here: its fuzz target writes the input to a temporary file and calls
/// ``importJournal(at:options:)``. The shot formats' entry point is BrewShots' `ShotFuzzingEntryPoints`.
@_spi(Fuzzing) public enum FuzzingEntryPoints {
    /// Reads `bytes` as a CSV journal, as `importJournal` reads a `.csv` (a second, exact pass when an id repeats).
    ///
    /// The split into chunks is decided as for a file (``CSVChunking/automatic``), from the processor count read once
    /// per process: reading `/proc/self/status` for every input cost a fifth of a small input's import.
    public static func csv(
        _ bytes: UnsafeBufferPointer<UInt8>, options: ImportOptions = .init()
    ) -> Result<ImportResult, ImportError> {
        let file = "fuzz.csv"
        let expected = CSVImporter.estimatedRecords(bytes)
        do throws(ImportError) {
            var session = ImportSession(file: file, format: .csv, options: options, expectedBrews: expected,
                                        idCheck: .optimistic)
            try CSVImporter.read(bytes, into: &session, chunking: csvChunking)
            if session.idsRepeated {
                session = ImportSession(file: file, format: .csv, options: options, expectedBrews: expected)
                try CSVImporter.read(bytes, into: &session, chunking: csvChunking)
            }
            return .success(checked(session.finish()))
        } catch {
            return .failure(error)
        }
    }

    /// ``CSVChunking/automatic`` of this process, computed once.
    private static let csvChunking = CSVChunking.automatic

    /// Reads `data` as a JSON document the way a `.json` file is read: the app's export, or a Beanconqueror
    /// Visualizer upload, or refused as another app's file.
    public static func json(_ data: Data, options: ImportOptions = .init()) -> Result<ImportResult, ImportError> {
        let file = "fuzz.json"
        do throws(ImportError) {
            let parsed = try JSONValue.parse(data, file: file)
            if let root = parsed.value as? [String: Any], ForeignJSON.identify(root) == .beanconquerorUpload {
                return .success(checked(try BeanconquerorImporter.read(parsed, file: file, options: options)))
            }
            var session = ImportSession(file: file, format: .json, options: options)
            try JSONExportImporter.read(parsed, into: &session)
            return .success(checked(session.finish()))
        } catch {
            return .failure(error)
        }
    }

    /// Reads `data` as a bare `Beanconqueror.json` backup (no archive, so no `_N` part files).
    public static func beanconquerorJSON(
        _ data: Data, options: ImportOptions = .init()
    ) -> Result<ImportResult, ImportError> {
        do throws(ImportError) {
            let parsed = try JSONValue.parse(data, file: "Beanconqueror.json")
            return .success(
                checked(try BeanconquerorImporter.read(parsed, file: "Beanconqueror.json", options: options)))
        } catch {
            return .failure(error)
        }
    }

    /// Reads `data` as a BrewSpec document (YAML or JSON) the way a BrewSpec file is read, after sniffing it as
    /// ``importJournal(at:options:)`` would (the sniff's answer is not used: every input reaches the BrewSpec reader).
    public static func brewSpec(_ data: Data, options: ImportOptions = .init()) -> Result<ImportResult, ImportError> {
        _ = JournalFormat.sniff([UInt8](data.prefix(65_536)))
        do throws(ImportError) {
            return .success(checked(try BrewSpecImporter.read(data, file: "fuzz.brewspec", options: options)))
        } catch {
            return .failure(error)
        }
    }

    /// Parses `bytes` as a date, in ISO 8601 and in each pattern of `patterns` (mapping `date_format`s), and traps
    /// when the byte and `String` readings of ISO 8601 disagree. Returns how many readings were valid.
    public static func dates(_ bytes: UnsafeBufferPointer<UInt8>, patterns: [String]) -> Int {
        var valid = 0
        let iso = ISO8601.parse(bytes)
        precondition(iso == ISO8601.parse(String(decoding: bytes, as: UTF8.self)) || !UTF8Bytes.isValid(bytes),
                     "ISO 8601: bytes and String readings differ")
        if case .instant(let t) = iso { _ = ISO8601.format(Timestamp(microseconds: t)); valid += 1 }
        if case .local = iso { valid += 1 }
        for text in patterns {
            guard let pattern = DatePattern(text) else { continue }
            switch pattern.parse(bytes) {
            case .instant, .local: valid += 1
            case .empty, .invalid: break
            }
        }
        return valid
    }

    /// Parses `bytes` as a number and as a duration with each decimal separator, and traps when the byte and
    /// `String` readings disagree or a value is not finite. Returns how many readings were numbers.
    public static func numbers(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var valid = 0
        let text = UTF8Bytes.isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
        for separator in [DecimalSeparator.point, .comma, .automatic] {
            for (reading, fromText) in [(NumberParser.parse(bytes, separator: separator),
                                         text.map { NumberParser.parse($0, separator: separator) }),
                                        (NumberParser.parseDuration(bytes, separator: separator),
                                         text.map { NumberParser.parseDuration($0, separator: separator) })] {
                if let fromText { precondition(reading == fromText, "number: bytes and String readings differ") }
                if case .value(let v) = reading {
                    precondition(!v.isNaN, "number: NaN read as a value")
                    valid += 1
                }
            }
        }
        return valid
    }

    /// Traps unless the result's counts agree with each other and with its journal.
    static func checked(_ result: ImportResult) -> ImportResult {
        let counts = result.report.brews
        precondition(counts.read == counts.kept + counts.rejected, "read != kept + rejected")
        precondition(counts.kept == result.journal.brews.count, "kept != the journal's brew count")
        checkNames(result.journal)
        return result
    }

    /// Traps when a name that reaches the outputs — a method's, grinder's or bean's name, a bean's roaster, origin,
    /// variety or processing, a brew id — still holds a control character the import replaces
    /// (``BrewColumns/ControlCharacters``: NUL and the other codes below U+0020 except tab and line feed).
    public static func checkNames(_ journal: Journal) {
        func clean(_ s: String?) -> Bool {
            s.map { !$0.unicodeScalars.contains { ControlCharacters.isReplaced($0.value) } } ?? true
        }
        precondition(journal.methods.allSatisfy { clean($0.name) }, "a method name with a control character")
        precondition(journal.grinders.allSatisfy { clean($0.name) }, "a grinder name with a control character")
        precondition(
            journal.beans.allSatisfy { clean($0.name) && clean($0.roaster) && clean($0.origin) && clean($0.variety)
                                                 && clean($0.processing) }, "a bean's text with a control character")
        for i in 0 ..< journal.brews.count {
            precondition(clean(journal.brews.id[i]), "a brew id with a control character")
        }
    }
}
