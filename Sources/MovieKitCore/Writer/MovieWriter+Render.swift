import Foundation
import FrameDraw

extension MovieWriter {
    /// Renders a whole movie in one call: `draw(context, frame)` is called for each frame, in order,
    /// on the calling thread.
    /// - Parameters:
    ///   - url: The destination.
    ///   - settings: Size, frame rate and encoder options.
    ///   - frameCount: How many frames to draw.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - progress: Called after each frame with the frames encoded so far, and once more with
    ///     `isComplete` when the file is in place.
    ///   - draw: Draws one frame; `frame.time` is exactly `frame.index / fps`.
    /// - Throws: Any error of `init`, `addFrame` or `finish`; nothing is left at `url` on failure.
    public static func render(
        to url: URL,
        settings: MovieSettings,
        frameCount: Int,
        overwrite: Bool = false,
        progress: ((RenderProgress) -> Void)? = nil,
        draw: (DrawingContext, FrameTime) throws -> Void
    ) throws {
        let writer = try MovieWriter(url: url, settings: settings, overwrite: overwrite)
        try writer.renderFrames(frameCount, progress: progress, draw: draw)
    }

    /// Renders a whole movie with several threads drawing at once.
    ///
    /// Frames are independent (`draw` must depend only on the frame it is given), so `concurrency`
    /// threads each draw and convert frames into their own buffers; the encoder still receives
    /// them strictly in order, so the file is the same as a sequential render's. Memory is bounded
    /// by the buffers, whatever the frame count: one per thread plus one, and up to 96 MB of
    /// converted pictures waiting for the encoder.
    /// - Parameters:
    ///   - url: The destination.
    ///   - settings: Size, frame rate, codec and encoder options.
    ///   - frameCount: How many frames to draw.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - concurrency: How many threads draw: `.automatic` (one per core, up to 8) or `.fixed(k)`.
    ///   - progress: Called from the drawing threads as frames reach the encoder, and once more
    ///     with `isComplete` when the file is in place.
    ///   - draw: Draws one frame; called concurrently for different frames.
    /// - Throws: The first error by frame order, an encoder error, or `.cancelled`; nothing is left
    ///   at `url` on failure.
    public static func render(
        to url: URL,
        settings: MovieSettings,
        frameCount: Int,
        overwrite: Bool = false,
        concurrency: RenderConcurrency,
        progress: (@Sendable (RenderProgress) -> Void)? = nil,
        draw: @escaping @Sendable (DrawingContext, FrameTime) throws -> Void
    ) throws {
        let writer = try MovieWriter(url: url, settings: settings, overwrite: overwrite, concurrency: concurrency)
        try writer.render(frameCount: frameCount, progress: progress, draw: draw)
    }

    /// Draws `frameCount` frames on the writer's `drawingThreads` threads, hands them to the
    /// encoder in order, and finishes the movie. Use it on a new writer, when you need the writer
    /// itself, for example to `cancel()` it from a signal handler.
    /// - Parameters:
    ///   - frameCount: How many frames to draw.
    ///   - progress: Called from the drawing threads as frames reach the encoder, and once more
    ///     with `isComplete` when the file is in place.
    ///   - repeatsPrevious: Says, by frame index in the whole movie, which frames are the same
    ///     picture as the frame before (a still held on screen): they are not drawn, and the encoder
    ///     takes the previous picture again, as `repeatPreviousFrame` does. The first frame (of a
    ///     chunk, too) is always drawn.
    ///   - clearsFrames: Whether each frame starts cleared to opaque black (transparent with
    ///     `alpha`), as in `addFrame`. Pass `false` when `draw` sets every pixel itself, as
    ///     `SceneRenderer` does by filling its background first: a frame then starts with whatever
    ///     its buffer held, and a pass over every pixel is saved.
    ///   - draw: Draws one frame; called concurrently for different frames.
    /// - Throws: The first error by frame order, an encoder error, or `.cancelled`; nothing is left
    ///   at `url` on failure.
    public func render(
        frameCount: Int,
        repeatsPrevious: (@Sendable (Int) -> Bool)? = nil,
        clearsFrames: Bool = true,
        progress: (@Sendable (RenderProgress) -> Void)? = nil,
        draw: @escaping @Sendable (DrawingContext, FrameTime) throws -> Void
    ) throws {
        try render(
            frameCount: frameCount, repeatsPrevious: repeatsPrevious, clearsFrames: clearsFrames, progress: progress,
            drawingOver: { context, frame, _ in try draw(context, frame) })
    }

    /// ``render(frameCount:repeatsPrevious:clearsFrames:progress:draw:)`` for drawing that can say when a
    /// decoded clip's picture fills the frame (a scene's video layer): `draw` gets the frame's
    /// ``FrameBackdrop`` as well, and the rows it leaves untouched are encoded from the picture as it is.
    package func render(
        frameCount: Int,
        repeatsPrevious: (@Sendable (Int) -> Bool)? = nil,
        clearsFrames: Bool = true,
        progress: (@Sendable (RenderProgress) -> Void)? = nil,
        drawingOver draw: @escaping @Sendable (DrawingContext, FrameTime, FrameBackdrop) throws -> Void
    ) throws {
        var submitted: (@Sendable (Int) -> Void)?
        if let progress {
            submitted = { [self] count in
                progress(
                    RenderProgress(
                        encodedFrames: min(count, encodedFrameCount), totalFrames: frameCount, isComplete: false))
            }
        }
        try renderFramesInParallel(
            frameCount, threads: drawingThreads, repeatsPrevious: repeatsPrevious, clearsFrames: clearsFrames,
            progress: submitted, draw: draw)
        progress?(RenderProgress(encodedFrames: frameCount, totalFrames: frameCount, isComplete: true))
    }

    /// Renders a whole movie from async code, honouring Task cancellation.
    ///
    /// The frames are drawn on a dedicated thread, never on Swift's cooperative pool, so waiting
    /// for the encoder blocks no task. Cancelling the task cancels the render: the drawing stops
    /// after the frame in progress, the temporary file is removed, and this throws
    /// `CancellationError`, as other cancelled async work does.
    /// - Parameters:
    ///   - url: The destination.
    ///   - settings: Size, frame rate and encoder options.
    ///   - frameCount: How many frames to draw.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - progress: Called on the drawing thread after each frame with the frames encoded so far,
    ///     and once more with `isComplete` when the file is in place.
    ///   - draw: Draws one frame; `frame.time` is exactly `frame.index / fps`.
    /// - Throws: `CancellationError` when the task is cancelled before the movie is in place, or
    ///   any error of `init`, `addFrame` or `finish`; nothing is left at `url` on failure.
    public static func render(
        to url: URL,
        settings: MovieSettings,
        frameCount: Int,
        overwrite: Bool = false,
        progress: (@Sendable (RenderProgress) -> Void)? = nil,
        draw: @escaping @Sendable (DrawingContext, FrameTime) throws -> Void
    ) async throws {
        try Task.checkCancellation()
        let writer = try MovieWriter(url: url, settings: settings, overwrite: overwrite)
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                    let thread = Thread {
                        DrawingThreadPriority.lowerCurrentThread()
                        do {
                            try writer.renderFrames(frameCount, progress: progress, draw: draw)
                            continuation.resume()
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                    thread.name = "MovieKit.render"
                    thread.start()
                }
            } onCancel: {
                writer.cancel()
            }
        } catch MovieKitError.cancelled where Task.isCancelled {
            // Only the cancellation handler cancels this writer; any other error stays as it is.
            throw CancellationError()
        }
    }

    /// Renders a whole movie, reporting progress as an asynchronous sequence.
    ///
    /// Rendering starts at once, on a dedicated thread, and never waits for the loop: a report not
    /// read before the next one arrives is dropped, so the loop sees the latest. The sequence
    /// ends after the element with `isComplete`, or throws the render's error. Ending the
    /// iteration early and releasing the sequence cancels the render and leaves no file;
    /// cancelling the iterating task does too, and the iteration then throws `CancellationError`.
    /// ```swift
    /// for try await step in MovieWriter.renderUpdates(to: url, settings: settings, frameCount: 300, draw: draw) {
    ///     print(step.fractionCompleted)
    /// }
    /// ```
    /// - Parameters:
    ///   - url: The destination.
    ///   - settings: Size, frame rate and encoder options.
    ///   - frameCount: How many frames to draw.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - draw: Draws one frame; `frame.time` is exactly `frame.index / fps`.
    /// - Returns: The progress reports. The iteration throws what the async `render(to:…)` throws.
    public static func renderUpdates(
        to url: URL,
        settings: MovieSettings,
        frameCount: Int,
        overwrite: Bool = false,
        draw: @escaping @Sendable (DrawingContext, FrameTime) throws -> Void
    ) -> RenderUpdates {
        RenderUpdates(
            AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                let writer: MovieWriter
                do {
                    writer = try MovieWriter(url: url, settings: settings, overwrite: overwrite)
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
                continuation.onTermination = { _ in writer.cancel() }
                let thread = Thread {
                    DrawingThreadPriority.lowerCurrentThread()
                    do {
                        try writer.renderFrames(frameCount, progress: { continuation.yield($0) }, draw: draw)
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                thread.name = "MovieKit.render"
                thread.start()
            })
    }

    /// Draws `frameCount` frames in order and finishes the movie, reporting progress.
    func renderFrames(
        _ frameCount: Int, progress: ((RenderProgress) -> Void)?, draw: (DrawingContext, FrameTime) throws -> Void
    ) throws {
        try expect(frameCount: frameCount)
        for index in 0..<frameCount {
            let frame = FrameTime(index: index, time: settings.fps.time(ofFrame: index))
            try addFrame { context in try draw(context, frame) }
            progress?(RenderProgress(encodedFrames: encodedFrameCount, totalFrames: frameCount, isComplete: false))
        }
        try finish()
        progress?(RenderProgress(encodedFrames: frameCount, totalFrames: frameCount, isComplete: true))
    }
}
