import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import MovieKitCore

@Suite("Pipelined writer")
struct PipelineTests {
    /// The colour that numbers frame `index`: three base-10 digits in red, green and blue.
    static func colour(forFrame index: Int) -> Color {
        Color(red: Double(index % 10) / 9, green: Double(index / 10 % 10) / 9, blue: Double(index / 100 % 10) / 9)
    }

    /// Reads a frame number back from a decoded pixel.
    static func frameNumber(_ p: (r: Int, g: Int, b: Int)) -> Int {
        func digit(_ v: Int) -> Int { Int((Double(v) * 9 / 255).rounded()) }
        return digit(p.r) + 10 * digit(p.g) + 100 * digit(p.b)
    }

    @Test func thousandTinyFramesDecodeInOrder() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("numbered.mp4")
        let settings = try MovieSettings(width: 16, height: 16, fps: 50, crf: 10, preset: .ultrafast)
        try MovieWriter.render(to: url, settings: settings, frameCount: 1000) { context, frame in
            context.setFillColor(Self.colour(forFrame: frame.index))
            context.fill(context.bounds)
        }
        let probe = try MovieProbe(url: url)
        #expect(probe.frames.count == 1000)
        #expect(probe.streamDuration == 20)
        let numbers = probe.frames.map { Self.frameNumber($0.pixel(x: 8, y: 8)) }
        #expect(numbers == Array(0..<1000))
    }

    @Test func repeatedFramesCountAndKeepThePicture() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("still.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 64, height: 64, fps: 30))
        #expect(throws: MovieKitError.noPreviousFrame(path: url.path)) { try writer.repeatPreviousFrame(count: 3) }
        try writer.addFrame { c in
            c.setFillColor(.red)
            c.fill(c.bounds)
        }
        try writer.repeatPreviousFrame(count: 29)
        try writer.addFrame { c in
            c.setFillColor(.blue)
            c.fill(c.bounds)
        }
        try writer.finish()
        #expect(writer.frameCount == 31)
        #expect(writer.statistics.drawnFrames == 2)
        #expect(writer.statistics.repeatedFrames == 29)
        let probe = try MovieProbe(url: url)
        #expect(probe.frames.count == 31)
        #expect(abs(probe.streamDuration - 31.0 / 30) < 1e-9)
        #expect(probe.frames[29].pixel(x: 32, y: 32).r > 240)
        #expect(probe.frames[30].pixel(x: 32, y: 32).b > 240)
    }

    @Test func statisticsCoverEveryStage() throws {
        let dir = try TemporaryDirectory()
        let writer = try MovieWriter(url: dir.file("s.mp4"), settings: MovieSettings(width: 128, height: 64, fps: 30))
        for _ in 0..<20 {
            try writer.addFrame { c in
                c.setFillColor(.green)
                c.fillEllipse(in: c.bounds)
            }
        }
        try writer.finish()
        let stats = writer.statistics
        #expect(stats.frames == 20)
        #expect(stats.drawing > .zero && stats.conversion > .zero && stats.encoding > .zero && stats.muxing > .zero)
        #expect(stats.millisecondsPerFrame(\.conversion) > 0)
        #expect(stats.description.contains("20 frames"))
    }

    @Test func encoderFailureOnTheWorkerSurfacesAtTheNextCallAndLeavesNoFile() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("encoder.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 64, height: 64, fps: 30))
        try writer.addFrame { c in
            c.setFillColor(.red)
            c.fill(c.bounds)
        }
        writer.failEncoderOnNextFrameForTesting()
        try writer.addFrame { _ in }  // handed over; fails on the worker
        var caught: Error?
        do {
            for _ in 0..<10 { try writer.addFrame { _ in } }
            try writer.finish()
        } catch {
            caught = error
        }
        let error = try #require(caught as? MovieKitError)
        guard case .internalFailure(let operation, let code, _) = error else {
            Issue.record("expected an internal failure, got \(error)")
            return
        }
        #expect(operation == "Sending a frame to the libx264 encoder")
        #expect(code != nil)
        #expect(try dir.contents().isEmpty)
        // The writer is closed afterwards and says so.
        #expect(throws: MovieKitError.writerClosed(path: url.path)) { try writer.addFrame { _ in } }
    }
}

@Suite("Logging")
struct LoggingTests {
    final class Collected: @unchecked Sendable {
        let lock = NSLock()
        var messages: [Log.Message] = []
        func add(_ m: Log.Message) { lock.withLock { messages.append(m) } }
    }

    @Test func encoderLogLinesReachAnInstalledHandler() throws {
        let collected = Collected()
        let token = Log.addHandler(level: .info) { collected.add($0) }
        defer { Log.removeHandler(token) }
        let dir = try TemporaryDirectory()
        try MovieWriter.render(
            to: dir.file("log.mp4"), settings: MovieSettings(width: 32, height: 32, fps: 10), frameCount: 2
        ) { c, _ in
            c.fill(c.bounds)
        }
        let x264 = collected.lock.withLock { collected.messages.filter { $0.subsystem == .x264 } }
        #expect(!x264.isEmpty, "x264 reports its settings at info level")
        #expect(x264.allSatisfy { $0.level <= .info })
    }

    @Test func handlersCanBeAddedAndRemovedIndependently() {
        let first = Collected()
        let second = Collected()
        let a = Log.addHandler(level: .warning) { first.add($0) }
        let b = Log.addHandler(level: .debug) { second.add($0) }
        Log.emit(.warning, subsystem: .movieKit, "both")
        Log.emit(.debug, subsystem: .movieKit, "only the detailed one")
        Log.removeHandler(a)
        Log.emit(.warning, subsystem: .movieKit, "after removal")
        Log.removeHandler(b)
        Log.emit(.error, subsystem: .movieKit, "nobody")
        let firstTexts = first.lock.withLock { first.messages.filter { $0.subsystem == .movieKit }.map(\.text) }
        let secondTexts = second.lock.withLock { second.messages.filter { $0.subsystem == .movieKit }.map(\.text) }
        #expect(firstTexts == ["both"])
        #expect(secondTexts == ["both", "only the detailed one", "after removal"])
    }
}
