import Foundation
import TestSupport
import Testing

/// The same document gives the same movie through the service as through `moviemake render`: both
/// derive its settings with `RenderPlan`. Before they did, an editly spec with `fast: true` came out of
/// the service at its canvas's size in the High profile and of `moviemake render` as a half-size draft,
/// and the service dropped `customOutputArgs`' tuning, chroma and depth. (A subtitle file alone, which
/// is not JSON, cannot be sent to the service; `RenderParityTests` compares it between the other front ends.)
@Suite("Render service: the same movie as moviemake render", .serialized)
struct ServiceParityTests {
    struct Document: Sendable, CustomTestStringConvertible {
        var name: String
        /// The document as JSON text, as the request carries it and as the file `moviemake render` reads.
        var json: String
        var codec = "h264"
        var testDescription: String { name }
    }

    static let documents: [Document] = [
        Document(
            name: "spec.json5",
            json: """
                {"width": 640, "height": 360, "fps": 25, "fast": true,
                 "customOutputArgs": ["-c:v", "libx265", "-crf", "18", "-pix_fmt", "yuv420p10le", "-tune", "fastdecode"],
                 "clips": [{"duration": 0.4, "layers": [{"type": "fill-color", "color": "#ff0000"}]},
                           {"duration": 0.4, "layers": [{"type": "title", "text": "Same movie"}]}]}
                """, codec: "hevc"),
        Document(
            name: "scene.json",
            json: """
                {"canvas": {"width": 320, "height": 176, "fps": 25, "duration": 0.6, "background": "#204080"},
                 "layers": [{"type": "rect", "size": [80, 40], "fill": "#ffcc00", "position": [160, 88],
                             "animate": {"rotation": {"from": 0, "to": 90, "duration": 0.6}}}]}
                """),
        Document(
            name: "anim.json",
            json: """
                {"v": "5.7.0", "fr": 30, "ip": 0, "op": 15, "w": 100, "h": 50, "layers": [
                  {"ty": 4, "ind": 1, "ip": 0, "op": 15, "st": 0, "ks": {},
                   "shapes": [{"ty": "rc", "p": {"a": 0, "k": [50, 25]}, "s": {"a": 0, "k": [50, 25]}},
                              {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
                """),
        Document(
            name: "show.json",
            json: """
                {"width": 320, "height": 176, "fps": 25, "duration": 0.3, "transition": "none",
                 "slides": [{"color": "#ff0000"}, {"title": "Blue"}]}
                """)
    ]

    @Test(arguments: documents)
    func aDocumentGivesTheSameMovieAsMoviemakeRender(document: Document) async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let id = try await api.submit(object)
        let job = try await api.waitForEnd(id)
        #expect(job["status"] as? String == "succeeded", "\(job)")
        let file = try await api.send(.GET, "/v1/renders/\(id)/file")
        let folder = try TemporaryDirectory()
        let served = folder.file("served.mp4")
        try file.body.write(to: served)

        let source = try folder.write(Data(document.json.utf8), to: document.name)
        let rendered = folder.file("rendered.mp4")
        let process = Process()
        process.executableURL = try ServerProcess.moviemake()
        process.arguments = ["render", source.path, "-o", rendered.path, "--quiet"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let a = try MovieProbe(url: served, codecName: document.codec)
        let b = try MovieProbe(url: rendered, codecName: document.codec)
        #expect(a.codecName == document.codec && b.codecName == document.codec)
        #expect(a.width == b.width && a.height == b.height, "\(a.width)x\(a.height) against \(b.width)x\(b.height)")
        #expect(a.pixelFormat == b.pixelFormat && a.profile == b.profile, "\(a.pixelFormat) against \(b.pixelFormat)")
        #expect(a.frameRate == b.frameRate && a.frames.count == b.frames.count && !a.frames.isEmpty)
        #expect(a.colorSpace == b.colorSpace && a.colorRange == b.colorRange)
        if document.name == "spec.json5" {
            // The draft of 640x360 at half size, in 10-bit HEVC, as the spec asks.
            #expect(a.width == 320 && a.height == 180 && a.pixelFormat.hasPrefix("yuv420p10"), "\(a.pixelFormat)")
        }
        if document.name == "anim.json" {
            #expect(a.width == 100 && a.height == 50, "a Lottie keeps its canvas's size")
        }
        // The same pictures, frame by frame.
        let differing = zip(a.frames, b.frames).enumerated().filter { $0.element.0.rgb != $0.element.1.rgb }
        #expect(differing.isEmpty, "frames \(differing.map(\.offset)) differ")
    }
}
