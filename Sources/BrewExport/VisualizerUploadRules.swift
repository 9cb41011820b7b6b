import Foundation

/// What Visualizer (visualizer.coffee) requires of an uploaded Decent v2 shot file before it keeps the shot, checked
/// on every file `export --to decent-json` writes (docs/export.md, "Decent JSON"):
///
/// 1. the text starts with `{` and is a JSON object (Visualizer picks its parser from the first byte);
/// 2. it holds none of the keys that send it to another parser: `mill` or `brewFlow` (Beanconqueror),
///    `datapoints` (Gaggiuino), `samples` (GaggiMate), `profile_name` with `data` (Meticulous);
/// 3. `elapsed` (its time frame) is a non-empty list;
/// 4. at least one series it stores is a non-empty list: `pressure.pressure`, `pressure.goal`, `flow.flow`,
///    `flow.by_weight`, `flow.goal`, `temperature.basket`/`mix`/`goal`, `totals.weight`, `state_change`
///    (without both, it computes no fingerprint and refuses the shot);
/// 5. `timestamp`, when present, is a number or a numeric string (it reads the start from it).
///
/// A series longer than `elapsed` is taken (the DE1 app writes one value more at the end of some shots).
public enum VisualizerUploadRules {
    static let otherParsers = ["mill", "brewFlow", "datapoints", "samples"]
    static let series: [(String, String?)] = [
        ("pressure", "pressure"), ("pressure", "goal"), ("flow", "flow"), ("flow", "by_weight"), ("flow", "goal"),
        ("temperature", "basket"), ("temperature", "mix"), ("temperature", "goal"), ("totals", "weight"),
        ("state_change", nil),
    ]

    /// The rules `bytes` breaks, in words; empty when Visualizer takes the file.
    public static func problems(_ bytes: [UInt8]) -> [String] {
        guard bytes.first == UInt8(ascii: "{") else { return ["the text does not start with {"] }
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            return ["the text is not a JSON object"]
        }
        var out: [String] = []
        for key in otherParsers where root[key] != nil { out.append("the key \(key) sends it to another parser") }
        if root["profile_name"] != nil, root["data"] != nil {
            out.append("profile_name with data sends it to the Meticulous parser")
        }
        guard let elapsed = root["elapsed"] as? [Any], !elapsed.isEmpty else {
            return out + ["elapsed is missing or empty"]
        }
        var nonEmpty = 0
        for (group, key) in series {
            let value = key.map { (root[group] as? [String: Any])?[$0] } ?? root[group]
            guard let value else { continue }
            guard let list = value as? [Any] else {
                out.append("\(group)\(key.map { ".\($0)" } ?? "") is not a list"); continue
            }
            if !list.isEmpty { nonEmpty += 1 }
        }
        if nonEmpty == 0 { out.append("no series has a value") }
        if let stamp = root["timestamp"] {
            let ok = stamp is NSNumber || (stamp as? String).flatMap(Double.init) != nil
            if !ok { out.append("timestamp is not a number") }
        }
        return out
    }
}
