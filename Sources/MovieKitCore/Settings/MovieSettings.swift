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

/// The size, rate, codec and encoder options of a movie. Validated when created; what depends
/// on the container (which codec a `.webm` gets, whether it can hold the codec) is checked when a
/// `MovieWriter` opens the destination.
public struct MovieSettings: Sendable, Hashable {
    /// Frame width in pixels: a positive multiple of the codec's ``VideoCodec/sizeMultiple`` (16 for
    /// H.264, HEVC, AV1, and when the codec follows the destination; 1 for the others).
    public let width: Int
    /// Frame height in pixels, a positive multiple of the codec's ``VideoCodec/sizeMultiple``.
    public let height: Int
    /// Frames per second, in lowest terms.
    public let fps: FrameRate
    /// The codec, or `nil` to follow the destination's extension (`.webm` gives VP9, `.gif` GIF, …).
    public let codec: VideoCodec?
    /// Whether the movie keeps Cairo's alpha: frames start fully transparent instead of black.
    public let alpha: Bool
    /// Colour resolution: `.yuv420` (default) or `.yuv444` for H.264 and HEVC.
    public let chroma: ChromaSubsampling
    /// Bits per sample, or `nil` for the codec's default (10 for ProRes, 8 for the others).
    public let bitDepth: BitDepth?
    /// Constant-quality value on the codec's own scale (lower is better), or `nil` for the codec's
    /// default. Ignored when `bitRate` is set.
    public let crf: Int?
    /// Speed/quality trade-off, named as x264's presets and mapped to each codec's own.
    public let preset: Preset
    /// Seconds between keyframes.
    public let keyframeInterval: Double
    /// Target bit rate in bits per second, used instead of `crf` when set.
    public let bitRate: Int?
    /// Title, artist, comment and creation time, for containers that take them.
    public let metadata: MovieMetadata
    /// Dither and loop count, for GIF output.
    public let gif: GIFOptions
    /// The AAC bit rate of the audio, in bits per second (default 192 000).
    public let audioBitRate: Int
    /// The x264/x265 tuning, or `nil` for none.
    public let tune: Tune?
    /// Quality, effort and looping, for animated WebP output. Default: libwebp's, looping forever.
    public var webp = WebPOptions()
    /// Loudness normalization of the mixed audio (editly's `audioNorm`), or `nil` for none. Default `nil`.
    public var audioNormalization: AudioNormalization?
    /// Loudness normalization of the mixed audio to an integrated loudness under a true-peak
    /// ceiling, in two passes, or `nil` for none. Default `nil`. The mix is measured up to the movie's
    /// end: with a track that loops and has no `duration`, draw with `render(frameCount:...)`.
    public var loudness: LoudnessNormalization?

    /// Creates validated settings.
    /// - Parameters:
    ///   - width: Frame width; a positive multiple of 16, or for a codec whose
    ///     ``VideoCodec/sizeMultiple`` is 1 (VP9, ProRes, GIF, PNG, WebP) any positive width.
    ///   - height: Frame height, under the same rule.
    ///   - fps: Frame rate, for example `30` or `FrameRate(30000, 1001)`.
    ///   - codec: The codec; `nil` follows the destination's extension.
    ///   - alpha: Keep transparency (ProRes 4444, VP9 in WebM, GIF, PNG).
    ///   - chroma: `.yuv420` or, for H.264 and HEVC, `.yuv444`.
    ///   - bitDepth: `.ten` for HEVC, AV1 (and ProRes, always 10-bit); `nil` for the codec's default.
    ///   - crf: Constant-quality value on the codec's scale; `nil` for its default (H.264 23, HEVC 28, VP9 31, AV1 35).
    ///   - preset: Speed/quality preset. Default `.medium`.
    ///   - keyframeInterval: Seconds between keyframes. Default 2.
    ///   - bitRate: Optional target bit rate in bits per second, used instead of `crf`.
    ///   - metadata: Container tags.
    ///   - gif: GIF dither and loop count.
    ///   - audioBitRate: AAC bit rate for audio tracks, 32 000…512 000 bits per second.
    ///   - tune: An x264/x265 tuning, for H.264 and HEVC; `nil` for none.
    /// - Throws: `MovieKitError` naming the first invalid value and what to use instead.
    public init(
        width: Int,
        height: Int,
        fps: FrameRate,
        codec: VideoCodec? = nil,
        alpha: Bool = false,
        chroma: ChromaSubsampling = .yuv420,
        bitDepth: BitDepth? = nil,
        crf: Int? = nil,
        preset: Preset = .medium,
        keyframeInterval: Double = 2,
        bitRate: Int? = nil,
        metadata: MovieMetadata = MovieMetadata(),
        gif: GIFOptions = GIFOptions(),
        audioBitRate: Int = 192_000,
        tune: Tune? = nil
    ) throws {
        try self.init(
            width: width, height: height, fps: fps, codec: codec, alpha: alpha, chroma: chroma, bitDepth: bitDepth,
            crf: crf, preset: preset, keyframeInterval: keyframeInterval, bitRate: bitRate, metadata: metadata,
            gif: gif, audioBitRate: audioBitRate, tune: tune, sidesNeedOnlyBeEven: false)
    }

    /// The designated initialiser: the public one, and ``keepingSourceSize(width:height:)``, which
    /// lets the codecs that take multiples of 16 take any even size.
    init(
        width: Int, height: Int, fps: FrameRate, codec: VideoCodec?, alpha: Bool, chroma: ChromaSubsampling,
        bitDepth: BitDepth?, crf: Int?, preset: Preset, keyframeInterval: Double, bitRate: Int?,
        metadata: MovieMetadata, gif: GIFOptions, audioBitRate: Int, tune: Tune?, sidesNeedOnlyBeEven: Bool
    ) throws {
        if sidesNeedOnlyBeEven {
            for (name, value) in [("Width", width), ("Height", height)] where value <= 0 {
                throw MovieKitError.dimensionNotPositive(
                    name: name, value: value, codec: codec?.description ?? "MovieKit's encoders")
            }
        } else {
            try Self.validateDimension("Width", width, codec: codec)
            try Self.validateDimension("Height", height, codec: codec)
        }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw MovieKitError.frameTooLarge(
                width: width, height: height, encoder: codec?.description ?? "MovieKit's encoders",
                limit: "at most \(Self.maximumSide) pixels per side")
        }
        self.fps = try fps.validated()
        guard keyframeInterval > 0, keyframeInterval.isFinite else {
            throw MovieKitError.invalidKeyframeInterval(keyframeInterval)
        }
        if let bitRate, bitRate <= 0 { throw MovieKitError.invalidBitRate(bitRate) }
        guard (32_000...512_000).contains(audioBitRate) else { throw AudioError.invalidBitRate(audioBitRate) }
        if let playCount = gif.playCount, !(1...65535).contains(playCount) {
            throw MovieKitError.invalidGIFPlayCount(playCount)
        }
        self.width = width
        self.height = height
        self.codec = codec
        self.alpha = alpha
        self.chroma = chroma
        self.bitDepth = bitDepth
        self.crf = crf
        self.preset = preset
        self.keyframeInterval = keyframeInterval
        self.bitRate = bitRate
        self.metadata = metadata
        self.gif = gif
        self.audioBitRate = audioBitRate
        self.tune = tune
        if let codec {
            try validate(for: codec)
        } else if let crf, !(0...63).contains(crf) {
            throw MovieKitError.invalidCRF(crf, codec: nil, range: 0...63, defaultValue: nil)
        }
    }

    /// Creates validated settings with the preset given by name, as a command line would.
    /// - Throws: `MovieKitError.unknownPreset` for a name x264 does not know, or any error of the main initialiser.
    public init(
        width: Int, height: Int, fps: FrameRate, crf: Int? = nil, presetName: String,
        keyframeInterval: Double = 2, bitRate: Int? = nil
    ) throws {
        let preset = try Preset(named: presetName)
        try self.init(
            width: width, height: height, fps: fps, crf: crf, preset: preset,
            keyframeInterval: keyframeInterval, bitRate: bitRate)
    }

    /// The number of frames between keyframes (the GOP size).
    public var gopSize: Int { max(1, fps.frameCount(forSeconds: keyframeInterval)) }

    /// Everything that changes the encoded pictures, as text for chunk fingerprints.
    package var fingerprintText: String {
        "\(width)x\(height)@\(fps) codec=\(codec.map { "\($0)" } ?? "auto") alpha=\(alpha) chroma=\(chroma.rawValue) "
            + "depth=\(bitDepth?.rawValue ?? 0) crf=\(crf ?? -1) preset=\(preset.rawValue) gop=\(gopSize) bitrate=\(bitRate ?? 0)"
            + (tune.map { " tune=\($0.rawValue)" } ?? "")
    }

    /// The bit depth in effect for `codec`.
    func effectiveBitDepth(for codec: VideoCodec) -> BitDepth { bitDepth ?? codec.bitDepths[0] }

    /// Checks that `codec` can take these settings: quality on its scale, chroma, depth, alpha, bit rate.
    func validate(for codec: VideoCodec) throws {
        if let crf {
            guard let range = codec.qualityRange else {
                throw MovieKitError.qualityNotApplicable(codec: codec.description)
            }
            guard range.contains(crf) else {
                throw MovieKitError.invalidCRF(crf, codec: codec, range: range, defaultValue: codec.defaultQuality)
            }
        }
        if codec == .av1, width < 64 || height < 64 {
            throw MovieKitError.frameTooSmall(width: width, height: height, codec: codec.description, minimum: 64)
        }
        if bitRate != nil, !codec.supportsBitRate { throw MovieKitError.bitRateNotApplicable(codec: codec.description) }
        if let tune, !tune.isAvailable(for: codec) {
            throw MovieKitError.tuneNotApplicable(codec: codec.description, tune: tune.rawValue)
        }
        if alpha, codec.alphaContainers.isEmpty { throw MovieKitError.alphaUnsupported(codec: codec.description) }
        guard codec.chromaOptions.contains(chroma) || (chroma == .yuv420 && codec.chromaOptions.count == 1) else {
            throw MovieKitError.chromaUnsupported(codec: codec.description, chroma: chroma.rawValue)
        }
        if let bitDepth, !codec.bitDepths.contains(bitDepth) {
            throw MovieKitError.bitDepthUnsupported(codec: codec.description, bitDepth: bitDepth.rawValue)
        }
    }

    /// The codec a movie written to `destination` uses: the settings' own, or the one its
    /// extension implies (`.webm` gives VP9, `.gif` GIF, no extension a PNG folder).
    /// - Throws: `MovieKitError.unsupportedContainer`, `.codecNotInContainer`, `.alphaNotInContainer`,
    ///   or a validation error for that codec.
    public func codec(for destination: URL) throws -> VideoCodec {
        guard let container = MovieContainer(url: destination) else {
            throw MovieKitError.unsupportedContainer(path: destination.path)
        }
        return try resolvedCodec(for: container)
    }

    /// The codec for `container` (the settings' own, or the container's default), checked against it.
    /// - Throws: `MovieKitError.codecNotInContainer`, `.alphaNotInContainer`, or a validation error.
    func resolvedCodec(for container: MovieContainer) throws -> VideoCodec {
        let codec = codec ?? container.defaultCodec
        try validate(for: codec)
        guard codec.containers.contains(container) else {
            throw MovieKitError.codecNotInContainer(
                codec: codec.description, container: container.description,
                suggestions: codec.containers.map(\.description))
        }
        if alpha, !codec.alphaContainers.contains(container) {
            throw MovieKitError.alphaNotInContainer(
                codec: codec.description, container: container.description,
                suggestions: codec.alphaContainers.map(\.description))
        }
        return codec
    }

    /// Checks one side against `codec`'s ``VideoCodec/sizeMultiple``, or against 16 when the codec
    /// follows the destination (whose default, for `.mp4`, `.mov` and `.mkv`, is H.264).
    private static func validateDimension(_ name: String, _ value: Int, codec: VideoCodec?) throws {
        if let codec, codec.sizeMultiple == 1 {
            guard value > 0 else {
                throw MovieKitError.dimensionNotPositive(name: name, value: value, codec: codec.description)
            }
            return
        }
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
