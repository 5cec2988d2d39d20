import Foundation
import Testing

/// `moviemake render` in a child process, interrupted: signals are process-wide.
@Suite("moviemake render: Ctrl-C")
struct SceneSignalTests {
    @Test func sigintMidRenderExits130AndLeavesOnlyTheScene() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moviemake-scene-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("long.yaml")
        try Data(
            """
            canvas: {width: 640, height: 352, duration: 600}
            layers:
              - {type: star, points: 7, size: [300, 300], animate: {rotation: [{time: 0, value: 0}, {time: 600, value: 36000}]}}
            """.utf8
        ).write(to: scene)
        let process = Process()
        process.executableURL = try SignalTests.moviemakeExecutable()
        process.arguments = [
            "render", scene.path, "-o", dir.appendingPathComponent("long.mp4").path, "--preset", "veryslow", "--quiet"
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var underWay = false
        for _ in 0..<200 {
            // The child holds its unnamed movie file open in `dir` once the render is under way.
            if SignalTests.openFiles(of: process.processIdentifier).contains(where: { $0.hasPrefix(dir.path + "/#") }) {
                underWay = true
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(underWay)
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(message.contains("Cancelled by SIGINT; no file was written."), "stderr: \(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["long.yaml"])
    }
}
