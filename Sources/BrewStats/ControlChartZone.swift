/// Where a brew falls on the brewing control chart: extraction band × strength band.
///
/// Extraction yield below the ideal range is ``ExtractionBand/under``, inside it (inclusive) ``ExtractionBand/ideal``,
/// above it ``ExtractionBand/over``; strength (TDS) likewise ``StrengthBand/weak`` / ``StrengthBand/ideal`` /
/// ``StrengthBand/strong``. The ranges are ``StatsOptions/filterIdeal`` or ``StatsOptions/espressoIdeal`` by
/// the brew's category. Stored in ``DerivedColumns/zone`` as ``rawValue`` = 3 × extraction + strength.
public struct ControlChartZone: Sendable, Hashable, CustomStringConvertible {
    /// Extraction relative to the ideal box.
    public enum ExtractionBand: UInt8, Sendable, CaseIterable {
        case under = 0, ideal = 1, over = 2
    }
    /// Strength relative to the ideal box.
    public enum StrengthBand: UInt8, Sendable, CaseIterable {
        case weak = 0, ideal = 1, strong = 2
    }

    public let extraction: ExtractionBand
    public let strength: StrengthBand

    public init(extraction: ExtractionBand, strength: StrengthBand) {
        self.extraction = extraction
        self.strength = strength
    }

    /// The zone of extraction yield `ey` and strength `tds` (both %) against `box`.
    public init(ey: Double, tds: Double, box: ControlChartBox) {
        extraction = ey < box.extraction.lowerBound ? .under : (ey > box.extraction.upperBound ? .over : .ideal)
        strength = tds < box.strength.lowerBound ? .weak : (tds > box.strength.upperBound ? .strong : .ideal)
    }

    /// The encoding stored in ``DerivedColumns/zone``: 3 × extraction + strength (0…8).
    public var rawValue: UInt8 { extraction.rawValue * 3 + strength.rawValue }

    /// The zone of an encoded value; `nil` past 8.
    public init?(rawValue: UInt8) {
        guard rawValue < 9, let e = ExtractionBand(rawValue: rawValue / 3), let s = StrengthBand(rawValue: rawValue % 3)
        else { return nil }
        self.init(extraction: e, strength: s)
    }

    /// Both in the ideal ranges.
    public var isIdeal: Bool { extraction == .ideal && strength == .ideal }

    /// E.g. `under-extracted, strong`, or `ideal` for the ideal box.
    public var description: String {
        if isIdeal { return "ideal" }
        let e = ["under-extracted", "ideal extraction", "over-extracted"][Int(extraction.rawValue)]
        let s = ["weak", "ideal strength", "strong"][Int(strength.rawValue)]
        return "\(e), \(s)"
    }
}
