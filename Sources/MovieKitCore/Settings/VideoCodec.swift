/// The video codecs MovieKit writes. Each keeps its own quality scale.
public enum VideoCodec: Sendable, Hashable, CustomStringConvertible {
    /// H.264 by libx264: plays everywhere. CRF 0…51, default 23.
    case h264
    /// HEVC (H.265) by libx265, tagged `hvc1` in MP4 and MOV so Apple players open it. CRF 0…51, default 28.
    case hevc
    /// VP9 by libvpx-vp9, for the web; carries alpha in WebM. CRF 0…63, default 31.
    case vp9
    /// AV1 by libsvtav1 (libaom-av1 when SVT is missing). CRF 0…63, default 35.
    case av1
    /// Apple ProRes by prores_ks, in MOV; quality is chosen by the profile.
    case prores(ProResProfile)
    /// An animated GIF with a palette built from the movie's own frames; with alpha, one entry is transparent.
    case gif
    /// A numbered PNG sequence in a folder: `frame-000000.png` onwards.
    case png
    /// An animated WebP by libwebp, lossy, with alpha; quality and looping in ``WebPOptions``.
    case webp

    /// The codec's name as people write it: "H.264", "ProRes 4444".
    public var description: String {
        switch self {
        case .h264: "H.264"
        case .hevc: "HEVC"
        case .vp9: "VP9"
        case .av1: "AV1"
        case .prores(let profile): "ProRes \(profile.displayName)"
        case .gif: "GIF"
        case .png: "PNG"
        case .webp: "WebP"
        }
    }

    /// The codec's family name without its profile, as the command line's `--codec` writes it.
    public var family: String {
        switch self {
        case .h264: "h264"
        case .hevc: "hevc"
        case .vp9: "vp9"
        case .av1: "av1"
        case .prores: "prores"
        case .gif: "gif"
        case .png: "png"
        case .webp: "webp"
        }
    }

    /// The constant-quality scale (lower is better), or `nil` for codecs without one.
    public var qualityRange: ClosedRange<Int>? {
        switch self {
        case .h264, .hevc: 0...51
        case .vp9, .av1: 0...63
        case .prores, .gif, .png, .webp: nil
        }
    }

    /// The quality used when none is given.
    public var defaultQuality: Int? {
        switch self {
        case .h264: 23
        case .hevc: 28
        case .vp9: 31
        case .av1: 35
        case .prores, .gif, .png, .webp: nil
        }
    }

    /// The number that both sides of a frame must be a multiple of: 16 for H.264, HEVC and AV1
    /// (whole macroblocks, so that every player shows the same pixels with no cropping rectangle),
    /// 1 for VP9, ProRes, GIF, PNG and WebP, which take any positive size.
    public var sizeMultiple: Int {
        switch self {
        case .h264, .hevc, .av1: 16
        case .vp9, .prores, .gif, .png, .webp: 1
        }
    }

    /// Whether a target bit rate can replace the quality setting.
    var supportsBitRate: Bool { qualityRange != nil }

    /// The containers that can hold the codec, first the one to suggest.
    public var containers: [MovieContainer] {
        switch self {
        case .h264, .hevc: [.mp4, .mov, .mkv]
        case .vp9: [.webm, .mkv, .mp4]
        case .av1: [.mp4, .webm, .mkv]
        case .prores: [.mov]
        case .gif: [.gif]
        case .png: [.pngSequence]
        case .webp: [.webp]
        }
    }

    /// Whether the codec can carry alpha, and in which containers.
    var alphaContainers: [MovieContainer] {
        switch self {
        case .vp9: [.webm]
        case .prores(let profile) where profile.hasAlphaChannel: [.mov]
        case .png: [.pngSequence]
        case .webp: [.webp]
        case .gif: [.gif]
        default: []
        }
    }

    /// The chroma subsamplings the codec is offered with.
    var chromaOptions: [ChromaSubsampling] {
        switch self {
        case .h264, .hevc: [.yuv420, .yuv444]
        case .vp9, .av1, .gif, .png, .webp: [.yuv420]
        case .prores(let profile): [profile.hasAlphaChannel ? .yuv444 : .yuv422]
        }
    }

    /// The bit depths the codec is offered with; the first is the default.
    var bitDepths: [BitDepth] {
        switch self {
        case .h264, .vp9, .gif, .png, .webp: [.eight]
        case .hevc, .av1: [.eight, .ten]
        case .prores: [.ten]
        }
    }

    /// Every codec family, for messages and `--help`.
    static let familyNames = ["h264", "hevc", "vp9", "av1", "prores", "gif", "png", "webp"]
}

/// Apple ProRes profiles, from smallest to best.
public enum ProResProfile: String, Sendable, Hashable, CaseIterable {
    case proxy, lt, standard, hq, p4444, p4444xq

    /// The name Apple uses: "422 HQ", "4444 XQ".
    public var displayName: String {
        switch self {
        case .proxy: "422 Proxy"
        case .lt: "422 LT"
        case .standard: "422"
        case .hq: "422 HQ"
        case .p4444: "4444"
        case .p4444xq: "4444 XQ"
        }
    }

    /// The prores_ks profile name.
    var encoderName: String {
        switch self {
        case .p4444: "4444"
        case .p4444xq: "4444xq"
        default: rawValue
        }
    }

    /// Whether the profile stores full-resolution chroma and can carry alpha.
    public var hasAlphaChannel: Bool { self == .p4444 || self == .p4444xq }
}

/// How much colour resolution the video keeps.
public enum ChromaSubsampling: String, Sendable, Hashable, CaseIterable {
    /// Colour at half resolution both ways: what players expect.
    case yuv420 = "420"
    /// Colour at half resolution horizontally (ProRes 422).
    case yuv422 = "422"
    /// Full-resolution colour: crisp coloured text.
    case yuv444 = "444"
}

/// Bits per colour sample. Ten bits reduce banding in gradients.
public enum BitDepth: Int, Sendable, Hashable, CaseIterable {
    case eight = 8
    case ten = 10
}

/// Options for GIF output.
public struct GIFOptions: Sendable, Hashable {
    /// How colours between palette entries are approximated (libavfilter's paletteuse dithers).
    public enum Dither: String, Sendable, Hashable, CaseIterable {
        case none, bayer, heckbert
        case floydSteinberg = "floyd_steinberg"
        case sierra2
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // FFmpeg's name for the dither, which the raw value and the command line share.
        case sierra2_4a
    }

    /// The dithering; default `.sierra2_4a`, paletteuse's own default.
    public var dither: Dither
    /// How many times the animation plays: `nil` loops forever, 1 plays once.
    public var playCount: Int?

    public init(dither: Dither = .sierra2_4a, playCount: Int? = nil) {
        self.dither = dither
        self.playCount = playCount
    }
}

/// Options for animated WebP output, as FFmpeg's libwebp encoder and webp muxer take them.
public struct WebPOptions: Sendable, Hashable {
    /// Lossy quality from 0 to 100, higher is better (libwebp's `quality`, FFmpeg's `-qscale`). Default 75.
    public let quality: Double
    /// Effort from 0 (fastest) to 6 (smallest file) (libwebp's `method`, FFmpeg's `-compression_level`). Default 4.
    public let compressionLevel: Int
    /// How many times the animation plays: `nil` loops forever, 1 plays once.
    public let playCount: Int?

    /// Creates validated options.
    /// - Throws: `MovieKitError.invalidWebPOption` naming the value out of range.
    public init(quality: Double = 75, compressionLevel: Int = 4, playCount: Int? = nil) throws {
        guard quality.isFinite, (0...100).contains(quality) else {
            throw MovieKitError.invalidWebPOption(name: "quality", value: "\(quality)", rule: "a number from 0 to 100")
        }
        guard (0...6).contains(compressionLevel) else {
            throw MovieKitError.invalidWebPOption(
                name: "compression level", value: "\(compressionLevel)", rule: "a whole number from 0 to 6")
        }
        if let playCount, !(1...65535).contains(playCount) {
            throw MovieKitError.invalidWebPOption(
                name: "play count", value: "\(playCount)", rule: "from 1 to 65535, or nil to loop forever")
        }
        self.quality = quality
        self.compressionLevel = compressionLevel
        self.playCount = playCount
    }

    /// libwebp's defaults, looping forever.
    public init() {
        quality = 75
        compressionLevel = 4
        playCount = nil
    }
}
