import Foundation
import FrameDraw
import MovieKitCore

/// Draws a `Scene` at any time into a `DrawingContext`.
///
/// The renderer loads every image file of the scene once, when it is created, and holds only
/// immutable data afterwards, so drawing is a pure function of time: frame *n* looks the same
/// whether it is drawn alone (`still`), out of order (a contact sheet) or in sequence (a movie),
/// and one renderer can draw on several threads at once.
///
/// ```swift
/// let renderer = try SceneRenderer(scene: scene)
/// try renderer.render(to: URL(fileURLWithPath: "out.mp4"))
/// let poster = try renderer.image(at: 2.5)
/// ```
public final class SceneRenderer: Sendable {
    /// The scene, with every image file replaced by its decoded picture.
    public let scene: Scene

    /// Rasters of the groups that never change while they show, or `nil` when caching is off.
    let rasters: LayerRasterCache?
    /// What the scene's image providers run in the background (a slideshow's photo prefetch),
    /// waited for when a render ends and when the renderer is released.
    private let backgroundWork: [any BackgroundWork]
    /// The decoders of the scene's video layers: each draw closes those of clips not shown near its time.
    let videoPool = VideoDecoderPool()

    /// Prepares a scene for drawing: loads each `.file` image once, and finds the groups whose
    /// picture never changes while they show, to draw each once and composite it afterwards.
    /// - Parameters:
    ///   - scene: The scene to draw.
    ///   - cachesStillGroups: Whether still groups are rasterised once and composited on later
    ///     frames. The cache holds at most four
    ///     canvases' worth of pixels (`rasterCacheBudget`).
    ///   - images: Decoded images shared with other renderers (a batch's rows), so that a file
    ///     every renderer shows is decoded once; `nil` decodes each file for this renderer alone.
    /// - Throws: `FrameDrawError.unreadableImage` (or another image-loading error) naming the
    ///   first image file that cannot be loaded; `ShaderError` for a shader layer that cannot be
    ///   drawn (no OpenGL ES, or a shader that does not compile).
    public init(scene: Scene, cachesStillGroups: Bool = true, images: DecodedImages? = nil) throws {
        var resolved = scene
        let videos = VideoClips(pool: videoPool)
        let preparation = ContentPreparation(
            videos: videos, sceneAudio: scene.audio, sceneDuration: scene.canvas.duration, sharedImages: images)
        resolved.layers = try preparation.prepare(scene.layers)
        resolved.audio += videos.soundTracks
        backgroundWork = Array(preparation.backgroundWork.values)
        var plan = RasterPlan()
        let window = RasterPlan.Window(lower: 0, upper: scene.canvas.duration)
        resolved.layers = plan.planned(resolved.layers, window: window, placementIsStatic: true)
        self.scene = resolved
        rasters =
            cachesStillGroups && plan.slotCount > 0
            ? LayerRasterCache(byteBudget: Self.rasterCacheBudget(for: scene.canvas)) : nil
    }

    deinit {
        waitForBackgroundWork()
    }

    /// Blocks until no background work of the scene's content (a slideshow's photo prefetch) is running.
    func waitForBackgroundWork() {
        for work in backgroundWork { work.waitUntilIdle() }
    }

    /// The most the cache of still groups holds, in bytes: four canvases' worth of pixels (two
    /// slides of a crossfade, and the masked copy of a slide that a wipe reveals), at least 16 MB.
    static func rasterCacheBudget(for canvas: Canvas) -> Int {
        max(4 * 4 * Int(canvas.size.width) * Int(canvas.size.height), 16 << 20)
    }

    /// The canvas: size, frame rate, length and background.
    public var canvas: Canvas { scene.canvas }

    /// Draws the scene at `time` seconds, filling the context.
    ///
    /// When the context is not the canvas size, the scene is scaled to fit it, keeping its aspect
    /// ratio and centred, with the background colour around it.
    /// - Parameters:
    ///   - context: Where to draw; its graphics state is restored afterwards.
    ///   - time: The time in seconds on the scene's clock.
    public func draw(in context: DrawingContext, at time: Double) {
        draw(in: context, at: time, over: nil)
    }

    /// Draws the scene at `time`, with `backdrop` told when a clip's decoded picture fills the frame and
    /// where the layers above it draw (a movie render's frame; see ``BackdropAwareContent``).
    package func draw(in context: DrawingContext, at time: Double, over backdrop: FrameBackdrop?) {
        videoPool.closeClips(awayFrom: time)
        let canvasSize = canvas.size
        context.withSavedGState {
            let bounds = context.bounds
            let scaled = bounds.size != canvasSize && canvasSize.width > 0 && canvasSize.height > 0
            // The plan holds for the scene's own times, `0..<duration`; other times draw in place.
            let inScene = time >= 0 && time < canvas.duration
            let painter = LayerPainter(
                context: context, rasters: inScene ? rasters : nil, backdrop: backdrop,
                frameDuration: canvas.fps.numerator > 0 ? canvas.fps.duration(ofFrames: 1) : 0)
            // A clip that fills the frame replaces every pixel: the background under it is not drawn.
            var layers = scene.layers[...]
            if !scaled, let first = layers.first, painter.drawReplacingFrame(first, parentSize: canvasSize, time: time)
            {
                layers = layers.dropFirst()
            } else {
                context.setBlendMode(.copy)
                context.setFillColor(canvas.background)
                context.fill(bounds)
                context.setBlendMode(.normal)
            }
            if scaled {
                let frame = ContentFit.contain.frame(for: canvasSize, in: bounds)
                context.translateBy(x: frame.minX, y: frame.minY)
                context.scaleBy(x: frame.width / canvasSize.width, y: frame.height / canvasSize.height)
                context.clip(to: CGRect(origin: .zero, size: canvasSize))
            }
            for layer in layers {
                painter.draw(layer, parentSize: canvasSize, time: time)
            }
        }
    }

    /// Draws frame `index` (at exactly `index / fps` seconds).
    public func draw(in context: DrawingContext, frame index: Int) {
        draw(in: context, at: canvas.time(ofFrame: index))
    }

    /// Draws the scene at `time` into a new image.
    /// - Parameters:
    ///   - time: The time in seconds.
    ///   - size: The image size; `nil` is the canvas size. Other sizes scale the scene to fit.
    /// - Throws: `FrameDrawError.invalidImageSize` or `.drawingFailed`.
    public func image(at time: Double, size: CGSize? = nil) throws -> Image {
        try Image(size: size ?? canvas.size) { context in
            draw(in: context, at: time)
        }
    }
}
