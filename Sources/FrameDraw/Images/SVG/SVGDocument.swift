internal import CCairo
internal import CRsvg
import Foundation

/// Owns one `RsvgHandle`: an SVG document parsed by librsvg, with nothing drawn yet.
///
/// The `Images/SVG/` folder is the one place in FrameDraw, besides `Cairo/` and `Images/HEIF/`, that
/// calls C: librsvg draws with Cairo, and only image loading uses it. The document is parsed from
/// bytes with no base file, so it cannot pull in other files (external images or stylesheets).
final class SVGDocument {
    private let handle: OpaquePointer
    /// The file, named in every error.
    let path: String

    /// Parses the document. Corresponds to `rsvg_handle_new_from_data` and `rsvg_handle_set_dpi`.
    /// - Throws: `FrameDrawError.unreadableImage` with librsvg's reason.
    init(data: Data, path: String) throws {
        self.path = path
        var error: UnsafeMutablePointer<GError>?
        let parsed = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(
                bytes.baseAddress?.assumingMemoryBound(to: guint8.self), gsize(bytes.count), &error)
        }
        guard let parsed else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "The SVG document cannot be parsed (\(Self.consume(error))); fix it or export it again.")
        }
        handle = OpaquePointer(parsed)
        // CSS pixels: 96 per inch, so that `width="1in"` is 96 pixels as in a browser.
        rsvg_handle_set_dpi(UnsafeMutablePointer(handle), 96)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The picture's size in pixels: its `width` and `height` (in any absolute unit), else its
    /// `viewBox`, rounded up to whole pixels.
    /// Corresponds to `rsvg_handle_get_intrinsic_size_in_pixels` and `rsvg_handle_get_intrinsic_dimensions`.
    /// - Throws: `FrameDrawError.unreadableImage` when the document states neither.
    func pixelSize() throws -> (width: Int, height: Int) {
        var width = 0.0
        var height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(UnsafeMutablePointer(handle), &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(
                UnsafeMutablePointer(handle), nil, nil, nil, nil, &hasViewBox, &viewBox)
            if hasViewBox != 0 { (width, height) = (viewBox.width, viewBox.height) }
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0, width < 1e9, height < 1e9 else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason:
                    "The SVG document states no size; give its <svg> element a width and height in pixels, or a viewBox."
            )
        }
        return (Int(width.rounded(.up)), Int(height.rounded(.up)))
    }

    /// Draws the whole document scaled to fill `surface` (same aspect ratio as `pixelSize()`).
    /// Corresponds to `cairo_create` and `rsvg_handle_render_document`.
    /// - Throws: `FrameDrawError.unreadableImage` with librsvg's reason.
    func render(into surface: CairoSurface) throws {
        guard let cr = cairo_create(surface.pointer) else { throw FrameDrawError.outOfMemory("a Cairo context") }
        defer { cairo_destroy(cr) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        var error: UnsafeMutablePointer<GError>?
        let drawn = rsvg_handle_render_document(UnsafeMutablePointer(handle), cr, &viewport, &error)
        cairo_surface_flush(surface.pointer)
        guard drawn != 0 else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "librsvg cannot draw the SVG document (\(Self.consume(error))); fix it or export it again.")
        }
    }

    /// The message of a GLib error, which is freed. Corresponds to `g_error_free`.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no reason given" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "no reason given"
    }
}
