/// A list of row indices: filters and groups refer to rows without copying them (DuckDB's selection vector).
///
/// Indices are in increasing order unless a caller builds one otherwise; kernels visit them in order.
public struct Selection: Sendable, Equatable {
    public var indices: [Int32]

    public init(_ indices: [Int32]) { self.indices = indices }

    /// Every row of a table with `count` rows.
    public static func all(_ count: Int) -> Selection { Selection((0..<Int32(count)).map { $0 }) }

    public var count: Int { indices.count }
    public var isEmpty: Bool { indices.isEmpty }

    /// The rows of this selection for which `predicate` holds.
    public func filter(_ predicate: (Int) -> Bool) -> Selection {
        Selection(indices.filter { predicate(Int($0)) })
    }

    /// The rows whose slot in `column` is valid.
    public func valid<E>(in column: PrimitiveColumn<E>) -> Selection {
        guard let bits = column.validity else { return self }
        return Selection(indices.filter { bits.isSet(Int($0)) })
    }

    /// Splits the selection by the code each row has in `column`: `result[c]` holds the rows with code `c`
    /// (`codeCount` groups); rows whose code is null are dropped.
    public func group(by column: DictionaryColumn, codeCount: Int) -> [Selection] {
        var groups = Array(repeating: [Int32](), count: codeCount)
        for i in indices {
            if let c = column.code(Int(i)) { groups[Int(c)].append(i) }
        }
        return groups.map(Selection.init)
    }
}
