import BrewAdvice
import BrewBacktest
import BrewNames
import BrewOpen
import Foundation
import MCP
import Testing
import TestSupport
@testable import BrewMCP

/// The server in process, spoken to by the SDK's own client over its in-memory transport; and the bookkeeping that
/// lets it answer every request before it stops.
@Suite struct BrewMCPServerTests {
    static let tools: Set<String> = ["journal_overview", "dial_in", "period_summary", "shots", "bean", "compare_brews", "compare_shots"]

    @Test func theSDKsClientListsAndCallsTheTools() async throws {
        let opened = try JournalOpener.open(Repo.sample("journal.csv").path)
        let served = ServedJournal(opened: opened, timeZone: TimeZone(identifier: "UTC")!)
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        let serving = Task { try await BrewMCPServer.serve(served, version: "test", transport: serverSide) }
        let client = Client(name: "brewstats-tests", version: "1")
        let hello = try await client.connect(transport: clientSide)
        #expect(hello.serverInfo.name == "brewstats" && hello.capabilities.tools != nil)

        let (tools, _) = try await client.listTools()
        #expect(Set(tools.map(\.name)) == Self.tools)
        #expect(tools.allSatisfy { $0.annotations.readOnlyHint == true && $0.annotations.destructiveHint == false })

        // dial_in: the advisor's answer, with the look-alike notes `dial-in` adds, by the advice's own encoder.
        let (content, isError) = try await client.callTool(name: "dial_in", arguments: ["grinder": "Comandante C40", "method": "V60"])
        #expect(isError == false)
        let advice = try DialInAdvisor.advise(journal: opened.result.journal, grinder: "Comandante C40", method: "V60")
        let expected = advice.adding(notes: NearDuplicates.lookAlikeNotes(in: opened.result.journal, [(.grinder, advice.grinder), (.method, advice.method)]))
        guard case .text(let text, _, _)? = content.first else { Issue.record("\(content)"); return }
        #expect(text + "\n" == expected.json(backtest: nil))

        // With backtest: the grinder × method's verdict, as `dial-in --backtest` computes it.
        let (withVerdict, _) = try await client.callTool(name: "dial_in", arguments: ["grinder": "Comandante C40",
                                                                                      "method": "V60",
                                                                                      "backtest": true])
        let verdict = BacktestVerdict(journal: opened.result.journal, grinder: advice.grinderIndex,
                                      method: advice.methodIndex, advice: served.dialIn)
        #expect(verdict.summary != nil)
        guard case .text(let replayed, _, _)? = withVerdict.first else { Issue.record("\(withVerdict)"); return }
        #expect(replayed + "\n" == expected.json(backtest: verdict))

        let (refusal, refused) = try await client.callTool(name: "period_summary", arguments: ["week": "2026-W99"])
        #expect(refused == true, "\(refusal)")
        await #expect(throws: MCPError.self) { try await client.callTool(name: "no_such_tool") }
        await client.disconnect()
        try await serving.value
    }

    /// Requests are counted by integer and text ids, answers by the same ids; notifications, responses to the
    /// server and ids of other kinds are not requests waited for.
    @Test func requestsAndAnswersAreMatchedByID() {
        func ids(_ text: String, answers: Bool) -> [ID] { AnsweringTransport.ids(in: Data(text.utf8), answers: answers) }
        #expect(ids(#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#, answers: false) == [.number(3)])
        #expect(ids(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#, answers: false) == [.string("a")])
        #expect(ids(#"[{"id":1,"method":"ping"},{"method":"notifications/initialized"},{"id":2,"method":"ping"}]"#, answers: false)
            == [.number(1), .number(2)])
        #expect(ids(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, answers: false).isEmpty)
        #expect(ids(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, answers: false).isEmpty)
        #expect(ids(#"{"jsonrpc":"2.0","id":4,"result":{}}"#, answers: false).isEmpty)
        #expect(ids("not JSON", answers: false).isEmpty)
        #expect(ids(#"{"jsonrpc":"2.0","id":4,"result":{}}"#, answers: true) == [.number(4)])
        #expect(ids(#"{"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"x"}}"#, answers: true) == [.number(5)])
        #expect(AnsweringTransport.cancelled(in: Data(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#.utf8))
            == [.number(7)])
    }

    /// Arguments are checked against the tool's schema before it answers.
    @Test func argumentsAreCheckedAgainstTheSchema() throws {
        func refusal(_ tool: BrewTool, _ values: [String: Value]) -> String? {
            do throws(MCPToolError) { _ = try ToolArguments(values, for: tool); return nil } catch { return error.description }
        }
        #expect(refusal(.dialIn, ["grinder": "x"]) == "dial_in: 'method' is required: The brew method, as the journal names it (e.g. V60, Espresso).")
        #expect(refusal(.dialIn, ["grinder": "x", "method": "y", "grind": "z"])?.hasPrefix("dial_in: unknown argument 'grind'; this tool takes: grinder") == true)
        #expect(refusal(.dialIn, ["grinder": 1, "method": "y"]) == "dial_in: 'grinder' must be a string, not 1")
        #expect(refusal(.periodSummary, ["week": "2026-W47", "year": "2026"]) == "period_summary: week and year exclude each other: give one period")
        #expect(refusal(.periodSummary, ["from": "2026-01-01", "to": "2026-01-31"]) == nil)
        #expect(refusal(.dialIn, ["grinder": "x", "method": "y", "bean": .null]) == nil)
    }
}
