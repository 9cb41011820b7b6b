import BrewColumns
import BrewStats
import Foundation

/// Tells which grind setting to brew next for a bag on a grinder × method, and how sure it is.
///
/// Usable brews have the grinder, the method, a finite grind setting and a finite rating, and — with `asOf` —
/// a brew date at or before that instant (a report of a past week never looks ahead; undated brews are then left
/// out). A **bag** is a bean entity; brews without a bean form one bag of their own. The bag asked about is
/// `bean`, or without it the bag of the latest brew on the grinder × method (rated or not; latest by brew date,
/// undated brews counting as earliest, then by journal position). The other bags with usable brews are the
/// **earlier bags**, most recently brewed first, at most ``DialInOptions/historyBags`` of them.
/// The scale is the grinder × method's (``DialInScale/make(grinder:observed:spec:)``): its record or catalogue entry
/// and every setting logged with that method — an espresso and a filter method on one grinder have two scales.
public enum DialInAdvisor {
    /// The advice for `bean` (an index into ``Journal/beans``; `nil` for the latest bag) on `grinder` × `method`
    /// (indices into ``Journal/grinders`` and ``Journal/methods``), from the brews up to `asOf`.
    ///
    /// - Throws: ``AdviceError/invalidIndex(what:index:)`` for an index outside the journal's tables;
    ///   ``AdviceError/noBrews(grinder:method:methodsOnGrinder:)`` when no usable brew exists on the grinder ×
    ///   method (a bean without brews there is answered from the earlier bags alone).
    ///   - rows: The journal's rows by grinder (``DialInRows``), when several answers are asked of one journal: each
    ///     then reads only its grinder's group, and the grinder's scale is made once. It is used when it was cut at
    ///     the same `asOf` and holds the grinder; the answer is the same with or without it.
    public static func advise(journal: Journal, grinder: Int, method: Int, bean: Int? = nil, asOf: Timestamp? = nil,
                              options: DialInOptions = DialInOptions(),
                              rows: DialInRows? = nil) throws(AdviceError) -> DialInAdvice {
        guard journal.grinders.indices.contains(grinder) else { throw .invalidIndex(what: "grinder", index: grinder) }
        guard journal.methods.indices.contains(method) else { throw .invalidIndex(what: "method", index: method) }
        if let bean, !journal.beans.indices.contains(bean) { throw .invalidIndex(what: "bean", index: bean) }
        // The grinder's rows up to `asOf`: from the caller's grouping when it was made for the same instant, else
        // from one pass over the journal for this grinder alone.
        let grouped = rows.flatMap { $0.asOf == asOf && $0.covers(grinder) ? $0 : nil }
            ?? DialInRows(journal, asOf: asOf, grinders: [grinder])
        let onGrinder = grouped.grinder(grinder)
        let brews = grouped.brews(journal, grinder: grinder, method: method, options: options)
        let unrated = brews.unrated, unset = brews.unset
        guard let latestBag = brews.latestBag, brews.usable > 0 || brews.hasCues else {
            let usableByMethod = onGrinder.ratedMethods
            let others = usableByMethod.indices.filter { usableByMethod[$0] && journal.methods.indices.contains($0) }
                .map { journal.methods[$0].displayName }.sorted()
            throw .noBrews(grinder: journal.grinders[grinder].displayName, method: journal.methods[method].displayName,
                           methodsOnGrinder: others)
        }
        let target = bean ?? latestBag
        let byBag = brews.byBag, lastBrew = brews.lastBrew
        let current = byBag.indices.contains(target + 1) ? byBag[target + 1] : []
        let currentCues = brews.cuesByBag.indices.contains(target + 1) ? brews.cuesByBag[target + 1] : []
        let earlierBags = lastBrew.indices.filter { $0 != target + 1 && lastBrew[$0] != nil }
            .sorted { lastBrew[$0]! > lastBrew[$1]! }
            .prefix(options.historyBags)
        let earlier = earlierBags.map { byBag[$0] }
        let earlierCues = earlierBags.map { brews.cuesByBag[$0] }
        let earlierShots = earlierBags.map { brews.shotsByBag.indices.contains($0) ? brews.shotsByBag[$0] : [] }
        let currentShots = brews.shotsByBag.indices.contains(target + 1) ? brews.shotsByBag[target + 1] : []
        let scale = brews.scale
        // The map: every setting brewed on the grinder × method, rated or not, except this bag's own (they join it in
        // the estimate).
        let brewed = brews.settingsByBag.indices.contains(target + 1) ? brews.settingsByBag[target + 1] : []
        let ownSettings = Set(current.map(\.setting) + currentCues.map(\.setting) + brewed)
        let used = brews.settingsByBag.indices.filter { $0 != target + 1 }.flatMap { brews.settingsByBag[$0] }
        // Age: where the bags show a drift of the sweet spot with age, every rated brew is moved to the next brew's
        // age (``AgeAdvice``; the earlier bags' shared terms then do not apply); otherwise nothing moves.
        let aged = AgeAdvice.make(journal, brews: brews, slot: target + 1, earlier: Array(earlierBags), asOf: asOf)
        // What each bag is (its bean's roast level): the prior centres on the earlier bags like this one.
        let model = DialInModel(scale: scale, history: aged?.history ?? earlier, historyCues: earlierCues,
                                used: used.isEmpty && ownSettings.isEmpty ? nil : used,
                                attributes: earlierBags.map { BagAttributes.of(slot: $0, in: journal) },
                                bag: BagAttributes.of(slot: target + 1, in: journal), options: options,
                                terms: aged == nil ? brews.terms : DialInTerms(), historyShots: earlierShots,
                                otherProfiles: brews.otherProfileShots)
        let estimate = model.estimate(current: aged?.current ?? current, cues: currentCues, brewed: brewed,
                                      shots: currentShots)
        let label = target >= 0 ? BeanLabels.make(journal)[target] : nil
        var notes: [String] = []
        if let p = brews.profile {
            notes.append("profile \(p): " + (brews.otherProfiles > 0
                ? "\(DialInAdvice.count(brews.otherProfiles, "shot")) of other " +
                    "profiles left out (only their shot times' seconds per step pool with this profile's: ask " +
                    "for one by name)"
                : "every shot of this grinder × method"))
        }
        if unrated > 0 {
            notes.append(
                "\(DialInAdvice.count(unrated, "brew")) on this grinder × method without a rating: out of the rating " +
                    "fit, their taste notes and shot times still count")
        }
        if unset > 0 {
            notes.append(
                "\(DialInAdvice.count(unset, "rated brew")) on this " +
                    "grinder × method without a numeric grind setting left out")
        }
        if !estimate.discounted.isEmpty {
            let list = estimate.discounted.map {
                "\(scale.text($0.setting)) rated \(DialInAdvice.rating($0.rating))"
            }.joined(separator: ", ")
            notes.append("counted as a probable mishap (far below what the other brews predict): \(list)")
        }
        if !estimate.cupsAboveCurve.isEmpty {
            let list = estimate.cupsAboveCurve.map {
                "\(DialInAdvice.rating($0.expected)) expected at \(scale.text($0.cup.setting)), where you rated " +
                    DialInAdvice.rating($0.cup.rating)
            }.joined(separator: "; ")
            notes.append(
                "the curve runs under this bag's own cups (\(list)): " + (earlier.contains { !$0.isEmpty }
                    ? "the earlier bags' cups pull it down there; trust the cup you tasted over the curve"
                    : "one cup is partly luck, and the curve is smoother than the cups; trust the cup you tasted"))
        }
        if !model.discountedEarlier.isEmpty {
            notes.append(
                "\(DialInAdvice.count(model.discountedEarlier.count, "earlier brew")) counted as probable mishaps")
        }
        if let spec = brews.spec, spec.notation == .thirds, scale.notation != .thirds {
            notes.append(
                "the logged settings are not all on the \(spec.name)'s " +
                    "dial (1, 1.1, 1.2, 2, …): advised on the grid they follow")
        }
        if !scale.rangeFromMetadata {
            notes.append(
                "the grinder's record gives no range that fits the logged settings: range " +
                    "\(scale.text(scale.lower))–\(scale.text(scale.upper)) taken from the brews")
        }
        if scale.step == nil {
            notes.append(
                "no step fits the logged settings: treated as stepless, suggestions every " +
                    "\(scale.text(scale.resolution))")
        }
        let draft = DialInAdvice(grinder: journal.grinders[grinder].displayName,
                                 method: journal.methods[method].displayName,
                                 bean: label, grinderIndex: grinder, methodIndex: method,
                                 beanIndex: target >= 0 ? target : nil,
                                 estimate: estimate, points: current, earlierPoints: earlier, unrated: unrated,
                                 unset: unset,
                                 why: "", notes: notes, total: brews.total, profile: brews.profile,
                                 evidence: brews.evidence(slot: target + 1))
        var answer = draft.with(why: DialInExplanation.why(draft))
        if let aged {
            answer.age = AgeStatement(drift: aged.drift, nextAge: aged.nextAge)
            answer = answer.with(why: answer.why + " " + AgeStatement.words(aged.drift, nextAge: aged.nextAge,
                                                                            scale: scale))
        }
        return answer
    }

    /// ``advise(journal:grinder:method:bean:asOf:options:)`` by names, matched as ``DialInNames`` does.
    public static func advise(journal: Journal, grinder: String, method: String, bean: String? = nil,
                              asOf: Timestamp? = nil,
                              options: DialInOptions = DialInOptions()) throws(AdviceError) -> DialInAdvice {
        let r = try DialInNames.resolve(journal: journal, grinder: grinder, method: method, bean: bean)
        return try advise(journal: journal, grinder: r.grinder, method: r.method, bean: r.bean, asOf: asOf,
            options: options)
    }
}

extension DialInAdvice {
    /// The same advice with `extra` notes after its own (look-alike names found where the names are known).
    public func adding(notes extra: [String]) -> DialInAdvice {
        guard !extra.isEmpty else { return self }
        return DialInAdvice(grinder: grinder, method: method, bean: bean, grinderIndex: grinderIndex,
                            methodIndex: methodIndex,
                            beanIndex: beanIndex, estimate: estimate, points: points, earlierPoints: earlierPoints,
                            unrated: unrated, unset: unset, why: why, notes: notes + extra, total: total,
                            profile: profile,
                            evidence: evidence, age: age)
    }

    /// The same advice with another explanation.
    func with(why: String) -> DialInAdvice {
        DialInAdvice(grinder: grinder, method: method, bean: bean, grinderIndex: grinderIndex, methodIndex: methodIndex,
                     beanIndex: beanIndex, estimate: estimate, points: points, earlierPoints: earlierPoints,
                     unrated: unrated, unset: unset, why: why, notes: notes, total: total, profile: profile,
                     evidence: evidence, age: age)
    }
}
