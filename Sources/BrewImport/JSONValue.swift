import Foundation

/// Typed reads of `JSONSerialization` values, telling "absent or null" from "present with the wrong type".
enum JSONValue {
    /// A field's value: `.missing` for absent or `null`, `.wrongType` with the JSON type found.
    enum Read<T> {
        case missing
        case value(T)
        case wrongType(String)
    }

    /// A parsed document, and whether its bytes had to be repaired first.
    struct Parsed {
        /// The `JSONSerialization` value.
        var value: Any
        /// The byte offset of the first ill-formed UTF-8 sequence when the document was read only after every such
        /// sequence was replaced by U+FFFD; `nil` when its bytes were well-formed.
        var repairedUTF8At: Int?
    }

    /// Parses JSON bytes.
    ///
    /// JSON must be UTF-8 (RFC 8259), and `JSONSerialization` refuses a document with one ill-formed byte. A journal
    /// is not thrown away for a damaged byte in a note: when parsing fails and the bytes are not UTF-8, they are
    /// repaired (each ill-formed sequence → U+FFFD, as the CSV and store importers do) and parsed again; the caller
    /// reports ``Parsed/repairedUTF8At`` as an ``ImportWarning/Kind/invalidUTF8`` warning. A document that still
    /// does not parse is refused with the original error.
    ///
    /// - Throws: ``ImportError`` (``ImportError/Kind/corrupt``) for malformed or truncated JSON,
    ///   (``ImportError/Kind/notAJournal``) for an empty file.
    static func parse(_ data: Data, file: String, location: String? = nil) throws(ImportError) -> Parsed {
        guard !data.isEmpty else { throw ImportError(.notAJournal, file: file, location: location, "empty file") }
        do {
            return Parsed(value: try JSONSerialization.jsonObject(with: data, options: []))
        } catch {
            if let offset = data.withUnsafeBytes({ UTF8Bytes.firstInvalidOffset($0.bindMemory(to: UInt8.self)) }),
               let value = try? JSONSerialization.jsonObject(with: Data(String(decoding: data, as: UTF8.self).utf8)) {
                return Parsed(value: value, repairedUTF8At: offset)
            }
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? error.localizedDescription
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
        if !isBool(v), let n = v as? NSNumber { return .value(JSONNumber.double(n)) }
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

    /// The compact text of a JSON value with sorted keys, for a reject's record (what `JSONSerialization` writes
    /// with `.sortedKeys`; see ``JSONRecordText``); `nil` for a value that is not a JSON object or array.
    static func recordText(_ v: Any) -> String? {
        JSONRecordText.text(v)
    }
}

extension ImportSession {
    /// Reports a document that ``JSONValue/parse(_:file:location:)`` read only after repairing its UTF-8: one
    /// ``ImportWarning/Kind/invalidUTF8`` warning per document, naming it and the first bad byte's offset.
    mutating func noteRepairs(_ parsed: JSONValue.Parsed, document: String) {
        guard let offset = parsed.repairedUTF8At else { return }
        warn(.invalidUTF8, column: nil, subject: document, at: nil,
             "\(document): bytes that are not UTF-8 (the first at byte offset \(offset)) replaced by U+FFFD")
    }
}
