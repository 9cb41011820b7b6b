import BrewProgress
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Progress of long work drawn on standard error when it is a terminal: one line, redrawn a few times a second at
/// most, cleared when the work ends.
///
/// Nothing is drawn when standard error is a file or a pipe (a log, a script, a scheduler), or with `batch --quiet`;
/// standard output and the files a command writes never hold it, so progress cannot change what a command writes.
/// Long work is a batch (every one), a report or an export of a journal of more than ``largeJournal`` brews, and a
/// folder of more than ``largeShotFolder`` shot files (docs/batch-and-deployment.md, "Progress").
///
/// The line: `brewstats: journals done: 3 of 12 (25%)`, `brewstats: brews written: 400,000 of 1,000,000 (40%)`.
final class TerminalProgress: @unchecked Sendable {
    /// Journals of more brews than this show progress in `report` and `export`.
    static let largeJournal = 100_000
    /// Folders of more shot files than this show progress while they are read.
    static let largeShotFolder = 1_000
    /// The least time between two drawings of the same work, in nanoseconds: four a second.
    static let interval: UInt64 = 250_000_000

    private let lock = NSLock()
    private let minimumTotal: Int
    private let now: @Sendable () -> UInt64
    private let write: @Sendable (String) -> Void
    /// When the line was last drawn, and what it said it counted (`nil`: nothing is on the line).
    private var last: (at: UInt64, what: String)?

    /// A drawer of updates whose total is more than `minimumTotal`, reading the time from `now` (nanoseconds) and
    /// writing with `write`.
    init(minimumTotal: Int, now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.minimumTotal = minimumTotal
        self.now = now
        self.write = write
    }

    /// Progress drawn on standard error when it is a terminal and `quiet` is off, for work of more than
    /// `minimumTotal` units; otherwise ``BrewProgress/WorkProgress/none``.
    static func make(quiet: Bool = false, minimumTotal: Int = 0) -> WorkProgress {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return .none }
        let drawer = TerminalProgress(minimumTotal: minimumTotal)
        return WorkProgress { drawer.draw($0) }
    }

    /// Draws `update`: the first of a kind of work at once, then at most once per ``interval`` (and the last unit);
    /// the end clears the line.
    func draw(_ update: WorkProgress.Update) {
        lock.lock(); defer { lock.unlock() }
        if update.isFinal {
            if last != nil { write("\r\u{1B}[2K") }
            last = nil
            return
        }
        guard update.total > minimumTotal else { return }
        let t = now()
        if let last, last.what == update.what, t - last.at < Self.interval, update.done < update.total { return }
        last = (t, update.what)
        write("\r\u{1B}[2K" + Self.line(update))
    }

    /// `brewstats: brews written: 400,000 of 1,000,000 (40%)`.
    static func line(_ update: WorkProgress.Update) -> String {
        let percent = update.total > 0 ? min(100, max(0, update.done) * 100 / update.total) : 100
        return "brewstats: \(update.what): \(grouped(update.done)) of \(grouped(update.total)) (\(percent)%)"
    }

    /// `1,000,000`: thousands separated by commas.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
