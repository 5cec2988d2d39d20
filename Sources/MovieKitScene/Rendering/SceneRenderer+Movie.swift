import Foundation
import FrameDraw
import MovieKitCore

extension SceneRenderer {
    /// Movie settings for the canvas: its size and frame rate, with the encoder's defaults.
    /// - Throws: `MovieKitError.invalidDimension` when the canvas size is not a multiple of 16.
    public func movieSettings() throws -> MovieSettings {
        try MovieSettings(width: canvas.width, height: canvas.height, fps: canvas.fps)
    }

    /// Renders the whole scene into a movie file.
    /// - Parameters:
    ///   - url: The destination (`.mp4`, `.m4v` or `.mov`).
    ///   - settings: Size, frame rate and encoder options; `nil` uses `movieSettings()`. Another
    ///     size scales the scene to fit; another frame rate samples it at that rate.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - progress: Called after each frame with the frames encoded so far.
    /// - Throws: `MovieKitError` from the writer; nothing is left at `url` on failure.
    public func render(
        to url: URL, settings: MovieSettings? = nil, overwrite: Bool = false, progress: ((RenderProgress) -> Void)? = nil
    ) throws {
        let writer = try MovieWriter(url: url, settings: settings ?? movieSettings(), overwrite: overwrite)
        try render(into: writer, progress: progress)
    }

    /// Draws every frame of the scene into `writer` at the writer's frame rate, then finishes it.
    /// Use this form to keep the writer, for example to `cancel()` it from a signal handler.
    /// - Parameters:
    ///   - writer: A writer with no frames yet.
    ///   - progress: Called after each frame with the frames encoded so far.
    /// - Throws: `MovieKitError` from the writer.
    public func render(into writer: MovieWriter, progress: ((RenderProgress) -> Void)? = nil) throws {
        let fps = writer.settings.fps
        let frameCount = max(1, fps.frameCount(forSeconds: canvas.duration))
        for index in 0..<frameCount {
            let time = fps.time(ofFrame: index)
            try writer.addFrame { context in draw(in: context, at: time) }
            progress?(RenderProgress(encodedFrames: writer.encodedFrameCount, totalFrames: frameCount, isComplete: false))
        }
        try writer.finish()
        progress?(RenderProgress(encodedFrames: frameCount, totalFrames: frameCount, isComplete: true))
    }
}
