/// How far a long piece of work has got, told to whoever drew it: a library counts, a caller draws.
///
/// A library that does long work (a batch of journals, a folder of shot files, an export of a large journal) takes a
/// `WorkProgress` and calls ``report(_:done:of:)`` as units are done, and ``finish()`` when the work ends. It never
/// decides whether, where or how progress is shown: the command line draws it on standard error when that is a
/// terminal, and ``none`` (the default everywhere) drops every update. Progress never reaches an output, so
/// reporting it cannot change an output's bytes.
///
/// Updates are cheap but not free (a call through a closure): a loop over a million brews reports every few
/// thousand (``stride``), not every brew.
///
/// ```swift
/// for i in 0..<count {
///     if i % WorkProgress.stride == 0 { progress.report("brews written", done: i, of: count) }
///     …
/// }
/// progress.finish()
/// ```
public struct WorkProgress: Sendable {
    /// One update: `done` of `total` units of `what` (what is counted: `journals done`, `shot files read`, `brews
    /// written`), or the end.
    public struct Update: Sendable, Equatable {
        public let what: String
        public let done: Int
        public let total: Int
        /// Whether the work has ended (``finish()``): a drawer clears its line.
        public let isFinal: Bool

        public init(what: String, done: Int, total: Int, isFinal: Bool = false) {
            self.what = what; self.done = done; self.total = total; self.isFinal = isFinal
        }
    }

    private let sink: (@Sendable (Update) -> Void)?

    /// Progress told to `sink`, called from whichever thread does the work (a sink for parallel work is
    /// thread-safe).
    public init(_ sink: @escaping @Sendable (Update) -> Void) { self.sink = sink }

    private init() { sink = nil }

    /// Progress told to no one.
    public static let none = WorkProgress()

    /// How many units a long loop does between two updates.
    public static let stride = 4096

    /// Whether anyone is told (a loop may skip the work of counting when no one is).
    public var isOn: Bool { sink != nil }

    /// Tells that `done` of `total` units of `what` are done.
    public func report(_ what: String, done: Int, of total: Int) {
        sink?(Update(what: what, done: done, total: total))
    }

    /// Tells that the work has ended.
    public func finish() {
        sink?(Update(what: "", done: 0, total: 0, isFinal: true))
    }
}
