internal import CCairo
import Foundation

/// The text machinery one `DrawingContext` reuses from frame to frame: one `PangoLayout` made
/// for its `cairo_t`, and the `PangoFontDescription` of the last font drawn.
final class TextRenderer {
    /// The layout, owned (one reference) by this object.
    let layout: OpaquePointer
    private var cachedFont: Font?
    private var cachedDescription: OpaquePointer?

    /// Creates the layout for `cr`, with unhinted metrics (`TextLayout.setLayoutFontOptions`).
    /// Corresponds to `pango_cairo_create_layout`.
    init?(cr: OpaquePointer) {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        self.layout = layout
        if let context = pango_layout_get_context(layout) { TextLayout.setLayoutFontOptions(context) }
    }

    deinit {
        if let cachedDescription { pango_font_description_free(cachedDescription) }
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The font description for `font`, reused while the font stays the same.
    /// - Throws: `FrameDrawError.textLayoutFailed` naming `text` when Pango returns no description.
    private func fontDescription(for font: Font, text: String) throws(FrameDrawError) -> OpaquePointer {
        if font == cachedFont, let cachedDescription { return cachedDescription }
        let description = try TextLayout.makeFontDescription(font, for: text)
        if let cachedDescription { pango_font_description_free(cachedDescription) }
        cachedDescription = description
        cachedFont = font
        return description
    }

    /// Lays out `text` with `style` for drawing on `cr` with its current transform.
    /// Corresponds to `pango_cairo_update_layout` followed by the layout setters.
    /// - Throws: `FrameDrawError.textLayoutFailed` when Pango cannot make the font description or the
    ///   attribute list; the layout is then not ready to draw.
    func prepare(
        cr: OpaquePointer,
        text: String,
        attributes: OpaquePointer?,
        style: TextStyle,
        width: Double?,
        heightLimit: Double?
    ) throws(FrameDrawError) {
        let description = try fontDescription(for: style.font, text: text)
        if let context = pango_layout_get_context(layout), let fontMap = pango_context_get_font_map(context) {
            FontFiles.refresh(UnsafeMutableRawPointer(fontMap))
        }
        try TextLayout.withLayoutLock { () throws(FrameDrawError) in
            pango_cairo_update_layout(cr, layout)
            if let context = pango_layout_get_context(layout) {
                FontFallbackReporter.check(style.font, description: description, context: context)
            }
            try TextLayout.configure(
                layout, text: text, attributes: attributes, style: style,
                fontDescription: description, width: width, heightLimit: heightLimit
            )
        }
    }

    /// The metrics of the text last prepared.
    /// - Throws: `FrameDrawError.textTooLarge` when it is laid out wider or taller than Pango measures.
    var metrics: TextMetrics {
        get throws(FrameDrawError) { try TextLayout.metrics(of: layout) }
    }

    /// The distance from the top of the text last prepared to its first baseline, in pixels.
    var firstBaseline: Double { TextLayout.firstBaseline(of: layout) }
}
