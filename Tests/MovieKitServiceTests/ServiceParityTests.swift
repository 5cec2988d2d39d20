import Foundation
import TestSupport
import Testing

/// The same document gives the same movie through the service as through `moviemake render`: both
/// derive its settings with `RenderPlan`. Before they did, an editly spec with `fast: true` came out of
/// the service at its canvas's size in the High profile and of `moviemake render` as a half-size draft,
/// and the service dropped `customOutputArgs`' tuning, chroma and depth.
@Suite("Render service: the same movie as moviemake render", .serialized)
struct ServiceParityTests {
    static var spec: [String: Any] {
        [
            "width": 640, "height": 360, "fps": 25, "fast": true,
            "customOutputArgs": ["-c:v", "libx265", "-crf", "18", "-pix_fmt", "yuv420p10le", "-tune", "fastdecode"],
            "clips": [
                ["duration": 0.4, "layers": [["type": "fill-color", "color": "#ff0000"]]],
                ["duration": 0.4, "layers": [["type": "title", "text": "Same movie"]]]
            ]
        ]
    }

    @Test func anEditlySpecWithFastAndCustomOutputArgsGivesTheSameMovie() async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        let id = try await api.submit(Self.spec)
        let job = try await api.waitForEnd(id)
        #expect(job["status"] as? String == "succeeded", "\(job)")
        let file = try await api.send(.GET, "/v1/renders/\(id)/file")
        let folder = try TemporaryDirectory()
        let served = folder.file("served.mp4")
        try file.body.write(to: served)

        let specURL = folder.file("spec.json5")
        try JSONSerialization.data(withJSONObject: Self.spec).write(to: specURL)
        let rendered = folder.file("rendered.mp4")
        let process = Process()
        process.executableURL = try ServerProcess.moviemake()
        process.arguments = ["render", specURL.path, "-o", rendered.path, "--quiet"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let a = try MovieProbe(url: served, codecName: "hevc")
        let b = try MovieProbe(url: rendered, codecName: "hevc")
        // The draft of 640x360 at half size, in 10-bit HEVC, as the spec asks.
        #expect(a.codecName == "hevc" && b.codecName == "hevc")
        #expect(a.width == 320 && a.height == 180 && b.width == 320 && b.height == 180, "\(a.width)x\(a.height)")
        #expect(a.pixelFormat == b.pixelFormat && a.pixelFormat.hasPrefix("yuv420p10"), "\(a.pixelFormat)")
        #expect(a.profile == b.profile && a.frameRate == b.frameRate && a.frames.count == b.frames.count)
        #expect(a.colorSpace == b.colorSpace && a.colorRange == b.colorRange)
        // The same pictures, frame by frame.
        for (index, (x, y)) in zip(a.frames, b.frames).enumerated() {
            #expect(x.rgb == y.rgb, "frame \(index) differs")
        }
    }
}
