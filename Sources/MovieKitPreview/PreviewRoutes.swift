import FlyingFox
import Foundation
import MovieKitCore
import MovieKitScene

/// The server's routes: a fixed table of the page's files and the preview's API. Nothing a
/// request names is looked up on the disk; anything else is answered 404, and a bad query 400,
/// both with a JSON message.
struct PreviewRoutes: Sendable {
    let server: PreviewServer
    /// The host names a request may be addressed to, or `nil` for any (a server listening on every
    /// interface). Checking them keeps a web page from reaching the preview by DNS rebinding.
    let allowedHosts: Set<String>?

    init(server: PreviewServer, host: String) {
        self.server = server
        allowedHosts =
            ["0.0.0.0", "::"].contains(host) ? nil : [host, "localhost", "127.0.0.1", "[::1]", "[\(host)]"]
    }

    /// The page's files, read from the module's resources once.
    static let pageFiles: [String: (type: String, data: Data)] = {
        var files: [String: (type: String, data: Data)] = [:]
        let types = ["index.html": "text/html", "preview.js": "text/javascript", "preview.css": "text/css"]
        for (name, type) in types {
            let url = Bundle.module.url(forResource: "Page/" + name, withExtension: nil)
            if let url, let data = try? Data(contentsOf: url) { files[name] = (type + "; charset=utf-8", data) }
        }
        return files
    }()

    func install(on http: HTTPServer) async {
        await http.appendRoute("*") { [allowedHosts] request in
            if let refusal = Self.refusal(of: request, allowedHosts: allowedHosts) { return refusal }
            throw HTTPUnhandledError()  // On to the routes below.
        }
        await http.appendRoute("GET /") { _ in Self.page("index.html") }
        await http.appendRoute("GET /preview.js") { _ in Self.page("preview.js") }
        await http.appendRoute("GET /preview.css") { _ in Self.page("preview.css") }
        await http.appendRoute("GET /api/scene") { [server] _ in
            Self.json(Self.sceneJSON(server, state: server.session.current))
        }
        await http.appendRoute("GET /api/frame") { [server] request in try await Self.frame(server, request) }
        await http.appendRoute("GET /api/layer") { [server] request in Self.layer(server, request) }
        await http.appendRoute("GET /api/audio.wav") { [server] _ in await Self.audio(server) }
        await http.appendRoute("GET /api/render") { [server] _ in Self.json(Self.encode(server.render.current)) }
        await http.appendRoute("POST /api/render") { [server] _ in Self.startRender(server) }
        await http.appendRoute("GET /api/events", to: .webSocket(server.events))
        await http.appendRoute("*") { request in
            Self.failure(
                .notFound, "No page or API is at \(request.method.rawValue) \(request.path); open / for the preview.")
        }
    }

    // MARK: - Routes

    /// A 403 for a request addressed to another host name, or sent by a page from another origin
    /// (which could otherwise start a render); `nil` for a request to answer.
    static func refusal(of request: HTTPRequest, allowedHosts: Set<String>?) -> HTTPResponse? {
        guard let allowedHosts else { return nil }
        func name(_ authority: String) -> String {
            if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
                return String(authority[...end])
            }
            return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
        }
        let host = request.headers[.host].map(name) ?? ""
        guard allowedHosts.contains(host.lowercased()) else {
            return failure(.forbidden, "Requests to host \(host) are refused; open the preview at 127.0.0.1.")
        }
        if let origin = request.headers[HTTPHeader("Origin")], origin != "null" {
            let authority = URL(string: origin).map { ($0.host ?? "") + ($0.port.map { ":\($0)" } ?? "") } ?? ""
            guard allowedHosts.contains(name(authority).lowercased()) else {
                return failure(.forbidden, "Requests from pages of \(origin) are refused; use the preview's own page.")
            }
        }
        return nil
    }

    static func page(_ name: String) -> HTTPResponse {
        guard let file = pageFiles[name] else {
            return failure(.internalServerError, "The page's file \(name) is missing from the package's resources.")
        }
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"], body: file.data)
    }

    /// `GET /api/frame?frame=N&width=W` (or `time=T` instead of `frame`): the frame as PNG.
    static func frame(_ server: PreviewServer, _ request: HTTPRequest) async throws -> HTTPResponse {
        guard let snapshot = server.session.current.snapshot else {
            return failure(.serviceUnavailable, "The scene has not loaded yet; fix the error the page shows.")
        }
        let canvas = snapshot.renderer.canvas
        let frame: Int
        switch frameIndex(request, canvas: canvas) {
        case .success(let index): frame = index
        case .failure(let message): return failure(.badRequest, message.text)
        }
        var width = min(canvas.width, 3840)
        if let text = request.query["width"] {
            guard let value = Int(text), (16...3840).contains(value) else {
                return failure(.badRequest, "Width \(text) is not a whole number from 16 to 3840; pass width=640.")
            }
            width = value
        }
        do {
            let data = try await server.frames.png(of: snapshot, frame: frame, width: width)
            return HTTPResponse(
                statusCode: .ok,
                headers: [
                    .contentType: "image/png", .cacheControl: "no-store",
                    HTTPHeader("X-Scene-Version"): String(snapshot.version)
                ],
                body: data)
        } catch {
            return failure(.internalServerError, "Frame \(frame) could not be drawn: \(error)")
        }
    }

    struct Message: Error { var text: String }

    /// The frame a request names with `frame=N` or `time=T` (the frame shown at T, as `moviemake still --time`).
    static func frameIndex(_ request: HTTPRequest, canvas: Canvas) -> Result<Int, Message> {
        let count = canvas.frameCount
        if let text = request.query["frame"] {
            guard let frame = Int(text), (0..<count).contains(frame) else {
                return .failure(Message(text: "Frame \(text) is not a whole number from 0 to \(count - 1)."))
            }
            return .success(frame)
        }
        if let text = request.query["time"] {
            guard let time = Double(text), time.isFinite, time >= 0 else {
                return .failure(Message(text: "Time \(text) is not a number of seconds from 0."))
            }
            let index = canvas.fps.frame(at: time)
            return .success(min(index, count - 1))
        }
        return .success(0)
    }

    /// `GET /api/layer?id=N&frame=F`: where layer N lies on the canvas at that frame.
    static func layer(_ server: PreviewServer, _ request: HTTPRequest) -> HTTPResponse {
        guard let snapshot = server.session.current.snapshot else {
            return failure(.serviceUnavailable, "The scene has not loaded yet; fix the error the page shows.")
        }
        let canvas = snapshot.renderer.canvas
        guard let text = request.query["id"], let id = Int(text), id >= 0 else {
            return failure(.badRequest, "The layer is missing or not a number; pass id=0 for the first layer.")
        }
        let frame: Int
        switch frameIndex(request, canvas: canvas) {
        case .success(let index): frame = index
        case .failure(let message): return failure(.badRequest, message.text)
        }
        let corners = LayerOutline.corners(
            ofLayer: id, in: snapshot.renderer.scene, at: canvas.time(ofFrame: frame))
        struct Bounds: Encodable {
            var id: Int
            var frame: Int
            var corners: [[Double]]
        }
        let bounds = Bounds(id: id, frame: frame, corners: (corners ?? []).map { [$0.x, $0.y] })
        return json(encode(bounds))
    }

    static func audio(_ server: PreviewServer) async -> HTTPResponse {
        guard let snapshot = server.session.current.snapshot else {
            return failure(.serviceUnavailable, "The scene has not loaded yet; fix the error the page shows.")
        }
        do {
            // Mixing reads every audio file: off Swift's cooperative threads.
            let wave: Data = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try server.wave(of: snapshot) }) }
            }
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-store"], body: wave)
        } catch {
            return failure(.internalServerError, "The scene's audio could not be mixed: \(error)")
        }
    }

    static func startRender(_ server: PreviewServer) -> HTTPResponse {
        guard let output = server.source.renderOutput else {
            return failure(.notFound, "This preview has no movie to write; it was started without an output.")
        }
        guard let snapshot = server.session.current.snapshot else {
            return failure(.serviceUnavailable, "The scene has not loaded yet; fix the error the page shows.")
        }
        // The movie's settings, as every front end derives them from the document (RenderPlan).
        let settings: MovieSettings?
        do {
            settings = try snapshot.document.map { try RenderPlan(document: $0, output: output).settings }
        } catch {
            return failure(.unprocessableContent, "The movie cannot be written: \(error)")
        }
        guard server.render.start(snapshot.renderer, settings: settings, to: output) else {
            return failure(.conflict, "A movie is being written already; wait for it to finish.")
        }
        return json(encode(server.render.current), status: .accepted)
    }

    // MARK: - JSON

    /// The scene as the page sees it: canvas, timing, layers, contact sheet times and the last error.
    struct SceneDescription: Encodable {
        var title: String
        var generation: Int
        var version: Int?
        var format: String?
        var width: Int?
        var height: Int?
        var fps: Double?
        var frameCount: Int?
        var duration: Double?
        var hasAudio: Bool
        var layers: [LayerOutline]
        var sheet: [Int]
        var problem: PreviewProblem?
        var renderOutput: String?
        var type = "scene"
    }

    static func sceneJSON(_ server: PreviewServer, state: PreviewSession.State) -> Data {
        let snapshot = state.snapshot
        let canvas = snapshot?.renderer.canvas
        let sheet = canvas.map { canvas in
            ContactSheet(count: 12).times(duration: canvas.duration, fps: canvas.fps).map {
                min(canvas.frameCount - 1, canvas.fps.frame(at: $0))
            }
        }
        let description = SceneDescription(
            title: server.source.title, generation: state.generation, version: snapshot?.version,
            format: snapshot?.format, width: canvas?.width, height: canvas?.height, fps: canvas?.fps.framesPerSecond,
            frameCount: canvas?.frameCount, duration: canvas?.duration,
            hasAudio: !(snapshot?.renderer.scene.audio.isEmpty ?? true), layers: snapshot?.layers ?? [],
            sheet: sheet ?? [], problem: state.problem, renderOutput: server.source.renderOutput?.path)
        return encode(description)
    }

    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    static func json(_ data: Data, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(
            statusCode: status, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: data)
    }

    static func failure(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        json(encode(["error": message]), status: status)
    }
}
