import Foundation
import FrameDraw
import MovieKitCore
import Synchronization
import TestSupport
import Testing

/// Failure and endurance: descriptor leaks, memory over a long render, many writers at once, a full
/// disk, and failed overwrites. Scenarios whose measure is process-wide (open files, RSS, mounts)
/// run in the ReliabilityScenarios child process. `make soak` (MOVIEKIT_SOAK=1) runs the heavy sizes.
@Suite("Reliability")
struct ReliabilityTests {
    /// Whether the heavy variants run: 100,000 frames in one writer, long movies from eight writers.
    static let soak = ProcessInfo.processInfo.environment["MOVIEKIT_SOAK"] == "1"

    // MARK: - Descriptors

    @Test func noFileDescriptorLeaksOver200WriterLifecyclesIncludingFailedOnes() throws {
        let dir = try TemporaryDirectory()
        let result = try Scenario.run(["descriptors", dir.file("work").path, "200"])
        let leaked = try #require(result["leaked"] as? [String])
        #expect(leaked.isEmpty, "descriptors left open: \(leaked)")
        #expect(result["before"] as? Int == result["after"] as? Int)
        #expect(result["left"] as? [String] == [], "failed lifecycles left files behind")
        #expect((result["kinds"] as? [String])?.count == 8)
        #expect(
            result["threadsAfter"] as? Int ?? .max <= (result["threadsBefore"] as? Int ?? 0) + 4,
            "threads do not pile up: \(result["threadsBefore"] ?? "?") before, \(result["threadsAfter"] ?? "?") after")
    }

    // MARK: - Memory over a long render

    @Test func residentMemoryStaysFlatOverALongRender() throws {
        let frames = Self.soak ? 100_000 : 6_000
        let dir = try TemporaryDirectory()
        let result = try Scenario.run(["soak", dir.file("work").path, String(frames)])
        let warm = try #require(result["warmRSS"] as? Int)
        let end = try #require(result["endRSS"] as? Int)
        let sanitizer = result["sanitizer"] as? String ?? "none"
        // A sanitizer's runtime holds freed memory on purpose (ASan's quarantine), so RSS measures it, not us.
        if sanitizer == "none" {
            #expect(
                Double(end) <= Double(warm) * 1.05,
                "RSS grew from \(warm / 1024) KiB after warm-up to \(end / 1024) KiB after \(frames) frames; samples \(result["samples"] ?? [])"
            )
        }
        let movie = try MovieProbe(
            url: URL(fileURLWithPath: try #require(result["path"] as? String)), keepPixels: false)
        #expect(movie.frames.count == frames)
    }

    // MARK: - Many writers at once

    @Test func eightWritersAtOnceEachWriteTheirOwnCorrectMovie() throws {
        let frames = Self.soak ? 1_500 : 40
        let dir = try TemporaryDirectory()
        let settings = try MovieSettings(width: 64, height: 64, fps: 30, crf: 0, preset: .ultrafast)
        let errors = Mutex<[String]>([])
        let done = DispatchGroup()
        let folder = dir.url
        // Threads of their own: addFrame blocks while its encoder is behind, and all eight must run at once.
        for writerIndex in 0..<8 {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                do {
                    let writer = try MovieWriter(
                        url: folder.appendingPathComponent("writer-\(writerIndex).mp4"), settings: settings)
                    for n in 0..<frames {
                        try writer.addFrame { c in Self.drawNumbered(c, writer: writerIndex, frame: n) }
                    }
                    try writer.finish()
                } catch {
                    errors.withLock { $0.append("writer \(writerIndex): \(error)") }
                }
            }
            thread.start()
        }
        done.wait()
        #expect(errors.withLock { $0 }.isEmpty, "\(errors.withLock { $0 })")
        for writerIndex in 0..<8 {
            let movie = try MovieProbe(url: dir.file("writer-\(writerIndex).mp4"))
            try #require(movie.frames.count == frames, "writer \(writerIndex) wrote \(movie.frames.count) frames")
            for (n, frame) in movie.frames.enumerated() {
                let expected = Self.expectedPixels(writer: writerIndex, frame: n)
                let background = frame.pixel(x: 48, y: 48)
                let counter = frame.pixel(x: 8, y: 8)
                guard isClose(background, expected.background), isClose(counter, expected.counter) else {
                    Issue.record(
                        "writer \(writerIndex) frame \(n): background \(background), counter \(counter); expected \(expected)"
                    )
                    break
                }
            }
        }
    }

    /// Writer w fills its frames with its own colour; the top-left block's grey level numbers the frame.
    static func drawNumbered(_ context: DrawingContext, writer: Int, frame: Int) {
        let (background, counter) = expectedPixels(writer: writer, frame: frame)
        context.setFillColor(
            Color(red: Double(background.r) / 255, green: Double(background.g) / 255, blue: Double(background.b) / 255))
        context.fill(context.bounds)
        context.setFillColor(
            Color(red: Double(counter.r) / 255, green: Double(counter.g) / 255, blue: Double(counter.b) / 255))
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
    }

    static func expectedPixels(writer: Int, frame: Int) -> (
        background: (r: Int, g: Int, b: Int), counter: (r: Int, g: Int, b: Int)
    ) {
        let grey = (frame * 37) % 200 + 28
        return ((writer * 30, 255 - writer * 30, (writer % 2) * 200 + 20), (grey, grey, grey))
    }

    private func isClose(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int)) -> Bool {
        abs(a.r - b.r) <= 8 && abs(a.g - b.g) <= 8 && abs(a.b - b.b) <= 8
    }

    // MARK: - Full disk

    @Test(
        .enabled(
            if: Scenario.tmpfsMountCommand != nil,
            "mounting a private tmpfs needs `unshare -rm` (user namespaces) or root with `unshare -m`"))
    func aFullDiskFailsNamingTheDestinationAndDiskSpaceAndLeavesNothing() throws {
        let dir = try TemporaryDirectory()
        let mountPoint = dir.file("small-disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let result = try Scenario.run(["fill-disk", mountPoint.path], inTmpfsOf: "3m")
        let capacity = try #require(result["capacity"] as? Int)
        #expect(capacity > 2_000_000 && capacity < 4_000_000, "the scenario ran on the 3 MB tmpfs, not the real disk")

        for (name, leftAfter) in [
            ("newFile", [String]()), ("overwrite", ["old.mp4"]), ("pngFolder", []), ("duringFinish", [])
        ] {
            let outcome = try #require(result[name] as? [String: Any])
            let destination = try #require(outcome["destination"] as? String)
            let message = outcome["error"] as? String ?? "no error"
            #expect(outcome["errorType"] as? String == "MovieKitError", "\(name): \(message)")
            #expect(message.contains(destination), "\(name): the error names the destination: \(message)")
            #expect(message.contains("disk space"), "\(name): the error says disk space: \(message)")
            #expect(outcome["leftAfter"] as? [String] == leftAfter, "\(name) left \(outcome["leftAfter"] ?? [])")
            #expect((outcome["frames"] as? Int ?? 0) < 5_000, "\(name): the disk filled")
        }
        let newFile = try #require(result["newFile"] as? [String: Any])
        #expect(newFile["availableAfter"] as? Int == capacity, "the unnamed file's blocks are freed")
        let overwrite = try #require(result["overwrite"] as? [String: Any])
        #expect(overwrite["oldIntact"] as? Bool == true, "the movie being replaced is byte-identical")
        #expect(overwrite["availableAfter"] as? Int == overwrite["availableBefore"] as? Int)
        let pngFolder = try #require(result["pngFolder"] as? [String: Any])
        #expect(pngFolder["availableAfter"] as? Int == capacity, "the hidden folder's frames are removed")
        // The frames fit but the finished file does not: the disk fills while finish() moves the index to the front.
        let duringFinish = try #require(result["duringFinish"] as? [String: Any])
        #expect(duringFinish["failedIn"] as? String == "finish", "\(duringFinish)")
        #expect(duringFinish["availableAfter"] as? Int == capacity)
    }

    // MARK: - Bad destinations

    @Test func aMissingFolderIsRefusedByNameBeforeAnythingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("no-such-folder/movie.mp4")
        let error = try #require(throws: MovieKitError.self) {
            _ = try MovieWriter(url: url, settings: MovieSettings(width: 16, height: 16, fps: 30))
        }
        #expect(
            "\(error)"
                == "File operation on \(url.path) failed: the folder \(dir.file("no-such-folder").path) does not exist; create it first."
        )
        #expect(try dir.contents().isEmpty)
    }

    // MARK: - Failed overwrites

    enum Failure: String, CaseIterable, CustomTestStringConvertible {
        case closureThrows, closureThrowsInParallelRender, cancelled, writerAbandoned, finishWithoutFrames
        var testDescription: String { rawValue }
    }

    struct Planned: Error {}

    @Test(arguments: Failure.allCases)
    func anOverwriteThatFailsPartWayLeavesTheOldFileByteIdentical(_ failure: Failure) throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("movie.mp4")
        let settings = try MovieSettings(width: 32, height: 32, fps: 30, preset: .ultrafast)
        try MovieWriter.render(to: url, settings: settings, frameCount: 5) { c, _ in
            c.setFillColor(.red)
            c.fill(c.bounds)
        }
        let old = try Data(contentsOf: url)
        let draw: @Sendable (DrawingContext, FrameTime) throws -> Void = { c, frame in
            if frame.index == 7 { throw Planned() }
            c.setFillColor(.blue)
            c.fill(c.bounds)
        }
        switch failure {
        case .closureThrows:
            #expect(throws: Planned.self) {
                try MovieWriter.render(to: url, settings: settings, frameCount: 20, overwrite: true, draw: draw)
            }
        case .closureThrowsInParallelRender:
            #expect(throws: Planned.self) {
                try MovieWriter.render(
                    to: url, settings: settings, frameCount: 20, overwrite: true, concurrency: .fixed(2), draw: draw)
            }
        case .cancelled:
            let writer = try MovieWriter(url: url, settings: settings, overwrite: true)
            for n in 0..<7 { try writer.addFrame { c in try draw(c, FrameTime(index: n, time: Double(n) / 30)) } }
            writer.cancel()
            #expect(throws: MovieKitError.cancelled(path: url.path)) { try writer.finish() }
        case .writerAbandoned:
            do {
                let writer = try MovieWriter(url: url, settings: settings, overwrite: true)
                for n in 0..<7 { try writer.addFrame { c in try draw(c, FrameTime(index: n, time: Double(n) / 30)) } }
                #expect(throws: Planned.self) {
                    try writer.addFrame { c in try draw(c, FrameTime(index: 7, time: 7.0 / 30)) }
                }
            }
        case .finishWithoutFrames:
            let writer = try MovieWriter(url: url, settings: settings, overwrite: true)
            #expect(throws: MovieKitError.noFrames(path: url.path)) { try writer.finish() }
        }
        #expect(try Data(contentsOf: url) == old, "the old movie is byte-identical")
        #expect(try dir.contents() == ["movie.mp4"], "nothing else is left")
    }
}
