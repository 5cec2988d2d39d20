import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Synchronization

/// What a rendering subcommand renders: the movie's frames as a function of time, and its audio (not the
/// render service's `RenderJob`, a row of its queue).
struct MovieRender: Sendable {
    var output: URL
    var settings: MovieSettings
    var frameCount: Int
    /// Identifies what is rendered (a scene file's contents and variables, the demo's length), for chunk fingerprints.
    var movieIdentity: String
    var audio: [AudioTrack] = []
    /// Subtitle streams carried in the movie.
    var subtitleTracks: [SubtitleTrack] = []
    /// Which frames hold the frame before them still (not drawn again), by index in the movie.
    var repeatsPrevious: (@Sendable (Int) -> Bool)? = nil
    /// Whether frames start cleared; `false` when `draw` sets every pixel (a scene fills its background).
    var clearsFrames = true
    /// Draws one frame; the backdrop is told when a clip's decoded picture fills it (`SceneRenderer`).
    var draw: @Sendable (DrawingContext, FrameTime, FrameBackdrop) throws -> Void
}

extension MovieRender {
    /// A job that renders a scene: its frame count, held frames and audio as the scene gives them
    /// at the settings' frame rate.
    init(renderer: SceneRenderer, output: URL, settings: MovieSettings, movieIdentity: String) {
        let scene = renderer.scene
        self.init(
            output: output, settings: settings, frameCount: scene.frameCount(at: settings.fps),
            movieIdentity: movieIdentity,
            audio: scene.audio, repeatsPrevious: scene.repeatsPrevious(at: settings.fps), clearsFrames: false,
            draw: { context, frame, backdrop in renderer.draw(in: context, at: frame.time, over: backdrop) })
    }
}

/// Renders a job the way the flags ask: the whole movie, one chunk of it, or all chunks in local
/// processes joined at the end; with progress, and Ctrl-C or SIGTERM cancelling cleanly.
enum RenderRunner {
    /// Renders `job` and returns the summary line to print.
    static func run(_ job: MovieRender, encoding: EncodingOptions, chunks: ChunkOptions, progress: ProgressOptions)
        throws
        -> String
    {
        let settings = job.settings
        // A chunk holds pictures only; the sound and the subtitle tracks are written when chunks are
        // joined (by `--jobs` itself, or by `moviemake concat`, which takes the same flags).
        if chunks.frames != nil || chunks.chunk != nil, !LocalJobs.isChild {
            if !job.subtitleTracks.isEmpty {
                throw ValidationError(
                    "A chunk holds only pictures; subtitle tracks are added when the chunks are joined. Pass --subtitle-track to moviemake concat instead, or render with --jobs, which joins the chunks and adds them."
                )
            }
            if settings.loudness != nil {
                throw ValidationError(
                    "A chunk holds only pictures; the sound and its loudness are written when the chunks are joined. Pass --loudness to moviemake concat instead, or render with --jobs, which joins the chunks and measures the whole movie's sound."
                )
            }
        }
        if let range = try chunks.range(frameCount: job.frameCount, settings: settings) {
            return try renderChunk(
                job, range: range, output: URL(fileURLWithPath: chunks.chunkOutput ?? job.output.path),
                encoding: encoding, progress: progress)
        }
        if let jobs = chunks.jobs {
            return try LocalJobs.run(job, jobs: jobs, overwrite: encoding.overwrite, progress: progress)
        }
        try renderWhole(
            job, overwrite: encoding.overwrite, concurrency: encoding.concurrency, progress: progress,
            summary:
                "Wrote \(job.output.path): \(job.frameCount) frames, \(settings.width)x\(settings.height) at \(settings.fps) fps."
        )
        return ""
    }

    /// Renders the whole of `job` in this process, with progress, and prints `summary` at the end.
    static func renderWhole(
        _ job: MovieRender, overwrite: Bool, concurrency: RenderConcurrency, progress: ProgressOptions, summary: String?
    ) throws {
        let reporter = ProgressReporter(total: job.frameCount, style: progress.style)
        // The signals are routed before the writer exists: opening it creates the movie's file and
        // then the encoder, which takes a while at slow presets.
        let cancellation = WriterCancellation()
        var loudness: LoudnessMeasurement?
        do {
            try SignalCancellation.run(cancel: { cancellation.cancel() }) {
                let writer = try MovieWriter(
                    url: job.output, settings: job.settings, overwrite: overwrite, concurrency: concurrency)
                cancellation.hold(writer)
                for track in job.audio { try writer.addAudio(track) }
                for track in job.subtitleTracks { try writer.addSubtitles(track) }
                try writer.render(
                    frameCount: job.frameCount, repeatsPrevious: job.repeatsPrevious, clearsFrames: job.clearsFrames,
                    progress: { reporter.update(completed: $0.encodedFrames) }, drawingOver: job.draw)
                loudness = writer.statistics.audioLoudness
            }
        } catch {
            // The bar's line ends before the error is printed.
            reporter.finish(message: nil)
            throw error
        }
        reporter.finish(message: summary.map { $0 + soundNote(loudness, target: job.settings.loudness) + shaderNote })
    }

    /// " Sound: … (target … LUFS, ceiling … dBTP)." after a render with a loudness target; empty otherwise.
    static func soundNote(_ loudness: LoudnessMeasurement?, target: LoudnessNormalization?) -> String {
        guard let loudness, let target else { return "" }
        return " Sound: \(loudness) (target \(target.integratedLoudness) LUFS, ceiling \(target.truePeak) dBTP)."
    }

    /// " GL shaders drew with llvmpipe (…) from Mesa/X.org, on the CPU (…)." when the render drew GL
    /// shaders, so that a slow render says whether a GPU drew them; empty otherwise.
    static var shaderNote: String {
        ShaderContent.rendererDescription.map { " GL shaders drew with \($0)." } ?? ""
    }

    private static func renderChunk(
        _ job: MovieRender, range: Range<Int>, output: URL, encoding: EncodingOptions, progress: ProgressOptions
    ) throws -> String {
        let identity = ChunkIdentity(
            frames: range, totalFrames: job.frameCount, settings: job.settings, movie: job.movieIdentity)
        let reporter = ProgressReporter(total: range.count, style: progress.style)
        let cancellation = WriterCancellation()
        do {
            try SignalCancellation.run(cancel: { cancellation.cancel() }) {
                let writer = try MovieWriter(
                    url: output, settings: job.settings, chunk: identity, overwrite: encoding.overwrite,
                    concurrency: encoding.concurrency)
                cancellation.hold(writer)
                try writer.render(
                    frameCount: range.count, repeatsPrevious: job.repeatsPrevious, clearsFrames: job.clearsFrames,
                    progress: { reporter.update(completed: $0.encodedFrames) }, drawingOver: job.draw)
            }
        } catch {
            reporter.finish(message: nil)
            throw error
        }
        reporter.finish(
            message: "Wrote \(output.path): frames \(range.lowerBound)..<\(range.upperBound) of \(job.frameCount)."
                + shaderNote)
        return ""
    }
}
