import Foundation
import FrameDraw
import MovieKitCore

/// A `MovieWriter` with a stopwatch: it times the drawing closure, the rest of each `addFrame` call
/// and `finish()`, into a `StageProfile`. The clock reads cost well under a microsecond per frame.
final class ProfiledWriter {
    private let writer: MovieWriter
    private(set) var profile = StageProfile()
    private let clock = ContinuousClock()

    /// Opens a writer for `url` (replacing any file there) with the benchmark's encoder settings:
    /// libx264, preset medium, crf 23 (MovieKit's defaults).
    init(url: URL, width: Int, height: Int) throws {
        // keyint 250 is x264's default, which the ffmpeg CLI floor uses: the same x264 settings on both sides.
        let settings = try MovieSettings(
            width: width, height: height, fps: 30, crf: 23, preset: .medium, keyframeInterval: 250.0 / 30)
        writer = try MovieWriter(url: url, settings: settings, overwrite: true)
    }

    /// Draws one frame.
    func addFrame(_ draw: (DrawingContext) throws -> Void) throws {
        var drawing = Duration.zero
        let start = clock.now
        try writer.addFrame { context in
            let drawStart = clock.now
            try draw(context)
            drawing = clock.now - drawStart
        }
        let total = clock.now - start
        profile.frames += 1
        profile.drawing += drawing.seconds
        profile.addFrameOverhead += (total - drawing).seconds
    }

    /// Adds `count` frames identical to the previous one.
    func repeatPreviousFrame(count: Int) throws {
        guard count > 0 else { return }
        let start = clock.now
        try addRepeatedFrames(to: writer, count: count)
        profile.frames += count
        profile.addFrameOverhead += (clock.now - start).seconds
    }

    /// Finishes the movie and collects the writer's own statistics.
    func finish() throws {
        let start = clock.now
        try writer.finish()
        profile.finishing = (clock.now - start).seconds
        profile.writer = writerStages(of: writer)
    }
}

/// Adds `count` copies of the writer's previous frame with the writer's repeat hint, which skips
/// drawing and conversion. (The one place to change if that API moves.)
func addRepeatedFrames(to writer: MovieWriter, count: Int) throws {
    try writer.repeatPreviousFrame(count: count)
}
