import BrewColumns
import Foundation
import TOMLKit

/// What a grinder's dial is: its range, step or notation, and which way is coarser.
///
/// `lower`/`upper` are `nil` when the dial has no fixed numbering the advisor can rely on (a multi-turn stepless
/// dial such as the Kinu M47's): the range then comes from the brews. `step` is `nil` for a stepless dial.
public struct GrinderSpec: Sendable, Equatable {
    public var name: String
    public var aliases: [String]
    public var lower: Double?
    public var upper: Double?
    public var step: Double?
    public var notation: DialNotation
    public var coarserIsHigher: Bool
    /// Whether the entry comes from the user's `grinders.toml` (it then overrides the journal's own record).
    public var fromUser: Bool

    public init(name: String, aliases: [String] = [], lower: Double? = nil, upper: Double? = nil, step: Double? = nil,
                notation: DialNotation = .decimal, coarserIsHigher: Bool = true, fromUser: Bool = false) {
        self.name = name; self.aliases = aliases; self.lower = lower; self.upper = upper; self.step = step
        self.notation = notation; self.coarserIsHigher = coarserIsHigher; self.fromUser = fromUser
    }

    /// The entry as a journal's grinder record (NaN for a range it does not give; step 0 when stepless).
    var record: (min: Double, max: Double, step: Double) { (lower ?? .nan, upper ?? .nan, step ?? 0) }
}

/// The grinders the advisor knows by name: a built-in catalogue (``builtIn``, the text in
/// ``GrinderCatalogue/builtInTOML``), extended or overridden by the user's `grinders.toml` (``merging(toml:file:)``).
///
/// A journal's grinder matches an entry when its name, lowercased and with everything but letters and digits
/// removed, equals or begins with the entry's name or one of its aliases normalised the same way ("Comandante C40
/// MK4" matches "Comandante C40"); the longest match wins.
public struct GrinderCatalogue: Sendable, Equatable {
    public private(set) var entries: [GrinderSpec] {
        didSet { lookup = Self.lookup(entries) }
    }
    /// For each normalised name or alias, the index of the entry it names (``spec(for:)``'s rule for ties), and the
    /// longest of them in characters: a name is matched by looking up its prefixes, not by walking the entries.
    private var lookup: (index: [String: Int], longest: Int)

    public init(entries: [GrinderSpec]) {
        self.entries = entries
        lookup = Self.lookup(entries)
    }

    public static func == (a: GrinderCatalogue, b: GrinderCatalogue) -> Bool { a.entries == b.entries }

    /// The built-in catalogue.
    public static let builtIn: GrinderCatalogue = {
        // The built-in text is part of the program and parsed by the same code as a user's file; a failure is a
        // defect caught by the tests, so an empty catalogue is never silently shipped.
        (try? GrinderCatalogue(entries: []).merging(toml: builtInTOML, file: "built-in catalogue"))
            ?? GrinderCatalogue(entries: [])
    }()

    /// The entry for a journal's grinder name, or `nil`.
    ///
    /// The longest normalised name or alias the name's key begins with wins; of one spelling held by several
    /// entries, the first from the user's file, else the first. A lookup per prefix of the key (at most as many as
    /// the longest spelling's characters), so a catalogue of 40,000 entries answers as fast as the built-in one.
    public func spec(for name: String?) -> GrinderSpec? {
        guard let name else { return nil }
        let key = Self.normalised(name)
        guard !key.isEmpty else { return nil }
        var end = key.index(key.startIndex, offsetBy: min(key.count, lookup.longest))
        while end > key.startIndex {
            if let i = lookup.index[String(key[..<end])] { return entries[i] }
            end = key.index(before: end)
        }
        return nil
    }

    /// The ``lookup`` of `entries`.
    private static func lookup(_ entries: [GrinderSpec]) -> (index: [String: Int], longest: Int) {
        var index: [String: Int] = [:], longest = 0
        for (i, e) in entries.enumerated() {
            for candidate in [e.name] + e.aliases {
                let c = normalised(candidate)
                guard !c.isEmpty else { continue }
                if let j = index[c], !(e.fromUser && !entries[j].fromUser) { continue }
                index[c] = i
                longest = max(longest, c.count)
            }
        }
        return (index, longest)
    }

    static func normalised(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// This catalogue with the entries of a `grinders.toml` added; an entry whose name matches one already here
    /// (normalised) replaces it.
    ///
    /// The file holds one table per grinder, `[grinders."Name"]`, with the keys `aliases` (array of strings), `min`,
    /// `max` (numbers; both or neither, unless the entry overridden has the other), `step` (a number; 0 for a stepless
    /// dial), `notation` (`"decimal"` or
    /// `"thirds"`) and `coarser` (`"higher"` or `"lower"`): every key optional.
    ///
    /// - Throws: ``AdviceError/invalidGrinders(file:reason:)`` naming the file and the key at fault.
    public func merging(toml: String, file: String) throws(AdviceError) -> GrinderCatalogue {
        guard toml.utf8.count <= 1 << 20 else { throw .invalidGrinders(file: file, reason: "larger than 1 MB") }
        if toml.unicodeScalars.contains(
            where: { ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0x7F }) {
            throw .invalidGrinders(file: file, reason: "holds a control character")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw .invalidGrinders(file: file, reason: "line \(error.source.begin.line): \(error.description)")
        } catch {
            throw .invalidGrinders(file: file, reason: "\(error)")
        }
        // The entries as slots (a replaced one leaves a hole, closed at the end) with the slots of each normalised
        // name: replacing an entry is a lookup, not a pass over every entry (a file of 4,800 tables took 92 s so).
        var slots: [GrinderSpec?] = entries
        var byName: [String: [Int]] = [:]
        for (i, e) in entries.enumerated() { byName[Self.normalised(e.name), default: []].append(i) }
        for key in table.keys where key != "grinders" {
            throw .invalidGrinders(file: file,
                reason: "unknown table or key '\(key)' (grinders are [grinders.\"Name\"] tables)")
        }
        guard let grinders = table["grinders"]?.table else { return self }
        for name in grinders.keys {
            guard let t = grinders[name]?.table else {
                throw .invalidGrinders(file: file, reason: "grinders.\(name) must be a table")
            }
            // The entry of the same name (normalised) is overridden key by key; the latest of them when several.
            let normalisedName = Self.normalised(name)
            var spec = byName[normalisedName]?.last.flatMap { slots[$0] } ?? GrinderSpec(name: name)
            spec.name = name
            spec.fromUser = file != "built-in catalogue"
            // Within the bounds every grinder range keeps (``BrewColumns/GrinderSettings``): finite, at most 10⁶.
            func number(_ key: String) throws(AdviceError) -> Double? {
                guard let v = t[key] else { return nil }
                guard let d = v.double ?? v.int.map(Double.init) else {
                    throw .invalidGrinders(file: file, reason: "grinders.\(name).\(key) must be a number")
                }
                if let problem = GrinderSettings.settingProblem(d) {
                    throw .invalidGrinders(file: file, reason: "grinders.\(name).\(key): \(problem)")
                }
                return d
            }
            for k in t.keys where !["aliases", "min", "max", "step", "notation", "coarser"].contains(k) {
                throw .invalidGrinders(file: file,
                    reason: "grinders.\(name).\(k): unknown key (aliases, min, max, step, notation, coarser)")
            }
            if let a = t["aliases"] {
                guard let array = a.array, array.allSatisfy({ $0.string != nil }) else {
                    throw .invalidGrinders(file: file, reason: "grinders.\(name).aliases must be an array of strings")
                }
                spec.aliases = array.compactMap { $0.string }
            }
            // One of min and max may be given alone when the entry it overrides has the other.
            let givenLow = try number("min"), givenHigh = try number("max")
            let lo = givenLow ?? (givenHigh != nil ? spec.lower : nil),
                hi = givenHigh ?? (givenLow != nil ? spec.upper : nil)
            if (lo == nil) != (hi == nil) {
                throw .invalidGrinders(file: file, reason: "grinders.\(name): give both min and max, or neither")
            }
            if let lo, let hi {
                guard lo < hi else {
                    throw .invalidGrinders(file: file, reason: "grinders.\(name): min must be below max")
                }
                spec.lower = lo; spec.upper = hi
            }
            if let step = try number("step") {
                guard step >= 0 else {
                    throw .invalidGrinders(file: file, reason: "grinders.\(name).step must be 0 (stepless) or positive")
                }
                spec.step = step > 0 ? step : nil
            }
            if let lo = spec.lower, let hi = spec.upper, let step = spec.step,
               let (_, reason) = GrinderSettings.rangeProblem(min: lo, max: hi, step: step) {
                throw .invalidGrinders(file: file, reason: "grinders.\(name): \(reason)")
            }
            if let n = t["notation"] {
                guard let s = n.string, let notation = DialNotation(rawValue: s) else {
                    throw .invalidGrinders(file: file,
                        reason: "grinders.\(name).notation must be \"decimal\" or \"thirds\"")
                }
                spec.notation = notation
                if notation == .thirds, spec.lower == nil { spec.lower = 1; spec.upper = 11 }
            }
            if let c = t["coarser"] {
                guard let s = c.string, s == "higher" || s == "lower" else {
                    throw .invalidGrinders(file: file,
                        reason: "grinders.\(name).coarser must be \"higher\" or \"lower\"")
                }
                spec.coarserIsHigher = s == "higher"
            }
            for i in byName[normalisedName] ?? [] { slots[i] = nil }
            byName[normalisedName] = [slots.count]
            slots.append(spec)
        }
        return GrinderCatalogue(entries: slots.compactMap { $0 })
    }
}
