import Foundation
import FrameDraw
import MovieKitCore

/// Reads MovieKit's slideshow manifests, YAML or JSON chosen by extension, into a `Slideshow`.
///
/// ```yaml
/// width: 1280
/// height: 720
/// duration: 4                     # seconds per slide unless a slide says otherwise
/// transition: {name: fadeblack, duration: 0.8, easing: easeInOut}
/// fit: contain-blur
/// kenBurns: true
/// slides:
///   - image: photos/beach.jpg
///     caption: "Day one"
///   - {image: photos/hills.jpg, fit: cover, kenBurns: {from: {zoom: 1.2}, to: {zoom: 1, center: [0.3, 0.5]}}}
///   - title: "The end"
/// audio:
///   - {path: music/theme.mp3, fadeOut: 2}
/// ```
///
/// Top-level keys: `variables` (defaults for `${name}`), `width`, `height` (pixels, 1…16384,
/// default 1280×720), `fps` (default 30), `background` (colour, default black), `duration`
/// (seconds per slide, default 3), `transition` (a name, or `{name, duration, easing}`; default
/// a 0.5 s crossfade), `fit` (`cover`, `contain`, `contain-blur`, `stretch`; default
/// `contain-blur`), `kenBurns` (true/false, default false), `seed` (whole number, default 1),
/// `captionStyle` and `titleStyle` (`{font: {family, size, weight, italic}, color, outline:
/// {color, width}}`, each key overriding the default style), `slides` (required) and `audio`.
///
/// A slide has exactly one of `image` (a photo file), `title` (text on the background) or
/// `color`, and may set `duration`, `caption`, `fit`, `transition` (into the next slide) and
/// `kenBurns`: `{from: {zoom, center}, to: {zoom, center}}` (zoom 1…10, 1 the fitted photo;
/// centre `[x, y]` in fractions of the photo), or `false` to hold this slide still.
///
/// An audio track is `{path, start, trim: [from, to], volume, fadeIn, fadeOut, loop}`. A track
/// without `start` plays when the one before it in the list ends (the first at 0), so a list
/// of songs plays one after another, as `--audio` files do on the command line; a track after a
/// looping one needs a `start`.
///
/// Paths are relative to the manifest's folder. Photos are checked to exist and audio files are
/// opened while reading. Every problem is a `SceneError` naming the file, the key path (and
/// for YAML the line and column; JSON values have no position), what is expected, and for an
/// unknown key or name the nearest valid one.
public enum SlideshowManifest {
    static let topKeys = [
        "variables", "width", "height", "fps", "background", "duration", "transition", "fit", "kenBurns", "seed",
        "captionStyle", "titleStyle", "slides", "audio"
    ]

    /// Reads a manifest file. Paths in it are relative to its folder.
    /// - Parameters:
    ///   - url: A `.yaml`, `.yml` or `.json` file.
    ///   - variables: Values for `${name}` template variables; they override the file's `variables:`.
    ///   - registry: Where transition names are looked up (``ContentRegistry/transitions``).
    /// - Throws: `SceneError`.
    public static func load(
        from url: URL, variables: [String: String] = [:], registry: ContentRegistry = .shared
    ) throws -> Slideshow {
        guard let format = SceneFile.Format(pathExtension: url.pathExtension) else {
            throw SceneError.unsupportedFileType(path: url.path)
        }
        return try decode(
            try MediaFiles.contents(of: url), format: format, fileName: url.path,
            baseURL: url.deletingLastPathComponent(),
            variables: variables, registry: registry)
    }

    /// Decodes a manifest from its bytes.
    /// - Parameters:
    ///   - data: The YAML or JSON document, as UTF-8.
    ///   - format: Which of the two it is.
    ///   - fileName: The name used at the start of error messages.
    ///   - baseURL: The folder relative paths are resolved against.
    ///   - variables: Values for `${name}` template variables.
    ///   - registry: Where transition names are looked up (``ContentRegistry/transitions``).
    /// - Throws: `SceneError`.
    public static func decode(
        _ data: Data, format: SceneFile.Format, fileName: String, baseURL: URL, variables: [String: String] = [:],
        registry: ContentRegistry = .shared
    ) throws -> Slideshow {
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError.unreadableFile(path: fileName, reason: "the file is not UTF-8 text")
        }
        let root =
            switch format {
            case .yaml: try YAMLNodeParser.parse(text, file: fileName)
            case .json: try NestingLimit.parseJSON(data, file: fileName)
            }
        var context = ReadContext(fileName: fileName, baseURL: baseURL, variables: variables)
        context.registry = registry
        return try slideshow(NodeReader(node: root, path: "", context: context))
    }

    /// Reads the document root.
    static func slideshow(_ root: NodeReader) throws -> Slideshow {
        let document = try SceneFileDecoder.withDeclaredVariables(
            root, keys: topKeys, expected: "a mapping with `slides`")
        let map = try document.mapping(keys: topKeys)
        let width = try map.optional("width")?.int(1...16384, expected: "a width in pixels from 1 to 16384") ?? 1280
        let height = try map.optional("height")?.int(1...16384, expected: "a height in pixels from 1 to 16384") ?? 720
        var show = Slideshow(
            width: width, height: height, fps: try map.optional("fps").map(SceneFileDecoder.frameRate) ?? 30,
            background: try map.optional("background")?.color() ?? .black)
        if let duration = map.optional("duration") {
            show.slideDuration = try duration.double(0.001...86_400, expected: durationExpected)
        }
        if let transition = map.optional("transition") {
            show.transition = try Self.transition(transition, base: show.transition)
        }
        if let fitReader = map.optional("fit") {
            let fit = try Self.fit(fitReader)
            show.fit = fit.fit
            if let backdrop = fit.backdrop { show.backdrop = backdrop }
        }
        if let kenBurns = map.optional("kenBurns") { show.kenBurns = try kenBurns.bool() }
        if let seed = map.optional("seed") {
            show.seed = UInt64(try seed.int(0...(1 << 53), expected: "a whole number from 0"))
        }
        if let style = map.optional("captionStyle") {
            show.captionStyle = try textStyle(style, base: show.captionStyle)
        }
        if let style = map.optional("titleStyle") { show.titleStyle = try textStyle(style, base: show.titleStyle) }
        let slidesReader = try map.required("slides", expected: "`slides:` with a list of slides")
        let slideReaders = try slidesReader.sequence(expected: "a list of slides")
        guard !slideReaders.isEmpty else {
            throw slidesReader.invalid("an empty list", expected: "a list of one or more slides")
        }
        show.slides = try slideReaders.map { try slide($0, defaultTransition: show.transition) }
        try checkTransitionsFit(show, readers: slideReaders)
        if let audio = map.optional("audio") {
            show.audio = try AudioListReader.tracks(audio, document: "the manifest")
        }
        return show
    }

    static let durationExpected = "a duration in seconds, more than 0 and at most 86400"

    /// A fit as manifests and editly's `resizeMode` name it, and the backdrop the name implies:
    /// `contain` shows the background colour around the photo and `contain-blur` a blurred copy;
    /// `cover` and `stretch` hide the backdrop, so they leave it as it was (`nil`).
    typealias NamedFit = (fit: ContentFit, backdrop: Slideshow.Backdrop?)

    /// The fit names manifests and editly's `resizeMode` accept.
    static let fitNames: [(name: String, value: NamedFit)] = [
        ("cover", (.cover, nil)), ("contain", (.contain, .background)), ("contain-blur", (.contain, .blurred)),
        ("stretch", (.stretch, nil))
    ]

    /// Reads a fit name: one of `fitNames`.
    /// - Throws: `SceneError` for any other value, naming the ones accepted.
    static func fit(_ reader: NodeReader) throws -> NamedFit {
        try reader.choice(fitNames, what: "a fit")
    }

    /// A text style: `{font, color, outline}`, each overriding `base`.
    private static func textStyle(_ reader: NodeReader, base: TextStyle) throws -> TextStyle {
        let map = try reader.mapping(
            keys: ["font", "color", "outline"], expected: "a text style: {font, color, outline}")
        var style = base
        if let font = map.optional("font") { style.font = try font.font(base: base.font) }
        if let color = map.optional("color") { style.color = try color.color() }
        if let outline = map.optional("outline") {
            let spec = try outline.mapping(keys: ["color", "width"], expected: "an outline: {color, width}")
            style.outline = TextOutline(
                color: try spec.optional("color")?.color() ?? .black,
                width: try spec.optional("width")?.double(0...1000, expected: "a width in pixels from 0 to 1000") ?? 2)
        }
        return style
    }

    /// Checks that every slide is longer than its transitions in and out together, in whole frames
    /// as `Slideshow.timing()` counts them, so that neighbouring transitions never overlap and
    /// the slideshow renders as read.
    /// - Throws: `SceneError.invalidValue` at the first slide that is too short.
    private static func checkTransitionsFit(_ show: Slideshow, readers: [NodeReader]) throws {
        guard show.slides.count > 1 else { return }
        let rate = Double(show.fps.numerator) / Double(show.fps.denominator)
        var into = 0
        for index in show.slides.indices {
            let (frames, out) = show.wholeFrames(ofSlide: index)
            guard frames > into + out else {
                let seconds = SceneError.number(show.slides[index].duration ?? show.slideDuration)
                let transitionSeconds = SceneError.number((Double(into + out) / rate * 1000).rounded() / 1000)
                throw readers[index].invalid(
                    "\(seconds) second\(seconds == "1" ? "" : "s") long (\(frames) frame\(frames == 1 ? "" : "s"))",
                    expected:
                        "longer than its transitions in and out together (\(into + out) frames, \(transitionSeconds) seconds); "
                        + "lengthen it or shorten a transition")
            }
            into = out
        }
    }
}
