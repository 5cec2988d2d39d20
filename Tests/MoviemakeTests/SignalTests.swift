import Foundation
import Testing

/// Runs the built `moviemake` in a child process: signals are process-wide, so they are tested there.
@Suite("moviemake: Ctrl-C and SIGTERM")
struct SignalTests {
    /// The `moviemake` executable that `swift test` built beside the test bundle.
    static func moviemakeExecutable() throws -> URL {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            packageRoot.appendingPathComponent(".build/debug")
        ].map { $0.appendingPathComponent("moviemake") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "moviemake was not built")
    }

    /// Waits up to `seconds` until the process holds an unnamed movie file open in `folder` (the
    /// writer's file before it is linked in): a render is under way. Returns whether it did.
    static func waitForUnnamedMovie(of pid: Int32, in folder: URL, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if openFiles(of: pid).contains(where: { $0.hasPrefix(folder.path + "/#") }) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// The paths a process has open, from /proc/PID/fd (an unnamed file reads "DIR/#N (deleted)").
    static func openFiles(of pid: Int32) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalMidRenderExitsWithItsStatusAndLeavesNothing(_ signalNumber: Int32, _ expectedStatus: Int32) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("moviemake-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = try Self.moviemakeExecutable()
        process.arguments = [
            "demo", dir.appendingPathComponent("long.mp4").path, "--seconds", "600", "--preset", "veryslow", "--quiet"
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait until the render is under way: the child holds its unnamed movie file open in `dir`.
        var underWay = false
        for _ in 0..<200 {
            if Self.openFiles(of: process.processIdentifier).contains(where: { $0.hasPrefix(dir.path) }) {
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

    @Test func sigkillMidRenderLeavesTheFolderExactlyAsItWas() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("moviemake-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let existing = dir.appendingPathComponent("old.mp4")
        try Data("an older movie".utf8).write(to: existing)
        let process = Process()
        process.executableURL = try Self.moviemakeExecutable()
        process.arguments = [
            "demo", existing.path, "--overwrite", "--seconds", "600", "--preset", "veryslow", "--quiet"
        ]
        try process.run()
        #expect(Self.waitForUnnamedMovie(of: process.processIdentifier, in: dir))
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["old.mp4"])
        #expect(try Data(contentsOf: existing) == Data("an older movie".utf8), "the movie being replaced is intact")
    }
}
