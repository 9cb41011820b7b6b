import BrewColumns

/// Dates written day and month in either order, `8/30/2021` or `30.8.2021`, read when the numbers leave one order
/// possible (docs/formats.md, "Dates in either order").
///
/// The shape: a number of one or two digits, a separator (`/`, `.` or `-`), another such number, the same separator
/// and a four-digit year, optionally followed by a space or `T` and `H:MM` or `H:MM:SS`. When exactly one of the two
/// numbers is above 12 it is the day: `8/30/2021` is month/day/year (30 August 2021), `30/8/2021` day/month/year.
/// When both are 12 or less the text is ambiguous (`4/5/2021`) and is not read here: a mapping's `date_format`
/// says which order a file uses. Read as a wall-clock time (``ParsedDate/local(_:)``), a date alone at midnight.
enum DayOrderDates {
    /// Which order a date was read in.
    enum Order: Sendable, Equatable {
        case monthFirst, dayFirst

        /// `month/day/year`, `day/month/year`.
        var words: String { self == .monthFirst ? "month/day/year" : "day/month/year" }
    }

    /// The date `text` holds and the order it was read in; `nil` when the text has not the shape, is ambiguous, or
    /// names no calendar day.
    static func parse(_ text: String) -> (date: ParsedDate, order: Order, day: Day)? {
        let chars = Array(text.utf8.drop { NumberParser.isBlank($0) }.reversed().drop { NumberParser.isBlank($0) }
            .reversed())
        var i = 0
        func number(_ min: Int, _ max: Int) -> Int? {
            var v = 0, k = 0
            while k < max, i < chars.count, chars[i] >= 0x30, chars[i] <= 0x39 {
                v = v * 10 + Int(chars[i] - 0x30); i += 1; k += 1
            }
            return k >= min ? v : nil
        }
        guard let a = number(1, 2), i < chars.count else { return nil }
        let separator = chars[i]
        guard separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") || separator == UInt8(ascii: "-")
        else { return nil }
        i += 1
        guard let b = number(1, 2), i < chars.count, chars[i] == separator else { return nil }
        i += 1
        let yearStart = i
        guard let year = number(4, 4), i - yearStart == 4 else { return nil }
        var seconds = 0
        if i < chars.count {
            guard chars[i] == UInt8(ascii: " ") || chars[i] == UInt8(ascii: "T") else { return nil }
            i += 1
            guard let h = number(1, 2), h < 24, i < chars.count, chars[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            guard let m = number(2, 2), m < 60 else { return nil }
            seconds = h * 3600 + m * 60
            if i < chars.count, chars[i] == UInt8(ascii: ":") {
                i += 1
                guard let s = number(2, 2), s < 60 else { return nil }
                seconds += s
            }
            guard i == chars.count else { return nil }
        }
        let order: Order
        switch (a > 12, b > 12) {
        case (false, true): order = .monthFirst
        case (true, false): order = .dayFirst
        default: return nil
        }
        let (month, day) = order == .monthFirst ? (a, b) : (b, a)
        guard let d = Day(year: year, month: month, day: day) else { return nil }
        return (.local(Int64(d.index) * 86_400_000_000 + Int64(seconds) * 1_000_000), order, d)
    }

    /// The note an import makes for such a date: "read '8/30/2021' as 2021-08-30 (month/day/year: 30 can only be
    /// the day)".
    static func note(_ text: String, _ read: (date: ParsedDate, order: Order, day: Day)) -> String {
        let parts = text.split { !$0.isNumber }
        let day = read.order == .monthFirst ? parts[1] : parts[0]
        return "read '\(QuotedInput.short(text))' as \(read.day) (\(read.order.words): \(day) can only be the day)"
    }
}
