import Foundation
import Testing

/// Runs the built `moviemake` in a child process: signals are process-wide, so they are tested there.
@Suite("moviemake: Ctrl-C and SIGTERM")
struct SignalTests {
    /// The `moviemake` executable that `swift test` built beside the test bundle.
    static func moviemakeExecutable() throws -> URL {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            packageRoot.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("moviemake") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "moviemake was not built")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalMidRenderExitsWithItsStatusAndLeavesNothing(_ signalNumber: Int32, _ expectedStatus: Int32) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("moviemake-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = try Self.moviemakeExecutable()
        process.arguments = ["demo", dir.appendingPathComponent("long.mp4").path, "--seconds", "600", "--preset", "veryslow", "--quiet"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait until the render is under way: its hidden temporary file exists.
        var underWay = false
        for _ in 0..<200 {
            if try FileManager.default.contentsOfDirectory(atPath: dir.path).contains(where: { $0.hasSuffix(".partial") }) {
                underWay = true
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(underWay)
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == expectedStatus)
        let name = signalNumber == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(message.contains("Cancelled by \(name); no file was written."), "stderr: \(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
