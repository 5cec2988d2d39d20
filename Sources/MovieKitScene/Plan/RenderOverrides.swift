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
