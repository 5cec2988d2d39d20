import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitScene

/// Size, rate, codec and encoder flags shared by the rendering subcommands: the size and rate
/// under their own help section, the codec flags under "Encoding", and `-y`, `--draft` and
/// `--threads` among the command's own options.
///
/// Size and frame rate are optional: a command that renders a scene file or manifest takes them
/// from its canvas, and a flag the user passes replaces the canvas's value.
struct EncodingOptions: ParsableArguments {
    static let defaultWidth = 1280
    static let defaultHeight = 720
    static let defaultFPS: FrameRate = 30

    /// The help of `-o` on every command that renders a movie: the containers that work.
    static let movieOutputHelp =
        "The movie to write: .mp4, .m4v, .mov, .webm, .mkv or .gif, or a name without extension for a folder of PNG files."

    @OptionGroup(title: "Size and frame rate") var frame: FrameOptions

    @OptionGroup(title: "Encoding") var encoder: EncoderOptions

    @Flag(name: [.customShort("y"), .long], help: "Replace the output if it exists.")
    var overwrite = false

    @Flag(
        help:
            "Draft preview: the same frame at about half the width and height, with the ultrafast preset. The shape is kept exactly where multiples of 16 allow it."
    )
    var draft = false

    @Option(help: "Drawing threads. Default: one per core, up to 8.")
    var threads: Int?

    /// How many threads draw.
    var concurrency: RenderConcurrency { threads.map { .fixed($0) } ?? .automatic }

    /// The size of a draft of a `width` x `height` movie (``RenderPlan/draftSize(width:height:)``).
    static func draftSize(width: Int, height: Int) -> (width: Int, height: Int) {
        RenderPlan.draftSize(width: width, height: height)
    }

    /// Validated movie settings, with the built-in defaults for flags not given.
    /// - Throws: `ValidationError` with the library's sentence.
    func settings() throws -> MovieSettings {
        do {
            let size = try frame.frameSize(over: (Self.defaultWidth, Self.defaultHeight))
            return try movieSettings(width: size.width, height: size.height, fps: frame.fps ?? Self.defaultFPS)
        } catch let error as MovieKitError {
            throw ValidationError(error.description)
        }
    }

    /// Movie settings at this size and rate (a draft about halves it: `draftSize`), with every other flag;
    /// callers apply the size and rate flags first.
    /// - Throws: `MovieKitError` as the library throws it, or `ValidationError` for malformed metadata.
    /// - Parameter codec: The codec to name in the settings; `nil` for `--codec`'s (or, without it, the
    ///   output's, decided when the writer opens it).
    func movieSettings(width: Int, height: Int, fps: FrameRate, codec: VideoCodec? = nil) throws -> MovieSettings {
        let tags = try metadataTags()
        let size = draft ? Self.draftSize(width: width, height: height) : (width: width, height: height)
        var settings = try MovieSettings(
            width: size.width, height: size.height,
            fps: fps, codec: codec ?? encoder.videoCodec, alpha: encoder.alpha, chroma: encoder.chroma,
            bitDepth: encoder.bitDepth, crf: encoder.crf, preset: draft ? .ultrafast : encoder.preset,
            keyframeInterval: encoder.keyframeInterval, bitRate: encoder.bitRate, metadata: tags, tune: encoder.tune)
        settings.loudness = try encoder.loudnessNormalization()
        return settings
    }

    /// `--metadata` as tags.
    /// - Throws: `ValidationError` for an entry that is not key=value, `MovieKitError` for a key or value
    ///   the container cannot take.
    func metadataTags() throws -> MovieMetadata {
        var tags = MovieMetadata()
        for entry in encoder.metadata {
            guard let equals = entry.firstIndex(of: "=") else {
                throw ValidationError(
                    "Metadata \"\(entry)\" is not key=value; write for example --metadata title=\"My movie\".")
            }
            try tags.set(String(entry[..<equals]), to: String(entry[entry.index(after: equals)...]))
        }
        return tags
    }

    mutating func validate() throws {
        if let threads, !(1...64).contains(threads) {
            throw ValidationError(
                "Thread count \(threads) is not between 1 and 64; pass --threads with a value such as 2, or leave it out for one per core."
            )
        }
        _ = try settings()
    }
}

/// The codec and encoder flags, under "Encoding" in each command's help.
struct EncoderOptions: ParsableArguments {
    /// The codec families `--codec` takes.
    enum CodecName: String, ExpressibleByArgument, CaseIterable {
        case h264, hevc, vp9, av1, prores, gif, png, webp
    }

    @Option(
        help:
            "Video codec. Default: from the output's extension (.webm gives vp9, .gif gives gif, .webp gives webp, no extension a PNG folder, otherwise h264)."
    )
    var codec: CodecName?

    @Option(help: "ProRes profile, with --codec prores.")
    var proresProfile: ProResProfile = .hq

    @Flag(help: "Keep transparency: frames start transparent (ProRes p4444/p4444xq in .mov, VP9 in .webm, GIF, PNG).")
    var alpha = false

    @Option(
        help:
            "Chroma subsampling: 420 (the default, every codec); 444 for h264 and hevc; with prores, 422 for the proxy, lt, standard and hq profiles and 444 for p4444 and p4444xq (the profile chooses when left at 420)."
    )
    var chroma: ChromaSubsampling = .yuv420

    @Option(help: "Bits per sample: 8, or 10 for hevc, av1 and prores. Default: the codec's own.")
    var bitDepth: BitDepth?

    @Option(
        help:
            "Constant quality on the codec's own scale, lower is better: h264 and hevc 0…51, vp9 and av1 0…63. Default: the codec's own (23, 28, 31, 35)."
    )
    var crf: Int?

    @Option(help: "Speed/quality preset, named as x264's and mapped to each codec's own.")
    var preset: Preset = .medium

    @Option(help: "x264/x265 tuning for h264 and hevc (film and stillimage are x264's alone). Default: none.")
    var tune: Tune?

    @Option(help: "Target video bit rate in bits per second, instead of --crf (h264, hevc, vp9, av1).")
    var bitRate: Int?

    @Option(help: "Seconds between keyframes; chunks for --chunk and --jobs start on keyframes.")
    var keyframeInterval = 2.0

    @Option(
        help: ArgumentHelp(
            "Container metadata as key=value: title, artist, comment or creation_time (ISO 8601). Repeatable.",
            valueName: "key=value"))
    var metadata: [String] = []

    @OptionGroup var sound: LoudnessOptions

    /// `--loudness` and `--true-peak` as settings, or `nil` without `--loudness`.
    func loudnessNormalization() throws -> LoudnessNormalization? { try sound.loudnessNormalization() }

    /// The codec the flags name, or `nil` to follow the output's extension.
    var videoCodec: VideoCodec? {
        switch codec {
        case .h264: .h264
        case .hevc: .hevc
        case .vp9: .vp9
        case .av1: .av1
        case .prores: .prores(proresProfile)
        case .gif: .gif
        case .png: .png
        case .webp: .webp
        case nil: nil
        }
    }
}

extension Preset: ExpressibleByArgument {}
extension Tune: ExpressibleByArgument {}
extension ProResProfile: ExpressibleByArgument {}
extension ChromaSubsampling: ExpressibleByArgument {}

extension BitDepth: ExpressibleByArgument {
    public init?(argument: String) {
        guard let bits = Int(argument) else { return nil }
        self.init(rawValue: bits)
    }

    public static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
}

extension FrameRate: ExpressibleByArgument {
    /// Parses `30` or `30000/1001`.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let value = Int(parts[0]) else { return nil }
            self.init(value, 1)
        case 2:
            guard let numerator = Int(parts[0]), let denominator = Int(parts[1]) else { return nil }
            self.init(numerator, denominator)
        default:
            return nil
        }
    }
}
