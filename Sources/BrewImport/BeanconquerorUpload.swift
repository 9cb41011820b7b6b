import Foundation

/// Beanconqueror's single-brew Visualizer upload, turned into the backup layout the importer reads.
///
/// The app uploads one brew to visualizer.coffee as `{"bean": {…}, "brew": {…}, "mill": {…}, "preparation": {…},
/// "water": {…}, "brewFlow": {…}}` (Beanconqueror `src/classes/visualizer/visualizer.ts`; five real files in
/// `peer-data/beanconqueror/visualizer-upload/`). The brew is the app's Brew with its relations dropped — no `mill`,
/// `method_of_preparation` or `bean` uuid — and the entities carry no `config`. This type gives each present
/// entity a stand-in uuid and points the brew at it, so the upload reads exactly like a backup with one brew:
/// same field mapping, same rating-scale rule (no `SETTINGS`: the scale is assumed and the report says so).
/// `brewFlow` (the sensor samples) and `water` are not read.
enum BeanconquerorUpload {
    /// Stand-in uuids; they cannot collide with the app's (which are RFC 4122 UUIDs).
    static let millID = "visualizer-upload-mill"
    static let preparationID = "visualizer-upload-preparation"
    static let beanID = "visualizer-upload-bean"

    /// The backup-shaped root: `BREWS` with the one brew, and `MILL`, `PREPARATION`, `BEANS` with the entities
    /// the upload has (an entity that is not an object is left out, and the brew then has no such reference).
    static func backup(fromUpload upload: [String: Any]) -> [String: Any] {
        var brew = upload["brew"] as? [String: Any] ?? [:]
        var root: [String: Any] = [:]
        func entity(_ key: String, _ arrayKey: String, _ id: String, reference: String) {
            guard var object = upload[key] as? [String: Any] else { return }
            var config = object["config"] as? [String: Any] ?? [:]
            config["uuid"] = id
            object["config"] = config
            root[arrayKey] = [object]
            if brew[reference] == nil || brew[reference] is NSNull { brew[reference] = id }
        }
        entity("mill", "MILL", millID, reference: "mill")
        entity("preparation", "PREPARATION", preparationID, reference: "method_of_preparation")
        entity("bean", "BEANS", beanID, reference: "bean")
        root["BREWS"] = [brew]
        return root
    }
}
