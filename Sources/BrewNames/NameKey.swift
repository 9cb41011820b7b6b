import Foundation

/// The forms in which names are compared when looking for two spellings of one thing.
///
/// - ``of(_:)``: case, accents and width ignored, every run of characters that are not letters or digits read as
///   one space, spaces at the ends dropped: `"Nariño"`, `"NARINO"` and `"narino "` are all `"narino"`;
///   `"Hario V-60"` is `"hario v 60"`.
/// - ``compact(_:)``: the key without spaces (`"V 60"` and `"V60"` meet).
/// - ``singular(_:)``: each word of four letters or more that ends in `s` without it (`"Flying Roasters"` and
///   `"Flying Roaster"` meet; `"Kaffeebus"` becomes `"kaffeebu"` on both sides, which is harmless).
/// - ``withoutTradeWords(_:)``: a roaster's name without the words roasters add to their name in some places and
///   not in others (`"Quijote Kaffee"` and `"Quijote"` meet), ``tradeWords``; never emptied to nothing.
public enum NameKey {
    /// The comparison key of `name` (see the type's description).
    public static func of(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = String.UnicodeScalarView()
        var gap = false
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                if gap, !out.isEmpty { out.append(" ") }
                gap = false
                out.append(scalar)
            } else {
                gap = true
            }
        }
        return String(out)
    }

    /// ``of(_:)`` without its spaces.
    public static func compact(_ name: String) -> String {
        of(name).replacingOccurrences(of: " ", with: "")
    }

    /// ``of(_:)`` with a final `s` dropped from every word of four letters or more.
    public static func singular(_ name: String) -> String {
        of(name).split(separator: " ").map { w in w.count >= 4 && w.hasSuffix("s") ? String(w.dropLast()) : String(w) }
            .joined(separator: " ")
    }

    /// ``singular(_:)`` without the ``tradeWords``; the singular key itself when nothing else would be left.
    public static func withoutTradeWords(_ name: String) -> String {
        let words = singular(name).split(separator: " ").map(String.init)
        let kept = words.filter { !tradeWords.contains($0) }
        return kept.isEmpty ? words.joined(separator: " ") : kept.joined(separator: " ")
    }

    /// Words a roaster's name carries in some places and not in others, in their ``singular(_:)`` form: "coffee",
    /// "roaster(s)", "roastery", "company" and their German, Spanish, Italian and French forms.
    public static let tradeWords: Set<String> = [
        "coffee", "kaffee", "cafe", "caffe", "koffie", "roaster", "roastery", "roasting", "roastwork", "co", "company",
        "kaffeerosterei", "rosterei", "kaffeerosterie", "tostadore", "tostaduria", "torrefazione", "torrefaction",
        "brulerie", "the",
    ]
}
