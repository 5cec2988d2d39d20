import Foundation
import Testing

/// `make bench` runs each workload in a child (`MovieKitBenchmarks run-workload …`) and stops at the
/// first that fails, so a workload that no longer reads its input goes unnoticed until the next
/// benchmark run. W5's prerender is checked here at a small size: it reads a Lottie file as
/// `moviemake` reads documents.
@Suite("Benchmark workloads")
struct BenchmarkWorkloadTests {
    @Test func w5ReadsItsLottieFileAndDrawsEveryFrame() throws {
        let benchmarks = try SignalTests.moviemakeExecutable().deletingLastPathComponent()
            .appendingPathComponent("MovieKitBenchmarks")
        try #require(FileManager.default.isExecutableFile(atPath: benchmarks.path), "MovieKitBenchmarks was not built")
        let folder = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lottie = folder.appendingPathComponent("w5.json")
        let raw = folder.appendingPathComponent("w5.raw")
        try Self.run(benchmarks, ["run-workload", "w5-fixture", "--output", lottie.path])
        try Self.run(
            benchmarks,
            [
                "run-workload", "w5-prerender", "--input", lottie.path, "--width", "64", "--height", "36", "--output",
                raw.path
            ])
        let frames = try Data(contentsOf: raw)
        // 90 frames of 64x36 BGRA; the animation draws something in every frame but the first.
        let frameBytes = 64 * 36 * 4
        #expect(frames.count == 90 * frameBytes)
        let middle = frames[(45 * frameBytes)..<(46 * frameBytes)]
        #expect(Set(middle).count > 2, "the middle frame is one colour")
    }

    private static func run(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(arguments.prefix(2).joined(separator: " ")): \(message)")
    }
}
