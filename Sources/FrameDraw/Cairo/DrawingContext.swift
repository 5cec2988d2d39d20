internal import CCairo
import Foundation

/// A Core Graphics-style 2D drawing context backed by a Cairo `cairo_t`.
///
/// The origin is the top-left corner and y grows down. Drawing calls never throw: like Cairo,
/// errors are sticky and are checked once per frame by the owner of the context.
/// Method names follow Core Graphics, so code ports from Apple platforms with few changes.
public final class DrawingContext {
    let cr: OpaquePointer
    let surface: CairoSurface

    /// The full drawable area: `(0, 0, width, height)` in pixels.
    public let bounds: CGRect

    /// The state Cairo does not keep itself (fill and stroke colours, shadow, global alpha …),
    /// saved and restored in step with `cairo_save`/`cairo_restore`.
    var state = GraphicsState()
    var savedStates: [GraphicsState] = []
    /// Open transparency layers, each with the state that was current when it began.
    var layerStack: [TransparencyLayer] = []
    /// Scratch memory for blurring shadows, reused across calls and frames (see ShadowRenderer.swift).
    let shadowRenderer = ShadowRenderer()
    /// Scratch memory for large gradient fills, reused across calls and frames (see GradientRasterizer.swift).
    let gradientRasterizer = GradientRasterizer()
    /// The smallest area, in device pixels, whose gradients `gradientRasterizer` draws; smaller ones use
    /// Cairo's patterns directly. Tests set 0 to send every gradient through the rasterizer and `Int.max`
    /// to send none.
    package var minimumRasterizedGradientArea = GradientRasterizer.minimumPixelCount
    /// How many dashes a stroke leaves to Cairo, and makes itself (see DashedStroke.swift); tests lower them.
    var dashLimits = DashLimits()
    /// The Pango layout and font cache for text (see DrawingContext+Text.swift), with the thread
    /// it was made on. `nil` until text is first drawn.
    var cachedTextRenderer: (renderer: TextRenderer?, thread: pthread_t)?

    /// The Pango layout for text on this thread; `nil` when Pango could not make one.
    ///
    /// A layout belongs to the font map of the thread that made it (`pango_cairo_create_layout`
    /// uses the calling thread's default font map), and a font map must not be used by two
    /// threads at once. A context that moves between threads, as the frame buffers of a parallel
    /// render do, therefore makes a new layout on each new thread instead of sharing the old
    /// thread's font map with it.
    var textRenderer: TextRenderer? {
        let current = pthread_self()
        if let cached = cachedTextRenderer, pthread_equal(cached.thread, current) != 0 { return cached.renderer }
        let renderer = TextRenderer(cr: cr)
        cachedTextRenderer = (renderer, current)
        return renderer
    }

    /// The first failure outside Cairo's own status (such as Pango failing to lay out text), kept until
    /// `checkStatus()` reports it. Like Cairo's status it is sticky: `reset()` does not clear it.
    private(set) var pendingError: FrameDrawError?

    /// Creates a context that draws into `surface`. Corresponds to `cairo_create`.
    /// - Throws: `FrameDrawError.outOfMemory` when Cairo cannot allocate the context, or
    ///   `FrameDrawError.drawingFailed` with Cairo's reason for any other failure.
    package init(surface: CairoSurface) throws {
        let cr = cairo_create(surface.pointer)
        let status = cr.map { cairo_status($0) } ?? CAIRO_STATUS_NO_MEMORY
        guard let cr, status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw FrameDrawError(cairoStatus: status, allocating: "a Cairo drawing context")
        }
        self.cr = cr
        self.surface = surface
        bounds = CGRect(x: 0, y: 0, width: surface.width, height: surface.height)
        cairo_save(cr)  // The base state that `reset()` returns to.
    }

    deinit {
        cairo_destroy(cr)
    }

    /// Throws the first error the context has recorded: a failure recorded with `recordError(_:)`, or the
    /// error state Cairo put the context in. Errors are sticky, as in Cairo: once set, every later check
    /// throws the same error, and the owner replaces the context. Corresponds to `cairo_status`.
    /// - Throws: The recorded `FrameDrawError`; `FrameDrawError.outOfMemory` when Cairo ran out of memory;
    ///   `FrameDrawError.drawingFailed` with Cairo's reason for any other Cairo error.
    package func checkStatus() throws {
        if let pendingError { throw pendingError }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw FrameDrawError(
                cairoStatus: status,
                allocating: "Cairo's working memory for the paths, layers and glyphs of this picture")
        }
    }

    /// Puts the context into an error state that the next `checkStatus()` reports, for failures Cairo's own
    /// status does not see (drawing calls do not throw). Only the first error is kept, and none is kept once
    /// Cairo has an error of its own, so `checkStatus()` always reports what went wrong first.
    func recordError(_ error: FrameDrawError) {
        guard pendingError == nil, cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return }
        pendingError = error
    }

    /// Returns the context to its initial state: identity transform, no clip, no path, default
    /// colours, no shadow, no open layers. Unbalanced saves and layers from the last frame are dropped.
    package func reset() {
        while let layer = layerStack.popLast() {
            while savedStates.count > layer.savedStateDepth {
                cairo_restore(cr)
                savedStates.removeLast()
            }
            cairo_pattern_destroy(cairo_pop_group(cr))
        }
        for _ in savedStates { cairo_restore(cr) }
        savedStates.removeAll(keepingCapacity: true)
        cairo_restore(cr)
        cairo_save(cr)
        cairo_new_path(cr)
        state = GraphicsState()
    }

    // MARK: - Graphics state

    /// Pushes a copy of the graphics state (transform, clip, colours, line style, shadow, blend mode).
    /// Corresponds to `cairo_save`.
    public func saveGState() {
        cairo_save(cr)
        savedStates.append(state)
    }

    /// Pops the graphics state saved by the matching `saveGState()`. Unbalanced calls are ignored,
    /// and so is a call that would undo a save made before the innermost open transparency layer began.
    /// Corresponds to `cairo_restore`.
    public func restoreGState() {
        guard savedStates.count > (layerStack.last?.savedStateDepth ?? 0),
            let previous = savedStates.popLast()
        else { return }
        cairo_restore(cr)
        state = previous
    }

    /// Runs `body` between `saveGState()` and `restoreGState()`.
    public func withSavedGState<R>(_ body: () throws -> R) rethrows -> R {
        saveGState()
        defer { restoreGState() }
        return try body()
    }

    // MARK: - Colour and alpha

    /// Sets the colour used by fills.
    public func setFillColor(_ color: Color) { state.fillColor = color }

    /// Sets the colour used by strokes.
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }

    /// Sets the global alpha, `0...1`, applied to everything painted afterwards.
    public func setAlpha(_ alpha: Double) { state.alpha = min(max(alpha, 0), 1) }

    /// Sets the source to a solid colour, with the global alpha applied.
    func setSource(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * state.alpha)
    }

    // MARK: - Transforms

    /// Moves the origin by `(x, y)` in the current user space. Corresponds to `cairo_translate`.
    public func translateBy(x: Double, y: Double) { cairo_translate(cr, x, y) }

    /// Scales user space. Corresponds to `cairo_scale`.
    public func scaleBy(x: Double, y: Double) { cairo_scale(cr, x, y) }

    /// Rotates user space by `angle` radians; positive angles turn clockwise on screen (y grows down).
    /// Corresponds to `cairo_rotate`.
    public func rotate(by angle: Double) { cairo_rotate(cr, angle) }

    // MARK: - Painting funnel

    /// Runs one painting operation with the current shadow applied. Every fill, stroke, image
    /// and text draw goes through here, so shadows and transparency layers treat them alike.
    /// `extents` says where the operation's ink can land, so a shadow blurs only that area.
    func paint(extents: PaintExtents = .unknown, _ operation: () -> Void) {
        if let shadow = state.shadow, shadow.isVisible {
            paintWithShadow(shadow, extents: extents, operation)
        } else {
            operation()
        }
    }
}

/// The part of the graphics state that lives in Swift rather than in `cairo_t`.
struct GraphicsState {
    var fillColor: Color = .black
    var strokeColor: Color = .black
    var alpha: Double = 1
    var shadow: Shadow?
    var blendMode: BlendMode = .normal
    var interpolationQuality: InterpolationQuality = .high
}

/// An open transparency layer.
struct TransparencyLayer {
    var alpha: Double
    var stateAtBegin: GraphicsState
    var savedStateDepth: Int
}
