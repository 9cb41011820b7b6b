/// The definitions of docs/definitions.md's brew masses, stated once: ``DerivedColumns`` computes its columns with
/// them, and the importers (a stated EY checked, a TDS implied), the journal generator and the brewing control
/// chart's ratio lines call them rather than restating a formula.
extension DerivedColumns {
    /// The beverage mass (g): the logged yield when there is one; otherwise, for a brew that is not an espresso,
    /// `water − retention × dose` (the grounds keep about `retention` g of water per g of coffee); `nil` for an
    /// espresso without a yield and when a needed mass is missing. No range check: a negative estimate is returned
    /// as it is (the callers refuse a beverage mass ≤ 0).
    ///
    /// ```swift
    /// DerivedColumns.beverageMass(yield: nil, water: 250, dose: 15, isEspresso: false, retention: 2)  // 220
    /// ```
    @inlinable
    public static func beverageMass(yield: Double?, water: Double?, dose: Double?, isEspresso: Bool,
                                    retention: Double) -> Double? {
        if let yield { return yield }
        guard !isEspresso, let water, let dose else { return nil }
        return water - retention * dose
    }

    /// The extraction yield (%): `TDS × beverage mass ÷ dose`, TDS in %, masses in g. The caller checks
    /// `dose > 0`; the plausible range (``StatsOptions/plausibleExtraction``) is the derived columns' to apply.
    @inlinable
    public static func extractionYield(tds: Double, beverageMass: Double, dose: Double) -> Double {
        tds * beverageMass / dose
    }

    /// The strength (TDS, %) an extraction yield implies, the inverse of
    /// ``extractionYield(tds:beverageMass:dose:)``: `EY × dose ÷ beverage mass`. The caller checks
    /// `beverageMass > 0`.
    @inlinable
    public static func strength(extractionYield ey: Double, beverageMass: Double, dose: Double) -> Double {
        ey * dose / beverageMass
    }

    /// The definitions in a sentence, for a page's footer.
    public static let definitionsSentence = "Ratios: espresso yield ÷ dose, filter water ÷ dose. "
        + "Extraction = TDS × beverage mass ÷ dose; values outside 0–35 % are left out."
}
