import Foundation
import MovieKitCore

/// One document on its way to one movie: the document, what the front end asks on top of it
/// (``RenderOverrides``), the destination, and the movie settings they resolve to.
///
/// Every front end (`moviemake render`, `moviemake batch`, the render service, the preview's render
/// button) makes a plan and renders its settings, so that the same document with the same overrides
/// gives the same movie whoever asks. The settings come from, in order: the overrides; what the
/// document asks of the encoder (``SceneDocument/encoding``: an editly spec's `fast` and
/// `customOutputArgs`); its canvas; MovieKit's defaults.
///
/// ```swift
/// let document = try SceneDocument.load(contentsOf: URL(fileURLWithPath: "spec.json5"))
/// let plan = try RenderPlan(document: document, output: URL(fileURLWithPath: "out.mp4"))
/// try SceneRenderer(scene: plan.document.scene).render(to: plan.output, settings: plan.settings)
/// ```
public struct RenderPlan: Sendable {
    /// The document, with every file it names checked.
    public let document: SceneDocument
    /// Where the movie goes; its extension picks the container, and the codec when nothing else does.
    public let output: URL
    /// What the front end asked on top of the document.
    public let overrides: RenderOverrides
    /// The movie's settings: size, rate, codec, quality, alpha, audio normalization.
    public let settings: MovieSettings
    /// Sentences about choices the plan made that its user may not expect (a size the encoder cannot
    /// take, rounded), for a front end to show.
    public let notes: [String]

    /// Resolves a document, overrides and a destination into a plan, checking the settings against
    /// the destination's container before anything is drawn.
    ///
    /// The canvas's size is kept exactly for documents sized elsewhere
    /// (``SceneDocument/fitsCanvasToEncoder``: movie clips, editly specs, Lottie files, subtitle
    /// files): a 1920x1080 clip gives a 1920x1080 movie in every codec
    /// (`MovieSettings.keepingSourceSize(width:height:)`). MovieKit's own scene files
    /// and manifests must name a size the codec takes, so that their author chooses it.
    /// - Parameters:
    ///   - document: The document to render.
    ///   - output: The movie's destination.
    ///   - overrides: What the front end asks on top of the document.
    /// - Throws: `MovieKitError` for settings the codec or container cannot take (a scene file's
    ///   canvas of 1000 pixels for H.264 among them: `invalidDimension`).
    public init(document: SceneDocument, output: URL, overrides: RenderOverrides = RenderOverrides()) throws {
        self.document = document
        self.output = output
        self.overrides = overrides
        let request = document.encoding
        let canvas = document.scene.canvas
        var codec = overrides.codec ?? request.codec
        let draft = overrides.draft || request.draft
        let quality =
            overrides.crf == nil && overrides.bitRate == nil
            ? (crf: request.crf, bitRate: request.bitRate) : (crf: overrides.crf, bitRate: overrides.bitRate)
        var alpha = overrides.alpha ?? false
        if overrides.alpha == nil, document.hasTransparentCanvas,
            let kept = Self.codecKeepingAlpha(codec, isOverlay: document.isOverlay, output: output)
        {
            alpha = true
            codec = kept
        }
        // The codec the output's extension implies, where nothing names one: its size rules apply.
        if codec == nil { codec = MovieContainer(url: output)?.defaultCodec }
        let sizeMultiple = codec?.sizeMultiple ?? 16
        let keepsSourceSize =
            document.fitsCanvasToEncoder && sizeMultiple > 1 && (overrides.width == nil || overrides.height == nil)
        var size = (width: overrides.width ?? canvas.width, height: overrides.height ?? canvas.height)
        if draft {
            size = keepsSourceSize ? Self.halved(size) : Self.draftSize(width: size.width, height: size.height)
        }
        // A size kept from the source is set after the rest is checked, at a size every codec takes.
        let checked = keepsSourceSize ? (width: 64, height: 64) : size
        var settings = try MovieSettings(
            width: checked.width, height: checked.height, fps: overrides.fps ?? canvas.fps, codec: codec,
            alpha: alpha, chroma: overrides.chroma ?? request.chroma ?? .yuv420,
            bitDepth: overrides.bitDepth ?? request.bitDepth, crf: quality.crf,
            preset: draft ? .ultrafast : overrides.preset ?? request.preset ?? .medium,
            keyframeInterval: overrides.keyframeInterval, bitRate: quality.bitRate, metadata: overrides.metadata,
            tune: overrides.tune ?? request.tune)
        if keepsSourceSize { settings = try settings.keepingSourceSize(width: size.width, height: size.height) }
        settings.loudness = overrides.loudness
        settings.audioNormalization = request.audioNormalization
        if let webp = request.webp { settings.webp = webp }
        _ = try settings.codec(for: output)
        self.settings = settings
        var notes: [String] = []
        if settings.width != size.width || settings.height != size.height {
            notes.append(
                "\(document.url.lastPathComponent): the encoder takes even sizes, and the canvas is \(size.width)x\(size.height); rendering at \(settings.width)x\(settings.height), with the scene scaled to fit."
            )
        }
        self.notes = notes
    }

    /// The codec that keeps a transparent document's alpha in `output`: `codec` (or, for an overlay
    /// in a `.mov` with none chosen, ProRes 4444, the codec editors import overlays in) when it can
    /// carry alpha there; `nil` when it cannot, and the movie is opaque.
    static func codecKeepingAlpha(_ codec: VideoCodec?, isOverlay: Bool, output: URL) -> VideoCodec?? {
        var chosen = codec
        if isOverlay, codec == nil, MovieContainer(url: output) == .mov { chosen = .prores(.p4444) }
        guard let settings = try? MovieSettings(width: 64, height: 64, fps: 30, codec: chosen, alpha: true),
            (try? settings.codec(for: output)) != nil
        else { return nil }
        return .some(chosen)
    }

    /// Half of each side, rounded to an even number (at least 2): the draft of a size kept from the source.
    static func halved(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        func half(_ side: Int) -> Int { max(2, Int((Double(side) / 4).rounded()) * 2) }
        return (half(size.width), half(size.height))
    }

    /// The size of a draft of a `width` x `height` movie: the same frame, scaled, at about half the size.
    ///
    /// Encoders take multiples of 16, so the draft is the size nearest half that keeps the shape
    /// exactly with both sides multiples of 16 (1280x720 gives 768x432, 720x1280 gives 432x768,
    /// 1920x1088 gives 960x544). When no such size lies between a third and two thirds of the full
    /// size (a shape such as 1000x1008), each side is halved and rounded to a multiple of 16 on its
    /// own, and the frame is fitted inside with bands of the background at most 8 pixels wide.
    public static func draftSize(width: Int, height: Int) -> (width: Int, height: Int) {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        guard width > 0, height > 0 else { return (draftSide(width), draftSide(height)) }
        let common = gcd(width, height)
        let (p, q) = (width / common, height / common)
        // The smallest multiplier t for which p·t and q·t are both multiples of 16.
        let (a, b) = (16 / gcd(16, p), 16 / gcd(16, q))
        let step = a / gcd(a, b) * b
        let unit = (width: p * step, height: q * step)
        let multiple = max(1, Int((Double(width) / 2 / Double(unit.width)).rounded()))
        let exact = (width: unit.width * multiple, height: unit.height * multiple)
        if exact.width * 3 >= width, exact.width * 3 <= width * 2 { return exact }
        return (draftSide(width), draftSide(height))
    }

    /// Half of `side`, rounded to the nearest multiple of 16 (at least 16).
    static func draftSide(_ side: Int) -> Int {
        max(16, Int((Double(side) / 32).rounded(.toNearestOrEven)) * 16)
    }
}
