import BrewColumns
import Foundation
import TOMLKit

/// What an aliases file says: which spellings of a roaster, bean, grinder or method name mean which name.
///
/// The file is TOML with up to four tables, `[roasters]`, `[beans]`, `[grinders]` and `[methods]`; each line of a
/// table maps one spelling to the name it stands for:
///
/// ```toml
/// [roasters]
/// "Quijote Kaffee" = "Quijote"
/// [grinders]
/// "Encore" = "Baratza Encore"
/// ```
///
/// A spelling matches a journal's name when their ``NameKey/of(_:)`` keys are equal (case, accents and
/// punctuation ignored), so `"quijote kaffee"` also catches `"Quijote  Kaffee"`. The name a spelling stands for is
/// used exactly as written. Refused, with the line: a spelling given twice in one table, a spelling that is itself
/// another spelling's target (chains such as A → B → C), an empty name, a table other than the four, and any
/// TOML outside the subset of ``MappingSyntax`` (one-line strings only; the same guard as column mappings).
public struct NameAliases: Sendable, Equatable {
    /// For each kind, the target name by the ``NameKey/of(_:)`` key of each spelling.
    public private(set) var targets: [NameKind: [String: String]] = [:]
    /// For each kind, the spellings as written in the file, in file order (for messages).
    public private(set) var spellings: [NameKind: [String]] = [:]
    /// The file the aliases came from (for messages).
    public let file: String

    /// No aliases.
    public init(file: String = "") { self.file = file }

    /// The aliases of `text`, the content of `file`.
    public init(toml text: String, file: String) throws(NamesError) {
        self.file = file
        guard text.utf8.count <= 1 << 20 else { throw .invalid(file: file, reason: "larger than 1 MB") }
        if let line = MappingSyntax.firstUnsupportedLine(text) {
            throw .invalid(file: file,
                reason: "line \(line): only [table] headers and \"spelling\" = \"name\" lines are allowed")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .invalid(file: file, reason: "line \(error.source.begin.line): \(error.description)")
        } catch {
            throw .invalid(file: file, reason: "\(error)")
        }
        // TOMLKit does not keep where a key was written: one pass over the lines finds every key's (``AliasLines``),
        // so every lookup below is a dictionary's and the whole read is linear in the file.
        let lines = AliasLines(text)
        func prefix(_ line: Int?) -> String { line.map { "line \($0): " } ?? "" }
        for key in table.keys.sorted() {
            func line(of spelling: String) -> String { prefix(lines.line(of: spelling, in: key)) }
            guard let kind = NameKind.allCases.first(where: { $0.table == key }) else {
                throw .invalid(file: file,
                    reason: "\(prefix(lines.line(ofTable: key)))unknown table [\(key)] " +
                        "(use [roasters], [beans], [grinders] or [methods])")
            }
            guard let entries = table[key]?.table else {
                throw .invalid(file: file,
                    reason: "\(prefix(lines.line(ofTable: key)))\(key) must be a table of "
                        + "\"spelling\" = \"name\" lines")
            }
            var map: [String: String] = [:]
            var written: [String] = []
            var keyOf: [String: String] = [:]
            for spelling in entries.keys {
                guard let target = entries[spelling]?.string else {
                    throw .invalid(file: file,
                        reason: "\(line(of: spelling))[\(key)] \"\(spelling)\" must map to a name in quotes")
                }
                let k = NameKey.of(spelling)
                guard !k.isEmpty, !NameKey.of(target).isEmpty else {
                    throw .invalid(file: file,
                        reason: "\(line(of: spelling))[\(key)] spellings and names must hold a letter or digit")
                }
                if map[k] != nil {
                    throw .invalid(file: file,
                        reason: "\(line(of: spelling))[\(key)] \"\(spelling)\" " +
                            "is given twice (case and accents do not count)")
                }
                map[k] = target
                keyOf[spelling] = k
                written.append(spelling)
            }
            // A target that is itself a spelling of another name would make the result depend on the order.
            for spelling in written {
                let k = keyOf[spelling]!, target = map[k]!, t = NameKey.of(target)
                if let next = map[t], t != k, NameKey.of(next) != t {
                    throw .invalid(file: file,
                        reason: "\(line(of: spelling))[\(key)] \"\(spelling)\" → \"\(target)\" → \"\(next)\": map " +
                            "every spelling to the final name")
                }
            }
            targets[kind] = map
            // In file order: each spelling's line looked up once, then sorted (n log n, not a search per comparison).
            spellings[kind] = written.map { (lines.line(of: $0, in: key) ?? .max, $0) }.sorted { $0 < $1 }.map(\.1)
        }
    }

    /// The name `name` (a journal's spelling of a `kind`) stands for, or `nil` when no alias names it. A name the
    /// file gives holding control characters (TOML's `\u0000`) has them replaced like every name a journal holds
    /// (``BrewColumns/ControlCharacters``): it becomes the journal's name.
    public func target(of name: String, kind: NameKind) -> String? {
        targets[kind]?[NameKey.of(name)].map { ControlCharacters.cleaned($0).text }
    }

    /// Whether the file holds no alias.
    public var isEmpty: Bool { targets.values.allSatisfy(\.isEmpty) }
}
