internal import CCairo
import Foundation

extension DrawingContext {
    /// Draws `text` with the top-left corner of its layout box at `point`.
    ///
    /// Lines wrap at `style.wrapWidth` when it is set; alignment then places each line within
    /// `point.x ... point.x + wrapWidth`. Without a wrap width, lines align with the widest line.
    /// The box has the size `style.measure(text)` reports. The current path is left as it was.
    /// If Pango cannot lay the text out, nothing is drawn and the context records
    /// `FrameDrawError.textLayoutFailed`, which the once-per-frame status check reports.
    /// Corresponds to `pango_cairo_show_layout`.
    /// - Parameters:
    ///   - text: The plain text; it may contain newlines. Any script works (Arabic, Hebrew, Devanagari …)
    ///     as long as an installed font has its glyphs.
    ///   - point: The top-left corner of the layout box.
    ///   - style: The font, colour, spacing, outline and shadow.
    public func draw(_ text: String, at point: CGPoint, style: TextStyle) {
        withTextScaledIntoFont(style) { style, scale, pathScale in
            do throws(FrameDrawError) {
                let renderer = try preparedRenderer(
                    text: text, attributes: nil, style: style, width: style.wrapWidth, heightLimit: nil)
                show(
                    renderer.layout, at: CGPoint(x: point.x * scale, y: point.y * scale), style: style, clip: nil,
                    pathScale: pathScale)
            } catch {
                recordError(error)
            }
        }
    }

    /// Draws `text` so that its first line's baseline starts at `point`.
    ///
    /// Use this to line text up with other drawing: `draw("Frame 1", baselineAt: CGPoint(x: 40, y: 80), style: style)`
    /// puts the bottom of the "F" at y = 80. Pango failures are recorded as for `draw(_:at:style:)`.
    /// - Parameters:
    ///   - text: The plain text.
    ///   - point: Where the first baseline starts (its left end for left-aligned text).
    ///   - style: The font, colour, spacing, outline and shadow.
    public func draw(_ text: String, baselineAt point: CGPoint, style: TextStyle) {
        withTextScaledIntoFont(style) { style, scale, pathScale in
            do throws(FrameDrawError) {
                let renderer = try preparedRenderer(
                    text: text, attributes: nil, style: style, width: style.wrapWidth, heightLimit: nil)
                let top = CGPoint(x: point.x * scale, y: point.y * scale - renderer.firstBaseline)
                show(renderer.layout, at: top, style: style, clip: nil, pathScale: pathScale)
            } catch {
                recordError(error)
            }
        }
    }

    /// Draws `text` inside `rect`: lines wrap at the rectangle's width (instead of `style.wrapWidth`)
    /// and align within it; text that does not fit the height is cut with "…" and clipped to `rect`.
    /// Pango failures are recorded as for `draw(_:at:style:)`.
    /// - Parameters:
    ///   - text: The plain text.
    ///   - rect: The box to fill, from its top edge down.
    ///   - style: The font, colour, alignment, spacing, outline and shadow.
    public func draw(_ text: String, in rect: CGRect, style: TextStyle) {
        let given = rect.standardized
        guard given.width > 0, given.height > 0 else { return }
        withTextScaledIntoFont(style) { style, scale, pathScale in
            let box = CGRect(
                x: given.minX * scale, y: given.minY * scale, width: given.width * scale, height: given.height * scale)
            do throws(FrameDrawError) {
                let renderer = try preparedRenderer(
                    text: text, attributes: nil, style: style, width: box.width, heightLimit: box.height)
                show(renderer.layout, at: box.origin, style: style, clip: box, pathScale: pathScale)
            } catch {
                recordError(error)
            }
        }
    }

    /// Draws Pango markup with the top-left corner of its layout box at `point`.
    ///
    /// Markup styles parts of the text: `"<b>Bold</b>, <i>italic</i>, <span foreground=\"#FF0000\">red</span>"`.
    /// `style` gives everything the markup does not override.
    /// Corresponds to `pango_parse_markup` and `pango_cairo_show_layout`.
    /// - Parameters:
    ///   - markup: The Pango markup.
    ///   - point: The top-left corner of the layout box.
    ///   - style: The base font, colour, spacing, outline and shadow.
    /// - Throws: `FrameDrawError.invalidMarkup` when the markup is malformed, with the line and character
    ///   where parsing stopped, or `FrameDrawError.textLayoutFailed` when Pango cannot lay it out.
    ///   Nothing is drawn then. Markup without tags is drawn as plain text, whose layout failures are
    ///   recorded as for `draw(_:at:style:)`.
    public func draw(markup: String, at point: CGPoint, style: TextStyle) throws {
        try TextLayout.withParsedMarkup(markup) { text, attributes in
            // Without tags, markup is plain text, drawn as plain text (from its outline when it is that large).
            guard let attributes else { return draw(text, at: point, style: style) }
            try withMarkupScaledIntoFont(attributes, text: text, style: style) { style, scale in
                guard fitMarkupSizes(attributes, text: text, style: style) else { return }
                let renderer = try preparedRenderer(
                    text: text, attributes: attributes, style: style, width: style.wrapWidth, heightLimit: nil
                )
                show(renderer.layout, at: CGPoint(x: point.x * scale, y: point.y * scale), style: style, clip: nil)
            }
        }
    }

    /// Draws Pango markup inside `rect`, wrapping at its width and clipping to it.
    /// - Parameters:
    ///   - markup: The Pango markup.
    ///   - rect: The box to fill, from its top edge down.
    ///   - style: The base font, colour, alignment, spacing, outline and shadow.
    /// - Throws: `FrameDrawError.invalidMarkup` when the markup is malformed, with the line and character
    ///   where parsing stopped, or `FrameDrawError.textLayoutFailed` when Pango cannot lay it out.
    ///   Nothing is drawn then. Markup without tags is drawn as plain text, whose layout failures are
    ///   recorded as for `draw(_:at:style:)`.
    public func draw(markup: String, in rect: CGRect, style: TextStyle) throws {
        try TextLayout.withParsedMarkup(markup) { text, attributes in
            guard let attributes else { return draw(text, in: rect, style: style) }
            let given = rect.standardized
            guard given.width > 0, given.height > 0 else { return }
            try withMarkupScaledIntoFont(attributes, text: text, style: style) { style, scale in
                let box = CGRect(
                    x: given.minX * scale, y: given.minY * scale, width: given.width * scale,
                    height: given.height * scale)
                guard fitMarkupSizes(attributes, text: text, style: style) else { return }
                let renderer = try preparedRenderer(
                    text: text, attributes: attributes, style: style, width: box.width, heightLimit: box.height
                )
                show(renderer.layout, at: box.origin, style: style, clip: box)
            }
        }
    }

    /// Runs `body` with the current transformation's scale moved into the markup's sizes when it magnifies
    /// its largest run past ``largestTransformedEm``, as `withTextScaledIntoFont` does for plain text: the
    /// lengths in `attributes` and `style` are multiplied by the scale, which `body` gets to multiply its
    /// positions by, and the transformation is divided by it.
    private func withMarkupScaledIntoFont(
        _ attributes: OpaquePointer, text: String, style: TextStyle, _ body: (TextStyle, Double) throws -> Void
    ) rethrows {
        let matrix = ctm
        let scale = max(hypot(matrix.a, matrix.b), hypot(matrix.c, matrix.d))
        let largest = TextLayout.largestSize(in: attributes, textLength: text.utf8.count, baseSize: style.font.size)
        guard scale > 1, scale.isFinite, !(largest * scale <= Self.largestTransformedEm) else {
            return try body(style, 1)
        }
        TextLayout.scaleLengths(in: attributes, by: scale)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_scale(cr, 1 / scale, 1 / scale)
        try body(style.scaled(by: scale), scale)
    }

    /// Raises the runs of markup whose em on the device would be under ``smallestDrawnEm`` to that size, and
    /// lowers those over ``largestGlyphEm`` to it (see `TextLayout.fitSizes`); returns whether any of the
    /// markup can show.
    private func fitMarkupSizes(_ attributes: OpaquePointer, text: String, style: TextStyle) -> Bool {
        let squeeze = textSqueeze
        let matrix = ctm
        let stretch = max(hypot(matrix.a, matrix.b), hypot(matrix.c, matrix.d))
        return TextLayout.fitSizes(
            in: attributes, textLength: text.utf8.count, baseSize: style.font.size,
            smallest: Self.smallestDrawnEm / squeeze, largest: Self.largestGlyphEm / stretch)
    }

    /// The context's text renderer with `text` laid out in it.
    /// - Throws: `FrameDrawError.textLayoutFailed` when Pango could not make the context's layout, or
    ///   cannot lay out this text.
    private func preparedRenderer(
        text: String, attributes: OpaquePointer?, style: TextStyle, width: Double?, heightLimit: Double?
    ) throws(FrameDrawError) -> TextRenderer {
        guard let renderer = textRenderer else {
            throw TextLayout.failure(text, "pango_cairo_create_layout returned no layout for the drawing context")
        }
        try renderer.prepare(
            cr: cr, text: text, attributes: attributes, style: style, width: width, heightLimit: heightLimit)
        return renderer
    }

    /// Paints a prepared layout, its top-left corner at `origin`, through the painting funnel: the outline
    /// stroke first, then the fill on top, with `style.shadow` (if any) standing in for the context's shadow.
    /// With a `pathScale` over 1 the layout is the text that many times smaller: its outline is taken and
    /// drawn that many times larger (see ``largestGlyphEm``), filled with the style's colour.
    private func show(
        _ layout: OpaquePointer, at origin: CGPoint, style: TextStyle, clip: CGRect?, pathScale: Double = 1
    ) {
        // Text drawing needs the current point, so keep the caller's path aside and put it back after.
        let savedPath = cairo_has_current_point(cr) != 0 ? cairo_copy_path(cr) : nil
        let contextShadow = state.shadow
        if let shadow = style.shadow { state.shadow = shadow }
        paint {
            cairo_save(cr)
            if let clip {
                cairo_new_path(cr)
                cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
                cairo_clip(cr)
            }
            cairo_new_path(cr)
            if pathScale > 1 {
                showOutline(of: layout, at: origin, style: style, scale: pathScale)
                cairo_restore(cr)
                return
            }
            if let outline = style.outline, outline.width > 0, outline.color.alpha > 0 {
                cairo_move_to(cr, origin.x, origin.y)
                pango_cairo_layout_path(cr, layout)
                setSource(outline.color)
                cairo_set_line_width(cr, outline.width)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                strokingWithinDashLimit(painting: true) { cairo_stroke_preserve(cr) }
                cairo_new_path(cr)
            }
            cairo_move_to(cr, origin.x, origin.y)
            setSource(style.color)
            pango_cairo_show_layout(cr, layout)
            cairo_new_path(cr)
            cairo_restore(cr)
        }
        state.shadow = contextShadow
        if let savedPath {
            cairo_append_path(cr, savedPath)
            cairo_path_destroy(savedPath)
        }
    }
}

extension DrawingContext {
    /// The em, in device pixels, above which the transformation's scale is moved into the font size.
    /// Pango asks fontconfig for a font at the size times the transformation's scale and Cairo then
    /// applies the transformation again, so text scaled up by the transformation gets a font scaled
    /// twice, which FreeType refuses for some sizes ("error occurred in libfreetype", which stops
    /// all drawing). The same text at a large font size under a small transformation draws.
    static let largestTransformedEm = 256.0

    /// The em, in device pixels, below which text is not drawn, along its most squeezed direction:
    /// its glyphs would be under a 16th of a pixel across. Cairo fails on some such sizes (a colour
    /// emoji at an em of 0.0024 to 0.0034 pixels stops the frame with an out-of-memory status, found
    /// by `FuzzSceneRender`'s property test), Pango overflows the font size of text squeezed to a
    /// billionth of its height (and then trips an assertion), and nothing would show.
    static let smallestDrawnEm = 1.0 / 16

    /// How many device pixels the current transformation makes of one pixel along its most squeezed
    /// direction: the smaller stretch, the determinant over the larger (or a little more than it).
    var textSqueeze: Double {
        let matrix = ctm
        let scale = max(hypot(matrix.a, matrix.b), hypot(matrix.c, matrix.d))
        return scale > 0 ? abs(matrix.a * matrix.d - matrix.b * matrix.c) / scale : 0
    }

    /// The em, in device pixels, above which text is drawn from its outline rather than as glyphs.
    /// FreeType's sizes are 16-bit: a face asked for a larger one fails, and Cairo keeps the face in
    /// error for the rest of the process, so every later text in that font stops its picture. A colour
    /// glyph that size would also be an image of gigabytes. Larger text is laid out at
    /// ``outlineLayoutEm`` and its outline drawn scaled up; larger markup runs are drawn at this size.
    static let largestGlyphEm = 8192.0

    /// The em, in pixels, at which text larger than ``largestGlyphEm`` is laid out for its outline:
    /// FreeType's outlines then have 1/16,384 of an em's precision, finer than a font's design units (1/1,000
    /// or 1/2,048 of an em), and a colour glyph, which has no outline, is traced from a bitmap this size.
    static let outlineLayoutEm = 256.0

    /// Runs `body` with the current transformation's scale moved into the text when it magnifies text of
    /// `style` past ``largestTransformedEm``: `body` gets the style with its sizes multiplied by the scale,
    /// and that scale, by which it multiplies its positions; the transformation is divided by it.
    /// Unhinted layout (`TextLayout.setLayoutFontOptions`) makes the result the same picture.
    /// Text whose em on the device is over ``largestGlyphEm`` is laid out at ``outlineLayoutEm`` instead:
    /// the style and positions are scaled down by the third argument, which `show` scales its outline up by.
    /// Text whose em is below ``smallestDrawnEm`` on the device is not drawn at all.
    func withTextScaledIntoFont(_ style: TextStyle, _ body: (TextStyle, Double, Double) -> Void) {
        let matrix = ctm
        let scale = max(hypot(matrix.a, matrix.b), hypot(matrix.c, matrix.d))
        guard !(style.font.size * textSqueeze < Self.smallestDrawnEm), scale.isFinite else { return }
        let deviceEm = style.font.size * scale
        if deviceEm > Self.largestGlyphEm, deviceEm.isFinite {
            let pathScale = deviceEm / Self.outlineLayoutEm
            cairo_save(cr)
            cairo_scale(cr, 1 / scale, 1 / scale)
            body(style.scaled(by: scale / pathScale), scale / pathScale, pathScale)
            cairo_restore(cr)
            return
        }
        guard scale > 1, !(deviceEm <= Self.largestTransformedEm) else {
            return body(style, 1, 1)
        }
        cairo_save(cr)
        cairo_scale(cr, 1 / scale, 1 / scale)
        body(style.scaled(by: scale), scale, 1)
        cairo_restore(cr)
    }

    /// Draws the outline of `layout`, laid out `scale` times smaller than it shows, at `origin` in that
    /// smaller space: the path is taken there, where FreeType makes glyphs of a size it can, and filled
    /// (and stroked, with the style's outline) with the transformation scaled up. The caller saves and
    /// restores the Cairo state.
    private func showOutline(of layout: OpaquePointer, at origin: CGPoint, style: TextStyle, scale: Double) {
        guard let path = TextLayout.copyOutline(of: layout, at: origin) else { return }
        defer { cairo_path_destroy(path) }
        cairo_scale(cr, scale, scale)
        cairo_append_path(cr, path)
        guard isWithinFixedPointRange(extentsOfCurrentPath) else {
            // Cairo's coordinates would wrap around and fill garbage: text this far out shows nothing.
            cairo_new_path(cr)
            return
        }
        if let outline = style.outline, outline.width > 0, outline.color.alpha > 0 {
            setSource(outline.color)
            cairo_set_line_width(cr, outline.width)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            strokingWithinDashLimit(painting: true) { cairo_stroke_preserve(cr) }
        }
        setSource(style.color)
        cairo_fill(cr)
    }
}

extension DrawingContext {
    /// The device-space corners of the current path's bounding box.
    fileprivate var extentsOfCurrentPath: [CGPoint] {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_path_extents(cr, &x1, &y1, &x2, &y2)
        return [(x1, y1), (x2, y1), (x1, y2), (x2, y2)].map { corner in
            var x = corner.0
            var y = corner.1
            cairo_user_to_device(cr, &x, &y)
            return CGPoint(x: x, y: y)
        }
    }

    /// Whether every point is well inside Cairo's 24.8 fixed-point coordinates (about ±8.4 million pixels).
    fileprivate func isWithinFixedPointRange(_ points: [CGPoint]) -> Bool {
        points.allSatisfy { abs($0.x) < 4_000_000 && abs($0.y) < 4_000_000 }
    }
}

extension TextStyle {
    /// The style with its sizes (font, spacing, wrap width, outline width) multiplied by `factor`.
    func scaled(by factor: Double) -> TextStyle {
        var scaled = self
        scaled.font.size *= factor
        scaled.lineSpacing *= factor
        scaled.letterSpacing *= factor
        scaled.wrapWidth = wrapWidth.map { $0 * factor }
        scaled.outline?.width *= factor
        return scaled
    }
}
