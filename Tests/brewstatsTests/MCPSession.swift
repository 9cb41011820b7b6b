import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A scripted MCP client: the built `brewstats mcp` started with pipes for standard input and output, spoken to one
/// JSON-RPC message a line, as an assistant's app speaks to it.
final class MCPSession: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let errors: URL
    private let condition = NSCondition()
    private var buffer = Data()
    private var ended = false
    private var nextID = 1

    init(_ args: [String], cwd: URL? = nil) throws {
        guard let binary = CLI.binary else { throw CLI.CLIMissing() }
        // A server that died must fail the test, not end the runner by SIGPIPE on the next write.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = binary
        process.arguments = ["mcp"] + args
        if let cwd { process.currentDirectoryURL = cwd }
        process.standardInput = input
        process.standardOutput = output
        errors = try Repo.scratch("mcp-stderr").appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        process.environment = env
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.condition.lock()
            if data.isEmpty { self.ended = true } else { self.buffer.append(data) }
            self.condition.broadcast()
            self.condition.unlock()
        }
        try process.run()
    }

    /// Writes one line as it is (a request, a notification, or text that is not JSON at all).
    func send(line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Writes one message.
    func send(_ message: [String: Any]) throws {
        var m = message
        m["jsonrpc"] = "2.0"
        let data = try JSONSerialization.data(withJSONObject: m, options: [.sortedKeys])
        send(line: String(decoding: data, as: UTF8.self))
    }

    /// Sends a request and returns its answer (the whole JSON-RPC response).
    func request(_ method: String, _ params: [String: Any]? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var m: [String: Any] = ["id": id, "method": method]
        if let params { m["params"] = params }
        try send(m)
        let answer = try #require(nextMessage(), "no answer to \(method)", sourceLocation: sourceLocation)
        #expect(answer["id"] as? Int == id, "\(answer)", sourceLocation: sourceLocation)
        return answer
    }

    /// Calls a tool: the result object (`content`, `structuredContent`, `isError`).
    func call(_ tool: String, _ arguments: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let answer = try request("tools/call", ["name": tool, "arguments": arguments], sourceLocation: sourceLocation)
        return try #require(answer["result"] as? [String: Any], "\(answer)", sourceLocation: sourceLocation)
    }

    /// The next message the server wrote, `nil` at the end of its output (or after a minute without one).
    func nextMessage() -> [String: Any]? {
        guard let line = nextLine() else { return nil }
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        if object == nil { Issue.record("the server wrote a line that is not a JSON object: \(line)") }
        return object
    }

    /// The next line of standard output, `nil` at its end.
    func nextLine() -> String? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(60)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            if ended { return nil }
            if !condition.wait(until: deadline) {
                Issue.record("the server wrote nothing for a minute")
                return nil
            }
        }
    }

    /// Closes standard input (the end of the session) and waits for the server to exit: its status and standard error.
    func finish() -> (status: Int32, stderr: String) {
        try? input.fileHandleForWriting.close()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { self.process.waitUntilExit(); done.signal() }
        if done.wait(timeout: .now() + 60) == .timedOut {
            Issue.record("brewstats mcp did not exit within a minute of the end of its input")
            process.terminate()
            process.waitUntilExit()
        }
        return (process.terminationStatus, (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }

    /// The text content of a tool result (its one text item).
    static func text(_ result: [String: Any]) -> String {
        ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
    }

    /// The `initialize` exchange and the `initialized` notification; the server's answer.
    @discardableResult
    func initialize() throws -> [String: Any] {
        let answer = try request("initialize", ["protocolVersion": "2025-06-18", "capabilities": [String: Any](),
                                                "clientInfo": ["name": "brewstats-tests", "version": "1"]])
        try send(["method": "notifications/initialized"])
        return try #require(answer["result"] as? [String: Any], "\(answer)")
    }
}
