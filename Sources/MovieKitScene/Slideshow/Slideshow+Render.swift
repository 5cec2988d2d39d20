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
        }
        for track in audio { _ = try AudioTrack.duration(of: track.url) }
    }

    /// The movie settings for this slideshow's canvas and rate, with the other options given.
    public func movieSettings(crf: Int? = nil, preset: Preset = .medium) throws -> MovieSettings {
        try MovieSettings(width: width, height: height, fps: fps, crf: crf, preset: preset)
    }

    /// Which frames hold the frame before them still (for `MovieWriter.render(…repeatsPrevious:…)`):
    /// every frame of a still slide after its first, outside the transitions.
    public func stillFrames() throws -> @Sendable (Int) -> Bool {
        let stills = try timing().stills.filter { $0.count > 1 }
        return { frame in
            // Binary search: the stills are in order.
            var low = 0, high = stills.count
            while low < high {
                let middle = (low + high) / 2
                if stills[middle].upperBound <= frame { low = middle + 1 } else { high = middle }
            }
            return low < stills.count && stills[low].lowerBound < frame && frame < stills[low].upperBound
        }
    }

    /// Waits until no slideshow scene is decoding a photo in the background.
    ///
    /// A scene's photos are decoded ahead of time on a background thread, and a render that stops
    /// early (an error, a cancellation) can leave the next photo's decode running for a moment.
    /// `render(to:)` waits for it before it returns; call this after rendering a slideshow's
    /// `scene()` yourself, before the process exits, so that no decode is cut off half-way.
    public static func waitForPhotoDecodes() {
        PhotoCache.waitForBackgroundDecodes()
    }

    /// Renders the slideshow with its audio into a movie at `url`.
    ///
    /// Photos are decoded ahead of time on a background thread, at most three slides at once; held
    /// stills are encoded as repeats of their first frame, without drawing them again. No decode
    /// is left running when this returns or throws.
    /// - Parameters:
    ///   - url: The destination.
    ///   - settings: Encoder settings; `nil` uses `movieSettings()`. Another size scales the slideshow to fit.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - concurrency: Drawing threads.
    ///   - progress: Called as frames reach the encoder, and once more when the file is in place.
    /// - Throws: Any error of `validate()`, or of the writer; nothing is left at `url` on failure.
    public func render(
        to url: URL, settings: MovieSettings? = nil, overwrite: Bool = false, concurrency: RenderConcurrency = .automatic,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws {
        try validate()
        defer { Self.waitForPhotoDecodes() }
        let renderer = try SceneRenderer(scene: scene())
        let settings = try settings ?? movieSettings()
        let writer = try MovieWriter(url: url, settings: settings, overwrite: overwrite, concurrency: concurrency)
        for track in audio { try writer.addAudio(track) }
        // At the slideshow's own rate, held stills are repeats; at another rate every frame is drawn.
        let sameRate = settings.fps == fps
        let frameCount = sameRate ? try timing().frameCount : max(1, settings.fps.frameCount(forSeconds: renderer.canvas.duration))
        try writer.render(frameCount: frameCount, repeatsPrevious: sameRate ? try stillFrames() : nil, progress: progress) { context, frame in
            renderer.draw(in: context, at: frame.time)
        }
    }
}
