import Foundation
import Synchronization

/// The compact text of a parsed JSON value with its objects' keys sorted: byte for byte what
/// `JSONSerialization.data(withJSONObject:options: [.sortedKeys])` writes, at a fraction of the cost.
///
/// Foundation sorts each object's keys by `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering],
/// locale: NSLocale.system)`, a collation per comparison, which was most of the cost of a reject's record text. The
/// same comparison orders the keys here, once per distinct key set (the records of a document share theirs), and
/// the order is remembered by the key set. What is written around the keys is Foundation's compact form: `{`, `:`,
/// `,`, `}`, `[`, `]` and no spaces; strings are escaped as Foundation escapes them (`"`, `\`, `/`, `\b`, `\f`,
/// `\n`, `\r`, `\t`, other code points below U+0020 as `\u00XX` in lower-case hex, everything else as is); numbers
/// and `null` are written by Foundation itself.
///
/// A value of another type than those `JSONSerialization` reads (strings, `NSNumber`s, `NSNull`, arrays, objects
/// with string keys) is written by Foundation whole.
enum JSONRecordText {
    /// The text of `value`, or `nil` when it is not a JSON object or array Foundation would write.
    ///
    /// A value this writer takes whole (an object or array of the types above, every number finite) is one
    /// `isValidJSONObject` accepts; anything else goes through `isValidJSONObject` and Foundation's writer.
    static func text(_ value: Any) -> String? {
        var out = ""
        if value is [String: Any] || value is [Any], write(value, into: &out) { return out }
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Appends the text of `value` to `out`; `false` when `value` holds a type this writer leaves to Foundation.
    ///
    /// The casts go from the cheapest to the dearest: a cast of a dictionary or an array to a class (`NSNull`,
    /// `NSNumber`) bridges it to an `NSDictionary` or `NSArray` first, so those are tried last.
    private static func write(_ value: Any, into out: inout String) -> Bool {
        if let string = value as? String {
            writeString(string, into: &out)
        } else if let object = value as? [String: Any] {
            out += "{"
            for (k, key) in sortedKeys(Array(object.keys)).enumerated() {
                if k > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                guard let member = object[key], write(member, into: &out) else { return false }
            }
            out += "}"
        } else if let array = value as? [Any] {
            out += "["
            for (k, element) in array.enumerated() {
                if k > 0 { out += "," }
                guard write(element, into: &out) else { return false }
            }
            out += "]"
        } else if value is NSNull {
            out += "null"
        } else if let number = value as? NSNumber {
            // Foundation's own text of the number: the array's text without its brackets. A number that is not
            // finite makes the value one `isValidJSONObject` refuses.
            guard number.doubleValue.isFinite,
                  let data = try? JSONSerialization.data(withJSONObject: [number]), data.count > 2 else { return false }
            out += String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        } else {
            return false
        }
        return true
    }

    /// A JSON string literal of `string`, escaped as Foundation's writer escapes it (slashes included).
    private static func writeString(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}" ... "\u{F}": out += "\\u000" + String(scalar.value, radix: 16)
            case "\u{10}" ... "\u{1F}": out += "\\u00" + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// Key orders already computed, by the key set (its keys in code-point order). Cleared when it holds
    /// ``remembered`` sets, so that a stream of documents with ever new keys does not grow it without bound.
    private static let orders = Mutex<[[String]: [String]]>([:])
    private static let remembered = 4_096

    /// `keys` in Foundation's order for `.sortedKeys`.
    static func sortedKeys(_ keys: [String]) -> [String] {
        if keys.count < 2 { return keys }
        let set = keys.sorted()
        if let known = orders.withLock({ $0[set] }) { return known }
        let locale = NSLocale.system
        let order = set.sorted { a, b in
            a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex ..< a.endIndex,
                      locale: locale) == .orderedAscending
        }
        orders.withLock { known in
            if known.count >= remembered { known.removeAll(keepingCapacity: true) }
            known[set] = order
        }
        return order
    }
}
