internal import CCairo
import Foundation

extension DrawingContext {
    /// Lends `write` the surface's own pixels when an opaque picture drawn into `rect` now would replace
    /// every one of them, so that a producer of pictures (a video decoder) can convert straight into the
    /// surface instead of into an image that is then composited: the same pixels, without an image, a
    /// copy and a composite of the whole frame.
    ///
    /// That is the case when `rect` maps onto the surface's bounds exactly (a transform that only scales and
    /// moves, without flipping, to whole pixels), the clip is no smaller than the surface, the global alpha
    /// is 1, the blend mode normal, no shadow is set and no transparency layer is open. Otherwise `write`
    /// is not called and the method returns `false`; the caller draws as usual.
    ///
    /// - Parameter write: Fills the surface's premultiplied BGRA pixels, `stride` bytes a row, every one of
    ///   the `width` x `height` with an opaque colour; returns `false`, having written nothing, to decline
    ///   (a picture that turns out to have transparency).
    /// - Returns: Whether `write` was called and wrote the pixels.
    package func replacePixels(
        of rect: CGRect,
        with write: (_ bytes: UnsafeMutableRawPointer, _ stride: Int, _ width: Int, _ height: Int) -> Bool
    ) -> Bool {
        guard coversSurfaceExactly(rect) else { return false }
        return surface.withMutablePixelBytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            return write(base, surface.stride, surface.width, surface.height)
        }
    }

    /// Whether painting an opaque source over `rect` (user space) now replaces each of the surface's pixels
    /// with the source's own: see ``replacePixels(of:with:)``.
    func coversSurfaceExactly(_ rect: CGRect) -> Bool {
        guard layerStack.isEmpty, cairo_get_group_target(cr) == surface.pointer, state.alpha == 1,
            state.shadow == nil, state.blendMode == .normal, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER
        else { return false }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        guard ctm.xy == 0, ctm.yx == 0, ctm.xx > 0, ctm.yy > 0 else { return false }
        let tolerance = 1e-6
        let device = (
            minX: ctm.xx * rect.minX + ctm.x0, minY: ctm.yy * rect.minY + ctm.y0,
            maxX: ctm.xx * rect.maxX + ctm.x0, maxY: ctm.yy * rect.maxY + ctm.y0
        )
        guard abs(device.minX) < tolerance, abs(device.minY) < tolerance,
            abs(device.maxX - bounds.width) < tolerance, abs(device.maxY - bounds.height) < tolerance
        else { return false }
        // The clip must be one rectangle of whole pixels holding the surface: Cairo lists a clip as
        // rectangles only when it is a region, and intersects it with the surface first.
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1 else { return false }
        return deviceClipExtents() == bounds
    }
}
