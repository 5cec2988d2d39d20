import FlyingFox
import FlyingSocks
import Foundation
import MovieKitCore
import MovieKitScene
import Synchronization

/// A live preview of a scene in the browser: a small HTTP server on this machine whose page shows
/// the frame at any time (drawn by the same renderer as the movie), a timeline to scrub, playback
/// with sound, the layer tree, a contact sheet and a render button, and that follows the edits
/// to a scene file.
///
/// ```swift
/// let server = PreviewServer(scene: scene)
/// let url = try await server.start()
/// print("Preview at \(url)")
/// try await server.waitUntilStopped()
/// ```
///
/// The server answers only its own routes: the page, the frames, the mixed audio and the scene's
/// description. No path in a request reaches the disk, and it listens on 127.0.0.1 unless told
/// otherwise.
public final class PreviewServer: Sendable {
    /// What is shown.
    public let source: PreviewSource

    let session: PreviewSession
    let frames = FrameStore()
    let events = PreviewEvents()
    let render = PreviewRender()
    private let audio = Mutex<(version: Int, data: Data)?>(nil)
    private let tasks = Mutex<(server: Task<Void, any Error>, watcher: Task<Void, Never>?)?>(nil)
    private let http = Mutex<HTTPServer?>(nil)

    /// Creates a preview of a scene built in code.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - renderOutput: Where the page's render button writes the movie, or `nil` for no render button.
    public convenience init(scene: Scene, renderOutput: URL? = nil) {
        self.init(source: .scene(scene, renderOutput: renderOutput))
    }

    /// Creates a preview of a source; a source that reads files is read again each time one of
    /// them changes.
    /// - Parameter source: What to show.
    public init(source: PreviewSource) {
        self.source = source
        session = PreviewSession(source: source)
    }

    /// Reads the input and starts listening, then watches the input's files.
    /// - Parameters:
    ///   - host: The address to listen on: `127.0.0.1` (this machine only) unless another is needed.
    ///   - port: The port, or 0 for any free one.
    /// - Returns: The page's address, such as `http://127.0.0.1:8080/`.
    /// - Throws: `PreviewError.invalidHost` or `.cannotListen`.
    @discardableResult
    public func start(host: String = "127.0.0.1", port: UInt16 = 0) async throws -> URL {
        let address: any SocketAddress
        do {
            if host.contains(":") {
                address = try sockaddr_in6.inet6(ip6: host, port: port)
            } else {
                address = try sockaddr_in.inet(ip4: host, port: port)
            }
        } catch {
            throw PreviewError.invalidHost(host)
        }
        let state = session.reload()
        if let version = state.snapshot?.version { frames.discard(before: version) }
        let server = HTTPServer(address: address, timeout: 30, logger: .disabled)
        await PreviewRoutes(server: self, host: host).install(on: server)
        let failure = StartFailure()
        let serverTask = Task {
            do {
                try await server.run()
            } catch {
                failure.reason.withLock { $0 = "\(error)" }
                throw error
            }
        }
        // Listening, or the reason it could not (an address in use), whichever comes first.
        var waited = 0
        while await !server.isListening {
            if let reason = failure.reason.withLock({ $0 }) {
                throw PreviewError.cannotListen(host: host, port: port, reason: reason)
            }
            guard waited < 400 else {
                serverTask.cancel()
                throw PreviewError.cannotListen(host: host, port: port, reason: "it did not start within 10 seconds")
            }
            waited += 1
            try await Task.sleep(for: .milliseconds(25))
        }
        guard let listening = await server.listeningAddress else {
            serverTask.cancel()
            throw PreviewError.cannotListen(host: host, port: port, reason: "it reported no address")
        }
        var watcher: Task<Void, Never>?
        if !state.files.isEmpty || state.problem != nil {
            watcher = Task.detached { [self] in
                await FileWatcher.watch(files: { self.session.current.files }) { self.reloadNow() }
            }
        }
        http.withLock { $0 = server }
        tasks.withLock { $0 = (serverTask, watcher) }
        return Self.pageURL(listening, host: host)
    }

    /// Reads the input again now, as after a change to one of its files, and tells the open pages.
    public func reloadNow() {
        let state = session.reload()
        if let version = state.snapshot?.version { frames.discard(before: version) }
        events.send(PreviewRoutes.sceneJSON(self, state: state))
    }

    /// Stops listening and watching.
    public func stop() async {
        let running = tasks.withLock { tasks in
            defer { tasks = nil }
            return tasks
        }
        running?.watcher?.cancel()
        // The routes hold this object, so the HTTP server is let go of here: holding it past the stop
        // would keep both alive for the life of the process.
        let server = http.withLock { server in
            defer { server = nil }
            return server
        }
        if let server { await server.stop(timeout: 1) }
        running?.server.cancel()
        events.finish()
    }

    /// Waits until the server stops (after ``stop()``, or when the task running it is cancelled).
    public func waitUntilStopped() async throws {
        guard let server = tasks.withLock({ $0?.server }) else { return }
        try await withTaskCancellationHandler {
            try await server.value
        } onCancel: {
            server.cancel()
        }
    }

    /// The mixed audio of `snapshot` as WAV, computed once per version of the scene.
    func wave(of snapshot: PreviewSession.Snapshot) throws -> Data {
        if let cached = audio.withLock({ $0 }), cached.version == snapshot.version { return cached.data }
        let scene = snapshot.renderer.scene
        let data = try AudioTrack.waveData(mixing: scene.audio, duration: scene.canvas.duration)
        audio.withLock { $0 = (snapshot.version, data) }
        return data
    }

    private static func pageURL(_ address: Socket.Address, host: String) -> URL {
        let port: UInt16
        switch address {
        case .ip4(_, let value), .ip6(_, let value): port = value
        default: port = 0
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(shown):\(port)/") ?? URL(fileURLWithPath: "/")
    }
}

/// Why the server task stopped before it listened.
private final class StartFailure: Sendable {
    let reason = Mutex<String?>(nil)
}

/// Why a preview cannot start.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    /// The host is not an IPv4 or IPv6 address.
    case invalidHost(String)
    /// The server could not listen on the address.
    case cannotListen(host: String, port: UInt16, reason: String)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            "Host \(host) is not an IP address; use an address such as 127.0.0.1 (this machine only) or 0.0.0.0."
        case .cannotListen(let host, let port, let reason):
            "The preview cannot listen on \(host) port \(port) (\(reason)); use a free port, or 0 for any."
        }
    }
}
