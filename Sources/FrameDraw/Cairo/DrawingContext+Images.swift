internal import CCairo
import Foundation

extension DrawingContext {
    /// Draws `image` fitted into `rect`. The image is clipped to `rect` (which matters for ``ContentFit/cover``
    /// and ``ContentFit/center``). An image squeezed so that more than 16384 of its pixels fall on one device
    /// pixel along some direction is not drawn: pixman cannot sample it, and it would be a sliver at most two
    /// pixels across.
    /// - Parameters:
    ///   - image: The picture to draw.
    ///   - rect: Where to draw it, in user space.
    ///   - fit: How the picture fits `rect`. Default ``ContentFit/stretch``, as Core Graphics draws.
    public func draw(_ image: Image, in rect: CGRect, fit: ContentFit = .stretch) {
        let frame = fit.frame(for: image.size, in: rect)
        // An image wholly outside the clip is not handed to Cairo: one far enough out (at 1e15, say)
        // pixman cannot place, and Cairo would be put in an out-of-memory state for good.
        guard frame.width > 0, frame.height > 0, canShow(rect.intersection(frame)) else { return }
        paint(extents: .userRect(rect.intersection(frame))) {
            cairo_save(cr)
            cairo_new_path(cr)
            addArea(of: rect)
            cairo_clip(cr)
            cairo_translate(cr, frame.minX, frame.minY)
            cairo_scale(cr, frame.width / Double(image.width), frame.height / Double(image.height))
            // An image squeezed past what pixman can sample would put the context in an out-of-memory
            // state for good. It is left out: it covers at most two pixels across (Cairo's images
            // are at most 32767 pixels a side).
            guard pixmanCanSampleSources(squeezedAtMost: Self.largestImageSqueeze) else {
                cairo_restore(cr)
                return
            }
            cairo_set_source_surface(cr, image.snapshot.pointer, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, state.interpolationQuality.cairoFilter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            addArea(of: CGRect(x: 0, y: 0, width: image.width, height: image.height))
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
    /// top-left corner at `rect`'s origin. Tiles are cut off at the edges of `rect`. As with
    /// `draw(_:in:fit:)`, nothing is drawn when the transformation squeezes the image more than 16384-fold.
    /// Corresponds to a surface pattern with `CAIRO_EXTEND_REPEAT`.
    public func drawTiled(_ image: Image, in rect: CGRect) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0, canShow(rect) else { return }
        paint {
            cairo_save(cr)
            cairo_new_path(cr)
            addArea(of: rect)
            cairo_clip(cr)
            guard pixmanCanSampleSources(squeezedAtMost: Self.largestImageSqueeze) else {
                cairo_restore(cr)
                return
            }
            cairo_set_source_surface(cr, image.snapshot.pointer, rect.minX, rect.minY)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, state.interpolationQuality.cairoFilter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            cairo_paint_with_alpha(cr, state.alpha)
            cairo_restore(cr)
        }
    }
}

extension DrawingContext {
    /// How many image pixels may fall on one device pixel along any direction. pixman's fixed-point
    /// range ends at 32767 and its sampling filters give out before that; 2^14 keeps clear of both.
    static let largestImageSqueeze = 16384.0

    /// Whether pixman can sample a source pattern set now, in user space, that is squeezed at most
    /// `limit`-fold, for the device pixels around `devicePoint`. Cairo hands pixman the map from device
    /// pixels to pattern space, the inverse of the transformation, in 16.16 fixed point, whose integer
    /// part ends at 32767: its linear entries must fit, and Cairo moves out the translation at
    /// `devicePoint` as whole pixels, which must fit an `Int32`; 2^22 keeps clear of both.
    func pixmanCanSampleSources(squeezedAtMost limit: Double, around devicePoint: CGPoint? = nil) -> Bool {
        var inverse = cairo_matrix_t()
        cairo_get_matrix(cr, &inverse)
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS,
            [inverse.xx, inverse.yx, inverse.xy, inverse.yy].allSatisfy({ $0.isFinite && abs($0) <= limit })
        else { return false }
        guard let devicePoint else { return true }
        let x = inverse.xx * devicePoint.x + inverse.xy * devicePoint.y + inverse.x0
        let y = inverse.yx * devicePoint.x + inverse.yy * devicePoint.y + inverse.y0
        return abs(x) <= 0x40_0000 && abs(y) <= 0x40_0000
    }

    /// Whether anything drawn inside the user-space rectangle can show through the clip.
    func canShow(_ rect: CGRect) -> Bool {
        guard let clip = deviceClipExtents(), let box = deviceBounds(of: .userRect(rect)) else { return false }
        return box.intersects(clip)
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
