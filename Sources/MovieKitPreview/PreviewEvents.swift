import FlyingFox
import Foundation
import Synchronization

/// The open pages' WebSocket connections, each told the scene's new description after every load.
final class PreviewEvents: WSMessageHandler, Sendable {
    private let clients = Mutex<[UUID: AsyncStream<WSMessage>.Continuation]>([:])
    /// What a new page is sent first; set by the server on each load.
    private let latest = Mutex<Data?>(nil)

    /// Sends `json` to every open page.
    func send(_ json: Data) {
        latest.withLock { $0 = json }
        let text = String(decoding: json, as: UTF8.self)
        for client in clients.withLock({ Array($0.values) }) { client.yield(.text(text)) }
    }

    /// Closes every connection.
    func finish() {
        for client in clients.withLock({ clients in
            defer { clients = [:] }
            return Array(clients.values)
        }) {
            client.finish()
        }
    }

    var count: Int { clients.withLock { $0.count } }

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(8))
        if let first = latest.withLock({ $0 }) { continuation.yield(.text(String(decoding: first, as: UTF8.self))) }
        clients.withLock { $0[id] = continuation }
        // The page sends nothing; when it closes, its stream ends and so does ours.
        Task { [weak self] in
            for await _ in client {}
            self?.clients.withLock { _ = $0.removeValue(forKey: id) }
            continuation.finish()
        }
        return stream
    }
}
