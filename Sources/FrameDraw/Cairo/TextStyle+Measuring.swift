internal import CCairo
import Foundation

extension TextStyle {
    /// Measures `text` laid out with this style, without a drawing context.
    ///
    /// The size is the logical box `draw(_:at:style:)` fills: the widest line by the total line
    /// height (including `lineSpacing`), after wrapping and `maximumLines` truncation.
    /// Safe to call from any thread; each call makes its own Pango layout. If Pango cannot lay the text out
    /// (which happens only when memory runs out or no font is installed), the size is zero and the
    /// `FrameDrawError.textLayoutFailed` message goes to `Log` as an error.
    /// - Parameters:
    ///   - text: The plain text.
    ///   - width: The wrap width in pixels; `nil` uses the style's `wrapWidth`.
    /// - Returns: The size in pixels.
    public func measure(_ text: String, width: Double? = nil) -> CGSize {
        metrics(for: text, width: width).size
    }

    /// Lays out `text` with this style and reports its size, the first line's baseline offset and the
    /// line count, without a drawing context.
    ///
    /// `firstBaseline` is the distance from the top of the box to the first baseline, so
    /// `draw(_:at:style:)` at `(x, y)` puts the baseline at `y + firstBaseline`.
    /// Corresponds to `pango_layout_get_extents` and `pango_layout_get_baseline`.
    /// - Parameters:
    ///   - text: The plain text.
    ///   - width: The wrap width in pixels; `nil` uses the style's `wrapWidth`.
    /// - Returns: The metrics, or zero metrics (with the error logged) when Pango cannot lay the text out
    ///   or it is laid out wider or taller than Pango measures (`FrameDrawError.textTooLarge`).
    public func metrics(for text: String, width: Double? = nil) -> TextMetrics {
        if let factor = glyphSizeFactor {
            return scaled(by: 1 / factor).metrics(for: text, width: width.map { $0 / factor }).scaled(by: factor)
        }
        do {
            return try withMeasuredLayout(text: text, attributes: nil, width: width) { layout throws(FrameDrawError) in
                try TextLayout.metrics(of: layout)
            }
        } catch {
            Log.emit(.error, subsystem: .pango, error.description)
            return TextMetrics(size: .zero, firstBaseline: 0, lineCount: 0)
        }
    }

    /// Measures Pango markup (for example `"<b>Bold</b> and <i>italic</i>"`) laid out with this style.
    /// - Parameters:
    ///   - markup: The Pango markup.
    ///   - width: The wrap width in pixels; `nil` uses the style's `wrapWidth`.
    /// - Returns: The size in pixels.
    /// - Throws: `FrameDrawError.invalidMarkup` when the markup is malformed, saying where,
    ///   `FrameDrawError.textTooLarge` when it is laid out wider or taller than Pango measures, or
    ///   `FrameDrawError.textLayoutFailed` when Pango cannot lay it out.
    public func measure(markup: String, width: Double? = nil) throws -> CGSize {
        try metrics(forMarkup: markup, width: width).size
    }

    /// Lays out Pango markup with this style and reports its size, first baseline and line count.
    /// - Parameters:
    ///   - markup: The Pango markup.
    ///   - width: The wrap width in pixels; `nil` uses the style's `wrapWidth`.
    /// - Throws: `FrameDrawError.invalidMarkup` when the markup is malformed, saying where,
    ///   `FrameDrawError.textTooLarge` when it is laid out wider or taller than Pango measures, or
    ///   `FrameDrawError.textLayoutFailed` when Pango cannot lay it out.
    public func metrics(forMarkup markup: String, width: Double? = nil) throws -> TextMetrics {
        try TextLayout.withParsedMarkup(markup) { text, attributes in
            if let attributes {
                // Runs too small to show or too large for glyphs are measured at the size they are drawn at
                // without a transformation: Pango fails an assertion making a colour emoji's font under sixty
                // nested <small>, and FreeType fails on a font larger than its sizes hold.
                _ = TextLayout.fitSizes(
                    in: attributes, textLength: text.utf8.count, baseSize: font.size,
                    smallest: DrawingContext.smallestDrawnEm, largest: DrawingContext.largestGlyphEm)
            } else if let factor = glyphSizeFactor {
                // Without tags, markup is plain text: measured smaller and scaled up, as it is drawn.
                return try scaled(by: 1 / factor).withMeasuredLayout(
                    text: text, attributes: nil, width: width.map { $0 / factor }
                ) { layout throws(FrameDrawError) in try TextLayout.metrics(of: layout) }.scaled(by: factor)
            }
            return try withMeasuredLayout(text: text, attributes: attributes, width: width) {
                layout throws(FrameDrawError) in try TextLayout.metrics(of: layout)
            }
        }
    }

    /// How many characters of `text` have no glyph in any installed font (drawn as boxes).
    /// Corresponds to `pango_layout_get_unknown_glyphs_count`.
    /// - Returns: The count, or 0 (with the error logged, as `metrics(for:width:)` does) when Pango cannot
    ///   lay the text out.
    package func unknownGlyphCount(in text: String, width: Double? = nil) -> Int {
        if let factor = glyphSizeFactor {
            return scaled(by: 1 / factor).unknownGlyphCount(in: text, width: width.map { $0 / factor })
        }
        do {
            return try withMeasuredLayout(text: text, attributes: nil, width: width) {
                Int(pango_layout_get_unknown_glyphs_count($0))
            }
        } catch {
            Log.emit(.error, subsystem: .pango, error.description)
            return 0
        }
    }

    /// The outline of `text` laid out with this style, with the left end of its first baseline at
    /// the origin: a path that scales to any size, for text larger than FreeType renders glyphs
    /// (a 16-bit pixel size), which is drawn by filling its outline laid out smaller and scaled.
    /// Corresponds to `pango_cairo_layout_path` and `cairo_copy_path`.
    /// - Returns: The outline, or an empty path (with the error logged, as `metrics(for:width:)` does)
    ///   when Pango cannot lay the text out.
    package func outline(of text: String) -> Path {
        if let factor = glyphSizeFactor {
            return scaled(by: 1 / factor).outline(of: text).applying(CGAffineTransform(scaleX: factor, y: factor))
        }
        do {
            return try withMeasuredLayout(text: text, attributes: nil, width: nil) { layout in
                let origin = CGPoint(x: 0, y: -TextLayout.firstBaseline(of: layout))
                guard let copied = TextLayout.copyOutline(of: layout, at: origin) else { return Path() }
                defer { cairo_path_destroy(copied) }
                guard let data = copied.pointee.data else { return Path() }
                var path = Path()
                // A move is kept only when a segment follows it: the layout's starting point is not
                // part of the outline.
                var pendingMove: CGPoint?
                var index = 0
                let count = Int(copied.pointee.num_data)
                while index < count {
                    let header = data[index].header
                    func point(_ offset: Int) -> CGPoint {
                        CGPoint(x: data[index + offset].point.x, y: data[index + offset].point.y)
                    }
                    if header.type == CAIRO_PATH_LINE_TO || header.type == CAIRO_PATH_CURVE_TO,
                        let start = pendingMove
                    {
                        path.move(to: start)
                        pendingMove = nil
                    }
                    switch header.type {
                    case CAIRO_PATH_MOVE_TO: pendingMove = point(1)
                    case CAIRO_PATH_LINE_TO: path.addLine(to: point(1))
                    case CAIRO_PATH_CURVE_TO: path.addCurve(to: point(3), control1: point(1), control2: point(2))
                    case CAIRO_PATH_CLOSE_PATH: if pendingMove == nil { path.closePath() }
                    default: break
                    }
                    index += max(Int(header.length), 1)
                }
                return path
            }
        } catch {
            Log.emit(.error, subsystem: .pango, error.description)
            return Path()
        }
    }

    /// How many times larger than ``DrawingContext/largestGlyphEm`` the font is, or nil when it is not: a
    /// font that large is measured smaller and its measures scaled up, since FreeType fails on it (and
    /// Cairo then keeps the font in error for the rest of the process).
    private var glyphSizeFactor: Double? {
        font.size > DrawingContext.largestGlyphEm && font.size.isFinite
            ? font.size / DrawingContext.largestGlyphEm : nil
    }

    /// Lends a measuring layout configured with this style and `text`, laid out and read under
    /// `TextLayout.withLayoutLock`.
    /// - Throws: `FrameDrawError.textLayoutFailed` when Pango cannot make the layout or lay the text out,
    ///   or what `body` throws.
    private func withMeasuredLayout<R>(
        text: String, attributes: OpaquePointer?, width: Double?, _ body: (OpaquePointer) throws(FrameDrawError) -> R
    ) throws(FrameDrawError) -> R {
        try TextLayout.withLayoutLock { () throws(FrameDrawError) -> R in
            try TextLayout.withMeasuringLayout(for: text) { layout throws(FrameDrawError) -> R in
                let description = try TextLayout.makeFontDescription(font, for: text)
                defer { pango_font_description_free(description) }
                if let context = pango_layout_get_context(layout) {
                    FontFallbackReporter.check(font, description: description, context: context)
                }
                try TextLayout.configure(
                    layout, text: text, attributes: attributes, style: self,
                    fontDescription: description, width: width ?? wrapWidth, heightLimit: nil
                )
                return try body(layout)
            }
        }
    }
}

extension TextMetrics {
    /// The metrics of the same text `factor` times larger.
    func scaled(by factor: Double) -> TextMetrics {
        TextMetrics(
            size: CGSize(width: size.width * factor, height: size.height * factor),
            firstBaseline: firstBaseline * factor, lineCount: lineCount,
            lineFrames: lineFrames.map { Self.scaled($0, by: factor) }, inkFrame: Self.scaled(inkFrame, by: factor))
    }

    private static func scaled(_ rect: CGRect, by factor: Double) -> CGRect {
        rect.isNull
            ? rect
            : CGRect(
                x: rect.minX * factor, y: rect.minY * factor, width: rect.width * factor, height: rect.height * factor)
    }
}
