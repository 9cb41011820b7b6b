import Foundation

/// Typed reads of `JSONSerialization` values, telling "absent or null" from "present with the wrong type".
enum JSONValue {
    /// A field's value: `.missing` for absent or `null`, `.wrongType` with the JSON type found.
    enum Read<T> {
        case missing
        case value(T)
        case wrongType(String)
    }

    /// Parses JSON bytes.
    ///
    /// - Throws: ``ImportError`` (``ImportError/Kind/corrupt``) for malformed or truncated JSON.
    static func parse(_ data: Data, file: String, location: String? = nil) throws(ImportError) -> Any {
        guard !data.isEmpty else { throw ImportError(.notAJournal, file: file, location: location, "empty file") }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw ImportError(.corrupt, file: file, location: location, "malformed or truncated JSON: \(detail)")
        }
    }

    /// The JSON type name of a value, for messages.
    static func typeName(_ v: Any) -> String {
        if v is NSNull { return "null" }
        if isBool(v) { return "boolean" }
        if v is NSNumber { return "number" }
        if v is String { return "string" }
        if v is [Any] { return "array" }
        if v is [String: Any] { return "object" }
        return "\(type(of: v))"
    }

    /// Whether a parsed JSON value is `true`/`false`. `JSONSerialization` hands booleans over as `NSNumber`s
    /// whose `objCType` is `c` (on Darwin and Linux alike); JSON numbers are never parsed to that type.
    static func isBool(_ v: Any) -> Bool {
        guard let n = v as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    static func number(_ object: [String: Any], _ key: String) -> Read<Double> {
        guard let v = object[key], !(v is NSNull) else { return .missing }
        if !isBool(v), let n = v as? NSNumber { return .value(n.doubleValue) }
        return .wrongType(typeName(v))
    }

    static func string(_ object: [String: Any], _ key: String) -> Read<String> {
        guard let v = object[key], !(v is NSNull) else { return .missing }
        if let s = v as? String { return .value(s) }
        return .wrongType(typeName(v))
    }

    /// A string, or `nil` when absent, null, empty or not a string (for entity fields, which never reject).
    static func text(_ object: [String: Any], _ key: String) -> String? {
        guard case .value(let s) = string(object, key), !s.isEmpty else { return nil }
        return s
    }

    /// The compact text of a JSON value, for a reject's record.
    static func recordText(_ v: Any) -> String? {
        guard JSONSerialization.isValidJSONObject(v),
              let data = try? JSONSerialization.data(withJSONObject: v, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
