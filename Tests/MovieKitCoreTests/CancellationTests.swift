import Foundation
import FrameDraw
import Synchronization
import TestSupport
import Testing

@testable import MovieKitCore

@Suite("Stopping a render")
struct CancellationTests {
    /// Settings whose frames take the encoder a while, so the caller soon waits for a slot.
    static func slowSettings() throws -> MovieSettings {
        try MovieSettings(width: 640, height: 480, fps: 30, crf: 0, preset: .veryslow)
    }

    @Test func cancelWakesACallerWaitingForASlotAndLeavesNothing() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("cancel.mp4")
        let writer = try MovieWriter(url: url, settings: Self.slowSettings())
        let clock = ContinuousClock()
        // When cancel() was called. A thread of its own, not a dispatch queue, so that the call comes
        // on time however busy the suite's shared threads are.
        let cancelled = Mutex<ContinuousClock.Instant?>(nil)
        Thread {
            Thread.sleep(forTimeInterval: 0.5)
            cancelled.withLock { $0 = clock.now }
            writer.cancel()
        }.start()
        var caught: Error?
        do {
            // Far more frames than can be encoded in time: the caller is waiting when cancel() comes.
            for _ in 0..<10_000 {
                try writer.addFrame { c in
                    for _ in 0..<20 {
                        c.setFillColor(Color(hue: .random(in: 0...1), saturation: 1, brightness: 1))
                        c.fill(CGRect(x: .random(in: 0...600), y: .random(in: 0...440), width: 40, height: 40))
                    }
                }
            }
        } catch {
            caught = error
        }
        let cancelledAt = try #require(cancelled.withLock { $0 }, "the loop ended before cancel() was called")
        #expect(clock.now - cancelledAt < .seconds(20), "cancel() stops the waiting caller promptly")
        #expect(caught as? MovieKitError == .cancelled(path: url.path))
        #expect(try dir.contents().isEmpty, "the temporary file is removed")
        // Every later call says the render was cancelled.
        #expect(throws: MovieKitError.cancelled(path: url.path)) { try writer.addFrame { _ in } }
        #expect(throws: MovieKitError.cancelled(path: url.path)) { try writer.repeatPreviousFrame(count: 1) }
        #expect(throws: MovieKitError.cancelled(path: url.path)) { try writer.finish() }
        #expect(try dir.contents().isEmpty)
    }

    /// A stop that comes before the writer exists cancels it as soon as it is held: the render throws
    /// `.cancelled` without drawing, and nothing is left.
    @Test func aWriterCancellationBeforeTheWriterCancelsItWhenHeld() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("early.mp4")
        let cancellation = WriterCancellation()
        #expect(!cancellation.isCancelled)
        cancellation.cancel()
        #expect(cancellation.isCancelled)
        let writer = try MovieWriter(url: url, settings: try MovieSettings(width: 64, height: 64, fps: 10))
        cancellation.hold(writer)
        let drawn = Mutex(0)
        #expect(throws: MovieKitError.cancelled(path: url.path)) {
            try writer.render(frameCount: 10) { _, _ in drawn.withLock { $0 += 1 } }
        }
        #expect(drawn.withLock { $0 } == 0)
        #expect(try dir.contents().isEmpty)
    }

    /// A stop after the writer is held cancels the render under way.
    @Test func aWriterCancellationStopsTheHeldWritersRender() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("late.mp4")
        let cancellation = WriterCancellation()
        let writer = try MovieWriter(url: url, settings: Self.slowSettings())
        cancellation.hold(writer)
        #expect(throws: MovieKitError.cancelled(path: url.path)) {
            try writer.render(frameCount: 100_000) { context, frame in
                if frame.index == 5 { cancellation.cancel() }
                context.fill(context.bounds)
            }
        }
        #expect(try dir.contents().isEmpty)
    }

    @Test func cancelAfterFinishDoesNothing() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("done.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 32, height: 32, fps: 10))
        try writer.addFrame { c in c.fill(c.bounds) }
        try writer.finish()
        writer.cancel()
        #expect(try dir.contents() == ["done.mp4"])
        #expect(writer.encodedFrameCount == 1)
    }

    @Test func cancellingTheTaskThrowsCancellationErrorAndLeavesNothing() async throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("task.mp4")
        let settings = try Self.slowSettings()
        let task = Task {
            try await MovieWriter.render(to: url, settings: settings, frameCount: 100_000) { c, frame in
                c.setFillColor(Color(hue: Double(frame.index % 100) / 100, saturation: 1, brightness: 1))
                c.fill(c.bounds)
            }
        }
        try await Task.sleep(for: .milliseconds(500))
        task.cancel()
        var caught: (any Error)?
        do {
            try await task.value
        } catch is CancellationError {
            caught = CancellationError()
        } catch {
            caught = error
            Issue.record("expected CancellationError, got \(error)")
        }
        #expect(caught is CancellationError)
        #expect(try dir.contents().isEmpty)
    }

    @Test func aTaskCancelledBeforeTheRenderThrowsCancellationErrorAndDrawsNothing() async throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("never.mp4")
        let drawn = Mutex(0)
        // The task sleeps until it is cancelled, so the render starts cancelled.
        let task = Task {
            try? await Task.sleep(for: .seconds(600))
            let settings = try MovieSettings(width: 32, height: 32, fps: 10)
            try await MovieWriter.render(to: url, settings: settings, frameCount: 10) { c, _ in
                drawn.withLock { $0 += 1 }
                c.fill(c.bounds)
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(drawn.withLock { $0 } == 0)
        #expect(try dir.contents().isEmpty)
    }

    @Test func aDrawingErrorInTheAsyncRenderIsThrownAsItIs() async throws {
        struct Broken: Error, Equatable { let frame: Int }
        let dir = try TemporaryDirectory()
        let settings = try MovieSettings(width: 32, height: 32, fps: 10)
        await #expect(throws: Broken(frame: 3)) {
            try await MovieWriter.render(to: dir.file("broken.mp4"), settings: settings, frameCount: 10) { c, frame in
                if frame.index == 3 { throw Broken(frame: 3) }
                c.fill(c.bounds)
            }
        }
        #expect(try dir.contents().isEmpty)
    }

    @Test func asyncRenderWritesTheWholeMovieAndReportsEncodedFrames() async throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("async.mp4")
        let reports = Mutex<[RenderProgress]>([])
        try await MovieWriter.render(
            to: url, settings: MovieSettings(width: 64, height: 48, fps: 25), frameCount: 50,
            progress: { step in reports.withLock { $0.append(step) } }
        ) { c, frame in
            c.setFillColor(frame.index < 25 ? .red : .blue)
            c.fill(c.bounds)
        }
        let probe = try MovieProbe(url: url)
        #expect(probe.frames.count == 50)
        let red = probe.frames[10].pixel(x: 32, y: 24)
        let blue = probe.frames[40].pixel(x: 32, y: 24)
        #expect(red.r > 200 && red.b < 60 && blue.b > 200 && blue.r < 60)
        let all = reports.withLock { $0 }
        #expect(all.count == 51)
        #expect(all.last == RenderProgress(encodedFrames: 50, totalFrames: 50, isComplete: true))
    }

    @Test func renderUpdatesStreamsProgressAndEndsWhenTheFileIsComplete() async throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("updates.mp4")
        var last: RenderProgress?
        var previousEncoded = 0
        for try await step in MovieWriter.renderUpdates(
            to: url, settings: try MovieSettings(width: 32, height: 32, fps: 30), frameCount: 90,
            draw: { c, _ in c.fill(c.bounds) }
        ) {
            #expect(step.encodedFrames >= previousEncoded && step.encodedFrames <= 90)
            previousEncoded = step.encodedFrames
            last = step
        }
        #expect(last == RenderProgress(encodedFrames: 90, totalFrames: 90, isComplete: true))
        #expect(try MovieProbe(url: url).frames.count == 90)
    }

    @Test func cancellingTheTaskIteratingRenderUpdatesThrowsCancellationError() async throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("updates-cancelled.mp4")
        let settings = try Self.slowSettings()
        let task = Task {
            var last: RenderProgress?
            let updates = MovieWriter.renderUpdates(to: url, settings: settings, frameCount: 100_000) { c, frame in
                c.setFillColor(Color(hue: Double(frame.index % 100) / 100, saturation: 1, brightness: 1))
                c.fill(c.bounds)
            }
            for try await step in updates { last = step }
            return last
        }
        try await Task.sleep(for: .milliseconds(500))
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        // The render stops asynchronously, after the frames in progress (see the test below).
        for _ in 0..<1200 where try !dir.contents().isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        let left = try dir.contents()
        #expect(left.isEmpty, "left in the folder: \(left)")
    }

    @Test func endingTheIterationEarlyCancelsTheRenderAndLeavesNothing() async throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("early.mp4")
        let settings = try Self.slowSettings()
        // From its third frame on, the render waits until this loop has ended. The loop runs on the
        // cooperative pool, which the suite's synchronous tests can keep busy for minutes on 2 cores;
        // unheld, the render once finished all 100,000 frames (889 s) before the loop could break.
        let loopEnded = Mutex(false)
        let draw: @Sendable (DrawingContext, FrameTime) throws -> Void = { c, time in
            c.fill(c.bounds)
            while time.index >= 2 && !loopEnded.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.005) }
        }
        for try await _ in MovieWriter.renderUpdates(to: url, settings: settings, frameCount: 100_000, draw: draw) {
            break  // The sequence is released here, which cancels the render.
        }
        loopEnded.withLock { $0 = true }
        // Cancellation is asynchronous: the drawing thread stops after its frame in progress, and
        // the encoder after its own. On a loaded 2-core machine under a sanitizer, with x264 at
        // `veryslow`, that has taken more than 5 s, so this waits up to a minute.
        for _ in 0..<1200 where try !dir.contents().isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        let left = try dir.contents()
        #expect(left.isEmpty, "left in the folder: \(left)")
    }
}

@Suite("Moving the finished movie into place")
struct PartialOutputTests {
    @Test(arguments: PartialOutput.NoReplaceStrategy.allCases)
    func eachStrategyMovesTheFileAndNeverReplacesAnother(_ strategy: PartialOutput.NoReplaceStrategy) throws {
        let dir = try TemporaryDirectory()
        let file = try PartialOutput(destination: dir.file("movie.mp4"), allowUnnamed: false)
        try Data("new".utf8).write(to: file.temporary)
        try file.moveIntoPlace(overwrite: false, strategies: [strategy])
        #expect(try dir.contents() == ["movie.mp4"])
        #expect(try String(contentsOf: dir.file("movie.mp4"), encoding: .utf8) == "new")

        let second = try PartialOutput(destination: dir.file("movie.mp4"), allowUnnamed: false)
        try Data("newer".utf8).write(to: second.temporary)
        #expect(throws: MovieKitError.fileExists(path: dir.file("movie.mp4").path)) {
            try second.moveIntoPlace(overwrite: false, strategies: [strategy])
        }
        #expect(
            try String(contentsOf: dir.file("movie.mp4"), encoding: .utf8) == "new", "the existing file is untouched")
        second.removeTemporary()
    }

    @Test func anUnnamedFileIsInvisibleUntilLinkedAndNeverReplacesAnother() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("movie.mp4")
        let file = try PartialOutput(destination: url)
        #expect(file.isUnnamed, "this filesystem supports O_TMPFILE")
        try Data("new".utf8).write(to: URL(fileURLWithPath: file.writePath))
        #expect(try dir.contents().isEmpty, "nothing is visible while writing")
        try file.moveIntoPlace(overwrite: false)
        #expect(try dir.contents() == ["movie.mp4"])
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")

        let second = try PartialOutput(destination: url)
        try Data("newer".utf8).write(to: URL(fileURLWithPath: second.writePath))
        #expect(throws: MovieKitError.fileExists(path: url.path)) { try second.moveIntoPlace(overwrite: false) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        try second.moveIntoPlace(overwrite: true)
        #expect(try String(contentsOf: url, encoding: .utf8) == "newer")
        #expect(try dir.contents() == ["movie.mp4"])
    }

    @Test func staleHiddenPartialsOlderThanADayAreRemovedOnTheNextRun() throws {
        let dir = try TemporaryDirectory()
        let stale = dir.file(".movie.mp4.0123abcd.partial")
        let fresh = dir.file(".movie.mp4.89abcdef.partial")
        let foreign = dir.file(".movie.mp4.notmine.partial")
        for url in [stale, fresh, foreign] { try Data("x".utf8).write(to: url) }
        let twoDaysAgo = Date().addingTimeInterval(-2 * 24 * 3600)
        try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: stale.path)
        try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: foreign.path)
        let file = try PartialOutput(destination: dir.file("movie.mp4"), allowUnnamed: false)
        #expect(try dir.contents() == [".movie.mp4.89abcdef.partial", ".movie.mp4.notmine.partial"])
        file.removeTemporary()
    }

    @Test func whenEveryStrategyIsUnsupportedTheErrorSaysSo() throws {
        let dir = try TemporaryDirectory()
        let file = try PartialOutput(destination: dir.file("movie.mp4"), allowUnnamed: false)
        // No temporary file exists, so every strategy fails with ENOENT: a real failure, reported at once.
        #expect {
            try file.moveIntoPlace(overwrite: false, strategies: [.hardLink, .renameNoReplace])
        } throws: { error in
            "\(error)"
                == "File operation on \(dir.file("movie.mp4").path) failed: moving the finished movie into place failed (No such file or directory)."
        }
    }
}

@Suite("Settings the encoder cannot take")
struct EncoderLimitTests {
    @Test func aFrameBeyondTheEncodersLimitIsRefusedInSettings() {
        #expect {
            _ = try MovieSettings(width: 99984, height: 99984, fps: 30)
        } throws: { error in
            "\(error)"
                == "A 99984x99984 frame is too large for MovieKit's encoders (at most 16384 pixels per side); choose a smaller width and height."
        }
    }

    @Test func theLargestAcceptedSizeReallyOpensTheEncoder() throws {
        let dir = try TemporaryDirectory()
        // 16384 wide: the limit itself must work end to end.
        let settings = try MovieSettings(width: 16384, height: 16, fps: 1, preset: .ultrafast)
        try MovieWriter.render(to: dir.file("wide.mp4"), settings: settings, frameCount: 1) { c, _ in c.fill(c.bounds) }
        #expect(try MovieProbe(url: dir.file("wide.mp4")).width == 16384)
    }
}
