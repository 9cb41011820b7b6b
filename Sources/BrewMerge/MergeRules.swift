import BrewColumns
import Foundation

/// When two brews from different sources are the same brew.
///
/// 1. **By id:** both have the same brew id (a store and its own CSV or JSON export keep the app's ids).
/// 2. **Else by time, bean and dose:** their brew times lie within ``timeTolerance`` of each other, and — where
///    both sources say — their beans have the same name (compared without case, accents or punctuation) and their
///    doses differ by at most ``doseTolerance``. Of several candidates the nearest in time is taken, and each brew
///    is matched at most once per source.
///
/// The defaults are those of the sources brewstats merges: a store and its exports carry identical times; a shot
/// file's start and the brew a journal app logged for it lie seconds to a few minutes apart (the brew is saved
/// after the shot ends, and the machine's and the phone's clocks differ); a dose typed in one app and read from a
/// scale in another differs by a few tenths of a gram. Two espresso shots of one bean pulled within ten minutes
/// with the same dose would be taken as one; give `--merge-window 0` to match by id only.
public struct MergeRules: Sendable, Equatable {
    /// Largest difference between two brew times, in seconds (default 10 minutes).
    public var timeTolerance: Double
    /// Largest difference between two doses, in grams (default 0.5 g).
    public var doseTolerance: Double

    public init(timeTolerance: Double = 600, doseTolerance: Double = 0.5) {
        self.timeTolerance = timeTolerance; self.doseTolerance = doseTolerance
    }

    /// A name folded for comparison: lower case, accents dropped, anything but letters and digits removed
    /// ("Nariño " and "narino" agree).
    public static func fold(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return String(folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}

/// How a brew of a later source was matched to one already in the merged journal.
public enum MergeRule: String, Sendable, Equatable {
    case id
    case timeBeanDose = "time, bean and dose"
}

/// One match: the same brew found in two sources.
public struct MergeMatch: Sendable, Equatable {
    /// The source the brew was first read from, and the brew's id there (or `row N`).
    public var kept: (source: String, brew: String)
    /// The later source, and the brew's id there.
    public var merged: (source: String, brew: String)
    /// Which rule matched them.
    public var rule: MergeRule
    /// Their brew times' difference, in seconds (later − earlier source).
    public var secondsApart: Double
    /// The one brew they became: its row in the merged journal's brew table.
    public var row: Int

    public init(kept: (source: String, brew: String), merged: (source: String, brew: String), rule: MergeRule,
                secondsApart: Double, row: Int) {
        self.kept = kept; self.merged = merged; self.rule = rule; self.secondsApart = secondsApart; self.row = row
    }

    public static func == (a: MergeMatch, b: MergeMatch) -> Bool {
        a.kept == b.kept && a.merged == b.merged && a.rule == b.rule && a.secondsApart == b.secondsApart
            && a.row == b.row
    }
}
