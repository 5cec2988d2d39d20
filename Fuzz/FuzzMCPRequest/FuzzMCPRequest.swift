// Fuzzes the MCP server's input: each input is one message, as a client would write it on the
// server's standard input, to a server that has been initialised (an asset folder with a scene, renders
// bounded to 64 pixels a side and 1 s). Any bytes must leave the server answering: after the message, a
// ping gets its answer, and every answer is JSON-RPC 2.0 (a result or an error, with an id); never a
// crash or a hang.
import Foundation
import FuzzReplay
import MCP
import MovieKitMCP
import Synchronization

/// The asset folder (with the output folder in it).
private let harnessFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "FuzzMCPRequest-\(getpid())")

/// The server and the client side of its transport, made once.
private final class Harness: Sendable {
    let client: InMemoryTransport
    let folder = harnessFolder
    let answers: Mutex<[Data]> = Mutex([])
    let nextPing = Mutex(0)

    init() {
        // Removed when the process exits (libFuzzer and the replay both end with exit()).
        atexit { try? FileManager.default.removeItem(at: harnessFolder) }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(
            "canvas: {width: 32, height: 16, fps: 5, duration: 1}\nlayers:\n  - {type: rect, size: [8, 8], fill: '#ff0000'}\n"
                .utf8
        ).write(to: folder.appendingPathComponent("scene.yaml"))
        var configuration = MovieMCPServer.Configuration(
            assetsFolder: folder, outputFolder: folder.appendingPathComponent("out"))
        configuration.maxSide = 64
        configuration.maxDuration = 1
        let pair = Self.blocking { await InMemoryTransport.createConnectedPair() }
        client = pair.client
        let server = MovieMCPServer(configuration: configuration)
        Self.blocking {
            let running = await server.makeServer()
            try? await running.start(transport: pair.server)
            try? await pair.client.connect()
        }
        let stream = Self.blocking { await pair.client.receive() }
        Task { [self] in
            do {
                for try await answer in stream { self.answers.withLock { $0.append(answer) } }
            } catch {}
        }
        send(
            #"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}"#
        )
        _ = waitForAnswer(id: "init")
        send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    func send(_ text: String) { send(Data(text.utf8)) }

    func send(_ data: Data) {
        let client = self.client
        Self.blocking { try? await client.send(data) }
    }

    /// The answers up to the one with `id`, waiting at most 20 s for it.
    func waitForAnswer(id: String) -> [Data] {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let found = answers.withLock { list -> [Data]? in
                guard
                    list.contains(where: {
                        (try? JSONSerialization.jsonObject(with: $0) as? [String: Any])?["id"] as? String == id
                    })
                else { return nil }
                defer { list.removeAll() }
                return list
            }
            if let found { return found }
            usleep(1000)
        }
        preconditionFailure("the server did not answer \(id) within 20 s")
    }

    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) rethrows -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = try? await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the harness's setup failed") }
        return value
    }
}

private let harness = Harness()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    harness.send(Data(bytes: start, count: count))
    let ping = harness.nextPing.withLock { number in
        number += 1
        return "ping-\(number)"
    }
    harness.send(#"{"jsonrpc":"2.0","id":"\#(ping)","method":"ping"}"#)
    for answer in harness.waitForAnswer(id: ping) {
        guard let object = try? JSONSerialization.jsonObject(with: answer) as? [String: Any] else {
            // A notification (progress) or an answer may be any JSON object; it must be one.
            preconditionFailure(
                "the server wrote something that is not a JSON object: \(String(decoding: answer, as: UTF8.self))")
        }
        precondition(object["jsonrpc"] as? String == "2.0", "an answer without jsonrpc 2.0: \(object)")
        if object["method"] == nil {
            precondition(
                (object["result"] != nil) != (object["error"] != nil),
                "an answer with neither or both result and error: \(object)")
        }
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
