/// Values at paths of keys laid out as nested objects, the one grouping every JSON writer of a schema uses:
/// `[meta, bean, brand]` and `[meta, in]` become `meta {bean {brand}, in}`, keys in the order first met.
public enum FormatTree: Sendable, Equatable {
    /// A key and its text value.
    case value(String, String)
    /// A key and the object it holds.
    indirect case object(String, [FormatTree])

    /// The nodes of `entries`, each a path (at least one key) and a value; a later value at the same path replaces
    /// an earlier one, and a key that holds a value holds no object.
    public static func nodes(_ entries: [(path: [String], value: String)]) -> [FormatTree] {
        nodes(entries.map { (ArraySlice($0.path), $0.value) })
    }

    static func nodes(_ entries: [(ArraySlice<String>, String)]) -> [FormatTree] {
        var order: [String] = []
        var values: [String: String] = [:]
        var children: [String: [(ArraySlice<String>, String)]] = [:]
        for (path, value) in entries {
            guard let head = path.first else { continue }
            if values[head] == nil, children[head] == nil { order.append(head) }
            if path.count == 1 {
                values[head] = value
            } else {
                children[head, default: []].append((path.dropFirst(), value))
            }
        }
        return order.map { key in values[key].map { .value(key, $0) } ?? .object(key, nodes(children[key] ?? [])) }
    }
}
