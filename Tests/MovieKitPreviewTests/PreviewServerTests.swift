import Foundation
import FrameDraw
import MovieKitCore
import MovieKitPreview
import MovieKitScene
import TestSupport
import Testing

@Suite("Preview server")
struct PreviewServerTests {
    /// A red canvas with a blue box that moves right over one second.
    static func movingBox() -> Scene {
        Scene(width: 64, height: 48, fps: 10, duration: 1, background: .red) {
            Layer.rect()
                .named("box")
                .size(width: 16, height: 16)
                .position(.tween(from: CGPoint(x: 8, y: 24), to: CGPoint(x: 56, y: 24), duration: 1, easing: .linear))
                .fill(.blue)
        }
    }

    static func sceneYAML(background: String, boxColor: String = "#0000FF") -> String {
        """
        canvas: {width: 64, height: 48, fps: 10, duration: 1, background: "\(background)"}
        layers:
          - type: rect
            name: box
            size: [16, 16]
            position: [32, 24]
            fill: "\(boxColor)"

        """
    }

    @Test("A frame is the renderer's picture, at the size asked for")
    func framePixels() async throws {
        let folder = try TemporaryDirectory()
        let scene = Self.movingBox()
        let server = PreviewServer(scene: scene)
        let client = PreviewClient(base: try await server.start(port: 0))
        defer { Task { await server.stop() } }
        let renderer = try SceneRenderer(scene: scene)
        for (frame, width) in [(0, 64), (5, 64), (9, 32)] {
            let served = try await client.image("/api/frame?frame=\(frame)&width=\(width)", in: folder.url)
            let size = CGSize(width: width, height: width * 48 / 64)
            let expected = try renderer.image(at: scene.canvas.time(ofFrame: frame), size: size)
            #expect(served.size == expected.size)
            var largest = 0.0
            for y in stride(from: 0, to: expected.height, by: 3) {
                for x in stride(from: 0, to: expected.width, by: 3) {
                    let a = served.pixel(atX: x, y: y)
                    let b = expected.pixel(atX: x, y: y)
                    largest = max(largest, abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
                }
            }
            #expect(largest < 1.0 / 255 + 1e-9, "frame \(frame) at \(width) px differs by \(largest)")
        }
        // time=0.55 is frame 5, as `moviemake still --time 0.55` picks it.
        let byTime = try await client.get("/api/frame?time=0.55&width=64")
        let byFrame = try await client.get("/api/frame?frame=5&width=64")
        #expect(byTime.status == 200 && byTime.type == "image/png" && byTime.data == byFrame.data)
        let scene0 = try await client.get("/api/scene").json()
        #expect(scene0["frameCount"] as? Int == 10)
        #expect((scene0["layers"] as? [[String: Any]])?.first?["name"] as? String == "box")
    }

    @Test("Layer bounds follow the layer's animation")
    func layerBounds() async throws {
        let server = PreviewServer(scene: Self.movingBox())
        let client = PreviewClient(base: try await server.start(port: 0))
        defer { Task { await server.stop() } }
        let start = try await client.get("/api/layer?id=0&frame=0").json()["corners"] as? [[Double]]
        let middle = try await client.get("/api/layer?id=0&frame=5").json()["corners"] as? [[Double]]
        #expect(start?.first == [0, 16])
        #expect(middle?.first == [24, 16])
        #expect(middle?[2] == [40, 32])
        let missing = try await client.get("/api/layer?id=7&frame=0").json()["corners"] as? [[Double]]
        #expect(missing?.isEmpty == true)
    }

    @Test("Editing the scene file reloads it; a broken file reports its line and column and keeps the last frame")
    func reloadAndErrors() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(Data(Self.sceneYAML(background: "#FF0000").utf8), to: "scene.yaml")
        let server = PreviewServer(source: .file(file))
        let client = PreviewClient(base: try await server.start(port: 0))
        defer { Task { await server.stop() } }
        let first = try await client.image("/api/frame?frame=0", in: folder.url)
        #expect(first.pixel(atX: 2, y: 2).red > 0.99)

        try Data(Self.sceneYAML(background: "#00FF00").utf8).write(to: file)
        let reloaded = try await client.waitForScene(within: 20) { $0["version"] as? Int == 2 }
        #expect(reloaded != nil)
        let second = try await client.image("/api/frame?frame=0", in: folder.url)
        #expect(second.pixel(atX: 2, y: 2).green > 0.99 && second.pixel(atX: 2, y: 2).red < 0.01)

        // A tab where YAML wants spaces: line 4, and the scene stays at version 2.
        try Data(Self.sceneYAML(background: "#0000FF").replacingOccurrences(of: "  - type", with: "\t- type").utf8)
            .write(to: file)
        let broken = try await client.waitForScene(within: 20) { $0["problem"] is [String: Any] }
        let problem = try #require(broken?["problem"] as? [String: Any])
        #expect(problem["file"] as? String == file.path)
        #expect(problem["line"] as? Int == 3)
        #expect(problem["column"] as? Int != nil)
        #expect((problem["message"] as? String)?.contains("scene.yaml:3:") == true)
        #expect(broken?["version"] as? Int == 2)
        let kept = try await client.image("/api/frame?frame=0", in: folder.url)
        #expect(kept.pixel(atX: 2, y: 2).green > 0.99)

        try Data(Self.sceneYAML(background: "#0000FF").utf8).write(to: file)
        let fixed = try await client.waitForScene(within: 20) { $0["version"] as? Int == 3 && $0["problem"] == nil }
        #expect(fixed != nil)
    }

    @Test("Only known routes answer; request paths never reach the disk and bad requests get errors")
    func security() async throws {
        let server = PreviewServer(scene: Self.movingBox())
        let base = try await server.start(port: 0)
        let client = PreviewClient(base: base)
        defer { Task { await server.stop() } }
        #expect(base.host == "127.0.0.1")
        let page = try await client.get("/")
        #expect(page.status == 200 && String(decoding: page.data, as: UTF8.self).contains("MovieKit preview"))
        for path in [
            "/Package.swift", "/preview.js/../index.html", "/api/frame/../../Package.swift", "/Page/index.html"
        ] {
            #expect(try await client.get(path).status == 404, "\(path)")
        }
        for request in [
            "GET /../../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        ] {
            let reply = try await client.raw(request)
            #expect(reply.hasPrefix("HTTP/1.1 404"), "\(reply.prefix(80))")
            #expect(!reply.contains("root:"))
        }
        for query in ["frame=-1", "frame=10", "frame=x", "time=nan", "width=100000", "width=3"] {
            let reply = try await client.get("/api/frame?\(query)")
            #expect(reply.status == 400, "\(query)")
            #expect((try reply.json()["error"] as? String)?.isEmpty == false)
        }
        #expect(try await client.get("/api/layer?id=x").status == 400)
        #expect(try await client.get("/api/frame", method: "DELETE").status == 404)
        #expect(try await client.get("/api/render", method: "POST").status == 404)  // no output was given
        // Another host name (DNS rebinding) or another site's page is refused.
        let rebound = try await client.raw("GET /api/scene HTTP/1.1\r\nHost: evil.example:80\r\n\r\n")
        #expect(rebound.hasPrefix("HTTP/1.1 403"), "\(rebound.prefix(80))")
        let port = base.port ?? 0
        let crossSite = try await client.raw(
            "POST /api/render HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\n\r\n"
        )
        #expect(crossSite.hasPrefix("HTTP/1.1 403"), "\(crossSite.prefix(80))")
        let local = try await client.raw("GET /api/render HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
        #expect(local.hasPrefix("HTTP/1.1 200"), "\(local.prefix(80))")
        // A request that is not HTTP gets no crash: the server answers the next one.
        _ = try? await client.raw("GARBAGE\r\n\r\n")
        #expect(try await client.get("/api/scene").status == 200)
    }

    @Test("The audio route serves the scene's mix as WAV; a host that is not an address is refused")
    func audioAndHost() async throws {
        let server = PreviewServer(scene: Self.movingBox())
        let client = PreviewClient(base: try await server.start(port: 0))
        defer { Task { await server.stop() } }
        let wave = try await client.get("/api/audio.wav")
        #expect(wave.status == 200 && wave.type == "audio/wav")
        #expect(wave.data.prefix(4) == Data("RIFF".utf8))
        // One second of 48 kHz stereo 16-bit silence, after the 44-byte header.
        #expect(wave.data.count == 44 + 48000 * 4)
        await #expect(throws: PreviewError.invalidHost("localhost:x")) {
            try await PreviewServer(scene: Self.movingBox()).start(host: "localhost:x")
        }
    }
}

@Suite("Preview server: render button")
struct PreviewRenderTests {
    @Test("The render button writes the movie with the scene's settings and reports progress")
    func render() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("movie.mp4")
        let server = PreviewServer(scene: PreviewServerTests.movingBox(), renderOutput: output)
        let client = PreviewClient(base: try await server.start(port: 0))
        defer { Task { await server.stop() } }
        let started = try await client.get("/api/render", method: "POST")
        #expect(started.status == 202)
        var status: [String: Any] = [:]
        for _ in 0..<500 {
            status = try await client.get("/api/render").json()
            if status["state"] as? String != "running" { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(status["state"] as? String == "finished")
        #expect(status["encodedFrames"] as? Int == 10 && status["totalFrames"] as? Int == 10)
        let probe = try MovieProbe(url: output)
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.frames.count == 10)
    }
}
