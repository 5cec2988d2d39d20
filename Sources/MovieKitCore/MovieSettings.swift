import Foundation

/// The x264 speed/quality trade-off. Slower presets compress better at the same quality.
public enum Preset: String, Sendable, Hashable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo

    /// Looks a preset up by its x264 name.
    /// - Throws: `MovieKitError.unknownPreset` naming the valid presets.
    public init(named name: String) throws {
        guard let preset = Preset(rawValue: name.lowercased()) else {
            throw MovieKitError.unknownPreset(name)
        }
        self = preset
    }
}

/// The size, rate and encoder options of a movie. Validated when created.
public struct MovieSettings: Sendable, Hashable {
    /// Frame width in pixels, a positive multiple of 16.
    public let width: Int
    /// Frame height in pixels, a positive multiple of 16.
    public let height: Int
    /// Frames per second, in lowest terms.
    public let fps: FrameRate
    /// x264 constant rate factor, 0…51 (lower is better). Ignored when `bitRate` is set.
    public let crf: Int
    /// x264 preset.
    public let preset: Preset
    /// Seconds between keyframes.
    public let keyframeInterval: Double
    /// Target bit rate in bits per second, used instead of `crf` when set.
    public let bitRate: Int?

    /// Creates validated settings.
    /// - Parameters:
    ///   - width: Frame width; a positive multiple of 16.
    ///   - height: Frame height; a positive multiple of 16.
    ///   - fps: Frame rate, for example `30` or `FrameRate(30000, 1001)`.
    ///   - crf: Constant rate factor, 0…51. Default 23.
    ///   - preset: x264 preset. Default `.medium`.
    ///   - keyframeInterval: Seconds between keyframes. Default 2.
    ///   - bitRate: Optional target bit rate in bits per second, used instead of `crf`.
    /// - Throws: `MovieKitError` naming the first invalid value and what to use instead.
    public init(
        width: Int,
        height: Int,
        fps: FrameRate,
        crf: Int = 23,
        preset: Preset = .medium,
        keyframeInterval: Double = 2,
        bitRate: Int? = nil
    ) throws {
        try Self.validateDimension("Width", width)
        try Self.validateDimension("Height", height)
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw MovieKitError.frameTooLarge(
                width: width, height: height, encoder: Self.encoderName,
                limit: "at most \(Self.maximumSide) pixels per side")
        }
        self.fps = try fps.validated()
        guard (0...51).contains(crf) else { throw MovieKitError.invalidCRF(crf) }
        guard keyframeInterval > 0, keyframeInterval.isFinite else {
            throw MovieKitError.invalidKeyframeInterval(keyframeInterval)
        }
        if let bitRate, bitRate <= 0 { throw MovieKitError.invalidBitRate(bitRate) }
        self.width = width
        self.height = height
        self.crf = crf
        self.preset = preset
        self.keyframeInterval = keyframeInterval
        self.bitRate = bitRate
    }

    /// Creates validated settings with the preset given by name, as a command line would.
    /// - Throws: `MovieKitError.unknownPreset` for a name x264 does not know, or any error of the main initialiser.
    public init(
        width: Int, height: Int, fps: FrameRate, crf: Int = 23, presetName: String,
        keyframeInterval: Double = 2, bitRate: Int? = nil
    ) throws {
        let preset = try Preset(named: presetName)
        try self.init(
            width: width, height: height, fps: fps, crf: crf, preset: preset,
            keyframeInterval: keyframeInterval, bitRate: bitRate)
    }

    /// The number of frames between keyframes (the GOP size).
    var gopSize: Int { max(1, fps.frameCount(forSeconds: keyframeInterval)) }

    private static func validateDimension(_ name: String, _ value: Int) throws {
        guard value <= 0 || value % 16 != 0 else { return }
        let nearest: [Int]
        if value <= 16 {
            nearest = [16]
        } else {
            let lower = value / 16 * 16
            nearest = [lower, lower + 16]
        }
        throw MovieKitError.invalidDimension(name: name, value: value, nearest: nearest)
    }
}
