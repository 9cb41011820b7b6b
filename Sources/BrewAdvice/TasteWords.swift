import Foundation

/// What a cup's words say about grind: sour or under-extracted (grind finer), bitter or over-extracted (grind
/// coarser), weak (finer) or strong (coarser), read from the flavour tags and the notes.
///
/// **Rule.** The text is lowercased, accents kept, split into words (letters, digits, `-`); a word list entry
/// matches a word or a run of words exactly ("under extracted"). A match is dropped when one of the two words
/// before it is a negation (`not no never without nicht kein keine ohne nie no sin nunca non senza mai pas sans
/// jamais ni`), and "dry" is dropped when the next word is "process"/"processed" (a processing method, not a taste).
/// A note that says what to do ("try coarser", "zu fein", "più fine") or how the flow went ("stalled", "choked",
/// "gushing") counts with sour (finer) or bitter (coarser): ``saysFiner``, ``saysCoarser``.
/// A cup called balanced ("balanced", "spot on", "ausgewogen", "equilibrato", ``balanced``), with none of the
/// other words, says the sweet spot is near: direction 0.
/// Sour and bitter in one cup cancel (an uneven extraction says nothing about the direction); otherwise sour or
/// bitter gives the direction with weight 1, and weak or strong — when neither sour nor bitter is said — with
/// weight ½ (strength depends on the recipe as much as on grind).
///
/// The word lists (English, German, Spanish, Italian, French) are ``sour``, ``bitter``, ``weak`` and ``strong``.
public enum TasteWords {
    /// Under-extraction: grind finer.
    public static let sour: Set<String> = [
        "sour", "tart", "salty", "under-extracted", "underextracted", "under extracted", "underdeveloped", "too acidic",
        "sauer", "säuerlich", "salzig", "unterextrahiert", "unter-extrahiert", "zu spritzig",
        "agrio", "ácido", "salado", "subextraído", "subextraido", "sub-extraído", "sub extraído",
        "acido", "aspro", "salato", "sottoestratto", "sotto-estratto", "sotto estratto",
        "aigre", "acide", "salé", "sous-extrait", "sous extrait", "sous-extraction",
    ]
    /// Over-extraction: grind coarser.
    public static let bitter: Set<String> = [
        "bitter", "astringent", "harsh", "dry", "drying", "chalky", "ashy", "burnt", "over-extracted", "overextracted",
        "over extracted",
        "zu bitter", "adstringierend", "kratzig", "trocken", "verbrannt", "überextrahiert", "über-extrahiert",
        "amargo", "astringente", "áspero", "seco", "quemado", "sobreextraído", "sobreextraido", "sobre-extraído",
        "amaro", "secco", "bruciato", "sovraestratto", "sovra-estratto", "sovra estratto",
        "amer", "âpre", "sec", "brûlé", "sur-extrait", "surextrait", "sur extrait",
    ]
    /// Thin cup: grind finer (half weight).
    public static let weak: Set<String> = [
        "weak", "watery", "thin", "wässrig", "wässerig", "dünn", "schwach", "aguado", "débil", "acquoso", "debole",
        "slavato", "aqueux", "faible", "dilué",
    ]
    /// Heavy cup: grind coarser (half weight).
    public static let strong: Set<String> = [
        "strong", "heavy", "muddy", "stark", "schwer", "fuerte", "pesado", "forte", "pesante", "fort", "lourd",
    ]
    /// What a note says to do, or what went wrong with the flow: grind coarser.
    public static let saysCoarser: Set<String> = [
        "coarser", "too fine", "stalled", "choked", "clogged", "gröber", "zu fein", "más grueso", "demasiado fino",
        "più grosso", "troppo fine", "plus gros", "trop fin", "plus grossier",
    ]
    /// … grind finer.
    public static let saysFiner: Set<String> = [
        "finer", "too coarse", "gushed", "gushing", "feiner", "zu grob", "más fino", "demasiado grueso", "più fine",
        "troppo grosso", "plus fin", "trop gros",
    ]
    /// A cup that was right: the sweet spot is near this setting (``GrindCue`` with direction 0).
    public static let balanced: Set<String> = [
        "balanced", "perfect", "spot on", "dialled in", "dialed in", "ausgewogen", "perfekt", "equilibrado", "perfecto",
        "equilibrato", "perfetto", "équilibré", "parfait",
    ]
    static let negations: Set<String> = [
        "not", "no", "never", "without", "nicht", "kein", "keine", "ohne", "nie", "sin", "nunca", "non", "senza",
        "mai", "pas", "sans", "jamais", "ni",
    ]
    static let longest = 2

    /// The direction the words point: +1 towards coarser, −1 towards finer, 0 balanced (here), with a weight (1 for
    /// sour/bitter/balanced, ½ for weak/strong); `nil` when they say nothing about grind or contradict each other.
    public static func direction(_ texts: [String]) -> (towardsCoarser: Double, weight: Double)? {
        var sourHit = false, bitterHit = false, weakHit = false, strongHit = false, balancedHit = false
        for text in texts where !text.isEmpty {
            let words = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init)
            for i in words.indices {
                for length in 1...longest where i + length <= words.count {
                    let phrase = words[i..<(i + length)].joined(separator: " ")
                    let negated = words[max(0, i - 2)..<i].contains { negations.contains($0) }
                    if negated { continue }
                    if phrase == "dry", i + 1 < words.count, words[i + 1].hasPrefix("process") { continue }
                    if sour.contains(phrase) || saysFiner.contains(phrase) { sourHit = true }
                    if bitter.contains(phrase) || saysCoarser.contains(phrase) { bitterHit = true }
                    if weak.contains(phrase) { weakHit = true }
                    if strong.contains(phrase) { strongHit = true }
                    if balanced.contains(phrase) { balancedHit = true }
                }
            }
        }
        if sourHit != bitterHit { return (sourHit ? -1 : 1, 1) }
        if sourHit && bitterHit { return nil }
        if weakHit != strongHit { return (weakHit ? -1 : 1, 0.5) }
        if balancedHit && !sourHit && !bitterHit && !weakHit && !strongHit { return (0, 1) }
        return nil
    }
}

/// A directional cue about one brew's grind: the setting brewed and whether the cup (or shot) says the sweet spot
/// lies coarser (+1) or finer (−1) than it, or near it (0, a balanced cup), with a weight (1 for a clear cue, ½ for
/// a weak one).
public struct GrindCue: Sendable, Hashable {
    public var setting: Double
    public var towardsCoarser: Double
    public var weight: Double
    public init(setting: Double, towardsCoarser: Double, weight: Double = 1) {
        self.setting = setting; self.towardsCoarser = towardsCoarser; self.weight = weight
    }
}
