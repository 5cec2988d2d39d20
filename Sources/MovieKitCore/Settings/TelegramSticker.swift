import Foundation

/// Telegram's rules for a video sticker: a WebM of VP9 with transparency, one side exactly 512 pixels
/// and the other at most 512, at most 30 frames per second and 3 seconds, no audio stream, and at most
/// 256 KB (taken as 256,000 bytes, the stricter reading).
///
/// ``settings(forCanvasWidth:height:fps:preset:)`` gives the size and rate for any source, and
/// ``render(output:settings:duration:render:)`` meets the size limit by searching the bit rate: the
/// first render uses VP9's constant quality; when the file is too large, each next render asks for the
/// bit rate that the last one's overshoot says will fit, with a margin, until the file fits or
/// ``maximumAttempts`` renders were made.
public enum TelegramSticker {
    /// The length of the sticker's longer side, in pixels.
    public static let longerSide = 512
    /// The longest sticker, in seconds.
    public static let maximumDuration = 3.0
    /// The highest frame rate.
    public static let maximumFrameRate = 30
    /// The largest file, in bytes.
    public static let maximumBytes = 256_000
    /// How many renders the bit-rate search makes at most.
    public static let maximumAttempts = 8

    /// The sticker's size for a canvas: the longer side 512, the other in proportion, rounded to the
    /// nearest pixel (VP9 takes any size), so the scene fills the sticker whatever its own size.
    public static func size(forCanvasWidth width: Int, height: Int) -> (width: Int, height: Int) {
        let longer = Double(max(width, height, 1))
        func side(_ value: Int) -> Int {
            max(1, min(longerSide, Int((Double(max(value, 1)) / longer * Double(longerSide)).rounded())))
        }
        return width >= height ? (longerSide, side(height)) : (side(width), longerSide)
    }

    /// The frame rate: the source's own up to 30 fps, else 30 (a scene is sampled by time).
    public static func frameRate(for fps: FrameRate) -> FrameRate {
        fps.framesPerSecond <= Double(maximumFrameRate) ? fps : FrameRate(maximumFrameRate)
    }

    /// The settings of a sticker of a `width`×`height` canvas at `fps`: its size and rate, VP9 with
    /// alpha at constant quality, a keyframe every 3 seconds.
    /// - Throws: `MovieKitError` for a rate MovieKit cannot encode.
    public static func settings(forCanvasWidth width: Int, height: Int, fps: FrameRate, preset: Preset) throws
        -> MovieSettings
    {
        let size = size(forCanvasWidth: width, height: height)
        return try MovieSettings(
            width: size.width, height: size.height, fps: frameRate(for: fps), codec: .vp9, alpha: true,
            preset: preset, keyframeInterval: maximumDuration)
    }

    /// How many frames of a `duration`-second source a sticker at `fps` keeps: at most 3 seconds' worth.
    /// - Throws: `MovieKitError.stickerNotWebM` when `output` is not a `.webm` file, and
    ///   `MovieKitError.stickerTooLong` when the source is longer than 3 seconds and `trims` is `false`.
    public static func frameCount(output: URL, duration: Double, fps: FrameRate, trims: Bool) throws -> Int {
        guard output.pathExtension.lowercased() == "webm" else {
            throw MovieKitError.stickerNotWebM(path: output.path)
        }
        if duration > maximumDuration + 1e-9, !trims { throw MovieKitError.stickerTooLong(seconds: duration) }
        return fps.frameCount(forSeconds: min(duration, maximumDuration))
    }

    /// The bit rate for the next attempt after a render at `bitRate` (`nil`: constant quality) wrote
    /// `bytes` for `seconds` of sticker.
    public static func nextBitRate(after bitRate: Int?, bytes: Int, seconds: Double) -> Int {
        let budget = Double(maximumBytes * 8) / max(seconds, 0.001)
        guard let bitRate else { return Int(budget * 0.85) }
        // The encoder overshot by bytes / maximumBytes. Near its floor (the coarsest quantiser) a
        // lower target buys less than in proportion, so ask for more than the overshoot says.
        let overshoot = Double(bytes) / Double(maximumBytes)
        return max(8_000, Int(Double(bitRate) / pow(overshoot, 2) * 0.9))
    }

    /// What the bit-rate search made: the settings of the render that fitted, its size and which
    /// attempt it was (from 1).
    public struct Fit: Sendable {
        public var settings: MovieSettings
        public var bytes: Int
        public var attempt: Int
    }

    /// Renders the sticker to `output`, searching the bit rate until the file fits.
    /// - Parameters:
    ///   - output: The file `render` writes.
    ///   - settings: The first attempt's settings, from ``settings(forCanvasWidth:height:fps:preset:)``.
    ///   - duration: The sticker's length in seconds.
    ///   - render: Writes `output` with the settings given; the second argument is the attempt, from 0,
    ///     so that later attempts may replace the file.
    /// - Returns: The render that fitted.
    /// - Throws: What `render` throws, or `MovieKitError.stickerTooLarge` when no attempt fitted; either way
    ///   an earlier attempt's file, too large, is removed (a first attempt that throws leaves `output` as
    ///   `render` left it).
    public static func render(
        output: URL, settings: MovieSettings, duration: Double, render: (MovieSettings, Int) throws -> Void
    ) throws -> Fit {
        var settings = settings
        var sizes: [Int] = []
        for attempt in 0..<maximumAttempts {
            do {
                try render(settings, attempt)
            } catch {
                // The file at `output` is then an earlier attempt's, over the limit: not left as the sticker.
                if attempt > 0 { try? FileManager.default.removeItem(at: output) }
                throw error
            }
            let bytes = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int ?? 0
            sizes.append(bytes)
            if bytes <= maximumBytes { return Fit(settings: settings, bytes: bytes, attempt: attempt + 1) }
            let s = settings
            settings = try MovieSettings(
                width: s.width, height: s.height, fps: s.fps, codec: .vp9, alpha: true, preset: s.preset,
                keyframeInterval: s.keyframeInterval,
                bitRate: nextBitRate(after: s.bitRate, bytes: bytes, seconds: duration))
        }
        try? FileManager.default.removeItem(at: output)
        throw MovieKitError.stickerTooLarge(path: output.path, attempts: sizes)
    }
}
