import Foundation
import FrameDraw
import MovieKitCore

extension Slideshow {
    /// Checks everything that could stop a render half-way, before anything is written: the
    /// timing, and every photo (present, readable, an image within the pixel limits), without
    /// decoding the photos.
    /// - Throws: `SceneError.invalidSlideshow`, or the `FrameDrawError` naming the first bad photo.
    public func validate() throws {
        _ = try timing()
        for slide in slides {
            if case .photo(let url) = slide.content { try Image.checkFile(at: url) }
            if case .video(let video) = slide.content { try video.validateNumbers() }
        }
        for track in audio { _ = try AudioTrack.duration(of: track.url) }
    }

    /// The movie settings for this slideshow's canvas and rate, with the other options given.
    public func movieSettings(crf: Int? = nil, preset: Preset = .medium) throws -> MovieSettings {
        try MovieSettings(width: width, height: height, fps: fps, crf: crf, preset: preset)
    }

    /// Renders the slideshow with its audio into a movie at `url`.
    ///
    /// Photos are decoded ahead of time on a background thread, at most three slides at once; held
    /// stills are encoded as repeats of their first frame, without drawing them again
    /// (``Scene/heldFrames``). No decode is left running when this returns or throws.
    /// - Parameters:
    ///   - url: The destination.
    ///   - settings: Encoder settings; `nil` uses `movieSettings()`. Another size scales the slideshow to fit.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - concurrency: Drawing threads.
    ///   - progress: Called as frames reach the encoder, and once more when the file is in place.
    /// - Throws: Any error of `validate()`, or of the writer; nothing is left at `url` on failure.
    public func render(
        to url: URL, settings: MovieSettings? = nil, overwrite: Bool = false,
        concurrency: RenderConcurrency = .automatic,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws {
        try validate()
        let renderer = try SceneRenderer(scene: scene())
        let writer = try MovieWriter(
            url: url, settings: try settings ?? movieSettings(), overwrite: overwrite, concurrency: concurrency)
        try renderer.render(into: writer, progress: progress)
    }
}
