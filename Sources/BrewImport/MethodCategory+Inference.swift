import BrewColumns

extension MethodCategory {
    /// Guesses a method's category from its name or a peer's type code, for sources that state none.
    ///
    /// Matched case-insensitively on substrings: `espresso`, `portafilter`, `lever`, `ristretto`, and espresso machine
    /// makers' names (`profitec`, `rancilio`, `gaggia`, `lelit`, `la marzocco`, `decent`, `flair`, …) → espresso;
    /// `v60`, `kalita`, `chemex`, `pour`, `origami`, `melitta`, `wave`, `drip`, `filter` → pour-over;
    /// `french press`, `aeropress`, `immersion`, `clever`, `cold brew`, `siphon`, `syphon`, `cupping` → immersion;
    /// anything else → other.
    static func inferred(fromName name: String) -> MethodCategory {
        let n = name.lowercased().replacingOccurrences(of: "_", with: " ")
        if ["espresso", "portafilter", "lever", "ristretto", "profitec", "rancilio", "gaggia", "lelit", "la marzocco",
            "rocket", "decent", "flair", "cafelat", "la pavoni", "bezzera", "ecm ", "bambino",
            "silvia"].contains(where: n.contains) {
            return .espresso
        }
        if ["french press", "frenchpress", "aeropress", "aero press", "immersion", "clever", "cold brew", "siphon",
            "syphon", "cupping"].contains(where: n.contains) { return .immersion }
        if [
            "v60", "kalita", "chemex", "pour", "origami", "melitta", "wave", "drip",
            "filter"].contains(where: n.contains) {
            return .pourOver
        }
        return .other
    }
}
