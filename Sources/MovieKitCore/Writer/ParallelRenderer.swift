import Foundation
import FrameDraw

/// How many threads draw and convert frames in a parallel render.
///
/// The first thread always draws. The others draw only while the encoder is short of frames
/// (fewer than `ParallelRenderer.helperQueueDepth` queued): when the encoder is the slow part,
/// extra drawing threads would only take CPU from it, so the number drawing follows the cores
/// the encoder leaves idle.
public enum RenderConcurrency: Sendable, Hashable {
    /// One drawing thread per core, up to 8: the encoder keeps its own threads, and the bounded
    /// ring of frame buffers stops drawing from running ahead of it.
    case automatic
    /// At most this many drawing threads (at least 1).
    case fixed(Int)

    /// The number of drawing threads.
    public var threadCount: Int {
        switch self {
        case .automatic: max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        case .fixed(let count): max(1, count)
        }
    }
}

/// Draws frames on several threads and hands them to the encoder strictly in order.
///
/// Each worker first takes a free slot, then claims the lowest frame not yet claimed, draws it
/// and converts it in its own slot. Taking the slot before the frame means the earliest frame in
/// progress always owns a slot, so frames finished out of order can never starve it. A finished
/// frame waits in the reorder buffer until every earlier frame has been handed to the encoder.
final class ParallelRenderer: @unchecked Sendable {
    // Every mutable field is guarded by `lock`.
    private let lock = NSLock()
    private var nextToClaim = 0
    private var nextToSubmit = 0
    /// A frame ready for the encoder: drawn into a slot, or the previous picture again.
    private enum Ready {
        case drawn(FrameSlot)
        case repeated
    }

    private var finished: [Int: Ready] = [:]
    private var failures: [(index: Int, error: Error)] = []
    private var stopped = false

    private let writer: MovieWriter
    private let pipeline: EncodingPipeline
    private let frameCount: Int
    private let draw: @Sendable (DrawingContext, FrameTime, FrameBackdrop) throws -> Void
    private let repeatsPrevious: (@Sendable (Int) -> Bool)?
    private let clearsFrames: Bool
    private let progress: (@Sendable (Int) -> Void)?

    /// - Parameter repeatsPrevious: Says, by the frame's index in the whole movie, which frames are
    ///   the same picture as the frame before: those are not drawn, and the encoder takes the
    ///   previous picture again (`repeatPreviousFrame`). The first frame is always drawn.
    /// - Parameter clearsFrames: Whether frames start cleared; `false` when `draw` sets every pixel.
    init(
        writer: MovieWriter, pipeline: EncodingPipeline, frameCount: Int,
        repeatsPrevious: (@Sendable (Int) -> Bool)? = nil, clearsFrames: Bool = true,
        progress: (@Sendable (Int) -> Void)?,
        draw: @escaping @Sendable (DrawingContext, FrameTime, FrameBackdrop) throws -> Void
    ) {
        self.writer = writer
        self.pipeline = pipeline
        self.frameCount = frameCount
        self.repeatsPrevious = repeatsPrevious
        self.clearsFrames = clearsFrames
        self.progress = progress
        self.draw = draw
    }

    /// Helper threads (all but the first) wait while this many frames are queued for the encoder.
    /// Two: the encoder has its next frame and the one after, so drawing is not what it waits for.
    static let helperQueueDepth = 2

    /// Runs `threads` workers until every frame is handed to the encoder or one fails.
    /// - Throws: The first error by frame order (a drawing error, or the encoder's).
    func run(threads: Int) throws {
        let group = DispatchGroup()
        for worker in 0..<threads {
            group.enter()
            let thread = Thread { [self] in
                DrawingThreadPriority.lowerCurrentThread()
                work(isHelper: worker > 0)
                group.leave()
            }
            thread.name = "MovieKit.draw.\(worker)"
            thread.start()
        }
        group.wait()
        let first = lock.withLock { failures.min { $0.index < $1.index } }
        if let first { throw first.error }
    }

    private func work(isHelper: Bool) {
        while true {
            if isHelper { pipeline.waitWhileEncoderHasQueued(atLeast: Self.helperQueueDepth) }
            let slot: FrameSlot
            do {
                slot = try pipeline.acquireSlot()
            } catch {
                fail(at: Int.max, error)  // The encoder failed or the render was cancelled.
                return
            }
            let claimed: Int? = lock.withLock {
                guard !stopped, nextToClaim < frameCount else { return nil }
                nextToClaim += 1
                return nextToClaim - 1
            }
            guard let index = claimed else {
                pipeline.returnSlot(slot)
                return
            }
            // A chunk's frames are drawn at their times in the whole movie.
            let movieIndex = index + (writer.chunk?.frames.lowerBound ?? 0)
            if index > 0, repeatsPrevious?(movieIndex) == true {
                pipeline.returnSlot(slot)
                submitInOrder(.repeated, index: index)
                continue
            }
            do {
                try slot.prepare(keeping: nil, clearing: clearsFrames)
                let time = FrameTime(index: movieIndex, time: writer.settings.fps.time(ofFrame: movieIndex))
                try draw(slot.context, time, slot.backdrop)
                try slot.complete()
            } catch {
                pipeline.returnSlot(slot)
                fail(at: index, error)
                return
            }
            submitInOrder(.drawn(slot), index: index)
        }
    }

    /// Parks the finished frame and submits every frame that is now next in line.
    private func submitInOrder(_ frame: Ready, index: Int) {
        var submitted = 0
        lock.withLock {
            finished[index] = frame
            while let next = finished.removeValue(forKey: nextToSubmit) {
                switch (next, stopped) {
                case (.drawn(let slot), true): pipeline.returnSlot(slot)
                case (.drawn(let slot), false): pipeline.submit(slot, index: nextToSubmit)
                case (.repeated, true): break
                case (.repeated, false): pipeline.submitRepeat(count: 1, firstIndex: nextToSubmit)
                }
                nextToSubmit += 1
                submitted = nextToSubmit
            }
        }
        if submitted > 0 { progress?(submitted) }
    }

    private func fail(at index: Int, _ error: Error) {
        lock.withLock {
            failures.append((index, error))
            stopped = true
            for case .drawn(let slot) in finished.values { pipeline.returnSlot(slot) }
            finished.removeAll()
        }
        pipeline.cancel()  // Wakes workers waiting for a slot; the render has failed.
    }
}
