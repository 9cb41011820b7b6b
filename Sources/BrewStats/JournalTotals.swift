import BrewColumns

/// The running totals of a report period: coffee ground, water, beverage, brew time, brew days, streaks and the
/// value of the coffee used (``BrewAnalysis/totals(_:prices:)``).
///
/// Definitions, over the brews whose local day (``DerivedColumns/localDay``, in ``StatsOptions/timeZone``) lies
/// in the period; undated brews are in no period. Each sum skips brews where its input is missing, NaN or not
/// positive, and says over how many brews it is taken (`n`):
/// - ``coffee``: grams of coffee ground, the sum of `doseGrams`.
/// - ``water``: grams of water brewed with, the sum of `waterGrams` (espresso shots rarely log it).
/// - ``beverage``: grams of beverage in the cup (≈ millilitres), the contract's beverage mass
///   (``DerivedColumns/beverageMass``): the logged yield where there is one, else for filter brews water − R × dose
///   with R = ``StatsOptions/retentionFactor`` (2.0 g retained per g of coffee by default); an espresso without a
///   yield has none. Not the water poured: the grounds keep part of it.
/// - ``brewTime``: seconds of brewing, the sum of `brewTimeSeconds`.
/// - ``brewDays``: the period's days with at least one brew.
/// - ``longestStreak``: the longest run of consecutive brew days inside the period (0 without brews).
/// - ``currentStreak``: the run of consecutive brew days that ends on the period's last covered day (`asOf`:
///   the period's last day, or today when the period is still in progress), or on the day before it — a streak
///   is not broken before the day is over. It may begin before the period (it counts every brew day up to `asOf`
///   in the journal the report uses); 0 when neither day has a brew.
/// - ``money``: the value of the coffee ground, per currency: each brew's dose × its bag's price ÷ the bag's
///   weight, for brews whose bean has both (``BagPrice``); `nil` when no bag price is known. This is what the
///   coffee used cost, not what was paid for bags in the period.
public struct JournalTotals: Sendable, Equatable {
    /// A sum with the number of brews it is taken over.
    public struct Sum: Sendable, Equatable {
        public let value: Double
        public let n: Int
        public init(value: Double, n: Int) { self.value = value; self.n = n }
    }

    public let period: ReportPeriod
    public let brews: Int
    public let coffee: Sum
    public let water: Sum
    public let beverage: Sum
    public let brewTime: Sum
    public let brewDays: Int
    public let longestStreak: Int
    public let currentStreak: Int
    /// Currency code (ISO 4217) → value of the coffee ground; `nil` when no brew's bag has a price.
    public let money: [String: Sum]?

    public static let header = ["metric", "value", "unit", "brews_counted"]

    /// `totals.csv`: one row per total — `brews`, `coffee_ground`, `water`, `beverage`, `brew_time`, `brew_days`,
    /// `longest_streak`, `current_streak`, then `money_spent` per currency (none without prices). Sums are rounded
    /// to one decimal; `brews_counted` is the n behind each sum (empty for day counts).
    public func csv() -> String {
        var rows: [[CSVCell]] = [
            [.label("brews"), .integer(brews), .label("brews"), .integer(brews)],
            [.label("coffee_ground"), .decimal(coffee.value, places: 1), .label("g"), .integer(coffee.n)],
            [.label("water"), .decimal(water.value, places: 1), .label("g"), .integer(water.n)],
            [.label("beverage"), .decimal(beverage.value, places: 1), .label("g"), .integer(beverage.n)],
            [.label("brew_time"), .decimal(brewTime.value, places: 1), .label("s"), .integer(brewTime.n)],
            [.label("brew_days"), .integer(brewDays), .label("days"), .text(nil)],
            [.label("longest_streak"), .integer(longestStreak), .label("days"), .text(nil)],
            [.label("current_streak"), .integer(currentStreak), .label("days"), .text(nil)],
        ]
        for (currency, sum) in (money ?? [:]).sorted(by: { $0.key < $1.key }) {
            rows.append([.label("money_spent"), .decimal(sum.value, places: 2), .label(currency), .integer(sum.n)])
        }
        return CSVWriter.write(header: Self.header, rows: rows)
    }
}

/// What a bag of coffee cost: its price in `currency` for `weightGrams` of beans.
public struct BagPrice: Sendable, Equatable {
    public let price: Double
    public let currency: String
    public let weightGrams: Double
    public init(price: Double, currency: String, weightGrams: Double) {
        self.price = price; self.currency = currency; self.weightGrams = weightGrams
    }
}

extension BrewAnalysis {
    /// The totals of `period` (see ``JournalTotals``).
    ///
    /// - Parameters:
    ///   - asOf: The last day the period covers (default its last day); the current streak ends there.
    ///   - prices: Price of each bean's bag, by the bean's code in ``BrewTable/bean``; bags without one are left
    ///     out of ``JournalTotals/money``.
    public func totals(_ period: ReportPeriod, asOf: Day? = nil, prices: [Int32: BagPrice] = [:]) -> JournalTotals {
        let t = table
        let rows = rows(in: period.days)
        func sum(_ column: Float64Column) -> JournalTotals.Sum {
            var v: [Double] = []
            v.reserveCapacity(rows.count)
            for r in rows.indices.map(Int.init) where column.isValid(r) {
                let x = column.values[r]
                if x.isFinite && x > 0 { v.append(x) }
            }
            return .init(value: pairwiseSum(v), n: v.count)
        }
        // Brew days of the journal up to the period's end (the current streak may start before the period).
        let end = min(asOf ?? period.lastDay, period.lastDay)
        let d = derived.localDay
        var days = Set<Int32>()
        for i in 0..<d.count where d.isValid(i) && d.values[i] <= end.index { days.insert(d.values[i]) }
        let inside = days.filter { $0 >= period.firstDay.index }.sorted()
        var longest = 0, run = 0
        for (k, day) in inside.enumerated() {
            run = k > 0 && inside[k - 1] == day - 1 ? run + 1 : 1
            longest = max(longest, run)
        }
        var current = 0
        var cursor = days.contains(end.index) ? end.index : end.index - 1
        while days.contains(cursor) { current += 1; cursor -= 1 }
        var money: [String: (values: [Double], n: Int)] = [:]
        if !prices.isEmpty {
            for r in rows.indices.map(Int.init) {
                guard let b = t.bean.code(r), let bag = prices[b], bag.weightGrams > 0, bag.price.isFinite,
                      t.doseGrams.isValid(r), t.doseGrams.values[r].isFinite,
                      t.doseGrams.values[r] > 0 else { continue }
                money[bag.currency, default: ([], 0)].values.append(t.doseGrams.values[r] * bag.price / bag.weightGrams)
                money[bag.currency]!.n += 1
            }
        }
        return JournalTotals(period: period, brews: rows.count, coffee: sum(t.doseGrams), water: sum(t.waterGrams),
                             beverage: sum(derived.beverageMass), brewTime: sum(t.brewTimeSeconds),
                             brewDays: inside.count, longestStreak: longest, currentStreak: current,
                             money: money.isEmpty ? nil
                                 : money.mapValues { .init(value: pairwiseSum($0.values), n: $0.n) })
    }
}
