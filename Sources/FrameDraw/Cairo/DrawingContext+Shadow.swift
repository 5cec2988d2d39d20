internal import CCairo
import Foundation

/// A drop shadow: offset, blur radius and colour.
public struct Shadow: Sendable, Hashable {
    /// The shadow's offset in device pixels (y grows down); the transform does not affect it.
    public var offset: CGSize
    /// The blur radius in pixels; 0 gives a hard-edged shadow.
    public var blur: Double
    /// The shadow colour; its alpha scales the shadow's opacity.
    public var color: Color

    /// Creates a shadow.
    /// - Parameters:
    ///   - offset: The offset in device pixels (y grows down).
    ///   - blur: The blur radius in pixels; 0 gives a hard edge.
    ///   - color: The shadow colour.
    public init(offset: CGSize, blur: Double, color: Color) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }

    var isVisible: Bool { color.alpha > 0 }
}

/// Where a painting operation's ink can land, so a shadow only blurs that area.
enum PaintExtents {
    /// Anywhere inside the clip; the shadow code finds the ink by scanning.
    case unknown
    /// Inside the current path's outline (a fill).
    case currentPathFill
    /// Inside the current path's stroke with the current line style.
    case currentPathStroke
    /// Inside the current path's outline or its stroke.
    case currentPathFillAndStroke
    /// Inside a rectangle in user space.
    case userRect(CGRect)
}

extension DrawingContext {
    /// Sets the shadow for the fills, strokes, images and text that follow, until the state is restored.
    ///
    /// The shadow is blurred like a Gaussian with a standard deviation of `blur / 2`, as in Core Graphics.
    /// It is drawn with the current blend mode, clipped by the clip, and it follows the global alpha.
    /// - Parameters:
    ///   - offset: The shadow's offset in device pixels (y grows down); the transform does not change it.
    ///   - blur: The blur radius in pixels; 0 gives a hard shadow.
    ///   - color: The shadow colour; defaults to black at one-third opacity, as in Core Graphics.
    public func setShadow(offset: CGSize, blur: Double, color: Color = Color(white: 0, alpha: 1.0 / 3.0)) {
        state.shadow = Shadow(offset: offset, blur: blur.isFinite ? max(blur, 0) : 0, color: color)
    }

    /// Removes the shadow.
    public func clearShadow() { state.shadow = nil }

    /// Draws `operation`'s output with a shadow beneath it.
    ///
    /// Cairo has no shadows, so: the operation is rendered into an alpha-only group clipped to its ink
    /// bounds, that coverage is box-blurred three times (about a Gaussian) by `shadowRenderer`, the shadow
    /// colour is painted through the blurred mask at the device-space offset with the current operator,
    /// and finally the operation runs again on the target so the shape lands on top of its shadow.
    func paintWithShadow(_ shadow: Shadow, extents: PaintExtents, _ operation: () -> Void) {
        guard let clip = deviceClipExtents() else { return }  // Empty clip: nothing can be painted.
        var inkArea = clip
        if let hint = deviceBounds(of: extents) {
            inkArea = inkArea.intersection(hint)
        }
        let radii = ShadowRenderer.boxRadii(sigma: shadow.blur / 2)
        let spread = Double(radii.0 + radii.1 + radii.2)
        let shadowArea = inkArea.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
            .insetBy(dx: -spread - 1, dy: -spread - 1)
        guard !inkArea.isEmpty, shadowArea.intersects(clip) else {
            operation()
            return
        }

        // 1. The operation's coverage, as an A8 group no larger than the ink area.
        cairo_save(cr)
        preservingCurrentPath {
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, inkArea.minX, inkArea.minY, inkArea.width, inkArea.height)
            cairo_clip(cr)
            cairo_set_matrix(cr, &matrix)
        }
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        operation()
        let group = cairo_pop_group(cr)
        cairo_restore(cr)
        defer { cairo_pattern_destroy(group) }

        // 2. The blurred shadow, painted through the coverage.
        paintShadowMask(from: group, shadow: shadow, radii: radii, scanForInk: extents.isUnknown)

        // 3. The operation itself, on top.
        operation()
    }

    /// Blurs the coverage in `group` and paints the shadow colour through it at the shadow offset.
    private func paintShadowMask(from group: OpaquePointer?, shadow: Shadow, radii: (Int, Int, Int), scanForInk: Bool) {
        var surfaceOrNil: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surfaceOrNil) == CAIRO_STATUS_SUCCESS,
            let groupSurface = surfaceOrNil,
            cairo_surface_get_type(groupSurface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(groupSurface) == CAIRO_FORMAT_A8
        else {
            Log.emit(.warning, subsystem: .cairo, "Shadow skipped: Cairo did not give an alpha image group.")
            return
        }
        cairo_surface_flush(groupSurface)
        guard let data = cairo_image_surface_get_data(groupSurface) else { return }
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(groupSurface, &offsetX, &offsetY)
        let stride = Int(cairo_image_surface_get_stride(groupSurface))
        var ink = ShadowRenderer.PixelRect(
            x: 0, y: 0,
            width: Int(cairo_image_surface_get_width(groupSurface)),
            height: Int(cairo_image_surface_get_height(groupSurface))
        )
        if scanForInk {
            guard let found = ShadowRenderer.inkBounds(UnsafePointer(data), stride: stride, in: ink) else { return }
            ink = found
        }
        guard ink.width > 0, ink.height > 0 else { return }
        let source = UnsafePointer(data + ink.y * stride + ink.x)
        let spread = radii.0 + radii.1 + radii.2
        // Device position of the blurred mask's top-left pixel, before the shadow offset.
        let maskX = Double(ink.x - spread) - offsetX
        let maskY = Double(ink.y - spread) - offsetY

        shadowRenderer.withBlurredAlpha(
            source: source, stride: stride, width: ink.width, height: ink.height, radii: radii
        ) {
            pixels, maskStride, maskWidth, maskHeight in
            guard
                let mask = cairo_image_surface_create_for_data(
                    pixels, CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight), Int32(maskStride)
                )
            else { return }
            defer { cairo_surface_destroy(mask) }
            cairo_save(cr)
            cairo_identity_matrix(cr)
            let color = shadow.color
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, min(max(color.alpha, 0), 1))
            cairo_mask_surface(cr, mask, maskX + shadow.offset.width, maskY + shadow.offset.height)
            cairo_restore(cr)
        }
    }

    /// The clip's bounding box in device pixels, rounded out to whole pixels; `nil` when it is empty.
    func deviceClipExtents() -> CGRect? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_set_matrix(cr, &matrix)
        let rect = CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).integral
        return rect.isEmpty || rect.isNull ? nil : rect
    }

    /// A device-space box, in whole pixels with a pixel of slack for anti-aliasing, that holds everything
    /// the operation can paint; `nil` when only the clip bounds it.
    func deviceBounds(of extents: PaintExtents) -> CGRect? {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        switch extents {
        case .unknown:
            return nil
        case .currentPathFill:
            cairo_path_extents(cr, &x1, &y1, &x2, &y2)
        case .currentPathStroke:
            strokingWithinDashLimit(painting: false) { cairo_stroke_extents(cr, &x1, &y1, &x2, &y2) }
        case .currentPathFillAndStroke:
            var px1 = 0.0
            var py1 = 0.0
            var px2 = 0.0
            var py2 = 0.0
            cairo_path_extents(cr, &px1, &py1, &px2, &py2)
            strokingWithinDashLimit(painting: false) { cairo_stroke_extents(cr, &x1, &y1, &x2, &y2) }
            (x1, y1, x2, y2) = (min(x1, px1), min(y1, py1), max(x2, px2), max(y2, py2))
        case .userRect(let rect):
            let r = rect.standardized
            (x1, y1, x2, y2) = (r.minX, r.minY, r.maxX, r.maxY)
        }
        guard x2 > x1, y2 > y1 else { return .zero }
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for (cx, cy) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var x = cx
            var y = cy
            cairo_user_to_device(cr, &x, &y)
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(dx: -1, dy: -1).integral
    }
}

extension PaintExtents {
    fileprivate var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }
}
