/// The kinds of name a journal holds that two spellings can split: a roaster, a bean, a grinder, a brew method.
public enum NameKind: String, Sendable, Hashable, CaseIterable {
    case roaster, bean, grinder, method

    /// The table of an aliases file that holds this kind's aliases (`[roasters]`, …).
    public var table: String { rawValue + "s" }

    /// The noun for `n` of them ("1 roaster", "2 roasters").
    public func noun(_ n: Int) -> String { n == 1 ? rawValue : table }
}
