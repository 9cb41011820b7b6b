import CCairo

/// A cairo result code (`cairo_status_t`) as a value callers can compare and `catch` on.
///
/// The raw value is cairo's own numbering, so codes added by newer cairo releases still round-trip;
/// they simply have no named constant here.
public struct CairoStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// cairo's numeric status code.
    public let rawValue: UInt32

    /// Wraps a raw cairo status code.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    init(_ status: cairo_status_t) { self.rawValue = status.rawValue }

    /// No error.
    public static let success = CairoStatus(rawValue: 0)
    /// Out of memory.
    public static let noMemory = CairoStatus(rawValue: 1)
    /// `restore()` without a matching `save()`.
    public static let invalidRestore = CairoStatus(rawValue: 2)
    /// A path operation needed a current point and there was none.
    public static let noCurrentPoint = CairoStatus(rawValue: 4)
    /// A transformation matrix was not invertible (e.g. a zero scale).
    public static let invalidMatrix = CairoStatus(rawValue: 5)
    /// A string was not valid UTF-8.
    public static let invalidString = CairoStatus(rawValue: 8)
    /// Reading input failed.
    public static let readError = CairoStatus(rawValue: 10)
    /// Writing output failed (a missing folder, a full disk, no permission).
    public static let writeError = CairoStatus(rawValue: 11)
    /// The surface was already finished; nothing more can be drawn or written.
    public static let surfaceFinished = CairoStatus(rawValue: 12)
    /// A file could not be found.
    public static let fileNotFound = CairoStatus(rawValue: 18)
    /// A dash pattern was negative or all zero.
    public static let invalidDash = CairoStatus(rawValue: 19)
    /// A temporary file could not be created.
    public static let tempFileError = CairoStatus(rawValue: 23)
    /// A surface size was negative, zero where not allowed, or too large.
    public static let invalidSize = CairoStatus(rawValue: 32)

    /// cairo's own English description of the code.
    public var description: String {
        String(cString: cairo_status_to_string(cairo_status_t(rawValue: rawValue)))
    }
}

/// The one error type of BrewCairo: a cairo status plus what brewstats was doing when it occurred.
///
/// `context` names the operation and, for output, the file (e.g. `"writing PNG to /tmp/x/chart.png"`).
public struct CairoError: Error, Sendable, CustomStringConvertible {
    /// The cairo status that caused the failure.
    public var status: CairoStatus
    /// What was being done, in words a person can act on.
    public var context: String
    /// For a file that could not be written, the system's reason alone (`strerror`, e.g. "No space left on device"),
    /// so that a caller naming the file its own way can say only that; `nil` for a drawing error.
    public var systemReason: String?

    /// Creates an error from a status and a context description.
    public init(status: CairoStatus, context: String, systemReason: String? = nil) {
        self.status = status
        self.context = context
        self.systemReason = systemReason
    }

    /// `"<context>: <cairo's description>"`.
    public var description: String { "\(context): \(status)" }

    /// Throws when `status` is not success.
    static func check(_ status: cairo_status_t, _ context: @autoclosure () -> String) throws {
        if status != CAIRO_STATUS_SUCCESS {
            throw CairoError(status: CairoStatus(status), context: context())
        }
    }
}
