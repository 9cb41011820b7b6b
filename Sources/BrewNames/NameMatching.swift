import Foundation

/// How a name a person typed is compared with the names a journal (or the command line) knows.
///
/// Names are compared *folded*: surrounding white space trimmed, case and accents ignored (`"  Niche ZERO "` and
/// `"niche zero"` are the same name, and `"narino"` names `"Nariño"`).
public enum NameMatching {
    /// `text` trimmed, case- and accent-folded: the form in which names are compared.
    public static func fold(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: [.caseInsensitive, .diacriticInsensitive],
            locale: nil)
    }

    /// The entities `wanted` names, by the command line's rules, with whether the match is exact.
    ///
    /// `names` holds each entity's names (its shown name first, then other forms such as `roaster name`). The
    /// first rule that finds any entity decides (all folded, ``fold(_:)``):
    /// 1. `wanted` equals one of the entity's names (`exact`; several entities may share a name);
    /// 2. `wanted` begins one of its names (`comandante` for `Comandante C40`);
    /// 3. `wanted` begins a word inside its shown name (`encore` for `Baratza Encore`, `narino` for
    ///    `Colombia Nariño`); words are split at spaces and punctuation. Only the shown name: a bean's
    ///    `roaster name` form would otherwise find every bean of a roaster by the roaster's name.
    ///
    /// Under rules 2 and 3 the caller treats more than one shown name as ambiguous. An empty `wanted` matches
    /// nothing but an empty name.
    public static func candidates(for wanted: String, among names: [[String]]) -> (indices: [Int], exact: Bool) {
        let key = fold(wanted)
        let folded = names.map { $0.map(fold) }
        let exact = folded.indices.filter { folded[$0].contains(key) }
        if !exact.isEmpty || key.isEmpty { return (exact, true) }
        let prefixed = folded.indices.filter { folded[$0].contains { $0.hasPrefix(key) } }
        if !prefixed.isEmpty { return (prefixed, false) }
        let inside = folded.indices.filter { i in
            (folded[i].first ?? "").split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains {
                $0.hasPrefix(key)
            }
        }
        return (inside, false)
    }

    /// The optimal-string-alignment distance between `a` and `b`, counted in characters: the fewest single-character
    /// insertions, deletions, substitutions and transpositions of two adjacent characters that turn `a` into `b`,
    /// where no substring is edited twice.
    ///
    /// `"reprot"` → `"report"` is 1 (one transposition), `"kitten"` → `"sitting"` is 3; the distance to the empty
    /// string is the other string's length. Symmetric; 0 exactly when the strings are equal. Compare folded text
    /// (``fold(_:)``) for a case-insensitive distance.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        // Three rows of the (|s|+1) × (|t|+1) table: two back (for transpositions), one back, and the current one.
        var before = [Int](repeating: 0, count: t.count + 1)
        var previous = Array(0...t.count)
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[t.count]
    }

    /// How far `name` is from what a person typed as `wanted` (both folded first); smaller is closer.
    ///
    /// 0 when `wanted` occurs in `name` (`"c40"` in `"Comandante C40"`); otherwise the smallest edit distance
    /// from `wanted` to the whole name, to the name's first `wanted.count` characters (a mistyped beginning), or to
    /// one of its words. An empty `wanted` is 0 from every name.
    public static func distance(from wanted: String, to name: String) -> Int {
        let w = fold(wanted), n = fold(name)
        if w.isEmpty || n.contains(w) { return 0 }
        var best = editDistance(w, n)
        best = min(best, editDistance(w, String(n.prefix(w.count))))
        for word in n.split(whereSeparator: { $0.isWhitespace }) { best = min(best, editDistance(w, String(word))) }
        return best
    }

    /// `names` without repeats, the closest to `wanted` first (``distance(from:to:)``), ties in alphabetical order
    /// (case-insensitive, then exact).
    public static func ranked(_ names: [String], closestTo wanted: String) -> [String] {
        Array(Set(names)).map { (name: $0, distance: distance(from: wanted, to: $0), key: fold($0)) }
            .sorted { ($0.distance, $0.key, $0.name) < ($1.distance, $1.key, $1.name) }
            .map(\.name)
    }

    /// The one name among `names` that `wanted` is most likely a misspelling of, or `nil`.
    ///
    /// A suggestion is a name whose whole folded text is at most ⌊(length of `wanted`) ÷ 3⌋ edits (at least 1)
    /// from `wanted`, or which starts with `wanted`; the closest is taken, and none when two are equally close.
    public static func suggestion(for wanted: String, among names: [String]) -> String? {
        let w = fold(wanted)
        guard !w.isEmpty else { return nil }
        let limit = max(1, w.count / 3)
        let scored = Array(Set(names)).compactMap { name -> (String, Int)? in
            let n = fold(name)
            if n.hasPrefix(w) { return (name, 0) }
            let d = editDistance(w, n)
            return d <= limit ? (name, d) : nil
        }
        guard let best = scored.map(\.1).min() else { return nil }
        let closest = scored.filter { $0.1 == best }
        return closest.count == 1 ? closest[0].0 : nil
    }
}
