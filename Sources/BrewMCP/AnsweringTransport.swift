import Foundation
import Logging
import MCP

/// The SDK's stdio transport with one promise more: when standard input ends, every request read is answered before
/// the server stops. (And one answer of its own: a `tools/call` without a tool's name gets -32602.)
///
/// The SDK's server handles each request in a task of its own and ends its loop at the end of input, so a client that
/// writes its requests and closes its end of the pipe (`printf … | brewstats mcp journal.sqlite`) could lose the
/// answers still being computed. This transport counts the requests it passes on (a message with a `method` and an
/// integer or text `id`, alone or in a batch) and the answers sent (a message with that `id` and a `result` or an
/// `error`); at the end of input it ends the server's stream only once every request has its answer. A request the
/// client cancels (`notifications/cancelled`) is answered by nobody, and no longer waited for.
actor AnsweringTransport: Transport {
    nonisolated let logger = Logger(label: "brewstats.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private let base: any Transport
    /// Requests read and not yet answered, by id (an id may be reused once answered, hence a count).
    private var waiting: [ID: Int] = [:]
    private var drained: [CheckedContinuation<Void, Never>] = []

    init(_ base: any Transport) { self.base = base }

    func connect() async throws { try await base.connect() }

    func disconnect() async { await base.disconnect() }

    func send(_ data: Data) async throws {
        try await base.send(data)
        for id in Self.ids(in: data, answers: true) { settle(id) }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await message in await self.base.receive() {
                        if try await self.refuseNameless(message) { continue }
                        self.read(message)
                        continuation.yield(message)
                    }
                    await self.answered()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Answers a `tools/call` without a tool's name with -32602 (invalid params) itself: the SDK reads such params
    /// as a decoding failure and answers -32603 (internal error), which would say the server is broken when the
    /// request is. `true` when the message was answered here.
    private func refuseNameless(_ message: Data) async throws -> Bool {
        guard let object = (try? JSONDecoder().decode(Value.self, from: message))?.objectValue,
              object["method"]?.stringValue == "tools/call", let id = object["id"], Self.id(id) != nil,
              object["params"]?.objectValue?["name"]?.stringValue == nil else { return false }
        let answer: Value = ["jsonrpc": "2.0", "id": id,
                             "error": ["code": -32602,
                                       "message": .string("tools/call needs params.name, the tool's name "
                                                              + "(tools/list gives them)")]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]  // the same answer, the same bytes
        try await base.send(try encoder.encode(answer))
        return true
    }

    /// Notes the requests of a message read (and the requests a cancellation gives up).
    private func read(_ message: Data) {
        for id in Self.ids(in: message, answers: false) { waiting[id, default: 0] += 1 }
        for id in Self.cancelled(in: message) { settle(id) }
    }

    private func settle(_ id: ID) {
        guard let n = waiting[id] else { return }
        waiting[id] = n > 1 ? n - 1 : nil
        if waiting.isEmpty {
            for c in drained { c.resume() }
            drained = []
        }
    }

    /// Returns once every request read has its answer.
    private func answered() async {
        if waiting.isEmpty { return }
        await withCheckedContinuation { drained.append($0) }
    }

    /// The objects of a message: the object, or a batch's objects; none for text that is not JSON.
    static func objects(in data: Data) -> [[String: Value]] {
        guard let value = try? JSONDecoder().decode(Value.self, from: data) else { return [] }
        if let object = value.objectValue { return [object] }
        return (value.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// The ids of the requests (`answers` false: a `method` and no `result` or `error`) or of the answers (`answers`
    /// true: a `result` or an `error`, no `method`) in a message. Only integer and text ids count, the two kinds the
    /// SDK answers by.
    static func ids(in data: Data, answers: Bool) -> [ID] {
        objects(in: data).compactMap { object in
            let isAnswer = object["method"] == nil && (object["result"] != nil || object["error"] != nil)
            let isRequest = object["method"]?.stringValue != nil && object["result"] == nil && object["error"] == nil
            guard answers ? isAnswer : isRequest else { return nil }
            return id(object["id"])
        }
    }

    /// The request ids `notifications/cancelled` messages give up.
    static func cancelled(in data: Data) -> [ID] {
        objects(in: data).compactMap { object in
            guard object["method"]?.stringValue == "notifications/cancelled", object["id"] == nil else { return nil }
            return id(object["params"]?.objectValue?["requestId"])
        }
    }

    private static func id(_ value: Value?) -> ID? {
        switch value {
        case .int(let n)?: .number(n)
        case .string(let s)?: .string(s)
        default: nil
        }
    }
}
