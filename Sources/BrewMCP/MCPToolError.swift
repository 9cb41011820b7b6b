/// BrewMCP's one error type: why a tool gave no answer, or why the server could not run.
///
/// A tool's failure is never a crash nor a JSON-RPC error: the server answers the call with a tool result whose
/// `isError` is true and whose text is ``description`` (the same words the command line prints for the same input),
/// so the assistant can correct its arguments and call again. Only ``serverFailed(_:)`` ends `brewstats mcp`
/// (exit status 1, ``ExitStatus`` of the command line).
public enum MCPToolError: Error, CustomStringConvertible, Sendable, Equatable {
    /// An argument is missing, unknown, of the wrong JSON type, or not a value the tool reads (a date that does not
    /// exist, two periods at once): the tool and what is wrong.
    case invalidArgument(tool: String, message: String)
    /// The journal holds no answer for these arguments: the library's own words (a grinder that matches no name and
    /// the names the journal has, a week without brews, a bean with no brews).
    case noAnswer(tool: String, message: String)
    /// The transport failed: standard input or output could not be used.
    case serverFailed(String)

    public var description: String {
        switch self {
        case let .invalidArgument(tool, message): "\(tool): \(message)"
        case let .noAnswer(_, message): message
        case let .serverFailed(message): "the MCP server stopped: \(message)"
        }
    }
}
