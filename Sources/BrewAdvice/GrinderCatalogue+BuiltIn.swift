extension GrinderCatalogue {
    /// The built-in catalogue, in the `grinders.toml` format (``GrinderCatalogue/merging(toml:file:)``). Facts about
    /// the dials, not tuning: a user's `grinders.toml` overrides any entry (a modified dial, another numbering).
    ///
    /// - Comandante C40 (MK3/MK4): clicks counted from the burrs touching, about 30 a turn; brewed from about 7
    ///   (espresso) to about 40 (French press).
    /// - Fellow Ode Gen 2: 1–11 with two clicks between whole numbers, logged 1, 1.1, 1.2, 2, … (31 settings).
    /// - Niche Zero: stepless, a dial marked 0–50.
    /// - Baratza Encore: 40 steps, 1–40.
    /// - 1Zpresso JX-Pro: 40 clicks a turn (12.5 µm each), counted from zero; about five turns.
    /// - Eureka Mignon (Specialità, Silenzio, Notte, …): stepless micrometric dial, numbered arbitrarily per
    ///   machine: the range comes from the brews.
    /// - Kinu M47: stepless, a multi-turn dial: the range comes from the brews.
    /// - Timemore C2 and C3: clicks from zero, about 36 used.
    ///
    /// Every one of them grinds coarser at a higher number.
    static let builtInTOML = """
        [grinders."Comandante C40"]
        aliases = ["Comandante"]
        min = 0
        max = 40
        step = 1
        coarser = "higher"

        [grinders."Fellow Ode Gen 2"]
        aliases = ["Ode Gen 2", "Fellow Ode 2"]
        notation = "thirds"
        min = 1
        max = 11
        coarser = "higher"

        [grinders."Niche Zero"]
        aliases = ["Niche"]
        min = 0
        max = 50
        step = 0
        coarser = "higher"

        [grinders."Baratza Encore"]
        min = 1
        max = 40
        step = 1
        coarser = "higher"

        [grinders."1Zpresso JX-Pro"]
        aliases = ["JX-Pro", "1Zpresso JX Pro"]
        min = 0
        max = 200
        step = 1
        coarser = "higher"

        [grinders."Eureka Mignon"]
        aliases = ["Mignon"]
        step = 0
        coarser = "higher"

        [grinders."Kinu M47"]
        aliases = ["Kinu"]
        step = 0
        coarser = "higher"

        [grinders."Timemore C2"]
        min = 0
        max = 36
        step = 1
        coarser = "higher"

        [grinders."Timemore C3"]
        min = 0
        max = 36
        step = 1
        coarser = "higher"
        """
}
