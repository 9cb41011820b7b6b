import BrewColumns

/// A date value as an importer read it, before the session decides whether to keep it.
enum DateRead {
    /// Absent, null, or a value that means "not entered" (Beanconqueror's 0).
    case missing
    /// A representable and plausible instant.
    case date(Timestamp)
    /// Present but not usable: not a number or date, not representable, or outside ``ImportSession/plausibleDates``.
    /// The text says why, naming the column and the value (cut to 80 characters).
    case unusable(String)
}

/// Which dates an import accepts.
///
/// Dates arrive as numbers of seconds (the store's Apple reference-date `TIMESTAMP`s, Beanconqueror's
/// `config.unix_timestamp`) or as ISO 8601 text (years 0000–9999). Numbers can be anything a file holds — `1e300`,
/// `-1e18`, infinity in a REAL cell — so they go through ``Timestamp/init(checkedUnixSeconds:)``, never a trapping
/// conversion. A representable instant must then also be *plausible*: within ``plausibleDates``.
///
/// - A **brew** whose date is unusable is rejected (column and reason in its ``Reject``): a brew that cannot be
///   placed in a day or week cannot be counted.
/// - **Any other date** — an entity's `createdAt`/`updatedAt`, a method's or grinder's cached `lastUsedDate`, a bean's
///   roast date from the store, a brew's `createdAt`/`updatedAt` — is dropped, the record kept, and an
///   ``ImportWarning/Kind/unreadableValue`` warning counts them per column (first place kept as an example).
extension ImportSession {
    /// The instants accepted as dates: 1900-01-01T00:00:00Z up to, not including, 2200-01-01T00:00:00Z, as
    /// microseconds since the epoch.
    ///
    /// Wide enough for any journal a person kept; narrow enough that a slip or a hostile value (year 9999, `1e300`
    /// seconds) cannot reach the statistics, where one brew centuries away would stretch every weekly series and time
    /// axis across those centuries.
    static let plausibleDates: Range<Int64> = -2_208_988_800_000_000 ..< 7_258_118_400_000_000
    /// ``plausibleDates`` in words, for messages.
    static let plausibleYears = "1900–2199"

    /// Checks an instant against ``plausibleDates``.
    static func check(_ t: Timestamp, column: String) -> DateRead {
        guard plausibleDates.contains(t.microseconds) else {
            return .unusable("\(column) \(ISO8601.format(t)) is outside the accepted years \(plausibleYears)")
        }
        return .date(t)
    }

    /// A date from seconds since the Unix epoch (`appleReference: false`) or since 2001-01-01T00:00:00Z (`true`).
    static func date(seconds: Double, appleReference: Bool, column: String) -> DateRead {
        let unix = appleReference ? seconds + Timestamp.appleReferenceOffset : seconds
        guard seconds.isFinite, let t = Timestamp(checkedUnixSeconds: unix) else {
            return .unusable("\(column) \(format(seconds)) s is not a date between the years \(plausibleYears)")
        }
        return check(t, column: column)
    }

    /// A date from ISO 8601 text; `local` date-times (no offset) are placed with `resolve`.
    static func date(text: String, column: String, resolve: (Int64) -> Int64) -> DateRead {
        switch ISO8601.parse(text) {
        case .instant(let us): return check(Timestamp(microseconds: us), column: column)
        case .local(let us): return check(Timestamp(microseconds: resolve(us)), column: column)
        case .empty: return .missing
        case .invalid: return .unusable("\(column) '\(QuotedInput.short(String(text)))' is not an ISO 8601 date")
        }
    }

    /// A date that is not a brew's own date: kept when usable, otherwise dropped with an
    /// ``ImportWarning/Kind/unreadableValue`` warning (merged per column, the first place kept).
    mutating func optionalDate(
        _ read: DateRead, column: String, at location: @autoclosure () -> RecordLocation?
    ) -> Timestamp? {
        switch read {
        case .date(let t): return t
        case .missing: return nil
        case .unusable(let why):
            warn(.unreadableValue, column: column, at: location(), "\(why); dropped, the record is kept")
            return nil
        }
    }
}
