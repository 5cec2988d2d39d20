import Crypto
import Foundation
import Hummingbird
import Logging
import MovieKitScene
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import ServiceLifecycle
import Synchronization
import Yams

/// What `moviemake serve` starts: the HTTP API of `openapi.yaml`, the render workers and the
/// webhook sender, over one durable queue.
///
/// ```swift
/// var configuration = RenderService.Configuration(dataFolder: data, assetsFolder: assets, tokens: ["s3cret"])
/// configuration.port = 8080
/// try await RenderService(configuration: configuration).run()
/// ```
public final class RenderService: Sendable {
    /// How the service runs.
    public struct Configuration: Sendable {
        /// The address to listen on; loopback unless told otherwise.
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one, which `run(onListening:)` reports.
        public var port = 8080
        /// Where the queue (SQLite), the movies and the work folders go.
        public var dataFolder: URL
        /// The only folder documents may read files from.
        public var assetsFolder: URL
        /// The bearer tokens accepted.
        public var tokens: [String]
        /// A PostgreSQL URL (`postgres://user:password@host:port/database`) for a queue shared by
        /// several servers; `nil` keeps the queue in SQLite in `dataFolder`.
        public var queueURL: String?
        /// Renders at once on this machine; each draws on every core.
        public var concurrentRenders = 1
        /// Queued jobs a token may have before submissions get `429`.
        public var maximumQueuedPerToken = 100
        /// The largest request body, in bytes.
        public var maximumBodySize = 8 << 20
        /// Seconds a render may take before it is stopped and fails.
        public var renderTimeLimit: TimeInterval = 3600
        /// Seconds running renders may go on after a graceful shutdown begins, before they are
        /// stopped and put back in the queue.
        public var gracePeriod: TimeInterval = 30
        /// Seconds a worker's claim on a job lasts without renewal (it renews twice a second).
        public var lease: TimeInterval = 15
        /// Whether documents may name http(s) files.
        public var allowsRemoteFiles = false
        /// The key webhooks are signed with; `nil` refuses requests with a `callbackUrl`.
        public var webhookSecret: Data?
        /// The first wait between webhook attempts, doubled after each.
        public var webhookFirstRetryDelay: TimeInterval = 1
        /// The kinds of content documents are read with: `moviemake serve` passes its own; the default
        /// is the process-wide `ContentRegistry.shared`.
        public var contentRegistry = ContentRegistry.shared

        /// - Parameters:
        ///   - dataFolder: Where the queue, movies and work folders go.
        ///   - assetsFolder: The only folder documents may read from.
        ///   - tokens: The bearer tokens accepted.
        public init(dataFolder: URL, assetsFolder: URL, tokens: [String]) {
            self.dataFolder = dataFolder
            self.assetsFolder = assetsFolder
            self.tokens = tokens
        }
    }

    public let configuration: Configuration
    private let shutdownTrigger = Mutex<ServiceGroup?>(nil)
    private let shutdownRequested = Mutex(false)
    private let stoppingFlag = ShutdownFlag()

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Runs until `shutDown()`: listens, renders and delivers webhooks.
    /// - Parameter onListening: Called with the port once the server listens.
    /// - Throws: When the data folder, the queue or the port cannot be opened.
    public func run(onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let logger = Logger(label: "moviekit.service")
        let data = configuration.dataFolder
        let outputs = data.appendingPathComponent("renders", isDirectory: true)
        // Each process has a work folder of its own, as servers of a shared queue share the data
        // folder; those of processes of this machine that are gone (a crash) are removed.
        let host = ProcessInfo.processInfo.hostName
        let works = data.appendingPathComponent("work", isDirectory: true)
        let work = works.appendingPathComponent("\(host)-\(getpid())", isDirectory: true)
        for folder in [data, outputs, work] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: works.path)) ?? []
        where entry.hasPrefix(host + "-") {
            guard let pid = Int32(entry.dropFirst(host.count + 1)), pid != getpid(), kill(pid, 0) != 0 else { continue }
            try? FileManager.default.removeItem(at: works.appendingPathComponent(entry))
        }
        let queue: any JobQueue
        let ownsQueue: Bool
        if let url = configuration.queueURL {
            queue = try await PostgresJobQueue.connect(url: url, logger: logger)
            ownsQueue = false
        } else {
            queue = try SQLiteJobQueue(url: data.appendingPathComponent("queue.sqlite"))
            ownsQueue = true
        }
        let metrics = ServiceMetrics()
        let renderer = JobRenderer(
            policy: AssetPolicy(folder: configuration.assetsFolder, allowsRemoteFiles: configuration.allowsRemoteFiles),
            workFolder: work, images: DecodedImages(), registry: configuration.contentRegistry)
        let stopping = stoppingFlag
        let yaml = try Self.openAPIDocument()
        let json =
            (try? Yams.load(yaml: yaml)).flatMap { try? JSONSerialization.data(withJSONObject: $0) } ?? Data("{}".utf8)
        let api = RenderAPI(
            queue: queue, renderer: renderer, outputs: outputs, metrics: metrics,
            maximumQueuedPerOwner: configuration.maximumQueuedPerToken,
            signsWebhooks: configuration.webhookSecret != nil, stopping: stopping, documentYAML: yaml,
            documentJSON: json)
        let router = Router()
        try api.registerHandlers(
            on: router, serverURL: Servers.Server1.url(),
            middlewares: [
                ServiceMiddleware(
                    tokens: Set(configuration.tokens.map(Caller.fingerprint)),
                    maximumBodySize: configuration.maximumBodySize)
            ])
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        var workerConfiguration = RenderWorkers.Configuration()
        workerConfiguration.concurrency = configuration.concurrentRenders
        workerConfiguration.lease = configuration.lease
        workerConfiguration.timeLimit = configuration.renderTimeLimit
        workerConfiguration.gracePeriod = configuration.gracePeriod
        workerConfiguration.ownsQueue = ownsQueue
        let workers = RenderWorkers(
            queue: queue, renderer: renderer, outputs: outputs, configuration: workerConfiguration, metrics: metrics,
            logger: logger)
        var services: [any Service] = [app, workers]
        if let secret = configuration.webhookSecret {
            var webhookConfiguration = WebhookSender.Configuration(secret: SymmetricKey(data: secret))
            webhookConfiguration.firstDelay = configuration.webhookFirstRetryDelay
            services.append(
                WebhookSender(queue: queue, configuration: webhookConfiguration, logger: logger) { job in
                    let encoder = JSONEncoder()
                    encoder.dateEncodingStrategy = .iso8601
                    encoder.outputFormatting = [.sortedKeys]
                    return (try? encoder.encode(api.present(job))) ?? Data()
                })
        }
        let group = ServiceGroup(services: services, logger: logger)
        let stopNow = shutdownTrigger.withLock { trigger -> Bool in
            trigger = group
            return shutdownRequested.withLock { $0 }
        }
        if stopNow { await group.triggerGracefulShutdown() }
        try await group.run()
        if let postgres = queue as? PostgresJobQueue { await postgres.close() }
    }

    /// Begins a graceful shutdown: no new jobs are taken, running renders get the grace period, the
    /// server stops listening.
    public func shutDown() {
        stoppingFlag.set()
        shutdownRequested.withLock { $0 = true }
        guard let group = shutdownTrigger.withLock({ $0 }) else { return }
        Task { await group.triggerGracefulShutdown() }
    }
}

extension RenderService {
    /// The OpenAPI document the API is generated from, as the server serves it.
    static func openAPIDocument() throws -> String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { throw ServiceError("The service's OpenAPI document is missing from its resources; rebuild moviemake.") }
        return text
    }
}

/// Set once, read by many: whether a graceful shutdown began.
final class ShutdownFlag: Sendable {
    private let state = Mutex(false)
    var isSet: Bool { state.withLock { $0 } }
    func set() { state.withLock { $0 = true } }
}
