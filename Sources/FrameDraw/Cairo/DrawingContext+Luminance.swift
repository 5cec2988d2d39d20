internal import CCairo
import Foundation

extension DrawingContext {
    /// Replaces every pixel drawn so far in the innermost transparency layer by white whose opacity is
    /// the pixel's luminance (Rec. 601 weights) times its alpha, for luma mattes: after this, the
    /// layer's alpha says how bright it was, and compositing it with `.destinationIn` keeps what lies
    /// beneath in proportion to that brightness.
    ///
    /// Without an open transparency layer, the call applies to the whole surface. Pixels outside
    /// what was drawn stay transparent.
    public func convertLuminanceToAlpha() {
        guard let target = cairo_get_group_target(cr),
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return }
        let width = Int(cairo_image_surface_get_width(target))
        let height = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: width)
            for x in 0..<width {
                let pixel = row[x]
                guard pixel != 0 else { continue }
                let r = Double((pixel >> 16) & 0xFF)
                let g = Double((pixel >> 8) & 0xFF)
                let b = Double(pixel & 0xFF)
                // Premultiplied components already carry the alpha, so their weighted sum is luminance × alpha.
                let value = UInt32(min(max((0.299 * r + 0.587 * g + 0.114 * b).rounded(), 0), 255))
                row[x] = value << 24 | value << 16 | value << 8 | value
            }
        }
        cairo_surface_mark_dirty(target)
    }
}
