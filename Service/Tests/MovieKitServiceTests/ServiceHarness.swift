import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A `moviemake serve` in a child process, as an operator starts it, and a client for its API.
final class ServerProcess {
    let data: URL
    let assets: URL
    let arguments: [String]
    private(set) var process: Process?
    private(set) var port = 0
    private(set) var log = ""
    static let token = "test-token-1"
    static let otherToken = "test-token-2"

    /// The `moviemake` executable built beside the test bundle (the service package builds it beside
    /// moviemake-serve, which its `serve` runs).
    static func moviemake() throws -> URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
            root.appendingPathComponent(".build/debug")
        ].map { $0.appendingPathComponent("moviemake") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    }

    /// A server over a new data folder (or `data`, to restart one), with `extra` flags.
    init(data: URL? = nil, assets: URL? = nil, extra: [String] = []) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("service-\(UUID().uuidString)")
        self.data = data ?? base.appendingPathComponent("data")
        self.assets = assets ?? base.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: self.data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: self.assets, withIntermediateDirectories: true)
        let tokens = self.data.deletingLastPathComponent().appendingPathComponent("tokens.txt")
        try Data("\(Self.token)\n\(Self.otherToken)\n".utf8).write(to: tokens)
        arguments =
            [
                "serve", "--port", "0", "--data", self.data.path, "--assets", self.assets.path, "--token-file",
                tokens.path
            ] + extra
    }

    /// Starts the server and waits until it listens.
    func start() throws {
        let process = Process()
        process.executableURL = try Self.moviemake()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        let logURL = data.deletingLastPathComponent().appendingPathComponent("server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logURL)
        try process.run()
        self.process = process
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: #"Listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(text[range].split(separator: ":").last ?? "") ?? 0
                break
            }
        }
        guard port > 0 else {
            process.terminate()
            throw HarnessError(
                "The server did not start: \(text) \((try? String(contentsOf: logURL, encoding: .utf8)) ?? "")")
        }
    }

    /// SIGTERM, then waits for the exit.
    @discardableResult
    func stop() -> Int32 {
        guard let process, process.isRunning else { return process?.terminationStatus ?? 0 }
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `kill -9`.
    func kill() {
        guard let process, process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if let process, process.isRunning { process.terminate() }
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// The files in the data folder's `renders` folder.
    var renderedFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("renders").path)) ?? [])
            .sorted()
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// An HTTP answer.
struct Answer {
    var status: Int
    var headers: HTTPHeaders
    var body: Data
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
    /// Whether the body is an RFC 9457 problem document with this answer's status.
    var isProblem: Bool {
        headers.first(name: "Content-Type")?.hasPrefix("application/problem+json") == true
            && json["status"] as? Int == status && json["title"] is String
    }
}

/// A client of the API.
struct APIClient: Sendable {
    /// `http://127.0.0.1:PORT`.
    let base: String
    var token: String? = ServerProcess.token

    init(_ server: ServerProcess, token: String? = ServerProcess.token) {
        base = server.base
        self.token = token
    }
    static let http = HTTPClient(eventLoopGroupProvider: .singleton)

    func send(
        _ method: HTTPMethod, _ path: String, json: Any? = nil, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json)))
        } else if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await Self.http.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 256 << 20)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Data(buffer: bytes))
    }

    /// Submits `document`, expecting `202`; returns the job's id.
    func submit(_ document: [String: Any], extra: [String: Any] = [:], headers: [String: String] = [:]) async throws
        -> String
    {
        var body = extra
        body["document"] = document
        let answer = try await send(.POST, "/v1/renders", json: body, headers: headers)
        guard answer.status == 202, let id = answer.json["id"] as? String else {
            throw HarnessError("Submission answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        }
        return id
    }

    /// Polls a job until it ends.
    func waitForEnd(_ id: String, timeout: TimeInterval = 120) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let job = try await send(.GET, "/v1/renders/\(id)").json
            if let status = job["status"] as? String, ["succeeded", "failed", "cancelled"].contains(status) {
                return job
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HarnessError("Render \(id) did not end within \(timeout) s.")
    }
}

/// Documents the tests submit.
enum Documents {
    /// A scene of `seconds` at 25 fps whose background is `color`, with a moving square.
    static func scene(color: String = "#3366cc", seconds: Double = 1, width: Int = 320, height: Int = 176)
        -> [String: Any]
    {
        [
            "canvas": ["width": width, "height": height, "fps": 25, "duration": seconds, "background": color],
            "layers": [
                [
                    "type": "rect", "size": [40, 40], "fill": "#ffffff",
                    "animate": ["position": ["from": [40, 40], "to": [width - 40, height - 40], "duration": seconds]]
                ]
            ]
        ]
    }
}
