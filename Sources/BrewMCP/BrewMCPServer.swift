import Foundation
import MCP

/// The `brewstats mcp` server: a Model Context Protocol server over standard input and output whose tools answer
/// with what brewstats computes for one journal (docs/mcp.md).
///
/// It speaks JSON-RPC 2.0, one message a line, through the SDK's ``MCP/Server``: `initialize`, `ping`,
/// `tools/list` (``ToolCatalogue``) and `tools/call`. A request it cannot read gets a JSON-RPC error (-32700 for text
/// that is not JSON, -32601 for an unknown method, -32602 for an unknown tool or a call without one) and the server
/// goes on; a tool whose arguments are wrong, or whose question the journal cannot answer, gives a tool result marked
/// `isError` with the command line's words. It stops at the end of its input, once every request read has its answer
/// (``AnsweringTransport``).
///
/// What it never does: write the journal or any file, or read anything but the journal it was started with.
public enum BrewMCPServer {
    /// What the server says of itself to the client (`instructions` of the `initialize` answer).
    static let instructions = """
        brewstats computes statistics of one coffee journal, opened when the server started. Every tool answers \
        with the figures brewstats computes and the evidence behind them (counts, intervals, ties, and null for what \
        the journal does not log): quote them, do not estimate. Call journal_overview first for the names and days \
        the journal holds. The tools only read: nothing is ever written.
        """

    /// The SDK server with the tools' handlers.
    static func server(for journal: ServedJournal, version: String) async -> Server {
        let server = Server(name: "brewstats", version: version, title: "brewstats", instructions: instructions,
                            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: ToolCatalogue.all.map(\.definition))
        }
        await server.withMethodHandler(CallTool.self) { call in
            guard let tool = ToolCatalogue.tool(named: call.name) else {
                throw MCPError.invalidParams(ToolCatalogue.unknown(call.name))
            }
            return tool.call(call.arguments, on: journal)
        }
        return server
    }

    /// Serves `journal` until the end of the transport's input (by default standard input and output).
    ///
    /// - Parameter version: The version the server states (`brewstats --version`'s).
    /// - Throws: ``MCPToolError/serverFailed(_:)`` when the transport cannot be started.
    public static func serve(_ journal: ServedJournal, version: String,
                             transport: (any Transport)? = nil) async throws(MCPToolError) {
        let server = await server(for: journal, version: version)
        do {
            try await server.start(transport: AnsweringTransport(transport ?? StdioTransport()))
        } catch {
            throw .serverFailed("\(error)")
        }
        await server.waitUntilCompleted()
        await server.stop()
    }
}
