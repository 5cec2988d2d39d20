import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

/// How Lottie files are read: which animation of a dotLottie, which marker's segment, and whether
/// unsupported features fail the render.
///
/// `moviemake` sets ``current`` from `--animation`, `--segment` and `--strict` while it reads a
/// file; Swift code passes options to ``LottieContent/init(contentsOf:options:)`` directly.
public struct LottieOptions: Sendable, Hashable {
    /// The id of the animation to use in a dotLottie with several; `nil` is the manifest's first.
    public var animationID: String?
    /// The name (`cm`) of the marker whose frames to render; `nil` renders the whole animation.
    public var segment: String?
    /// Whether unsupported features (expressions, effects, 3D …) throw instead of logging a warning.
    public var strict: Bool
    /// Values for the animation's slots (lottie-spec `slots`) by slot id: `#rrggbb` colours or numbers.
    /// `moviemake` fills them from `--set` and `--props`.
    public var slotValues: [String: String] = [:]

    /// Creates options.
    /// - Parameters:
    ///   - animationID: The dotLottie animation to use; `nil` for the first.
    ///   - segment: The marker to render; `nil` for the whole animation.
    ///   - strict: Whether unsupported features throw instead of warning.
    public init(animationID: String? = nil, segment: String? = nil, strict: Bool = false) {
        self.animationID = animationID
        self.segment = segment
        self.strict = strict
    }

    /// The options readers used before registries carried them: used still when a Lottie file is
    /// read through a registry that sets none, or with ``LottieContent`` and `Layer.lottie` without
    /// options, until it is removed.
    @available(
        *, deprecated,
        message: "Set the options on the ContentRegistry documents are read with: registry.setting(options)."
    )
    @TaskLocal public static var current = LottieOptions()

    /// The options of `registry` (``ContentRegistry/setting(_:)``), else those a caller set for its task
    /// with the deprecated `LottieOptions.$current`, else the defaults.
    static func of(_ registry: ContentRegistry?) -> LottieOptions {
        func scoped<Options: ScopedLottieOptions>(_: Options.Type) -> LottieOptions { Options.scoped }
        return registry?.option(LottieOptions.self) ?? scoped(LottieOptions.self)
    }
}

/// Reads the deprecated ``LottieOptions/current`` without a deprecation warning in the readers:
/// through a requirement whose witness is itself deprecated.
private protocol ScopedLottieOptions {
    static var scoped: LottieOptions { get }
}

extension LottieOptions: ScopedLottieOptions {
    @available(*, deprecated)
    fileprivate static var scoped: LottieOptions { current }
}

/// A Lottie animation as the content of a layer: drawn scaled into the layer's bounds, with its
/// own clock offset, speed and looping.
public struct LottieContent: TimedContent {
    let renderer: LottieRenderer
    /// The composition's size in its own units (`w`, `h`).
    public let size: CGSize
    /// The file it was read from.
    public let url: URL
    /// The frame rate the animation plays at: `fr`, as an exact rational.
    public let frameRate: FrameRate
    /// The first frame drawn (`ip`, or the segment's start).
    public let startFrame: Double
    /// The frame the animation ends before (`op`, or the segment's end).
    public let endFrame: Double
    /// The animation starts this many seconds after its layer's parent clock starts. Default 0.
    public var timeOffset: Double = 0
    /// How fast it plays: 2 is twice as fast. Default 1.
    public var speed: Double = 1
    /// Whether it starts again at its end instead of showing nothing after it. Default `false`.
    public var loops: Bool = false

    /// The length in seconds at speed 1.
    public var duration: Double { max(endFrame - startFrame, 0) / frameRate.framesPerSecond }

    /// Reads a Lottie JSON file, a dotLottie (`.lottie`) or a Telegram sticker (`.tgs`), checking it
    /// and decoding its images before anything is drawn.
    /// - Parameters:
    ///   - url: The file.
    ///   - options: Which animation and segment, and whether unsupported features throw. Default: the
    ///     defaults of ``LottieOptions``.
    /// - Throws: ``LottieError`` naming the file and the key path of the first problem.
    public init(contentsOf url: URL, options: LottieOptions? = nil) throws {
        let options = options ?? LottieOptions.of(nil)
        let source = try LottieSource(contentsOf: url, animationID: options.animationID)
        let animation: LottieAnimation
        do {
            let json = try LottieSlots.apply(to: source.json, values: options.slotValues, file: url.path)
            animation = try JSONDecoder().decode(LottieAnimation.self, from: json)
        } catch let error as DecodingError {
            throw LottieError.decoding(error, file: url.path)
        } catch {
            throw LottieError.syntax(file: url.path, problem: "\(error)")
        }
        guard animation.frameRate > 0, animation.frameRate <= 1000 else {
            throw LottieError.invalidValue(
                file: url.path, path: "fr",
                problem: "is \(animation.frameRate) but must be a frame rate above 0 and at most 1000")
        }
        guard animation.inPoint.isFinite, animation.outPoint.isFinite,
            (animation.outPoint - animation.inPoint) / animation.frameRate <= 86_400
        else {
            throw LottieError.invalidValue(
                file: url.path, path: "op",
                problem: "and `ip` (\(animation.inPoint)) must be finite frames at most a day apart")
        }
        guard animation.width > 0, animation.height > 0, animation.width <= 16384, animation.height <= 16384 else {
            throw LottieError.invalidValue(
                file: url.path, path: "w",
                problem:
                    "and `h` make a \(animation.width)x\(animation.height) composition, but both must be from 1 to 16384"
            )
        }
        for warning in LottieChecks.warnings(animation) {
            if options.strict { throw LottieError.unsupportedFeature(file: url.path, warning: warning) }
            Log.emit(.warning, subsystem: .movieKit, "\(url.lastPathComponent): \(warning)")
        }
        var start = animation.inPoint
        var end = animation.outPoint
        if let name = options.segment {
            guard let marker = animation.markers.first(where: { $0.name == name }) else {
                throw LottieError.unknownMarker(file: url.path, name: name, available: animation.markers.map(\.name))
            }
            start = marker.time
            end = marker.time + max(marker.duration, 1)
        }
        guard end > start, start.isFinite, end.isFinite, (end - start) / animation.frameRate <= 86_400 else {
            throw LottieError.invalidValue(
                file: url.path, path: "op", problem: "is \(end), not after `ip` (\(start)); the animation has no frames"
            )
        }
        let images = try source.images(for: animation, file: url.path)
        renderer = LottieRenderer(animation: animation, images: images)
        size = CGSize(width: animation.width, height: animation.height)
        self.url = url
        frameRate = Self.frameRate(animation.frameRate)
        startFrame = start
        endFrame = end
    }

    /// The exact rate closest to `fr`: whole numbers as they are, the NTSC rates as n×1000/1001.
    static func frameRate(_ fr: Double) -> FrameRate {
        if abs(fr - fr.rounded()) < 1e-9 { return FrameRate(Int(fr.rounded())) }
        let ntsc = (fr * 1.001).rounded()
        if abs(ntsc * 1000 / 1001 - fr) < 0.005 { return FrameRate(Int(ntsc) * 1000, 1001) }
        return FrameRate(Int((fr * 1000).rounded()), 1000)
    }

    /// The animation's frame at `time` seconds on the layer's parent clock, or `nil` when nothing shows.
    func frame(at time: Double) -> Double? {
        var local = (time - timeOffset) * speed
        let length = duration
        guard length > 0 else { return nil }
        if loops {
            local = local.truncatingRemainder(dividingBy: length)
            if local < 0 { local += length }
        }
        guard local >= 0 else { return nil }
        let frame = LottieTime.snapped(startFrame + local * frameRate.framesPerSecond)
        guard frame < endFrame else { return nil }
        return frame
    }

    public var typeName: String { "lottie" }

    /// The composition's size.
    public var intrinsicSize: CGSize? { size }

    /// The Lottie file, which `moviemake preview` watches.
    public var files: [URL] { [url] }

    /// The time it ends on its layer's parent clock: ``timeOffset`` plus its ``duration`` at its
    /// ``speed``; `nil` when it loops.
    public var activeDuration: Double? { loops || speed <= 0 ? nil : timeOffset + duration / speed }

    /// Draws the animation's frame at `ContentDrawing.time` (on the layer's parent clock, through
    /// ``timeOffset``, ``speed`` and ``loops``) scaled into the bounds; nothing before it starts or
    /// after it ends.
    public func draw(_ drawing: ContentDrawing) {
        guard let frame = frame(at: drawing.time), size.width > 0, size.height > 0 else { return }
        let context = drawing.context
        let bounds = drawing.bounds
        context.saveGState()
        defer { context.restoreGState() }
        context.translateBy(x: bounds.minX, y: bounds.minY)
        context.scaleBy(x: bounds.width / size.width, y: bounds.height / size.height)
        if drawing.opacity < 1 {
            context.withTransparencyLayer(alpha: drawing.opacity) { renderer.draw(in: context, frame: frame) }
        } else {
            renderer.draw(in: context, frame: frame)
        }
    }

    /// A scene that plays the animation once at its own size and rate, on a transparent canvas.
    public var scene: Scene {
        let canvas = Canvas(
            width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)), fps: frameRate,
            duration: duration, background: .clear)
        var layer = Layer(.lottie(self))
        layer.size = .constant(size)
        layer.position = .constant(CGPoint(x: size.width / 2, y: size.height / 2))
        return Scene(canvas: canvas, layers: [layer])
    }
}
