import Foundation
import MovieKitCore
import MovieKitScene

/// Telegram's rules for a video sticker, and the render that meets them: a WebM of VP9 with
/// transparency, one side exactly 512 pixels and the other at most 512, at most 30 frames per
/// second and 3 seconds, no audio stream, and at most 256 KB (taken as 256,000 bytes, the stricter reading).
///
/// The size is met by searching the bit rate: the first render uses VP9's constant quality; when
/// the file is too large, each next render asks for the bit rate that the last one's overshoot
/// says will fit, with a margin, until the file fits or `maximumAttempts` renders were made.
enum TelegramSticker {
    static let longerSide = 512
    static let maximumSeconds = 3.0
    static let maximumFPS = 30
    static let maximumBytes = 256_000
    static let maximumAttempts = 8

    /// The sticker's size for a canvas: the longer side 512, the other in proportion, rounded to the
    /// nearest pixel (VP9 takes any size), so the scene fills the sticker whatever its own size.
    static func size(forCanvas width: Int, _ height: Int) -> (width: Int, height: Int) {
        let longer = Double(max(width, height, 1))
        func side(_ value: Int) -> Int {
            max(1, min(longerSide, Int((Double(max(value, 1)) / longer * Double(longerSide)).rounded())))
        }
        return width >= height ? (longerSide, side(height)) : (side(width), longerSide)
    }

    /// The settings of a sticker of `canvas`: its size and rate, VP9 with alpha at constant quality.
    /// - Throws: `MovieKitError` for a canvas rate MovieKit cannot encode.
    static func settings(forCanvas canvas: Canvas, preset: Preset) throws -> MovieSettings {
        let size = size(forCanvas: canvas.width, canvas.height)
        return try MovieSettings(
            width: size.width, height: size.height, fps: frameRate(for: canvas.fps), codec: .vp9, alpha: true,
            preset: preset, keyframeInterval: maximumSeconds)
    }

    /// The frame rate: the scene's own up to 30 fps, else 30 (the scene is sampled by time).
    static func frameRate(for fps: FrameRate) -> FrameRate {
        fps.framesPerSecond <= Double(maximumFPS) ? fps : FrameRate(maximumFPS)
    }

    /// Checks the output and the scene's length, and returns the job as a sticker: its size, rate,
    /// VP9 with alpha, no audio, and cut at 3 seconds with `trim`.
    /// - Throws: `CommandFailure` naming what breaks Telegram's rules and what to do.
    static func job(_ job: RenderJob, canvas: Canvas, preset: Preset, trim: Bool) throws -> RenderJob {
        guard job.output.pathExtension.lowercased() == "webm" else {
            throw CommandFailure(
                "A Telegram sticker is a .webm file, and \(job.output.path) is not; name the output sticker.webm.")
        }
        let seconds = canvas.duration
        if seconds > maximumSeconds + 1e-9, !trim {
            throw CommandFailure(
                "The scene lasts \(seconds.formatted(.number.precision(.fractionLength(0...3)))) s, and a Telegram sticker lasts at most 3 s; shorten the scene, or pass --trim to keep its first 3 seconds."
            )
        }
        var sticker = job
        sticker.settings = try settings(forCanvas: canvas, preset: preset)
        let fps = sticker.settings.fps
        sticker.frameCount = min(fps.frameCount(forSeconds: min(seconds, maximumSeconds)), job.frameCount)
        sticker.audio = []
        return sticker
    }

    /// The bit rate for the next attempt after a render of `bitRate` (nil: constant quality) gave
    /// `bytes` over `seconds`.
    static func nextBitRate(after bitRate: Int?, bytes: Int, seconds: Double) -> Int {
        let budget = Double(maximumBytes * 8) / max(seconds, 0.001)
        guard let bitRate else { return Int(budget * 0.85) }
        // The encoder overshot by bytes / maximumBytes. Near its floor (the coarsest quantiser) a
        // lower target buys less than in proportion, so ask for more than the overshoot says.
        let overshoot = Double(bytes) / Double(maximumBytes)
        return max(8_000, Int(Double(bitRate) / pow(overshoot, 2) * 0.9))
    }

    /// Renders the sticker, searching the bit rate until it fits.
    /// - Returns: The summary line to print.
    /// - Throws: What the render throws, or `CommandFailure` when no attempt fits (the file is removed).
    static func render(
        _ sticker: RenderJob, overwrite: Bool, render: (RenderJob, Bool) throws -> Void
    ) throws -> String {
        var job = sticker
        let seconds = job.settings.fps.duration(ofFrames: job.frameCount)
        var attempts: [Int] = []
        for attempt in 0..<maximumAttempts {
            try render(job, overwrite || attempt > 0)
            let bytes = try FileManager.default.attributesOfItem(atPath: job.output.path)[.size] as? Int ?? 0
            attempts.append(bytes)
            if bytes <= maximumBytes {
                let rate = job.settings.bitRate.map { "\($0 / 1000) kb/s" } ?? "constant quality"
                return
                    "Wrote \(job.output.path): a Telegram sticker of \(job.settings.width)x\(job.settings.height), \(job.frameCount) frames at \(job.settings.fps) fps, \(bytes / 1000) KB (\(rate), attempt \(attempt + 1))."
            }
            let s = job.settings
            job.settings = try MovieSettings(
                width: s.width, height: s.height, fps: s.fps, codec: .vp9, alpha: true, preset: s.preset,
                keyframeInterval: s.keyframeInterval,
                bitRate: nextBitRate(after: s.bitRate, bytes: bytes, seconds: seconds))
        }
        try? FileManager.default.removeItem(at: job.output)
        throw CommandFailure(
            "No render of \(job.output.path) fitted Telegram's 256 KB: \(attempts.map { "\($0 / 1000) KB" }.joined(separator: ", ")); simplify the scene or shorten it with --trim."
        )
    }
}
