import Foundation
import FrameDraw
import MovieKitCore

extension SceneRenderer {
    /// Movie settings for the canvas: its size and frame rate, with the encoder's defaults.
    /// - Throws: `MovieKitError.invalidDimension` when the canvas size is not a multiple of 16.
    public func movieSettings() throws -> MovieSettings {
        try MovieSettings(width: canvas.width, height: canvas.height, fps: canvas.fps)
    }

    /// Renders the whole scene into a movie file, with the scene's `audio` mixed under it.
    /// - Parameters:
    ///   - url: The destination (`.mp4`, `.m4v` or `.mov`).
    ///   - settings: Size, frame rate and encoder options; `nil` uses `movieSettings()`. Another
    ///     size scales the scene to fit; another frame rate samples it at that rate.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - concurrency: How many threads draw frames; frames are independent, so any number gives the same movie.
    ///   - progress: Called after each frame with the frames encoded so far.
    /// - Throws: `MovieKitError` from the writer (`.unreadableInput` for an audio file that cannot
    ///   be read, `.audioNotInContainer` when the scene has audio and `url` is a `.webm` or `.gif`);
    ///   nothing is left at `url` on failure.
    public func render(
        to url: URL, settings: MovieSettings? = nil, overwrite: Bool = false,
        concurrency: RenderConcurrency = .automatic,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws {
        let writer = try MovieWriter(
            url: url, settings: settings ?? movieSettings(), overwrite: overwrite, concurrency: concurrency)
        try render(into: writer, progress: progress)
    }

    /// Adds the scene's `audio` to `writer`, then draws every frame of the scene into it at the
    /// writer's frame rate, on the writer's drawing threads (frames are independent), and
    /// finishes it. Use this form to keep the writer, for example to `cancel()` it from a signal
    /// handler. The movie lasts the scene's duration (``Scene/frameCount(at:)``): audio that runs
    /// longer is cut at the last frame. Held frames (``Scene/heldFrames``) are encoded as repeats.
    /// - Parameters:
    ///   - writer: A writer with no frames yet.
    ///   - progress: Called after each frame with the frames encoded so far.
    /// - Throws: `MovieKitError` from the writer, including those of `MovieWriter.addAudio(_:)`.
    public func render(into writer: MovieWriter, progress: (@Sendable (RenderProgress) -> Void)? = nil) throws {
        // A render that stops early can leave the next photo decoding; none outlives the render.
        defer { waitForBackgroundWork() }
        for track in scene.audio { try writer.addAudio(track) }
        let fps = writer.settings.fps
        try writer.render(
            frameCount: scene.frameCount(at: fps), repeatsPrevious: scene.repeatsPrevious(at: fps),
            // `draw(in:at:)` fills every pixel with the background first.
            clearsFrames: false, progress: progress,
            drawingOver: { [self] context, frame, backdrop in draw(in: context, at: frame.time, over: backdrop) })
    }
}
