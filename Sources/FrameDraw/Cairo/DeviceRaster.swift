internal import CCairo
import Foundation

/// Drawing rasterised once in device pixels, to be composited again for as long as the transform it
/// was drawn under stays the same (Core Animation's `shouldRasterize`, Core Graphics' `CGLayer`).
///
/// A raster remembers the transformation matrix and the surface size it was made for. Drawing it
/// where both are the same puts exactly the pixels it holds onto the same device pixels, so a
/// picture that does not change from frame to frame (a photo under a moving caption, a slide
/// during a crossfade) costs one composite instead of being drawn again. Where they differ,
/// `DrawingContext.draw(_:alpha:)` draws nothing and returns `false`, and the caller draws directly.
///
/// Rasters are immutable and can be shared between threads.
///
/// ```swift
/// let raster = try context.rasterize(in: bounds) { layer in drawBackground(layer) }
/// if !context.draw(raster, alpha: 0.5) { drawBackground(context) }
/// ```
public final class DeviceRaster: Sendable {
    /// The transformation matrix the drawing was rasterised under.
    public let transform: AffineTransform
    /// The size of the surface it was rasterised for, in pixels.
    public let surfaceSize: CGSize
    /// The device pixels it covers (whole pixels, inside the surface).
    public let deviceRect: CGRect
    /// The pixels; `nil` when the covered area is empty.
    let snapshot: SurfaceSnapshot?

    init(transform: AffineTransform, surfaceSize: CGSize, deviceRect: CGRect, snapshot: SurfaceSnapshot?) {
        self.transform = transform
        self.surfaceSize = surfaceSize
        self.deviceRect = deviceRect
        self.snapshot = snapshot
    }

    /// The memory its pixels take, in bytes.
    public var byteCount: Int { snapshot.map { $0.stride * $0.height } ?? 0 }
}

extension DrawingContext {
    /// Draws `body` into a new raster in this context's device pixels, under the current transform.
    ///
    /// Inside `body` the context is a fresh one whose user space is this context's: the same
    /// transform, but the default graphics state (alpha 1, no shadow, no clip, normal blending), as
    /// inside a transparency layer. Only the pixels under `rect` (in user space) are kept, or the
    /// whole surface when `rect` is `nil`; `body` should clip to `rect` itself when its drawing
    /// must end there.
    /// - Parameters:
    ///   - rect: The user-space area that holds everything `body` draws; `nil` for the whole surface.
    ///   - body: The drawing.
    /// - Throws: `FrameDrawError.outOfMemory` when the raster cannot be allocated, or the error that
    ///   drawing recorded (as `checkStatus()` reports it).
    public func rasterize(in rect: CGRect?, _ body: (DrawingContext) throws -> Void) throws -> DeviceRaster {
        let transform = ctm
        let surfaceRect = bounds
        var area = surfaceRect
        if let rect {
            area = rect.isNull || rect.isInfinite ? .null : area.intersection(deviceBox(ofUserRect: rect))
        }
        guard !area.isNull, area.width >= 1, area.height >= 1 else {
            return DeviceRaster(transform: transform, surfaceSize: surfaceRect.size, deviceRect: .zero, snapshot: nil)
        }
        let surface = try CairoSurface(width: Int(area.width), height: Int(area.height))
        do {
            let inner = try DrawingContext(surface: surface)
            var matrix = transform.cairoMatrix
            matrix.x0 -= area.minX
            matrix.y0 -= area.minY
            cairo_set_matrix(inner.cr, &matrix)
            cairo_save(inner.cr)  // `reset()` in `body` returns here, to this transform.
            inner.state.interpolationQuality = state.interpolationQuality
            try body(inner)
            try inner.checkStatus()
        }
        return DeviceRaster(
            transform: transform, surfaceSize: surfaceRect.size, deviceRect: area,
            snapshot: try SurfaceSnapshot(freezing: surface))
    }

    /// Whether `raster` was made under this context's current transform and for a surface of its size,
    /// so that `draw(_:alpha:)` would composite it.
    public func canDraw(_ raster: DeviceRaster) -> Bool {
        raster.surfaceSize == bounds.size && raster.transform == ctm
    }

    /// Composites `raster` onto its device pixels with `alpha` times the global alpha, the current
    /// blend mode, shadow and clip, when it was made under the current transform for a surface of this
    /// size (`canDraw(_:)`).
    /// - Returns: Whether the raster applied; when `false`, nothing was drawn.
    @discardableResult
    public func draw(_ raster: DeviceRaster, alpha: Double = 1) -> Bool {
        guard canDraw(raster) else { return false }
        guard let snapshot = raster.snapshot else { return true }
        let opacity = state.alpha * (alpha.isNaN ? 1 : min(max(alpha, 0), 1))
        guard opacity > 0 else { return true }
        let rect = raster.deviceRect
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        paint(extents: .userRect(rect)) {
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            cairo_set_source_surface(cr, snapshot.pointer, rect.minX, rect.minY)
            cairo_paint_with_alpha(cr, opacity)
            cairo_restore(cr)
        }
        cairo_set_matrix(cr, &matrix)
        return true
    }

    /// The whole device pixels that a user-space rectangle covers under the current transform, with a
    /// pixel of slack for anti-aliasing.
    private func deviceBox(ofUserRect rect: CGRect) -> CGRect {
        let r = rect.standardized
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for (cx, cy) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            var x = Double(cx)
            var y = Double(cy)
            cairo_user_to_device(cr, &x, &y)
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(dx: -1, dy: -1).integral
    }
}
