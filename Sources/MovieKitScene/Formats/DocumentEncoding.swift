import Foundation
import MovieKitCore

/// What a document asks of the encoder besides its canvas: an editly spec's `fast: true` (a draft)
/// and the options of its `customOutputArgs` that have a MovieKit equivalent. A command line's own
/// flags win over these.
public struct DocumentEncoding: Sendable, Hashable {
    /// Whether the document asks for a quick preview (editly's `fast: true`): `moviemake render`
    /// renders it as `--draft` does.
    public var draft = false
    /// Constant quality on the codec's scale (`-crf`).
    public var crf: Int?
    /// The speed/quality preset (`-preset`).
    public var preset: Preset?
    /// The x264/x265 tuning (`-tune`).
    public var tune: Tune?
    /// The target video bit rate in bits per second (`-b:v`).
    public var bitRate: Int?
    /// The chroma subsampling a pixel format asks for (`-pix_fmt yuv444p`).
    public var chroma: ChromaSubsampling?
    /// The bit depth a pixel format asks for (`-pix_fmt yuv420p10le`).
    public var bitDepth: BitDepth?
    /// The codec `-vcodec` names (`libwebp`, `libx265`...); `nil` follows the output's extension.
    public var codec: VideoCodec?
    /// WebP quality, effort and looping (`-qscale`, `-compression_level`, and FFmpeg's webp muxer
    /// playing once), for a WebP output.
    public var webp: WebPOptions?
    /// Loudness normalization of the mixed audio (editly's `audioNorm`).
    public var audioNormalization: AudioNormalization?

    /// Creates a request that asks for nothing: the command line's settings apply.
    public init() {}
}
