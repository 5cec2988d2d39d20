import Foundation
import MovieKitLottie
import MovieKitPreview
import MovieKitScene
import TestSupport
import Testing

@testable import moviemake

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One document, one movie: `moviemake render`, the preview's render button and `moviemake batch`
/// (for the kinds a batch takes) make the same movie of the same document, since each resolves it
/// with `RenderPlan`. Stream parameters and every decoded frame are compared. The render service is
/// compared in MovieKitServiceTests (`ServiceParityTests`), built with the service.
@Suite("One document, one movie, whichever front end", .serialized)
struct RenderParityTests {
    struct Document: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var codec: String
        var batch = false
        var testDescription: String { name }
    }

    static let documents: [Document] = [
        Document(
            name: "scene.yaml",
            text: """
                canvas: {width: 320, height: 176, fps: 25, duration: 0.6, background: "#204080"}
                layers:
                  - {type: rect, size: [80, 40], fill: "#ffcc00", position: [160, 88], animate: {rotation: {from: 0, to: 90, duration: 0.6}}}
                """, codec: "h264", batch: true),
        Document(
            name: "spec.json5",
            text: """
                { width: 640, height: 360, fps: 25, fast: true,
                  customOutputArgs: ['-c:v', 'libx265', '-crf', '18', '-pix_fmt', 'yuv420p10le'],
                  clips: [{ duration: 0.6, layers: [{ type: 'title', text: 'Same movie' }] }] }
                """, codec: "hevc"),
        Document(name: "anim.json", text: LottieCanvasSizeTests.lottie(width: 100, height: 50), codec: "h264"),
        Document(
            name: "talk.srt", text: "1\n00:00:00,000 --> 00:00:00,500\nOne movie\n", codec: "h264"),
        Document(
            name: "show.yaml",
            text: """
                width: 320
                height: 176
                fps: 25
                duration: 0.3
                transition: none
                slides:
                  - {color: "#ff0000"}
                  - {title: Blue}
                """, codec: "h264", batch: true)
    ]

    /// The movie the preview's render button writes for `document` (beside it, with `.mp4`).
    static func previewRender(of document: URL) async throws -> URL {
        let server = PreviewServer(source: .file(document))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let client = PreviewTestClient(base: base)
        #expect(try await client.send("/api/render", method: "POST") == 202)
        let deadline = Date().addingTimeInterval(240)
        while Date() < deadline {
            let status = try await client.status()
            if status["state"] as? String == "finished" { break }
            try #require(status["state"] as? String != "failed", "\(status)")
            try await Task.sleep(for: .milliseconds(50))
        }
        return document.deletingPathExtension().appendingPathExtension("mp4")
    }

    @Test(arguments: documents)
    func everyFrontEndMakesTheSameMovie(document: Document) async throws {
        Moviemake.registerContentKinds()
        let folder = try TemporaryDirectory()
        let source = try folder.write(Data(document.text.utf8), to: document.name)
        var movies: [(String, URL)] = []

        let rendered = folder.file("rendered.mp4")
        var render = try Moviemake.parseAsRoot(["render", source.path, "-o", rendered.path, "--quiet"])
        try render.run()
        movies.append(("moviemake render", rendered))

        movies.append(("the preview's render button", try await Self.previewRender(of: source)))

        if document.batch {
            let rows = try folder.write(Data("id\nrow\n".utf8), to: "rows.csv")
            let pattern = folder.url.appendingPathComponent("batch/{id}.mp4").path
            var batch = try Moviemake.parseAsRoot([
                "batch", source.path, "--data", rows.path, "-o", pattern, "--allow-extra-columns", "--progress", "none"
            ])
            try batch.run()
            movies.append(("moviemake batch", folder.url.appendingPathComponent("batch/row.mp4")))
        }

        let reference = try MovieProbe(url: rendered, codecName: document.codec)
        #expect(reference.frames.count >= 15, "\(reference.frames.count) frames")
        for (frontEnd, movie) in movies.dropFirst() {
            let probe = try MovieProbe(url: movie, codecName: document.codec)
            #expect(probe.width == reference.width && probe.height == reference.height, "\(frontEnd)")
            #expect(probe.pixelFormat == reference.pixelFormat && probe.profile == reference.profile, "\(frontEnd)")
            #expect(
                probe.frameRate == reference.frameRate && probe.frames.count == reference.frames.count, "\(frontEnd)")
            #expect(probe.colorSpace == reference.colorSpace && probe.colorRange == reference.colorRange, "\(frontEnd)")
            let differing = zip(probe.frames, reference.frames).enumerated().filter {
                $0.element.0.rgb != $0.element.1.rgb
            }
            #expect(differing.isEmpty, "\(frontEnd): frames \(differing.map(\.offset)) differ from moviemake render's")
        }
    }
}

/// The preview's JSON API, as its page calls it.
struct PreviewTestClient {
    let base: URL

    func send(_ path: String, method: String = "GET") async throws -> Int {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        request.timeoutInterval = 300
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    func status() async throws -> [String: Any] {
        var request = URLRequest(url: base.appendingPathComponent("/api/render"))
        request.timeoutInterval = 300
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
