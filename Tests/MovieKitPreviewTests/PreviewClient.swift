import FlyingSocks
import Foundation
import FrameDraw

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to a preview server the way the page does (URLSession), and with raw bytes for requests
/// a browser would never send.
struct PreviewClient {
    let base: URL

    struct Reply {
        var status: Int
        var type: String?
        var data: Data

        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        }
    }

    func get(_ path: String, method: String = "GET") async throws -> Reply {
        guard let url = URL(string: path, relativeTo: base) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        // The server answers on Swift's cooperative pool, which the suite's own CPU-bound tests share:
        // under ThreadSanitizer on two cores, URLSession's 60 s default can pass before a frame is drawn.
        request.timeoutInterval = 300
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return Reply(
            status: http?.statusCode ?? 0, type: http?.value(forHTTPHeaderField: "Content-Type"), data: data)
    }

    /// A PNG from the server, decoded by FrameDraw.
    func image(_ path: String, in folder: URL) async throws -> Image {
        let reply = try await get(path)
        let file = folder.appendingPathComponent("frame-\(UUID().uuidString).png")
        try reply.data.write(to: file)
        return try Image(contentsOf: file)
    }

    /// Sends `bytes` as they are and returns what the server answers before closing (or the first 64 KB).
    func raw(_ bytes: String) async throws -> String {
        guard let port = base.port else { throw URLError(.badURL) }
        let socket = try await AsyncSocket.connected(to: try sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port)))
        defer { try? socket.close() }
        try await socket.write(Data(bytes.utf8))
        var received: [UInt8] = []
        while received.count < 65536 {
            guard let chunk = try? await socket.read(atMost: 4096), !chunk.isEmpty else { break }
            received += chunk
            if String(decoding: received, as: UTF8.self).contains("\r\n\r\n"),
                let text = String(bytes: received, encoding: .utf8), text.hasSuffix("}") || text.hasSuffix("\n")
            {
                break
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Polls `/api/scene` until `condition` holds, for at most `seconds`.
    func waitForScene(within seconds: Double, until condition: ([String: Any]) -> Bool) async throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let scene = try await get("/api/scene").json()
            if condition(scene) { return scene }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
