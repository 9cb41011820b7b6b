import MCP

/// The server's tools, in the order `tools/list` gives them: one list that the listing and the calls both read, so
/// a tool is either listed and callable or neither.
enum ToolCatalogue {
    static let all: [BrewTool] = [
        .journalOverview,
        .dialIn,
        .periodSummary,
        .shots,
        .bean,
        .compareBrews,
        .compareShots,
    ]

    /// The tool named `name`.
    static func tool(named name: String) -> BrewTool? { all.first { $0.name == name } }

    /// The words of a call to a tool that does not exist: the names there are.
    static func unknown(_ name: String) -> String {
        "unknown tool '\(name)'; the tools are: " + all.map(\.name).joined(separator: ", ")
    }
}
