internal import CCairo
import Foundation

/// The text machinery one `DrawingContext` reuses from frame to frame: one `PangoLayout` made
/// for its `cairo_t`, and the `PangoFontDescription` of the last font drawn.
final class TextRenderer {
    /// The layout, owned (one reference) by this object.
    let layout: OpaquePointer
    private var cachedFont: Font?
    private var cachedDescription: OpaquePointer?

    /// Creates the layout for `cr`. Corresponds to `pango_cairo_create_layout`.
    init?(cr: OpaquePointer) {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        self.layout = layout
    }

    deinit {
        if let cachedDescription { pango_font_description_free(cachedDescription) }
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The font description for `font`, reused while the font stays the same.
    private func fontDescription(for font: Font) -> OpaquePointer? {
        if font == cachedFont, let cachedDescription { return cachedDescription }
        guard let description = TextLayout.makeFontDescription(font) else { return nil }
        if let cachedDescription { pango_font_description_free(cachedDescription) }
        cachedDescription = description
        cachedFont = font
        return description
    }

    /// Lays out `text` with `style` for drawing on `cr` with its current transform.
    /// Corresponds to `pango_cairo_update_layout` followed by the layout setters.
    /// - Returns: `false` when Pango could not make the font description.
    @discardableResult
    func prepare(
        cr: OpaquePointer,
        text: String,
        attributes: OpaquePointer?,
        style: TextStyle,
        width: Double?,
        heightLimit: Double?
    ) -> Bool {
        guard let description = fontDescription(for: style.font) else { return false }
        pango_cairo_update_layout(cr, layout)
        if let context = pango_layout_get_context(layout) {
            FontFallbackReporter.check(style.font, description: description, context: context)
        }
        TextLayout.configure(
            layout, text: text, attributes: attributes, style: style,
            fontDescription: description, width: width, heightLimit: heightLimit
        )
        return true
    }

    /// The metrics of the text last prepared.
    var metrics: TextMetrics { TextLayout.metrics(of: layout) }
}
