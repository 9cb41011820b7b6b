#if canImport(Glibc)
import Glibc

/// Turns the crash of reading a journal that another program cut short into a one-line error (exit 2).
///
/// The CSV and JSON importers read a journal through a memory mapping. When another program truncates the file
/// while brewstats reads it, touching a mapped page past the new end raises `SIGBUS` with `si_code ==
/// BUS_ADRERR` (the page has no file data any more): without this guard that is a crash with a backtrace. With
/// it, brewstats prints `brewstats: a journal file was cut short by another program while it was read; run
/// again once it is complete` and exits with status 2 (a journal that cannot be read). Reports are written only
/// after their journal is read, so nothing half-written appears; a staging folder of a batch's other journals
/// may stay behind and is removed by the next run for the same output (``StagedDirectory``).
///
/// Any other `SIGBUS` is handed on: the guard puts the previous handler back and returns, so the faulting
/// instruction runs again under it (the Swift runtime's crash report).
enum TruncatedJournalGuard {
    /// The message, allocated once before the handler is installed (a signal handler may not allocate).
    ///
    /// Process-wide because a signal handler is a C function that can capture nothing: it can reach its message
    /// and the previous handler only through globals. SAFETY: the three are written only by ``install()``, called
    /// once as the first statement of `main()`, before any journal is read and before the handler can run; the
    /// handler only reads them, so no write ever races a read.
    nonisolated(unsafe) private static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var messageLength = 0
    nonisolated(unsafe) private static var previous = sigaction()

    /// Installs the handler (once, at start-up, before any journal is read).
    static func install() {
        let text =
            "brewstats: a journal file was cut short by another " +
                "program while it was read; run again once it is complete\n"
        message = strdup(text)
        messageLength = text.utf8.count
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            if let info, info.pointee.si_code == BUS_ADRERR, let message = TruncatedJournalGuard.message {
                _ = write(STDERR_FILENO, message, TruncatedJournalGuard.messageLength)
                _exit(2)
            }
            // Not ours: the previous handler takes the signal when the instruction faults again.
            _ = sigaction(SIGBUS, &TruncatedJournalGuard.previous, nil)
        }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        _ = sigaction(SIGBUS, &action, &previous)
    }
}
#endif
