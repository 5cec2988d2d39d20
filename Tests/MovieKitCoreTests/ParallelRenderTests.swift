import Foundation
import FrameDraw
import Synchronization
import TestSupport
import Testing

@testable import MovieKitCore

@Suite("Parallel rendering")
struct ParallelRenderTests {
    static let frameCount = 300

    /// Renders the numbered-frame movie with `threads` drawing threads and returns its decoded frames.
    static func renderNumbered(threads: Int, in dir: borrowing TemporaryDirectory) throws -> MovieProbe {
        let url = dir.file("numbered-\(threads).mp4")
        let settings = try MovieSettings(width: 32, height: 32, fps: 30, crf: 10, preset: .ultrafast)
        try MovieWriter.render(to: url, settings: settings, frameCount: frameCount, concurrency: .fixed(threads)) {
            context, frame in
            // Uneven drawing time, so that threads finish out of order.
            if frame.index % 7 == 0 { Thread.sleep(forTimeInterval: 0.002) }
            context.setFillColor(PipelineTests.colour(forFrame: frame.index))
            context.fill(context.bounds)
        }
        return try MovieProbe(url: url)
    }

    @Test func everyFrameDecodesInOrderAndOneAndFourThreadsDecodeIdentically() throws {
        let dir = try TemporaryDirectory()
        var decoded: [Int: [[UInt8]]] = [:]
        for threads in [1, 2, 4] {
            let probe = try Self.renderNumbered(threads: threads, in: dir)
            #expect(probe.frames.count == Self.frameCount)
            let numbers = probe.frames.map { PipelineTests.frameNumber($0.pixel(x: 16, y: 16)) }
            #expect(numbers == Array(0..<Self.frameCount), "with \(threads) threads")
            decoded[threads] = probe.frames.map(\.rgb)
        }
        #expect(decoded[1] == decoded[4], "the encoder input is identical, so the decoded frames are")
        #expect(decoded[1] == decoded[2])
    }

    /// Renders `frameCount` frames with four drawing threads and returns how many each thread drew,
    /// most first.
    static func framesPerThread(
        settings: MovieSettings, frameCount: Int, in dir: borrowing TemporaryDirectory,
        draw: @escaping @Sendable (DrawingContext, Int) -> Void
    ) throws -> [Int] {
        let counts = Mutex<[UInt: Int]>([:])
        try MovieWriter.render(
            to: dir.file("helpers.mp4"), settings: settings, frameCount: frameCount, overwrite: true,
            concurrency: .fixed(4)
        ) { context, frame in
            let thread = UInt(pthread_self())
            counts.withLock { $0[thread, default: 0] += 1 }
            draw(context, frame.index)
        }
        return counts.withLock { $0.values.sorted(by: >) }
    }

    @Test func helperThreadsDrawWhileTheEncoderWaitsForFrames() throws {
        // Drawing (3 ms a frame) is far slower than encoding 32x32 frames: the encoder is always
        // short of frames, so the helpers draw too and the frames spread over the threads.
        let dir = try TemporaryDirectory()
        let settings = try MovieSettings(width: 32, height: 32, fps: 30, preset: .ultrafast)
        let counts = try Self.framesPerThread(settings: settings, frameCount: 120, in: dir) { context, index in
            Thread.sleep(forTimeInterval: 0.003)
            context.setFillColor(PipelineTests.colour(forFrame: index))
            context.fill(context.bounds)
        }
        #expect(counts.reduce(0, +) == 120)
        #expect(counts.count >= 2 && counts[0] <= 90, "frames drawn per thread: \(counts)")
    }

    @Test func helperThreadsStayIdleWhileTheEncoderHasFramesQueued() throws {
        // Each frame is a different window of a noise image: a cheap copy for Cairo (so cheap
        // even under a sanitizer), and about the hardest input x264 gets, so encoding at `medium`
        // is far the slow part. x264 first takes about fifty frames into its lookahead without
        // waiting, and the helpers draw some of those; after that the encoder always has two
        // frames queued, the helpers wait and leave the CPU to it, and one thread draws the rest.
        // Helpers that wait leave the first thread most of the frames; helpers that never wait share
        // them about equally, a quarter each. Under the thread sanitizer with the whole suite running,
        // the suite's own threads (at normal priority, above the drawing threads) take CPU from the
        // first thread, the encoder's queue runs short more often, and the helpers rightly draw more, the
        // more so on a machine busy with other work. A third tells waiting helpers from helpers that never
        // wait in all these conditions.
        let dir = try TemporaryDirectory()
        let settings = try MovieSettings(width: 320, height: 176, fps: 30, preset: .medium)
        let noise = try Self.noiseImage(width: 320 + 64, height: 176 + 64)
        let frames = 320
        let counts = try Self.framesPerThread(settings: settings, frameCount: frames, in: dir) { context, index in
            context.draw(noise, at: CGPoint(x: -Double(index * 7 % 64), y: -Double(index * 13 % 64)))
        }
        #expect(counts.reduce(0, +) == frames)
        #expect(counts[0] >= frames / 3, "frames drawn per thread: \(counts)")
    }

    /// Opaque grey noise from a fixed linear congruential sequence.
    static func noiseImage(width: Int, height: Int) throws -> Image {
        var state: UInt32 = 12345
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            let v = state >> 24
            return 0xFF00_0000 | v << 16 | v << 8 | v
        }
        return try Image(width: width, height: height, pixels: pixels)
    }

    @Test func theFirstDrawingErrorByFrameOrderIsThrownAndNothingIsLeft() throws {
        struct Broken: Error, Equatable { var frame: Int }
        let dir = try TemporaryDirectory()
        let url = dir.file("broken.mp4")
        let settings = try MovieSettings(width: 32, height: 32, fps: 30, preset: .ultrafast)
        #expect(throws: Broken(frame: 40)) {
            try MovieWriter.render(to: url, settings: settings, frameCount: 200, concurrency: .fixed(4)) {
                context, frame in
                // Frame 41 fails at once; frame 40 fails later, but it comes first in the movie.
                if frame.index == 40 {
                    Thread.sleep(forTimeInterval: 0.05)
                    throw Broken(frame: 40)
                }
                if frame.index == 41 { throw Broken(frame: 41) }
                context.fill(context.bounds)
            }
        }
        #expect(try dir.contents().isEmpty)
    }

    @Test func cancelStopsEveryWorkerPromptly() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("cancel.mp4")
        let writer = try MovieWriter(
            url: url, settings: CancellationTests.slowSettings(), overwrite: false, drawingThreads: 4)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { writer.cancel() }
        let start = ContinuousClock.now
        #expect(throws: MovieKitError.cancelled(path: url.path)) {
            try writer.renderFramesInParallel(100_000, threads: 4, progress: nil) { context, frame, _ in
                context.setFillColor(Color(hue: Double(frame.index % 50) / 50, saturation: 1, brightness: 1))
                context.fill(context.bounds)
            }
        }
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(try dir.contents().isEmpty)
    }

    /// The calling thread's nice value: field 19 of /proc/thread-self/stat (Linux keeps one per thread).
    static func currentThreadNice() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)
        // The command name (field 2) may hold spaces; the fields after it start at state (field 3).
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return try #require(Int(fields[16]))
    }

    @Test func drawingThreadsRunFiveNiceStepsBelowTheCallerWhoseOwnPriorityIsKept() throws {
        let dir = try TemporaryDirectory()
        let caller = try Self.currentThreadNice()
        let seen = Mutex<Set<Int>>([])
        let settings = try MovieSettings(width: 16, height: 16, fps: 30, preset: .ultrafast)
        for threads in [1, 3] {
            try MovieWriter.render(
                to: dir.file("nice-\(threads).mp4"), settings: settings, frameCount: 30, concurrency: .fixed(threads)
            ) { c, _ in
                let nice = (try? Self.currentThreadNice()) ?? Int.min
                seen.withLock { _ = $0.insert(nice) }
                c.fill(c.bounds)
            }
        }
        #expect(seen.withLock { $0 } == [min(caller + Int(DrawingThreadPriority.niceIncrement), 19)])
        #expect(try Self.currentThreadNice() == caller, "the caller's thread keeps its priority")
    }

    @Test func progressReachesTheEndAndMemoryIsBoundedBySlots() throws {
        let dir = try TemporaryDirectory()
        let reports = Mutex<[RenderProgress]>([])
        try MovieWriter.render(
            to: dir.file("p.mp4"), settings: MovieSettings(width: 16, height: 16, fps: 30, preset: .ultrafast),
            frameCount: 60,
            concurrency: .fixed(3), progress: { step in reports.withLock { $0.append(step) } }
        ) { c, _ in c.fill(c.bounds) }
        let all = reports.withLock { $0 }
        #expect(all.last == RenderProgress(encodedFrames: 60, totalFrames: 60, isComplete: true))
        #expect(all.allSatisfy { $0.encodedFrames <= 60 })
        #expect(MovieWriter.slotCount(drawingThreads: 3) == 4)
        #expect(MovieWriter.slotCount(drawingThreads: 1) == 2)
        // 1080p yuv420p pictures are 3 MB: 32 fit the budget; 4K 4:4:4 10-bit ones, 2.
        #expect(MovieWriter.sparePictureCount(width: 1920, height: 1088, format: .yuv420p) == 32)
        #expect(MovieWriter.sparePictureCount(width: 3840, height: 2160, format: .yuv444p10le) == 2)
        #expect(RenderConcurrency.fixed(0).threadCount == 1)
        #expect((1...8).contains(RenderConcurrency.automatic.threadCount))
    }
}

@Suite("Parallel rendering with text")
struct ParallelTextTests {
    /// Frame buffers move between drawing threads; each thread must lay out text with its own
    /// Pango font map, or two threads corrupt one font map's caches.
    @Test func textDrawnOnFourThreadsMatchesTextDrawnOnOne() throws {
        let dir = try TemporaryDirectory()
        let style = TextStyle(font: .system(size: 20, weight: .bold), color: .white)
        let draw: @Sendable (DrawingContext, FrameTime) throws -> Void = { context, frame in
            context.draw("Frame \(frame.index % 7)", at: CGPoint(x: 4, y: 4), style: style)
            try context.draw(markup: "<i>\(frame.index % 3)</i>", at: CGPoint(x: 4, y: 34), style: style)
        }
        let settings = try MovieSettings(width: 128, height: 64, fps: 30, crf: 0, preset: .ultrafast)
        try MovieWriter.render(
            to: dir.file("one.mp4"), settings: settings, frameCount: 120, concurrency: .fixed(1), draw: draw)
        try MovieWriter.render(
            to: dir.file("four.mp4"), settings: settings, frameCount: 120, concurrency: .fixed(4), draw: draw)
        let one = try MovieProbe(url: dir.file("one.mp4")).frames.map(\.rgb)
        let four = try MovieProbe(url: dir.file("four.mp4")).frames.map(\.rgb)
        #expect(one.count == 120)
        #expect(one == four)
    }
}
