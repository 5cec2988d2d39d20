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
        // The area drawn: the rectangle and the picture's frame, cut to what the clip can show, so that
        // a frame magnified far past the surface (1e40 pixels wide) gives Cairo a clip it can hold.
        var area = rect.intersection(frame)
        if let visible = userBoundsOfClip() { area = area.intersection(visible) }
        guard !area.isNull, area.width > 0, area.height > 0 else { return }
        paint(extents: .userRect(area)) {
            cairo_save(cr)
            cairo_new_path(cr)
            addArea(of: area)
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
            cairo_paint_with_alpha(cr, state.alpha)
            cairo_restore(cr)
        }
    }

    /// The user-space box around the clip's device extents, with a pixel of slack; `nil` when the
    /// transform cannot be inverted.
    private func userBoundsOfClip() -> CGRect? {
        guard let clip = deviceClipExtents() else { return nil }
        var inverse = cairo_matrix_t()
        cairo_get_matrix(cr, &inverse)
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return nil }
        let box = clip.insetBy(dx: -1, dy: -1)
        let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)]
        let points = corners.map { corner -> (x: Double, y: Double) in
            var x = Double(corner.0)
            var y = Double(corner.1)
            cairo_matrix_transform_point(&inverse, &x, &y)
            return (x, y)
        }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            [minX, maxX, minY, maxY].allSatisfy(\.isFinite)
        else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
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
