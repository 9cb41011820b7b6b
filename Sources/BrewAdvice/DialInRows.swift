import BrewColumns
import BrewStats
import Foundation
import Synchronization

/// A journal's rows grouped by grinder in one pass, cut at one instant, with what the advisor reads of each grinder:
/// its rows and their methods, the methods it has rated brews with, and its scale. Many answers on one journal (a
/// report's beans of the week) then each read only their grinder's group instead of the whole journal, and the
/// grinder's scale is made once. The answer is the same with or without a grouping.
///
/// A row is in grinder `g`'s group when its grinder is `g` and — with `asOf` — its brew date is at or before `asOf`
/// (undated rows are then left out), as the advisor's usable brews are defined. Rows without a grinder are in no
/// group.
///
/// A grouping also remembers, per grinder × method asked about, what the advisor reads of it (``MethodBrews``): a
/// report asks about several beans on one grinder × method, and each answer differs only in the bag it is about.
/// A grouping belongs to the journal it was made from.
public struct DialInRows: Sendable {
    /// The instant the rows are cut at; `nil` keeps every row.
    public let asOf: Timestamp?
    /// Groups by grinder code; `nil` for a grinder not asked for.
    private let groups: [GrinderRows?]
    /// ``MethodBrews`` by grinder × method, filled as answers ask for them.
    private let remembered = MethodBrewsCache()

    /// What the advisor reads of one grinder (see ``DialInRows``).
    struct GrinderRows: Sendable {
        /// The group's rows, ascending, and each row's method code (-1 without a method).
        var rows: [Int32] = []
        var methods: [Int32] = []
        /// Flags by method code: the grinder has a brew with a finite setting and a finite rating with that method.
        var ratedMethods: [Bool]

        /// The group's rows brewed with method code `method`, ascending.
        func rows(method: Int) -> [Int32] {
            let m = Int32(truncatingIfNeeded: method)
            var out: [Int32] = []
            for k in methods.indices where methods[k] == m { out.append(rows[k]) }
            return out
        }
    }

    /// Groups `journal`'s rows by grinder, up to `asOf`.
    ///
    /// - Parameter grinders: The grinder indices to group (those the answers will ask about); `nil` groups every
    ///   grinder. A grinder left out is grouped again by the advisor when it is asked about.
    public init(_ journal: Journal, asOf: Timestamp? = nil, grinders wanted: Set<Int>? = nil) {
        self.asOf = asOf
        let t = journal.brews
        let methodSlots = max(journal.methods.count, t.method.dictionary.count)
        let count = max(journal.grinders.count, t.grinder.dictionary.count)
        var groups = [GrinderRows?](repeating: nil, count: count)
        for g in 0..<count where wanted?.contains(g) ?? true {
            groups[g] = GrinderRows(ratedMethods: [Bool](repeating: false, count: methodSlots))
        }
        let limit = asOf?.microseconds
        for i in 0..<t.count {
            guard let code = t.grinder.code(i), Int(code) < count, groups[Int(code)] != nil else { continue }
            if let limit { guard let d = t.brewDate[i], d <= limit else { continue } }
            let g = Int(code)
            let setting = t.grindSetting[i].flatMap { $0.isFinite ? $0 : nil }
            let method = t.method.code(i)
            groups[g]!.rows.append(Int32(i))
            groups[g]!.methods.append(method ?? -1)
            if setting != nil {
                if let method, Int(method) < methodSlots, let r = t.rating[i], r.isFinite {
                    groups[g]!.ratedMethods[Int(method)] = true
                }
            }
        }
        self.groups = groups
    }

    /// Whether grinder `grinder` was grouped.
    func covers(_ grinder: Int) -> Bool { groups.indices.contains(grinder) && groups[grinder] != nil }

    /// The group of a grinder ``covers(_:)`` is true for.
    func grinder(_ grinder: Int) -> GrinderRows { groups[grinder]! }

    /// What the advisor reads of `grinder` × `method` (a grinder ``covers(_:)`` is true for), made from `journal` on
    /// first use and remembered (per profile asked for; a grouping serves one grinder catalogue). Two threads asking
    /// at once for the same pair may both make it; they make the same.
    func brews(_ journal: Journal, grinder: Int, method: Int, options: DialInOptions = DialInOptions()) -> MethodBrews {
        let key = MethodBrewsCache.Key(grinder: grinder, method: method, profile: options.profile)
        if let known = remembered.table.withLock({ $0[key] }) { return known }
        let record = journal.grinders.indices.contains(grinder) ? journal.grinders[grinder] : nil
        let made = MethodBrews(journal, rows: groups[grinder]!, method: method, record: record,
                               spec: options.grinders.spec(for: record?.name), profile: options.profile)
        remembered.table.withLock { $0[key] = made }
        return made
    }
}

/// The brews of one grinder × method up to a grouping's instant, as the advisor reads them (``DialInAdvisor``): the
/// usable ones (a finite setting and a finite rating) by bag, every brew's grind cue (``GrindCue``) by bag, the
/// counts of those left out, and the scale of this grinder × method.
///
/// **Profiles.** For an espresso method whose shots name a pressure profile, only the shots of one profile are read:
/// the one asked for (matched ignoring case), else the latest shot's (shots without a profile are a profile of their
/// own). Profiles are never pooled: a Turbo shot and a Blooming shot want different grinds.
///
/// **Cues.** A brew's notes and flavour tags are read by ``TasteWords``; its tasting note's acidity 5 with
/// sweetness ≤ 2 reads as sour (weight ½) — otherwise acidity, body and sweetness are intensities of wanted
/// qualities, not defects. For espresso, a shot whose brew time lies more than ``shotTimeSpread`` robust standard
/// deviations from the median of the profile's good shots (rated ≥ 4, at least 3 of them; the spread at least 3 s
/// and a tenth of the median) ran fast (grind finer) or slow (coarser): a cue of weight 1, rated or not.
struct MethodBrews: Sendable {
    /// Brews without a finite rating, and rated brews without a finite setting.
    var unrated = 0, unset = 0
    /// Usable brews.
    var usable = 0
    /// Brews of the grinder × method read (after the profile), and those of other profiles left out.
    var total = 0, otherProfiles = 0
    /// The profile read, when the method's shots name profiles.
    var profile: String?
    /// The bag of the latest brew, rated or not (latest by brew date, undated counting as earliest, then by row):
    /// its bean code, or -1 without a bean; `nil` without brews.
    var latestBag: Int?
    /// Usable brews by bag slot (slot 0 for brews without a bean, bean code + 1 otherwise), each in (date, row) order.
    var byBag: [[BrewPoint]]
    /// The bag age (``BagAge``, UTC days) of each of ``byBag``'s brews, same order; `nil` for an undated brew or a
    /// bean without a roast date (``AgeAdvice``).
    var agesByBag: [[Double?]] = []
    /// Grind cues by bag slot (rated or not, with a finite setting).
    var cuesByBag: [[GrindCue]]
    /// For espresso, the shots with a finite setting and a finite positive time by bag slot, rated or not, each in
    /// (date, row) order: the shot-time model's evidence (``ShotTimeModel``).
    var shotsByBag: [[TimedShot]] = []
    /// For espresso, the shots of the grinder × method's other profiles (profile names compared without case; shots
    /// without one are a profile of their own), one list per profile by name, each that profile's shots by bag in
    /// (date, row) order, every bag's: they pool into the seconds per step (``ShotTimePooling``).
    var otherProfileShots: [[[TimedShot]]] = []
    /// Each slot's last usable brew (or cue) as (date, row) in that order; `nil` for a slot without one.
    var lastBrew: [(Int64, Int)?]
    /// Every finite setting read, in row order.
    var settings: [Double] = []
    /// Every finite setting read, rated or not, by bag slot: the map (``DialInMap``) is where the pair was brewed.
    var settingsByBag: [[Double]] = []
    /// Brews read by bag slot, rated or not, and of them those with a finite rating.
    var brewsByBag: [Int] = [], ratedByBag: [Int] = []

    /// The evidence of an answer for the bag in `slot`, counted here only: every brew read, rated or not (with a
    /// setting or not), of that bag and of every other bag on the grinder × method (and profile), and how many of
    /// each are rated; an earlier bag is one with at least one brew.
    func evidence(slot: Int) -> DialInAdvice.Evidence {
        let own = { (counts: [Int]) in counts.indices.contains(slot) ? counts[slot] : 0 }
        let others = brewsByBag.indices.filter { $0 != slot }
        return .init(brews: own(brewsByBag), rated: own(ratedByBag),
                     earlierBags: others.filter { brewsByBag[$0] > 0 }.count,
                     earlierBrews: others.reduce(0) { $0 + brewsByBag[$1] },
                     earlierRated: others.reduce(0) { $0 + ratedByBag[$1] })
    }
    /// The scale of this grinder × method (``DialInScale/make(grinder:observed:spec:)`` from ``settings``).
    var scale: DialInScale
    /// The catalogue entry used, and whether its notation had to be dropped (logged settings off its dial).
    var spec: GrinderSpec?
    /// The earlier bags' step-1 terms (``DialInTerms``), shared by every answer on this grinder × method: each
    /// bean's fit adds those of its own earlier bags, computing only the ones no earlier answer did.
    let terms = DialInTerms()
    static let shotTimeSpread = 2.5

    /// `text` without leading and trailing white space (Foundation's `CharacterSet.whitespaces`), `nil` when nothing
    /// is left. A text that neither starts nor ends with white space, nearly every profile name, is returned as it
    /// is without Foundation's trimming (a UTF-16 pass and a new string).
    static func trimmedProfile(_ text: String) -> String? {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return nil }
        if !CharacterSet.whitespaces.contains(first), !CharacterSet.whitespaces.contains(last) { return text }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    init(_ journal: Journal, rows group: DialInRows.GrinderRows, method: Int, record: Grinder?, spec: GrinderSpec?,
         profile wanted: String?) {
        let t = journal.brews
        var rows = group.rows(method: method).map(Int.init)
        let espresso = journal.methods.indices.contains(method) && journal.methods[method].category == .espresso
        // Each brew's profile, trimmed, read once (trimming every profile through Foundation, three times a brew, was
        // a tenth of a 1,000,000-brew report's CPU).
        let profiles: [String?] = espresso ? rows.map { i in t.pressureProfile[i].flatMap(Self.trimmedProfile) } : []
        if espresso, profiles.contains(where: { $0 != nil }) {
            let chosen: String?
            if let wanted {
                chosen = profiles.lazy.compactMap { $0 }.first { $0.caseInsensitiveCompare(wanted) == .orderedSame }
                    ?? wanted
            } else {
                let latest = rows.indices.max {
                    (t.brewDate[rows[$0]] ?? .min, rows[$0]) < (t.brewDate[rows[$1]] ?? .min, rows[$1])
                }
                chosen = latest.flatMap { profiles[$0] }
            }
            let before = rows.count
            let wantedName = chosen?.lowercased()
            otherProfileShots = Self.shotsByProfile(t, rows: rows, profiles: profiles, leaving: wantedName)
            rows = rows.indices.filter { profiles[$0]?.lowercased() == wantedName }.map { rows[$0] }
            otherProfiles = before - rows.count
            profile = chosen ?? "no profile"
        }
        total = rows.count
        var usable: [(row: Int, bag: Int, date: Int64)] = []
        var cued: [(row: Int, bag: Int, date: Int64, cue: GrindCue)] = []
        var timed: [(row: Int, bag: Int, date: Int64, shot: TimedShot)] = []
        var latest: (date: Int64, row: Int, bag: Int)?
        // Shot times of the profile's good shots.
        var goodTimes: [Double] = []
        if espresso {
            for i in rows {
                if let r = t.rating[i], r.isFinite, r >= 4, let s = t.brewTimeSeconds[i], s.isFinite, s > 0 {
                    goodTimes.append(s)
                }
            }
        }
        let timing = MethodBrews.timing(goodTimes)
        // What the words say, once per distinct (notes, tags) pair: a journal repeats its notes ("ok", "sour") far
        // more often than it writes new ones, and reading the words was most of the advisor's cost on a large journal.
        var said: [TasteText: (towardsCoarser: Double, weight: Double)?] = [:]
        var naming: [String: Double?] = [:]
        // Brews whose note names the next setting: their cue is made once the scale is known.
        var named: [(row: Int, bag: Int, date: Int64, setting: Double, named: Double, words: GrindCue?)] = []
        let slots = max(journal.beans.count, t.bean.dictionary.count) + 1
        settingsByBag = [[Double]](repeating: [], count: slots)
        brewsByBag = [Int](repeating: 0, count: slots)
        ratedByBag = [Int](repeating: 0, count: slots)
        for i in rows {
            let when = t.brewDate[i] ?? .min
            let bag = t.bean.code(i).map(Int.init) ?? -1
            if latest == nil || when >= latest!.date { latest = (when, i, bag) }
            let setting = t.grindSetting[i].flatMap { $0.isFinite ? $0 : nil }
            let rating = t.rating[i].flatMap { $0.isFinite ? $0 : nil }
            if let setting { settings.append(setting); settingsByBag[bag + 1].append(setting) }
            brewsByBag[bag + 1] += 1
            if rating != nil { ratedByBag[bag + 1] += 1 }
            switch (setting, rating) {
            case (.some, .some): usable.append((i, bag, when))
            case (.some, nil), (nil, nil): unrated += 1
            case (nil, .some): unset += 1
            }
            if espresso, let setting, let s = t.brewTimeSeconds[i], s.isFinite, s > 0 {
                timed.append((i, bag, when, TimedShot(setting: setting, seconds: s, rating: rating,
                                                      yield: Self.yield(t, i))))
            }
            if let setting {
                let text = TasteText(notes: t.notes[i] ?? "", tags: t.flavorTags[i] ?? "")
                var cue: (towardsCoarser: Double, weight: Double)?
                var timeCue = false
                if let known = said[text] {
                    cue = known
                } else {
                    cue = TasteWords.direction([text.notes, text.tags])
                    said[text] = .some(cue)
                }
                if cue == nil, let a = t.acidity[i], let sw = t.sweetness[i], a >= 5, sw <= 2 { cue = (-1, 0.5) }
                if cue == nil, let timing, let s = t.brewTimeSeconds[i], s.isFinite, s > 0 {
                    if s < timing.median - MethodBrews.shotTimeSpread * timing.spread { cue = (-1, 1) }
                    if s > timing.median + MethodBrews.shotTimeSpread * timing.spread { cue = (1, 1) }
                    timeCue = cue != nil
                }
                let words = cue.map {
                    GrindCue(setting: setting, towardsCoarser: $0.towardsCoarser, weight: $0.weight,
                             fromShotTime: timeCue)
                }
                let note = t.notes[i] ?? ""
                let target: Double?
                if let known = naming[note] { target = known } else {
                    target = TasteWords.namedSetting(note); naming[note] = .some(target)
                }
                if let target {
                    named.append((i, bag, when, setting, target, words))
                } else if let words {
                    cued.append((i, bag, when, words))
                }
            }
        }
        latestBag = latest?.bag
        self.usable = usable.count
        // Rows come in table order, usually already by date: sort only when they are not.
        if zip(usable, usable.dropFirst()).contains(where: { ($0.date, $0.row) > ($1.date, $1.row) }) {
            usable.sort { ($0.date, $0.row) < ($1.date, $1.row) }
        }
        self.spec = spec
        // A named setting ("try 17.5") is a setting of the dial as much as a logged one: it joins them in finding the
        // step (a dial logged at 18 and named 17.5 has halves) when it lies near the brew's setting (a fifth of it and
        // half a unit more), as a next setting does.
        let namedSettings = named.filter { abs($0.named - $0.setting) <= 0.2 * abs($0.setting) + 0.5 }.map(\.named)
        scale = DialInScale.make(grinder: record, observed: settings + namedSettings, spec: spec)
        // A named setting is a cue towards it when the grinder can be set there and it lies within
        // ``namedReach`` units of the brew's setting ("try 2 more shots" on a dial brewed at 18 names no setting);
        // otherwise the note's words alone count.
        for n in named {
            let d = scale.units(n.named) - scale.units(n.setting)
            if n.named >= scale.lower, n.named <= scale.upper, abs(d) > 1e-9, abs(d) <= Self.namedReach {
                let towards = (d > 0) == scale.coarserIsHigher ? 1.0 : -1.0
                cued.append(
                    (n.row, n.bag, n.date,
                        GrindCue(setting: n.setting, towardsCoarser: towards, weight: 1, named: n.named)))
            } else if let words = n.words {
                cued.append((n.row, n.bag, n.date, words))
            }
        }
        cued.sort { ($0.date, $0.row) < ($1.date, $1.row) }
        timed.sort { ($0.date, $0.row) < ($1.date, $1.row) }
        shotsByBag = [[TimedShot]](repeating: [], count: slots)
        for s in timed { shotsByBag[s.bag + 1].append(s.shot) }
        byBag = [[BrewPoint]](repeating: [], count: slots)
        cuesByBag = [[GrindCue]](repeating: [], count: slots)
        lastBrew = [(Int64, Int)?](repeating: nil, count: slots)
        agesByBag = [[Double?]](repeating: [], count: slots)
        for u in usable {
            byBag[u.bag + 1].append(BrewPoint(setting: t.grindSetting.values[u.row], rating: t.rating.values[u.row]))
            agesByBag[u.bag + 1].append(AgeAdvice.age(journal, row: u.row, bean: u.bag))
            lastBrew[u.bag + 1] = Self.later(lastBrew[u.bag + 1], (u.date, u.row))
        }
        for c in cued {
            cuesByBag[c.bag + 1].append(c.cue)
            lastBrew[c.bag + 1] = Self.later(lastBrew[c.bag + 1], (c.date, c.row))
        }
    }

    /// Row `i`'s yield in grams when finite and positive.
    static func yield(_ t: BrewTable, _ i: Int) -> Double? {
        t.yieldGrams[i].flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// The timed shots of `rows` whose profile (lower-cased) is not `wanted`, grouped by profile (sorted by name, no
    /// profile last) and within each by bag (bean code; brews without a bean one bag), in (date, row) order.
    static func shotsByProfile(_ t: BrewTable, rows: [Int], profiles: [String?],
                               leaving wanted: String?) -> [[[TimedShot]]] {
        var groups: [String?: [Int: [(date: Int64, row: Int, shot: TimedShot)]]] = [:]
        for (k, i) in rows.enumerated() {
            let name = profiles[k]?.lowercased()
            guard name != wanted, let setting = t.grindSetting[i], setting.isFinite,
                  let s = t.brewTimeSeconds[i], s.isFinite, s > 0 else { continue }
            let rating = t.rating[i].flatMap { $0.isFinite ? $0 : nil }
            let bag = t.bean.code(i).map(Int.init) ?? -1
            groups[name, default: [:]][bag, default: []].append(
                (t.brewDate[i] ?? .min, i, TimedShot(setting: setting, seconds: s, rating: rating,
                                                     yield: Self.yield(t, i))))
        }
        let names = groups.keys.sorted { a, b in
            switch (a, b) {
            case let (x?, y?): x < y
            case (.some, nil): true
            default: false
            }
        }
        return names.map { name in
            groups[name]!.keys.sorted().map { bag in
                groups[name]![bag]!.sorted { ($0.date, $0.row) < ($1.date, $1.row) }.map(\.shot)
            }
        }
    }

    /// How far from the brew's own setting a named setting may lie and still be read as one, in model units: 4
    /// (twice ``DialInOptions/mapMargin``, the thin history's margin).
    static let namedReach = 4.0

    /// The median and robust spread (1.4826 × MAD, at least 3 s and a tenth of the median) of good shots' times;
    /// `nil` with fewer than 3.
    static func timing(_ times: [Double]) -> (median: Double, spread: Double)? {
        guard times.count >= 3 else { return nil }
        let median = Self.median(times)
        let mad = Self.median(times.map { abs($0 - median) })
        return (median, max(1.4826 * mad, 3, median / 10))
    }

    static func later(_ a: (Int64, Int)?, _ b: (Int64, Int)) -> (Int64, Int) {
        guard let a else { return b }
        return a < b ? b : a
    }

    /// Whether any brew carries a cue.
    var hasCues: Bool { cuesByBag.contains { !$0.isEmpty } }

    /// BrewStats' median; NaN for none.
    static func median(_ x: [Double]) -> Double { BrewStats.median(x) ?? .nan }
}

/// A brew's notes and flavour tags, the text ``TasteWords`` reads.
struct TasteText: Hashable {
    let notes: String
    let tags: String
}

/// ``DialInRows``' remembered ``MethodBrews``, shared by the copies of one grouping.
private final class MethodBrewsCache: Sendable {
    struct Key: Hashable {
        let grinder: Int, method: Int
        let profile: String?
    }
    let table = Mutex<[Key: MethodBrews]>([:])
}
