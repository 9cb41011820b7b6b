import BrewColumns

/// What a bag is, as far as the advisor uses it to place a new bag's sweet spot (``AttributePrior``): today its roast
/// level, read from the bean's `roast_level` (docs/formats.md). A bag without a bean, or whose bean does not say,
/// has no roast level (`nil`), and the prior then does not use it.
///
/// Process, origin, altitude, decaf and the roaster are carried by some journals but not modelled yet
/// (docs/advisor.md, "What the model does not know").
public struct BagAttributes: Sendable, Hashable {
    public var roastLevel: RoastLevel?

    public init(roastLevel: RoastLevel? = nil) { self.roastLevel = roastLevel }

    /// The attributes of `bean`.
    public init(_ bean: CoffeeBean) { self.init(roastLevel: bean.roastLevel) }

    /// The attributes of the bag in slot `slot` of a ``MethodBrews`` (slot 0: brews without a bean, none; slot
    /// `c + 1`: bean code `c`, an index into ``Journal/beans``).
    static func of(slot: Int, in journal: Journal) -> BagAttributes {
        let bean = slot - 1
        return journal.beans.indices.contains(bean) ? BagAttributes(journal.beans[bean]) : BagAttributes()
    }

    /// The roast level as the advice says it: "light", "medium-light", "medium", "medium-dark", "dark".
    static func words(_ level: RoastLevel) -> String {
        level.rawString.replacingOccurrences(of: "_", with: "-")
    }
}

/// What the attribute prior (``AttributePrior``) concluded about the new bag's attribute value: the shift of the
/// sweet spot of bags with that value from the population mean of every earlier bag, in model units (steps,
/// clicks), and how many earlier bags carry the value.
public struct AttributeEffect: Sendable, Hashable {
    /// The attribute, in words ("roast level").
    public var attribute: String
    /// The new bag's value, in words ("dark").
    public var value: String
    /// Earlier bags with that value.
    public var bags: Int
    /// Earlier bags with a known value of the attribute (that value or another).
    public var knownBags: Int
    /// The posterior mean of the value's effect `β` (``AttributePrior``) in model units: positive is higher on the
    /// dial (coarser on a dial whose higher numbers are coarser).
    public var shiftUnits: Double
    /// The posterior mean of the spread `ω` of effects between values, in model units.
    public var spreadUnits: Double
}

extension AttributeEffect {
    /// The effect in words, as `why` says it: "dark roasts peaked 4 steps coarser than your bags' mean over your 6
    /// dark bags" — in steps, clicks (a dial in thirds) or the dial's own numbers (stepless), rounded to a tenth
    /// below 2 and to a whole number above; "…peaked where your other bags did" for less than a twentieth of a step.
    func words(scale: DialInScale) -> String {
        let size = abs(shiftUnits)
        let amount: String
        if scale.notation == .thirds || scale.step != nil {
            let n = size < 2 ? String(format: "%.1f", size) : String(format: "%.0f", size)
            amount = n + (scale.notation == .thirds ? (n == "1.0" ? " click" : " clicks")
                : (n == "1.0" ? " step" : " steps"))
        } else {
            let x = size * scale.unit
            amount = x < 2 ? String(format: "%.1f", x) : String(format: "%.0f", x)
        }
        let bagsWord = bags == 1 ? "bag" : "bags"
        let subject = attribute == "roast level" ? "\(value) roasts" : "bags of \(attribute) \(value)"
        let over = "over your \(bags) \(value) \(bagsWord) of \(knownBags) with a known \(attribute)"
        guard size >= 0.05 else { return "\(subject) peaked with your other bags (\(over))" }
        let side = (shiftUnits > 0) == scale.coarserIsHigher ? "coarser" : "finer"
        return "\(subject) peaked \(amount) \(side) than your bags' mean (\(over))"
    }
}
