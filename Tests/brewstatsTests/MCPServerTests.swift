import Foundation
import Testing
import TestSupport

/// `brewstats mcp` end to end: the built binary spoken to over its standard input and output as an assistant's app
/// speaks to it, each tool's numbers held to the command line's own output for the same journal and to counts taken
/// here from the raw export; malformed requests answered with JSON-RPC errors while the server goes on; the end of
/// input ends it cleanly.
@Suite struct MCPServerTests {
    static let journal = Repo.sample("journal.csv").path

    /// The tools `tools/list` names, each with an object schema and marked read-only.
    @Test(.enabled(if: CLI.available)) func listsEveryToolWithItsSchema() throws {
        let session = try MCPSession([Self.journal])
        let hello = try session.initialize()
        #expect((hello["serverInfo"] as? [String: Any])?["name"] as? String == "brewstats")
        #expect((hello["capabilities"] as? [String: Any])?["tools"] != nil)
        let list = try #require(try session.request("tools/list")["result"] as? [String: Any])
        let tools = try #require(list["tools"] as? [[String: Any]])
        let names = tools.compactMap { $0["name"] as? String }
        #expect(Set(names) == ["journal_overview", "dial_in", "period_summary", "shots", "bean", "compare_brews", "compare_shots"], "\(names)")
        #expect(Set(names).count == names.count)
        for tool in tools {
            let schema = try #require(tool["inputSchema"] as? [String: Any], "\(tool)")
            #expect(schema["type"] as? String == "object")
            #expect(schema["properties"] is [String: Any])
            #expect(schema["additionalProperties"] as? Bool == false)
            #expect((tool["description"] as? String)?.isEmpty == false)
            #expect((tool["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool == true, "\(tool)")
        }
        let dialIn = try #require(tools.first { $0["name"] as? String == "dial_in" })
        #expect(((dialIn["inputSchema"] as? [String: Any])?["required"] as? [String]).map(Set.init) == ["grinder", "method"])
        let end = session.finish()
        #expect(end.status == 0, "\(end.stderr)")
    }

    /// dial_in answers with `dial-in --json`'s object to the digit (the same encoder), as text and as structured
    /// content; the bag's brews are those counted here from the raw CSV.
    @Test(.enabled(if: CLI.available)) func dialInIsTheCommandsAnswer() throws {
        let cli = try CLI.run(["dial-in", Self.journal, "--grinder", "comandante c40", "--method", "v60", "--json"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])

        let session = try MCPSession([Self.journal])
        try session.initialize()
        let result = try session.call("dial_in", ["grinder": "comandante c40", "method": "v60"])
        #expect(result["isError"] as? Bool == false, "\(result)")
        #expect(MCPSession.text(result) + "\n" == cli.stdout)
        let structured = try #require(result["structuredContent"] as? [String: Any])
        #expect(NSDictionary(dictionary: structured).isEqual(to: expected), "\(structured)")

        // The numbers themselves: the latest C40 × V60 bag's usable brews, counted from the raw export.
        let rows = TestCSV.rows(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8))
            .filter { $0["grinder"] == "Comandante C40" && $0["method"] == "V60" }
        let iso = ISO8601DateFormatter()
        let latest = try #require(rows.max { iso.date(from: $0["brewed_at"]!)! < iso.date(from: $1["brewed_at"]!)! })
        let bag = rows.filter { $0["bean"] == latest["bean"] && $0["roaster"] == latest["roaster"] }
        let usable = bag.filter { !($0["grind_setting"] ?? "").isEmpty && !($0["rating"] ?? "").isEmpty }
        #expect(structured["brews"] as? Int == usable.count)
        let best = try #require(structured["best"] as? [String: Any])
        let (low, high, at) = (best["low"] as? Double ?? .nan, best["high"] as? Double ?? .nan, best["grind_setting"] as? Double ?? .nan)
        #expect(low <= at && at <= high, "\(best)")
        #expect(session.finish().status == 0)
    }

    /// A wrong argument is a tool error in the command line's words ("did you mean" names, the required ones, an
    /// unknown argument with the ones the tool takes), never a crash; the server answers the next call.
    @Test(.enabled(if: CLI.available)) func wrongArgumentsAreToolErrors() throws {
        let cli = try CLI.run(["dial-in", Self.journal, "--grinder", "Nitche", "--method", "V60"])
        #expect(cli.status == 1)
        let message = cli.stderr.trimmingCharacters(in: .newlines).replacingOccurrences(of: "brewstats: ", with: "")
        #expect(message.hasPrefix("no grinder matches 'Nitche'; the journal has: "), "\(cli.stderr)")

        let session = try MCPSession([Self.journal])
        try session.initialize()
        let unknown = try session.call("dial_in", ["grinder": "Nitche", "method": "V60"])
        #expect(unknown["isError"] as? Bool == true)
        #expect(MCPSession.text(unknown) == message)
        let missing = try session.call("dial_in", ["grinder": "Comandante C40"])
        #expect(missing["isError"] as? Bool == true && MCPSession.text(missing).contains("'method' is required"), "\(missing)")
        let typo = try session.call("dial_in", ["grinder": "Comandante C40", "method": "V60", "beans": "x"])
        #expect(MCPSession.text(typo).hasPrefix("dial_in: unknown argument 'beans'; this tool takes: bean, "), "\(typo)")
        let wrongType = try session.call("dial_in", ["grinder": 7, "method": "V60"])
        #expect(wrongType["isError"] as? Bool == true && MCPSession.text(wrongType).contains("'grinder' must be a string"))
        let fine = try session.call("dial_in", ["grinder": "Comandante C40", "method": "V60"])
        #expect(fine["isError"] as? Bool == false)
        #expect(session.finish().status == 0)
    }

    /// Text that is not JSON, an unknown method, an unknown tool and a call without a name get JSON-RPC errors (the
    /// request's id kept where it has one); the server goes on answering, and ends with status 0 at the end of input.
    @Test(.enabled(if: CLI.available)) func malformedRequestsGetJSONRPCErrors() throws {
        let session = try MCPSession([Self.journal])
        try session.initialize()
        session.send(line: "this is not JSON {")
        let parse = try #require(session.nextMessage())
        #expect((parse["error"] as? [String: Any])?["code"] as? Int == -32700, "\(parse)")

        let method = try session.request("no/such/method")
        #expect((method["error"] as? [String: Any])?["code"] as? Int == -32601, "\(method)")
        let tool = try session.request("tools/call", ["name": "no_such_tool", "arguments": [String: Any]()])
        let toolError = try #require(tool["error"] as? [String: Any], "\(tool)")
        #expect(toolError["code"] as? Int == -32602)
        #expect((toolError["message"] as? String)?.contains("the tools are: journal_overview, dial_in") == true, "\(toolError)")
        let nameless = try session.request("tools/call", ["arguments": [String: Any]()])
        #expect((nameless["error"] as? [String: Any])?["code"] as? Int == -32602, "\(nameless)")

        let ping = try session.request("ping")
        #expect(ping["result"] is [String: Any], "\(ping)")
        let end = session.finish()
        #expect(end.status == 0, "\(end.stderr)")
        #expect(session.nextLine() == nil)
    }

    /// A client that writes every request and closes its end at once (a pipe) still gets every answer.
    @Test(.enabled(if: CLI.available)) func everyRequestReadIsAnsweredBeforeTheEnd() throws {
        let session = try MCPSession([Self.journal])
        try session.send(["id": 1, "method": "initialize",
                          "params": ["protocolVersion": "2025-06-18", "capabilities": [String: Any](),
                                     "clientInfo": ["name": "pipe", "version": "1"]] as [String: Any]])
        try session.send(["method": "notifications/initialized"])
        try session.send(["id": 2, "method": "tools/call", "params": ["name": "dial_in", "arguments": ["grinder": "Comandante C40", "method": "V60"]] as [String: Any]])
        try session.send(["id": 3, "method": "tools/list"])
        try session.send(["id": 4, "method": "tools/call", "params": ["name": "journal_overview", "arguments": [String: Any]()] as [String: Any]])
        let end = session.finish()
        #expect(end.status == 0, "\(end.stderr)")
        var ids: [Int] = []
        while let message = session.nextMessage() {
            #expect(message["result"] != nil, "\(message)")
            if let id = message["id"] as? Int { ids.append(id) }
        }
        #expect(ids.sorted() == [1, 2, 3, 4])
    }

    /// journal_overview's counts are the raw export's: brews, and the brews of each grinder and method.
    @Test(.enabled(if: CLI.available)) func overviewCountsTheJournal() throws {
        let rows = TestCSV.rows(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8))
        let session = try MCPSession([Self.journal])
        try session.initialize()
        let result = try session.call("journal_overview", [:])
        let o = try #require(result["structuredContent"] as? [String: Any], "\(result)")
        #expect((o["brews"] as? [String: Any])?["kept"] as? Int == rows.count)
        let names = try #require(o["names"] as? [String: Any])
        for (kind, column) in [("grinders", "grinder"), ("methods", "method")] {
            let listed = try #require((names[kind] as? [String: Any])?["listed"] as? [[String: Any]])
            var counted: [String: Int] = [:]
            for r in rows { if let n = r[column], !n.isEmpty { counted[n, default: 0] += 1 } }
            #expect(Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as! String, $0["brews"] as! Int) }) == counted, "\(kind)")
        }
        let bad = try session.call("journal_overview", ["limit": 0])
        #expect(bad["isError"] as? Bool == true)
        #expect(session.finish().status == 0)
    }

    /// Read-only: after every tool has been called, the folder it ran in and the journal's folder hold the same files
    /// with the same bytes.
    @Test(.enabled(if: CLI.available)) func writesNothing() throws {
        let folder = try Repo.scratch("mcp-read-only")
        let store = folder.appendingPathComponent("journal.sqlite")
        try FileManager.default.copyItem(at: Repo.sample("journal.sqlite"), to: store)
        let before = relativeFiles(in: folder), bytesBefore = bytes(store)
        let session = try MCPSession([store.path, "--tz", "UTC"], cwd: folder)
        try session.initialize()
        for (tool, arguments) in [("journal_overview", [:]), ("dial_in", ["grinder": "Comandante C40", "method": "V60"]),
                                  ("period_summary", [:]), ("bean", ["bean": "Kochere"]), ("compare_brews", [:]), ("shots", [:]),
                                  ("compare_shots", [:])] as [(String, [String: Any])] {
            let result = try session.call(tool, arguments)
            #expect(result["content"] is [[String: Any]], "\(tool)")
        }
        #expect(session.finish().status == 0)
        #expect(relativeFiles(in: folder) == before)
        #expect(bytes(store) == bytesBefore)
    }

    /// Standard input carries the protocol: `-` as the journal is a usage error.
    @Test(.enabled(if: CLI.available)) func standardInputIsNotAJournal() throws {
        let r = try CLI.run(["mcp", "-"])
        #expect(r.status == 64 && r.stderr.contains("standard input carries the protocol"), "\(r.stderr)")
    }

    /// mcp writes no file, so it offers no flag that names one: `--help` does not list `--list-matches` (the merge's
    /// tolerances stay) and the flag is a usage error, not a flag accepted and then refused.
    @Test(.enabled(if: CLI.available)) func offersNoFlagThatWritesAFile() throws {
        let help = try CLI.run(["mcp", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--merge-window") && help.stdout.contains("--merge-dose"))
        #expect(!help.stdout.contains("--list-matches"), "\(help.stdout)")
        let listing = try CLI.run(["mcp", Self.journal, "--list-matches", "m.csv"])
        #expect(listing.status == 64 && listing.stderr.contains("--list-matches"), "\(listing.stderr)")
    }
}
