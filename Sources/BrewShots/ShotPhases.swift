import BrewColumns

/// One phase of a shot as its file marks it: when it starts on the shot's clock, and its name.
public struct ShotPhase: Sendable, Hashable {
    /// Seconds on the shot's own clock.
    public let start: Double
    /// The file's own name for it (Meticulous' stage `status`), or `step k` for a Decent state change.
    public let name: String

    /// A phase named `name`, its control characters replaced like any name's (``BrewColumns/ControlCharacters``):
    /// a phase name reaches the shot charts' labels.
    public init(start: Double, name: String) {
        self.start = start
        self.name = ControlCharacters.cleaned(name).text
    }
}

/// The phases a shot file marks (the files carry no common phase marker; formats without one have none).
///
/// - **Decent** (`espresso_state_change` / `state_change`): the DE1 app writes ±10,000,000 and flips the sign at
///   each profile step (Visualizer draws a line at each flip). A phase starts at every sample whose sign differs
///   from the one before (a 0 counts as neither and starts nothing); phases are named `step 1`, `step 2`, … in
///   order — the file does not say which of the profile's steps ran (steps can be skipped), so no step name is
///   guessed.
/// - **Meticulous** (`data[].status`): a phase starts at every sample whose stage name differs from the one before,
///   named by it (`Pressurize`, `Infusion`, …).
enum ShotPhases {
    static func decent(time: [Double?], stateChange: [Double?]) -> [ShotPhase] {
        var out: [ShotPhase] = []
        var sign = 0
        for i in 0 ..< min(time.count, stateChange.count) {
            guard let v = stateChange[i], v != 0, let t = time[i] else { continue }
            let s = v > 0 ? 1 : -1
            if s != sign { out.append(ShotPhase(start: t, name: "step \(out.count + 1)")); sign = s }
        }
        return out
    }

    static func named(time: [Double?], names: [String?]) -> [ShotPhase] {
        var out: [ShotPhase] = []
        var last: String?
        for i in 0 ..< min(time.count, names.count) {
            guard let name = names[i], !name.isEmpty, let t = time[i] else { continue }
            if name != last { out.append(ShotPhase(start: t, name: name)); last = name }
        }
        return out
    }
}
