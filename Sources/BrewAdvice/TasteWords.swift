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

extension TasteWords {
    /// Words that, before a number, name the setting to brew next ("try 17.5", "next 17.5", "next time 17,5",
    /// "versuch 17,5", "probar 17,5", "prova 17,5", "essayer 17,5").
    static let namingBefore: Set<String> = [
        "try", "next", "go", "versuch", "versuche", "nächstes", "nächste", "probar", "prueba", "próxima", "prova",
        "provare", "prossima", "essayer", "essaie", "prochaine",
    ]
    /// Words allowed between such a word and its number ("next time 17.5", "go to 17", "nächstes Mal 17,5").
    static let namingFillers: Set<String> = ["time", "to", "at", "with", "mal", "auf", "mit", "vez", "a", "con",
        "volta", "fois", "à"]
    /// Words that, after a number, name it as the setting to brew next ("17,5 probieren", "17.5 next").
    static let namingAfter: Set<String> = ["probieren", "ausprobieren", "versuchen", "next", "probar", "provare",
        "essayer"]

    /// The grind setting a note names as the one to brew next, or `nil`: a number (`17.5` or `17,5`) right after
    /// "try", "next" (or "next time", "go to", their German, Spanish, Italian and French forms, with at most one
    /// word between), or right before "probieren", "versuchen", "next"…; "try 2 more" names 2 like any other and
    /// is weighed where the grinder's scale is known (``MethodBrews``). A note naming two different numbers names none.
    public static func namedSetting(_ text: String) -> Double? {
        guard text.contains(where: \.isNumber) else { return nil }
        let words = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "." || $0 == ",") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,")) }.filter { !$0.isEmpty }
        func number(_ w: String) -> Double? {
            guard w.first?.isNumber == true, w.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }),
                  w.filter({ $0 == "." || $0 == "," }).count <= 1 else { return nil }
            return Double(w.replacingOccurrences(of: ",", with: "."))
        }
        var found: Set<Double> = []
        for (i, w) in words.enumerated() {
            guard let v = number(w), v.isFinite else { continue }
            let before = words[max(0, i - 2)..<i]
            let after = words[(i + 1)..<min(words.count, i + 2)]
            if before.last.map(namingBefore.contains) == true
                || (before.count == 2 && namingBefore.contains(before.first!) && namingFillers.contains(before.last!))
                || after.first.map(namingAfter.contains) == true {
                found.insert(v)
            }
        }
        return found.count == 1 ? found.first : nil
    }
}

/// A directional cue about one brew's grind: the setting brewed and whether the cup (or shot) says the sweet spot
/// lies coarser (+1) or finer (−1) than it, or near it (0, a balanced cup), with a weight (1 for a clear cue, ½ for
/// a weak one).
public struct GrindCue: Sendable, Hashable {
    public var setting: Double
    public var towardsCoarser: Double
    public var weight: Double
    /// The setting the brew's note names as the next one ("try 17.5"), when it does: the cue points towards it.
    public var named: Double?
    /// Whether the cue is a shot's time (ran fast or slow) rather than words: the shot-time model
    /// (``ShotTimeModel``) replaces such cues by the times themselves.
    public var fromShotTime = false
    public init(setting: Double, towardsCoarser: Double, weight: Double = 1, named: Double? = nil,
                fromShotTime: Bool = false) {
        self.setting = setting; self.towardsCoarser = towardsCoarser; self.weight = weight; self.named = named
        self.fromShotTime = fromShotTime
    }
}
