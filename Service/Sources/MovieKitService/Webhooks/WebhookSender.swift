import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Delivers each ended job's webhook: a POST of the job (as `GET /v1/renders/{id}` shows it) to its
/// `callbackUrl`, signed with HMAC-SHA256, retried with exponential backoff until the receiver
/// answers 2xx, and every attempt recorded in the queue, so that deliveries survive a restart.
///
/// The `MovieKit-Signature` header is `t=TIMESTAMP,v1=HEX`: HEX is the HMAC-SHA256, keyed with the
/// server's webhook secret, of `TIMESTAMP.BODY`. A receiver recomputes it, compares in constant time,
/// and refuses timestamps older than a few minutes.
final class WebhookSender: Service {
    struct Configuration: Sendable {
        var secret: SymmetricKey
        var attempts = 6
        var firstDelay: TimeInterval = 1
        var pollInterval: TimeInterval = 0.25
        var timeout: TimeInterval = 10
    }

    let queue: any JobQueue
    let configuration: Configuration
    let present: @Sendable (RenderJob) -> Data
    let logger: Logger

    init(
        queue: any JobQueue, configuration: Configuration, logger: Logger,
        present: @escaping @Sendable (RenderJob) -> Data
    ) {
        self.queue = queue
        self.configuration = configuration
        self.logger = logger
        self.present = present
    }

    /// The header value for `body` sent at `timestamp`.
    static func signature(of body: Data, timestamp: Int, secret: SymmetricKey) -> String {
        var signed = Data("\(timestamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: secret)
        return "t=\(timestamp),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    func run() async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    for (job, attempts) in try await self.queue.pendingWebhooks(now: Date(), limit: 16) {
                        await self.deliver(job, previousAttempts: attempts, client: client)
                    }
                } catch {
                    self.logger.error("Webhooks cannot be read from the queue: \(error)")
                }
                try? await Task.sleep(for: .milliseconds(Int(self.configuration.pollInterval * 1000)))
            }
        }
        try? await client.shutdown()
    }

    private func deliver(_ job: RenderJob, previousAttempts: Int, client: HTTPClient) async {
        guard let target = job.callbackURL else { return }
        let body = present(job)
        var request = HTTPClientRequest(url: target)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "MovieKit-Webhook/1")
        request.headers.add(
            name: "MovieKit-Signature",
            value: Self.signature(of: body, timestamp: Int(Date().timeIntervalSince1970), secret: configuration.secret))
        request.body = .bytes(ByteBuffer(bytes: body))
        var statusCode: Int?
        do {
            let response = try await client.execute(request, timeout: .seconds(Int64(configuration.timeout)))
            statusCode = Int(response.status.code)
            _ = try? await response.body.collect(upTo: 64 << 10)
        } catch {
            logger.info("Webhook of \(job.id) to \(target) failed: \(error)")
        }
        let delivered = statusCode.map { (200..<300).contains($0) } ?? false
        let attempt = previousAttempts + 1
        let next: Date? =
            delivered || attempt >= configuration.attempts
            ? nil : Date().addingTimeInterval(configuration.firstDelay * pow(2, Double(attempt - 1)))
        try? await queue.recordWebhookAttempt(
            id: job.id, statusCode: statusCode, delivered: delivered, nextAttempt: next)
    }
}
