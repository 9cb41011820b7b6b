/// JSON documents from coffee apps and machines that are not journals brewstats reads, recognised by their keys so
/// that refusing one says what it is instead of what it lacks.
///
/// Recognised (key sets from the real files in `peer-data/`):
/// - ``beanconquerorFlowProfile``: `weight` plus one of `waterFlow`, `realtimeFlow`, `pressureFlow`,
///   `temperatureFlow` — the sensor graph of one brew that Beanconqueror writes to `brews/<uuid>_flow_profile.json`;
/// - ``beanconquerorUpload``: a `brew` object with a `bean`, `mill` or `preparation` object — the single-brew JSON
///   Beanconqueror uploads to visualizer.coffee. The Beanconqueror importer reads it as a one-brew journal.
/// - ``espressoShot``: an espresso machine's shot log — Decent (`elapsed` with `pressure`, `flow`), Gaggiuino
///   (`datapoints`), GaggiMate (`samples` with `profile`), Meticulous (`data` with `profile_name`);
/// - ``brewSpec``: a BrewSpec document (`brewspec_version`).
enum ForeignJSON: Equatable {
    case beanconquerorFlowProfile
    case beanconquerorUpload
    case espressoShot(machine: String)
    case brewSpec

    /// What `root` is, when it is one of the recognised shapes; `nil` otherwise (including every journal shape).
    static func identify(_ root: [String: Any]) -> ForeignJSON? {
        func has(_ key: String) -> Bool { root[key] != nil }
        if has("BREWS") || has("BEANS") || has("MILL") || has("PREPARATION") || has("format") { return nil }
        if root["brew"] is [String: Any],
           root["bean"] is [String: Any] || root["mill"] is [String: Any] || root["preparation"] is [String: Any] {
            return .beanconquerorUpload
        }
        if root["weight"] is [Any],
            ["waterFlow", "realtimeFlow", "pressureFlow", "temperatureFlow"].contains(where: has) {
            return .beanconquerorFlowProfile
        }
        if has("brewspec_version") { return .brewSpec }
        if has("elapsed") && has("pressure") && has("flow") { return .espressoShot(machine: "a Decent DE1") }
        if root["datapoints"] is [Any] { return .espressoShot(machine: "a Gaggiuino") }
        if root["samples"] is [Any] && has("profile") { return .espressoShot(machine: "a GaggiMate") }
        if root["data"] is [Any] && has("profile_name") { return .espressoShot(machine: "a Meticulous") }
        return nil
    }

    /// What the document is, for a refusal message.
    var description: String {
        switch self {
        case .beanconquerorFlowProfile:
            "a Beanconqueror brew-flow profile (sensor samples of one brew: weight, flow, pressure over time), "
                + "not a journal backup; import the Beanconqueror.zip or Beanconqueror.json backup instead"
        case .beanconquerorUpload:
            "a single-brew Visualizer upload from Beanconqueror (one brew with its bean, grinder and method)"
        case .espressoShot(let machine):
            "an espresso shot log from \(machine) (sensor samples of one shot), not a brew journal"
        case .brewSpec:
            "a BrewSpec document"
        }
    }
}

extension ForeignJSON {
    /// The refusal of `file`, which is this document: `this is a BrewSpec document`, with the format that reads it
    /// when brewstats reads one (``ImportError/readableAs``).
    func refusal(file: String) -> ImportError {
        var error = ImportError(.notAJournal, file: file, "this is \(description)")
        if self == .brewSpec { error.readableAs = .brewSpec }
        return error
    }
}
