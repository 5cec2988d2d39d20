import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Synchronization

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
                let statistics = try job.run(
                    overwrite: overwrite, concurrency: concurrency, cancellation: cancellation,
                    progress: { reporter.update(completed: $0.encodedFrames) })
                loudness = statistics.audioLoudness
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
        var chunk = job
        chunk.output = output
        let reporter = ProgressReporter(total: range.count, style: progress.style)
        let cancellation = WriterCancellation()
        do {
            _ = try SignalCancellation.run(cancel: { cancellation.cancel() }) {
                try chunk.run(
                    frames: range, overwrite: encoding.overwrite, concurrency: encoding.concurrency,
                    cancellation: cancellation, progress: { reporter.update(completed: $0.encodedFrames) })
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
