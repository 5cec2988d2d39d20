import ArgumentParser
import Foundation
import MovieKitKinds
import MovieKitScene
import MovieKitService
import Synchronization

/// `moviemake-serve` (which `moviemake serve` runs): the render service, MovieKitService.
@main
struct MoviemakeServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moviemake serve",
        abstract: "Run the render service: an HTTP API that renders documents from a durable queue.",
        discussion: """
            The API is described by its OpenAPI document, served at /openapi.json and /openapi.yaml. Every /v1 \
            request needs a bearer token, one of the lines of --token-file. Documents may read only files in \
            --assets. Accepted renders are stored in --data (SQLite) or in PostgreSQL (--queue), and survive a \
            crash or restart. SIGTERM or Ctrl-C stops taking renders, lets running ones finish within \
            --grace-period, and puts the others back in the queue; a second one stops at once.

            Example:
              moviemake serve --port 8080 --data /var/lib/moviekit --token-file tokens.txt --assets assets
            """
    )

    @Option(help: "The port to listen on; 0 picks a free one, printed at start.")
    var port = 8080

    @Option(help: "The address to listen on. Default: 127.0.0.1 (this machine only).")
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Where the queue, the movies and work folders go.", valueName: "folder"))
    var data: String

    @Option(help: ArgumentHelp("A file of bearer tokens, one per line.", valueName: "file"))
    var tokenFile: String

    @Option(
        help: ArgumentHelp(
            "The only folder documents may read files from. Default: --data's assets folder.", valueName: "folder"))
    var assets: String?

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL URL for a queue shared by several servers, such as postgres://user:pass@db:5432/moviekit.",
            valueName: "url"))
    var queue: String?

    @Option(help: "Renders at once on this machine; each draws on every core.")
    var concurrentRenders = 1

    @Option(help: "Queued renders one token may have before submissions get 429.")
    var maxQueuedPerToken = 100

    @Option(help: ArgumentHelp("The largest request body, in bytes.", valueName: "bytes"))
    var maxBodySize = 8 << 20

    @Option(help: ArgumentHelp("Seconds a render may take before it fails.", valueName: "seconds"))
    var renderTimeLimit = 3600.0

    @Option(
        help: ArgumentHelp(
            "Seconds running renders may go on after SIGTERM before they are requeued.", valueName: "seconds"))
    var gracePeriod = 30.0

    @Option(help: ArgumentHelp("Seconds a worker's claim on a render lasts without renewal.", valueName: "seconds"))
    var lease = 15.0

    @Option(
        help: ArgumentHelp(
            "A file whose contents sign webhooks (HMAC-SHA256); without it, callbackUrl is refused.", valueName: "file")
    )
    var webhookSecretFile: String?

    @Option(help: ArgumentHelp("Seconds before a failed webhook is retried, doubling each time.", valueName: "seconds"))
    var webhookRetryDelay = 1.0

    @Flag(help: "Let documents name http and https files.")
    var allowRemoteFiles = false

    mutating func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port (0 to 65535).") }
        guard concurrentRenders >= 1, maxQueuedPerToken >= 1, maxBodySize >= 1024 else {
            throw ValidationError(
                "--concurrent-renders and --max-queued-per-token are at least 1, and --max-body-size at least 1024.")
        }
        guard renderTimeLimit > 0, gracePeriod >= 0, lease >= 2, webhookRetryDelay > 0 else {
            throw ValidationError(
                "--render-time-limit and --webhook-retry-delay are above 0, --grace-period at least 0, --lease at least 2."
            )
        }
    }

    static func main() {
        ShutdownSignals.blockAtLaunch()
        ContentRegistry.registerStandardKinds()
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    func run() throws {
        let tokens = try Self.lines(of: tokenFile, what: "token file")
        guard !tokens.isEmpty else {
            throw CommandFailure("\(tokenFile) holds no token; write one token per line.")
        }
        let dataFolder = URL(fileURLWithPath: data, isDirectory: true)
        var configuration = RenderService.Configuration(
            dataFolder: dataFolder,
            assetsFolder: assets.map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? dataFolder.appendingPathComponent("assets", isDirectory: true),
            tokens: tokens)
        try FileManager.default.createDirectory(at: configuration.assetsFolder, withIntermediateDirectories: true)
        configuration.contentRegistry = .standard
        configuration.host = host
        configuration.port = port
        configuration.queueURL = queue
        configuration.concurrentRenders = concurrentRenders
        configuration.maximumQueuedPerToken = maxQueuedPerToken
        configuration.maximumBodySize = maxBodySize
        configuration.renderTimeLimit = renderTimeLimit
        configuration.gracePeriod = gracePeriod
        configuration.lease = lease
        configuration.allowsRemoteFiles = allowRemoteFiles
        configuration.webhookFirstRetryDelay = webhookRetryDelay
        if let webhookSecretFile {
            guard let secret = FileManager.default.contents(atPath: webhookSecretFile), !secret.isEmpty else {
                throw CommandFailure(
                    "\(webhookSecretFile) cannot be read or is empty; it holds the webhook secret.")
            }
            configuration.webhookSecret = secret
        }
        let service = RenderService(configuration: configuration)
        let host = configuration.host
        let finished = DispatchSemaphore(value: 0)
        let failure = ServeFailure()
        Task {
            do {
                try await service.run { port in
                    FileHandle.standardOutput.write(Data("Listening on http://\(host):\(port)\n".utf8))
                }
            } catch {
                failure.error = "\(error)"
            }
            finished.signal()
        }
        // The first SIGINT or SIGTERM begins a graceful shutdown; a second one exits at once.
        ShutdownSignals.start { service.shutDown() }
        finished.wait()
        if let error = failure.error { throw CommandFailure("The render service stopped: \(error)") }
        if let number = ShutdownSignals.received { throw ExitCode(128 + number) }
    }

    /// The non-empty lines of a file, trimmed.
    static func lines(of path: String, what: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("\(path): the \(what) cannot be read.")
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

/// The error a service run ended with, set from its task.
private final class ServeFailure: Sendable {
    private let state = Mutex<String?>(nil)

    var error: String? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
