internal import CCairo
import Foundation

extension DrawingContext {
    /// Draws `image` fitted into `rect`. The image is clipped to `rect` (which matters for ``ContentFit/cover``
    /// and ``ContentFit/center``).
    /// - Parameters:
    ///   - image: The picture to draw.
    ///   - rect: Where to draw it, in user space.
    ///   - fit: How the picture fits `rect`. Default ``ContentFit/stretch``, as Core Graphics draws.
    public func draw(_ image: Image, in rect: CGRect, fit: ContentFit = .stretch) {
        let frame = fit.frame(for: image.size, in: rect)
        guard frame.width > 0, frame.height > 0 else { return }
        paint(extents: .userRect(rect.intersection(frame))) {
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, frame.minX, frame.minY)
            cairo_scale(cr, frame.width / Double(image.width), frame.height / Double(image.height))
            cairo_set_source_surface(cr, image.snapshot.pointer, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, state.interpolationQuality.cairoFilter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, state.alpha)
            cairo_restore(cr)
        }
    }

    /// Draws `image` at its natural size with its top-left corner at `point`.
    public func draw(_ image: Image, at point: CGPoint) {
        draw(image, in: CGRect(origin: point, size: image.size), fit: .stretch)
    }

    /// Fills `rect` with copies of `image` at its natural size (in user space), the first copy's
    /// top-left corner at `rect`'s origin. Tiles are cut off at the edges of `rect`.
    /// Corresponds to a surface pattern with `CAIRO_EXTEND_REPEAT`.
    public func drawTiled(_ image: Image, in rect: CGRect) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return }
        paint {
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            cairo_set_source_surface(cr, image.snapshot.pointer, rect.minX, rect.minY)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, state.interpolationQuality.cairoFilter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            cairo_paint_with_alpha(cr, state.alpha)
            cairo_restore(cr)
        }
    }
}

extension InterpolationQuality {
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_BILINEAR
        case .high: CAIRO_FILTER_GOOD
        }
    }
}

extension DrawingContext {
    /// A copy of everything drawn so far, as an image the size of the context's surface (Core
    /// Graphics' `makeImage()`). Later drawing does not change it. Transparency layers still open
    /// are not included.
    /// - Throws: `FrameDrawError.outOfMemory` when the copy cannot be allocated.
    public func makeImage() throws -> Image {
        let copy = try CairoSurface(width: surface.width, height: surface.height)
        copy.copyPixels(from: surface)
        return try Image(surface: consume copy)
    }
}
