import Dispatch
import Foundation
import FrameDraw
import Synchronization
import TestSupport
import Testing

@testable import MovieKitCore

@Suite("Frames queued for the encoder")
struct EncoderQueueTests {
    /// While the encoder takes no frames, drawing goes on into the queue's spare pictures, and
    /// waits once they are all queued; every frame then reaches the file in order.
    @Test func drawingRunsAheadOfAStalledEncoderUpToTheQueueAndNoFurther() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("stalled.mp4")
        let settings = try MovieSettings(width: 16, height: 16, fps: 30, crf: 10, preset: .ultrafast)
        let writer = try MovieWriter(url: url, settings: settings)
        let queueLength = MovieWriter.sparePictureCount(width: 16, height: 16, format: .yuv420p)
        #expect(queueLength == 32)
        let frameCount = queueLength + 8
        let release = DispatchSemaphore(value: 0)
        writer.stallEncoderForTesting(until: release)
        let added = Mutex(0)
        let finished = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        let thread = Thread {
            do {
                for index in 0..<frameCount {
                    try writer.addFrame { context in
                        context.setFillColor(PipelineTests.colour(forFrame: index))
                        context.fill(context.bounds)
                    }
                    added.withLock { $0 += 1 }
                }
                try writer.finish()
            } catch {
                failure.withLock { $0 = error }
            }
            finished.signal()
        }
        thread.start()
        // Wait until drawing stops moving, then check where it stopped.
        var last = -1
        while added.withLock({ $0 }) != last {
            last = added.withLock { $0 }
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(last == queueLength, "one frame per spare picture, then addFrame waits")
        release.signal()
        finished.wait()
        #expect(failure.withLock { $0 } == nil)
        let probe = try MovieProbe(url: url)
        #expect(probe.frames.map { PipelineTests.frameNumber($0.pixel(x: 8, y: 8)) } == Array(0..<frameCount))
    }

    /// Without clearing, a frame starts from its buffer's earlier pixels: a drawing that sets
    /// every pixel gets the same movie, and one that does not shows what the buffer held.
    @Test func framesThatAreNotClearedStartFromTheirBuffersEarlierPixels() throws {
        let dir = try TemporaryDirectory()
        let settings = try MovieSettings(width: 16, height: 16, fps: 30, crf: 10, preset: .ultrafast)
        func render(clearing: Bool, paintsOnlyFirstFrame: Bool) throws -> [Int] {
            let url = dir.file("clear-\(clearing)-\(paintsOnlyFirstFrame).mp4")
            let writer = try MovieWriter(url: url, settings: settings, concurrency: .fixed(1))
            try writer.render(frameCount: 6, clearsFrames: clearing) { context, frame in
                guard frame.index == 0 || !paintsOnlyFirstFrame else { return }
                context.setFillColor(PipelineTests.colour(forFrame: frame.index == 0 ? 9 : frame.index))
                context.fill(context.bounds)
            }
            return try MovieProbe(url: url).frames.map { PipelineTests.frameNumber($0.pixel(x: 8, y: 8)) }
        }
        let painted = [9, 1, 2, 3, 4, 5]
        #expect(try render(clearing: true, paintsOnlyFirstFrame: false) == painted)
        #expect(try render(clearing: false, paintsOnlyFirstFrame: false) == painted)
        // Cleared, the frames after the first are black.
        #expect(try render(clearing: true, paintsOnlyFirstFrame: true) == [9, 0, 0, 0, 0, 0])
        // Not cleared, the first frame's buffer comes round again with its pixels.
        let uncleared = try render(clearing: false, paintsOnlyFirstFrame: true)
        #expect(uncleared.first == 9)
        #expect(uncleared.dropFirst().contains(9))
    }
}
