import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import Testing

/// Webhooks: signed, retried after a failure, delivered once.
@Suite("Render service: webhooks", .serialized)
struct ServiceWebhookTests {
    struct Delivery: Sendable {
        var job: String
        var status: Int
        var signatureValid: Bool
    }

    @Test func eachJobGetsOneSignedSuccessfulDeliveryAfterAFirstAttemptAnswered500() async throws {
        let secret = "webhook-secret-\(UUID().uuidString)"
        let deliveries = Mutex<[Delivery]>([])
        let router = Router()
        router.post("/hook") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            let data = Data(buffer: body)
            let header = HTTPField.Name("MovieKit-Signature").flatMap { request.headers[$0] } ?? ""
            let parts = Dictionary(
                header.split(separator: ",").compactMap { part -> (String, String)? in
                    let pair = part.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 ? (String(pair[0]), String(pair[1])) : nil
                }, uniquingKeysWith: { first, _ in first })
            var signed = Data("\(parts["t"] ?? "").".utf8)
            signed.append(data)
            let expected = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
                .map { String(format: "%02x", $0) }.joined()
            let job = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["id"] as? String ?? ""
            let status = deliveries.withLock { list -> Int in
                let seen = list.contains { $0.job == job }
                list.append(Delivery(job: job, status: seen ? 200 : 500, signatureValid: parts["v1"] == expected))
                return seen ? 200 : 500
            }
            return Response(status: .init(code: status))
        }
        let port = Mutex(0)
        let receiver = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.withLock { $0 = channel.localAddress?.port ?? 0 } })
        let receiverTask = Task { try await receiver.runService() }
        defer { receiverTask.cancel() }
        while port.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(20)) }

        let server = try ServerProcess()
        let secretFile = server.data.deletingLastPathComponent().appendingPathComponent("secret")
        try Data(secret.utf8).write(to: secretFile)
        let configured = try ServerProcess(
            data: server.data, assets: server.assets,
            extra: ["--webhook-secret-file", secretFile.path, "--webhook-retry-delay", "0.2"])
        try configured.start()
        defer { configured.stop() }
        let api = APIClient(configured)
        let callback = "http://127.0.0.1:\(port.withLock { $0 })/hook"
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try await api.submit(Documents.scene(), extra: ["callbackUrl": callback])) }
        for id in ids { _ = try await api.waitForEnd(id) }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline,
            deliveries.withLock({ list in ids.contains { id in !list.contains { $0.job == id && $0.status == 200 } } })
        {
            try await Task.sleep(for: .milliseconds(100))
        }
        // Time for a wrong extra delivery to arrive.
        try await Task.sleep(for: .seconds(1))
        let received = deliveries.withLock { $0 }
        for id in ids {
            let mine = received.filter { $0.job == id }
            #expect(mine.map(\.status) == [500, 200], "job \(id): \(mine.map(\.status))")
            #expect(mine.allSatisfy { $0.signatureValid }, "every delivery is signed with the secret")
        }
        // Without a secret, a callbackUrl is refused rather than sent unsigned.
        let plain = try ServerProcess()
        try plain.start()
        defer { plain.stop() }
        let refused = try await APIClient(plain).send(
            .POST, "/v1/renders", json: ["document": Documents.scene(), "callbackUrl": callback])
        #expect(refused.status == 422)
    }
}
