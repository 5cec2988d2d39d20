import Foundation
import MovieKitCore

/// What a front end asks of a movie on top of its document: a command line's flags, a render
/// service request's fields, a batch's options. A value left `nil` comes from the document (an
/// editly spec's `fast` and `customOutputArgs`, a Lottie's transparency), else from MovieKit's
/// defaults, so that the same document with the same overrides gives the same movie whichever front
/// end asks (``RenderPlan``).
public struct RenderOverrides: Sendable, Hashable {
    /// The frame width in pixels, replacing the canvas's.
    public var width: Int?
    /// The frame height in pixels, replacing the canvas's.
    public var height: Int?
    /// The frame rate, replacing the canvas's.
    public var fps: FrameRate?
    /// The codec; `nil` takes the document's, else the one the output's extension implies.
    public var codec: VideoCodec?
    /// Whether the movie keeps transparency: `true` asks for it, `false` refuses it, and `nil` keeps
    /// it for a document drawn on a transparent canvas (a Lottie, a subtitle file alone) where the
    /// output's codec can carry it.
    public var alpha: Bool?
    /// The chroma subsampling; `nil` takes the document's, else 4:2:0.
    public var chroma: ChromaSubsampling?
    /// The bit depth; `nil` takes the document's, else the codec's own.
    public var bitDepth: BitDepth?
    /// Constant quality on the codec's scale. With ``bitRate``, it replaces both of the document's.
    public var crf: Int?
    /// The target bit rate in bits per second. With ``crf``, it replaces both of the document's.
    public var bitRate: Int?
    /// The speed/quality preset; `nil` takes the document's, else `medium`.
    public var preset: Preset?
    /// The x264/x265 tuning; `nil` takes the document's, else none.
    public var tune: Tune?
    /// Whether to render a draft: the same frame at about half the size, with the ultrafast preset.
    /// A document that asks for a draft (editly's `fast: true`) gets one either way.
    public var draft = false
    /// Seconds between keyframes.
    public var keyframeInterval = 2.0
    /// Container tags.
    public var metadata = MovieMetadata()
    /// Loudness normalization of the mixed audio, or `nil` for none.
    public var loudness: LoudnessNormalization?

    /// Overrides that ask for nothing: the document's settings, else MovieKit's defaults.
    public init() {}
}

extension RenderOverrides: Codable {
    private enum CodingKeys: String, CodingKey {
        case width, height, fps, codec, alpha, chroma, bitDepth, crf, bitRate, preset, tune, draft
        case keyframeInterval, metadata, loudness
    }

    /// Reads overrides; a key left out asks for nothing, as in ``init()``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        fps = try container.decodeIfPresent(FrameRate.self, forKey: .fps)
        codec = try container.decodeIfPresent(VideoCodec.self, forKey: .codec)
        alpha = try container.decodeIfPresent(Bool.self, forKey: .alpha)
        chroma = try container.decodeIfPresent(ChromaSubsampling.self, forKey: .chroma)
        bitDepth = try container.decodeIfPresent(BitDepth.self, forKey: .bitDepth)
        crf = try container.decodeIfPresent(Int.self, forKey: .crf)
        bitRate = try container.decodeIfPresent(Int.self, forKey: .bitRate)
        preset = try container.decodeIfPresent(Preset.self, forKey: .preset)
        tune = try container.decodeIfPresent(Tune.self, forKey: .tune)
        draft = try container.decodeIfPresent(Bool.self, forKey: .draft) ?? false
        keyframeInterval = try container.decodeIfPresent(Double.self, forKey: .keyframeInterval) ?? 2
        metadata = try container.decodeIfPresent(MovieMetadata.self, forKey: .metadata) ?? MovieMetadata()
        loudness = try container.decodeIfPresent(LoudnessNormalization.self, forKey: .loudness)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
        try container.encodeIfPresent(fps, forKey: .fps)
        try container.encodeIfPresent(codec, forKey: .codec)
        try container.encodeIfPresent(alpha, forKey: .alpha)
        try container.encodeIfPresent(chroma, forKey: .chroma)
        try container.encodeIfPresent(bitDepth, forKey: .bitDepth)
        try container.encodeIfPresent(crf, forKey: .crf)
        try container.encodeIfPresent(bitRate, forKey: .bitRate)
        try container.encodeIfPresent(preset, forKey: .preset)
        try container.encodeIfPresent(tune, forKey: .tune)
        if draft { try container.encode(draft, forKey: .draft) }
        try container.encode(keyframeInterval, forKey: .keyframeInterval)
        if !metadata.isEmpty { try container.encode(metadata, forKey: .metadata) }
        try container.encodeIfPresent(loudness, forKey: .loudness)
    }
}
