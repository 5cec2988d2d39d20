import Foundation
import FrameDraw
import MovieKitCore

/// Reads editly's JSON5 edit specs (github.com/mifi/editly) into a `Slideshow`.
///
/// Each clip becomes one slide lasting the clip's duration. A clip whose only layer is an
/// `image` becomes a `.photo` slide, with editly's `resizeMode` as its fit and its
/// `zoomDirection`/`zoomAmount` as Ken Burns framings; a clip whose only layer is a
/// `fill-color` (or `pause`) becomes a `.color` slide; any other clip becomes a `.layers`
/// slide drawn with MovieKitScene layers on the slide's own clock, animated as editly animates
/// them. Transitions keep editly's timing: each lasts at most half of either clip it joins, and
/// the last clip has none; where two would cover a clip, one is a frame shorter, since every
/// slide keeps at least one frame of its own. The supported subset, and how each key maps, is in the "editly specs" article.
///
/// Nothing is dropped silently: video, audio, canvas, fabric and gl layers, gl-transitions
/// MovieKit does not draw, options that change the output in ways MovieKit cannot follow, and
/// unknown keys are refused with the clip, the layer, the key path and the reason, as a
/// `SceneError` that starts with `file:` (Foundation's `JSONDecoder`, which reads the JSON5 with
/// `allowsJSON5`, reports no line or column for values).
///
/// ```swift
/// let show = try EditlySpec.load(from: URL(fileURLWithPath: "commonFeatures.json5"))
/// ```
public struct EditlySpec: Sendable {
    /// The slideshow the spec describes.
    public var slideshow: Slideshow
    /// editly's `outPath`, resolved against the spec's folder, for a command line that writes
    /// where the spec says when no output is given; `nil` when the spec names none.
    public var outputURL: URL?
    /// What the spec asks of the encoder: `fast: true` as a draft, and `customOutputArgs`.
    public var encoding = DocumentEncoding()

    static let topKeys = [
        "outPath", "width", "height", "fps", "defaults", "clips", "audioFilePath", "backgroundAudioVolume", "loopAudio",
        "audioTracks", "outputVolume", "verbose", "enableFfmpegLog", "logTimes", "fast", "keepSourceAudio",
        "allowRemoteRequests", "clipsAudioVolume", "audioNorm", "customOutputArgs", "ffmpegPath", "ffprobePath",
        "tmpDir",
        "keepTmp"
    ]

    /// Options that only change what editly prints, so the movie is the same without them.
    static let loggingKeys = ["verbose", "enableFfmpegLog", "logTimes"]

    /// Options MovieKit does not follow, and why. A boolean one is accepted when it is `false`,
    /// editly's default, which changes nothing.
    static let unsupportedOptions: [String: String] = [
        "ffmpegPath": "MovieKit uses FFmpeg's libraries in-process, not the ffmpeg program",
        "ffprobePath": "MovieKit uses FFmpeg's libraries in-process, not the ffprobe program",
        "tmpDir": "MovieKit writes no temporary files",
        "keepTmp": "MovieKit writes no temporary files"
    ]

    /// Reads a spec file. Paths in it are relative to its folder.
    /// - Parameters:
    ///   - url: The spec.
    ///   - registry: Where transition names are looked up (``ContentRegistry/transitions``).
    /// - Throws: `SceneError`.
    public init(contentsOf url: URL, registry: ContentRegistry = .shared) throws {
        try self.init(
            data: try MediaFiles.contents(of: url), fileName: url.path, baseURL: url.deletingLastPathComponent(),
            registry: registry)
    }

    /// Decodes a spec from its bytes.
    /// - Parameters:
    ///   - data: The JSON5 (or JSON) document, as UTF-8.
    ///   - fileName: The name used at the start of error messages.
    ///   - baseURL: The folder relative paths are resolved against.
    ///   - registry: Where transition names are looked up (``ContentRegistry/transitions``).
    /// - Throws: `SceneError`.
    public init(data: Data, fileName: String, baseURL: URL, registry: ContentRegistry = .shared) throws {
        try self.init(data: data, fileName: fileName, baseURL: baseURL, remoteFiles: RemoteFiles(), registry: registry)
    }

    /// Decodes a spec, downloading its remote files (when it sets `allowRemoteRequests`) with `remoteFiles`.
    package init(
        data: Data, fileName: String, baseURL: URL, remoteFiles: RemoteFiles, registry: ContentRegistry = .shared
    ) throws {
        guard String(data: data, encoding: .utf8) != nil else {
            throw SceneError.unreadableFile(path: fileName, reason: "the file is not UTF-8 text")
        }
        let root = try NestingLimit.parseJSON(data, file: fileName, dialect: .json5)
        var context = ReadContext(fileName: fileName, baseURL: baseURL, variables: [:], expandsVariables: false)
        context.registry = registry
        context.remoteSetting = "allowRemoteRequests: true"
        // `allowRemoteRequests` decides how every path is read, so it is read first.
        let map = try NodeReader(node: root, path: "", context: context).mapping(
            keys: Self.topKeys, expected: "an edit spec: a mapping with `clips`")
        if try map.optional("allowRemoteRequests")?.bool() == true { context.remoteFiles = remoteFiles }
        try self.init(root: NodeReader(node: root, path: "", context: context))
    }

    /// Reads a spec file into a slideshow.
    /// - Throws: `SceneError`.
    public static func load(from url: URL, registry: ContentRegistry = .shared) throws -> Slideshow {
        try EditlySpec(contentsOf: url, registry: registry).slideshow
    }

    /// Decodes a spec into a slideshow.
    /// - Parameters:
    ///   - data: The JSON5 (or JSON) document, as UTF-8.
    ///   - fileName: The name used at the start of error messages.
    ///   - baseURL: The folder relative paths are resolved against; by default the folder of `fileName`.
    ///   - registry: Where transition names are looked up (``ContentRegistry/transitions``).
    /// - Throws: `SceneError`.
    public static func decode(
        _ data: Data, fileName: String, baseURL: URL? = nil, registry: ContentRegistry = .shared
    ) throws -> Slideshow {
        try EditlySpec(
            data: data, fileName: fileName,
            baseURL: baseURL ?? URL(fileURLWithPath: fileName).deletingLastPathComponent(), registry: registry
        ).slideshow
    }

    private init(root: NodeReader) throws {
        let map = try root.mapping(keys: Self.topKeys, expected: "an edit spec: a mapping with `clips`")
        try Self.checkOptions(map)
        let (width, height) = try Self.size(map)
        var encoding = DocumentEncoding()
        encoding.draft = try map.optional("fast")?.bool() ?? false
        var outputRate: FrameRate?
        let outPathReader = map.optional("outPath")
        let writesWebP = try outPathReader?.string().lowercased().hasSuffix(".webp") ?? false
        if let arguments = map.optional("customOutputArgs") {
            outputRate = try Self.outputArguments(arguments, into: &encoding, writesWebP: writesWebP)
        } else if writesWebP {
            // FFmpeg's webp muxer plays the animation once unless given -loop.
            encoding.webp = try WebPOptions(playCount: 1)
        }
        // `-r` sets the movie's rate, as FFmpeg resamples editly's frames to it.
        let fps = try outputRate ?? map.optional("fps").map(Self.frameRate) ?? 25
        var show = Slideshow(width: width, height: height, fps: fps, background: .black)
        show.fit = .contain
        show.backdrop = .blurred
        show.kenBurns = false
        let normalization = try Self.audioNormalization(map)
        let mix = try Self.mix(map, normalized: normalization != nil)
        // editly normalizes only when it mixes the clips' sound with other audio.
        encoding.audioNormalization = mix.mixes ? normalization : nil
        let defaults = try EditlyDefaults(map.optional("defaults"))
        show.slideDuration = defaults.duration
        show.transition = try defaults.transition.resolved(at: root)
        let clips = try EditlyClips.slidesAndSounds(
            try map.required("clips", expected: "`clips:` with a list of clips"), defaults: defaults, canvas: show,
            media: try EditlyMedia(map, mix: mix))
        show.slides = clips.slides
        show.audio = try Self.audioTracks(map, mix: mix) + Self.placing(clips.sounds, in: show)
        slideshow = show
        self.encoding = encoding
        outputURL = try outPathReader.map {
            MediaFiles.url(try $0.string(expected: "the path of the movie to write"), relativeTo: root.context.baseURL)
        }
    }

    /// Refuses the options MovieKit does not follow, unless they are set to editly's default.
    private static func checkOptions(_ map: MappingReader) throws {
        for key in loggingKeys { _ = try map.optional(key)?.bool() }
        for entry in map.entries {
            guard let reason = unsupportedOptions[entry.key] else { continue }
            let reader = map.reader.child(entry.key, entry.value)
            if entry.value.isNull { continue }
            throw SceneError.unsupportedFeature(
                at: reader.location(of: entry, keyPath: reader.displayPath),
                feature: "editly's `\(entry.key)` option", reason: reason)
        }
    }

    /// The canvas: editly's 640×640 when no size is given, and a square `width` × `width` when
    /// only the width is (there is no video to take the aspect ratio from).
    private static func size(_ map: MappingReader) throws -> (Int, Int) {
        let width = try map.optional("width")?.int(2...16384, expected: "a width in pixels from 2 to 16384")
        let heightReader = map.optional("height")
        let height = try heightReader?.int(2...16384, expected: "a height in pixels from 2 to 16384")
        if let heightReader, width == nil {
            throw heightReader.invalid(
                "set without `width`", expected: "given together with `width` (editly ignores a height without a width)"
            )
        }
        return (width ?? 640, height ?? width ?? 640)
    }

    /// A frame rate: a whole number from 1 to 240, or one of the NTSC rates 23.976, 29.97 and 59.94.
    private static func frameRate(_ reader: NodeReader) throws -> FrameRate {
        let expected = "a whole number of frames per second from 1 to 240, or 23.976, 29.97 or 59.94"
        return try frameRate(try reader.double(expected: expected), at: reader, expected: expected)
    }

    /// `fps` as a frame rate: a whole number from 1 to 240, or an NTSC rate.
    /// - Throws: `SceneError.invalidValue` at `reader` for any other number.
    static func frameRate(_ fps: Double, at reader: NodeReader, expected: String) throws -> FrameRate {
        for (rate, ntsc) in [
            (23.976, FrameRate(24000, 1001)), (29.97, FrameRate(30000, 1001)), (59.94, FrameRate(60000, 1001))
        ]
        where abs(fps - rate) < 0.001 {
            return ntsc
        }
        guard fps == fps.rounded(), (1...240).contains(fps) else {
            throw reader.invalid(SceneError.number(fps), expected: expected)
        }
        return FrameRate(Int(fps))
    }
}
