internal import CCairo
import Foundation
import Synchronization

/// Shared Pango plumbing for drawing and measuring text: font descriptions, markup parsing,
/// applying a `TextStyle` to a `PangoLayout`, and reading its metrics.
///
/// Every function works on a layout it is lent; none keeps a pointer.
enum TextLayout {
    /// `PANGO_SCALE`: Pango units per pixel.
    static let scale = Double(mk_pango_scale())

    /// Converts pixels to Pango units, clamped to what `int` holds.
    static func units(_ pixels: Double) -> Int32 {
        let value = (pixels * scale).rounded()
        guard value.isFinite else { return 0 }
        return Int32(max(min(value, Double(Int32.max)), Double(Int32.min)))
    }

    // MARK: - Laying out, one thread at a time

    /// Held while Pango lays text out (itemizing, shaping, breaking lines, justifying).
    private static let layoutLock = Mutex(())

    /// Runs `body`, which lays text out with Pango, while no other thread does.
    ///
    /// Each thread has its own font map and layouts, yet two threads laying text out at once can
    /// still change each other's result: with Pango 1.50, a justified paragraph laid out on a
    /// newly started thread while another thread lays text out sometimes breaks or stretches its
    /// lines differently, so the same frame of a parallel render came out differently from run
    /// to run. Layout is a small part of drawing text; painting the glyphs, the larger part, runs
    /// outside the lock. The layout's lines must be computed inside `body` (`configure` does so).
    static func withLayoutLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        try layoutLock.withLock { _ throws(E) -> R in try body() }
    }

    // MARK: - Fonts

    /// Creates a font description for `font`; the caller frees it with `pango_font_description_free`.
    /// Corresponds to `pango_font_description_new` and its setters; the size is absolute (pixels).
    /// - Parameters:
    ///   - font: The font to describe.
    ///   - text: The text it is for, named in the error.
    /// - Throws: `FrameDrawError.textLayoutFailed` when Pango returns no description.
    static func makeFontDescription(_ font: Font, for text: String) throws(FrameDrawError) -> OpaquePointer {
        guard let description = pango_font_description_new() else {
            throw failure(text, "pango_font_description_new returned nothing for the font \"\(font.family)\"")
        }
        pango_font_description_set_family(description, font.family)
        // A NaN size (which `max` passes through) draws nothing, as 0 does; Pango would refuse it.
        pango_font_description_set_absolute_size(description, (font.size.isNaN ? 0 : max(font.size, 0)) * scale)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.numericValue)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }

    /// The error for text Pango could not lay out: `reason` names the call that failed, and the text is
    /// cut to 40 characters on one line.
    static func failure(_ text: String, _ reason: String) -> FrameDrawError {
        .textLayoutFailed(text: excerpt(of: text), reason: reason)
    }

    /// `text` on one line (`\n` for each line break), cut to 40 characters, to name it in an error.
    static func excerpt(of text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\n", with: "\\n")
        return oneLine.count > 40 ? String(oneLine.prefix(40)) + "…" : oneLine
    }

    // MARK: - Markup

    /// Parses Pango markup and lends its plain text and attribute list to `body`.
    /// Corresponds to `pango_parse_markup`.
    /// - Throws: `FrameDrawError.invalidMarkup` with GLib's line-and-character position.
    static func withParsedMarkup<R>(_ markup: String, _ body: (String, OpaquePointer?) throws -> R) throws -> R {
        var attributes: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        let parsed = pango_parse_markup(markup, -1, 0, &attributes, &text, nil, &error)
        defer {
            if let attributes { pango_attr_list_unref(attributes) }
            if let text { g_free(text) }
        }
        guard parsed != 0, let text else {
            var reason = "no reason given"
            if let error {
                if let message = error.pointee.message { reason = String(cString: message) }
                g_error_free(error)
            }
            throw FrameDrawError.invalidMarkup(markupErrorDetail(reason, markup: markup))
        }
        if let attributes {
            try rejectEnumValuesPangoDoesNotKnow(in: attributes, markup: markup)
            replaceShiftsPangoCannotLayOut(in: attributes)
        }
        return try body(String(cString: text), attributes)
    }

    /// For an attribute whose value is one of a Pango enumeration, that enumeration's type and the markup
    /// attribute that sets it; `nil` for the others.
    private static func enumeration(of type: PangoAttrType) -> (type: GType, name: String)? {
        switch type {
        case PANGO_ATTR_STYLE: (pango_style_get_type(), "style")
        case PANGO_ATTR_VARIANT: (pango_variant_get_type(), "variant")
        case PANGO_ATTR_STRETCH: (pango_stretch_get_type(), "stretch")
        case PANGO_ATTR_UNDERLINE: (pango_underline_get_type(), "underline")
        case PANGO_ATTR_OVERLINE: (pango_overline_get_type(), "overline")
        case PANGO_ATTR_GRAVITY: (pango_gravity_get_type(), "gravity")
        case PANGO_ATTR_GRAVITY_HINT: (pango_gravity_hint_get_type(), "gravity_hint")
        case PANGO_ATTR_TEXT_TRANSFORM: (pango_text_transform_get_type(), "text_transform")
        case PANGO_ATTR_FONT_SCALE: (pango_font_scale_get_type(), "font_scale")
        default: nil
        }
    }

    /// Pango's markup parser takes a number for any enumerated attribute (`text_transform="12"`) without
    /// checking that the enumeration has that value, and Pango 1.50 then aborts the process while laying
    /// the text out (`g_assert_not_reached` in `pango_hb_shape`). Such markup is refused here, naming the
    /// attribute, the value and the values it takes.
    private static func rejectEnumValuesPangoDoesNotKnow(in list: OpaquePointer, markup: String) throws(FrameDrawError)
    {
        let all = pango_attr_list_get_attributes(list)
        defer {
            g_slist_free_full(all) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) }
        }
        var node = all
        while let current = node {
            node = current.pointee.next
            guard let data = current.pointee.data else { continue }
            let attribute = data.assumingMemoryBound(to: PangoAttribute.self)
            guard let entry = enumeration(of: attribute.pointee.klass.pointee.type) else { continue }
            let value = data.assumingMemoryBound(to: PangoAttrInt.self).pointee.value
            guard let enumClass = g_type_class_ref(entry.type) else { continue }
            defer { g_type_class_unref(enumClass) }
            let typed = enumClass.assumingMemoryBound(to: GEnumClass.self)
            guard g_enum_get_value(typed, value) == nil else { continue }
            var names: [String] = []
            if let values = typed.pointee.values {
                for index in 0..<Int(typed.pointee.n_values) {
                    if let nick = values[index].value_nick { names.append(String(cString: nick)) }
                }
            }
            throw FrameDrawError.invalidMarkup(
                "\"\(markupExcerpt(markup))\": \(entry.name)=\"\(value)\" is not a value of that attribute; "
                    + "write one of \(names.joined(separator: ", ")) instead")
        }
    }

    /// Pango 1.50 aborts the process (`g_assert_not_reached` in `collect_baseline_shift`) when it lays
    /// out a numeric `baseline_shift` of at most 1024 units (1 pt) either way, other than the 0, 1 and 2
    /// that stand for none, superscript and subscript. Each such shift becomes a `rise` of the same
    /// amount over the same text, which moves the glyphs alike.
    private static func replaceShiftsPangoCannotLayOut(in list: OpaquePointer) {
        let removed = pango_attr_list_filter(
            list,
            { attribute, _ in
                guard let attribute, attribute.pointee.klass.pointee.type == PANGO_ATTR_BASELINE_SHIFT else {
                    return 0
                }
                let value = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value
                return abs(value) <= 1024 && !(0...2).contains(value) ? 1 : 0
            }, nil)
        guard let removed else { return }
        defer { pango_attr_list_unref(removed) }
        let shifts = pango_attr_list_get_attributes(removed)
        defer {
            g_slist_free_full(shifts) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) }
        }
        var node = shifts
        while let current = node {
            if let data = current.pointee.data {
                let shift = data.assumingMemoryBound(to: PangoAttribute.self)
                let value = UnsafeMutableRawPointer(shift).assumingMemoryBound(to: PangoAttrInt.self).pointee.value
                if let rise = pango_attr_rise_new(value) {
                    rise.pointee.start_index = shift.pointee.start_index
                    rise.pointee.end_index = shift.pointee.end_index
                    pango_attr_list_insert(list, rise)
                }
            }
            node = current.pointee.next
        }
    }

    /// Builds the value of `FrameDrawError.invalidMarkup`: an excerpt of the markup (on one line, at most
    /// 80 characters) and GLib's reason.
    static func markupErrorDetail(_ reason: String, markup: String) -> String {
        let cause = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        return "\"\(markupExcerpt(markup))\": GLib reports \"\(cause)\""
    }

    /// The markup on one line, cut to 80 characters.
    private static func markupExcerpt(_ markup: String) -> String {
        let oneLine = markup.replacingOccurrences(of: "\n", with: "\\n")
        return oneLine.count > 80 ? String(oneLine.prefix(80)) + "…" : oneLine
    }

    // MARK: - Configuring a layout

    /// Applies `style` and `text` to `layout`.
    /// - Parameters:
    ///   - layout: The `PangoLayout` to configure.
    ///   - text: The plain text (for markup, the text `pango_parse_markup` returned).
    ///   - attributes: The markup's attribute list, or `nil` for plain text. Not consumed.
    ///   - style: The text style.
    ///   - fontDescription: The `PangoFontDescription` for `style.font`. Not consumed.
    ///   - width: The wrap width in pixels, or `nil` to break only at newlines.
    ///   - heightLimit: The most height in pixels before the text is ellipsized (needs `width`), or `nil`.
    /// - Throws: `FrameDrawError.textLayoutFailed` when Pango cannot make the attribute list that carries
    ///   the markup's styling or the letter spacing.
    static func configure(
        _ layout: OpaquePointer,
        text: String,
        attributes: OpaquePointer?,
        style: TextStyle,
        fontDescription: OpaquePointer,
        width: Double?,
        heightLimit: Double?
    ) throws(FrameDrawError) {
        pango_layout_set_font_description(layout, fontDescription)
        pango_layout_set_width(layout, width.map { units(max($0, 0)) } ?? -1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch style.alignment {
        case .left, .justified: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_justify(layout, style.alignment == .justified ? 1 : 0)
        pango_layout_set_spacing(layout, units(style.lineSpacing))

        if attributes == nil, style.letterSpacing == 0, !style.verticalForms {
            pango_layout_set_attributes(layout, nil)
        } else {
            guard let list = attributes.map({ pango_attr_list_copy($0) }) ?? pango_attr_list_new() else {
                throw failure(text, "Pango returned no attribute list for the markup styling or letter spacing")
            }
            defer { pango_attr_list_unref(list) }
            if style.letterSpacing != 0 {
                guard let spacing = pango_attr_letter_spacing_new(units(style.letterSpacing)) else {
                    throw failure(text, "pango_attr_letter_spacing_new returned nothing")
                }
                // Inserted before the markup's own attributes, so <span letter_spacing=…> still wins.
                pango_attr_list_insert_before(list, spacing)
            }
            if style.verticalForms { addVerticalForms(to: list, for: text, fontSize: style.font.size) }
            pango_layout_set_attributes(layout, list)
        }

        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_height(layout, -1)
        pango_layout_set_text(layout, text, -1)
        // Lays the text out now, under the caller's `withLayoutLock`, rather than when it is first drawn.
        defer { _ = pango_layout_get_line_count(layout) }
        guard width != nil else {
            if let maximumLines = style.maximumLines.map({ max($0, 1) }),
                pango_layout_get_line_count(layout) > maximumLines
            {
                truncate(layout, text: text, toLines: maximumLines)
            }
            return
        }
        var lines = style.maximumLines.map { max($0, 1) }
        if lines == nil, let heightLimit { lines = linesFitting(in: layout, height: heightLimit) }
        guard let lines, pango_layout_get_line_count(layout) > lines else { return }
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, -Int32(clamping: lines))
        if pango_layout_get_line_count(layout) > lines { truncate(layout, text: text, toLines: lines) }
    }

    /// Sets `text` for a vertical line (`TextStyle.verticalForms`): runs of wide characters get
    /// Pango's east gravity, which stands them upright in a frame turned a quarter turn clockwise,
    /// and centres them on the line; the other runs stay sideways and are lowered by half their
    /// ascent less descent (about 0.3 em), which puts their middle on the same centre line, as CSS's
    /// central baseline does. Text without wide characters is left as it is: sideways, on its own
    /// baseline, as a browser lays it. Corresponds to `pango_attr_gravity_new` and `pango_attr_rise_new`.
    private static func addVerticalForms(to list: OpaquePointer, for text: String, fontSize: Double) {
        guard text.unicodeScalars.contains(where: { g_unichar_iswide(gunichar($0.value)) != 0 }) else { return }
        let rise = units(-0.3 * fontSize)
        var offset = 0
        var runStart = 0
        var runIsWide: Bool?
        func close(at end: Int) {
            guard let wide = runIsWide, end > runStart,
                let attribute = wide ? pango_attr_gravity_new(PANGO_GRAVITY_EAST) : pango_attr_rise_new(rise)
            else { return }
            attribute.pointee.start_index = UInt32(runStart)
            attribute.pointee.end_index = UInt32(end)
            pango_attr_list_insert(list, attribute)
        }
        for scalar in text.unicodeScalars {
            let wide = g_unichar_iswide(gunichar(scalar.value)) != 0
            if wide != runIsWide {
                close(at: offset)
                runStart = offset
                runIsWide = wide
            }
            offset += scalar.utf8.count
        }
        close(at: offset)
    }

    /// How many lines of the unlimited `layout` end within `height` pixels of its top (at least one,
    /// as Pango always shows the first); lines within 1/64 pixel of fitting count as fitting.
    ///
    /// A box's height is turned into a number of lines here rather than given to Pango as a positive
    /// height: Pango compares that height with the lines in device space, so a box measured for two
    /// lines kept them at full size and lost one to "…" in a draft drawn at 0.6×. The unlimited
    /// layout is the same at every scale (unhinted metrics), so the count is too.
    private static func linesFitting(in layout: OpaquePointer, height: Double) -> Int {
        guard let iterator = pango_layout_get_iter(layout) else { return 1 }
        defer { pango_layout_iter_free(iterator) }
        var count = 0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            guard Double(logical.y + logical.height) / scale <= height + 1.0 / 64 else { break }
            count += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return max(count, 1)
    }

    /// Cuts `text` after line `lines` and ends it with "…", for the cases Pango's own ellipsizing
    /// does not cover (no wrap width, or several paragraphs).
    private static func truncate(_ layout: OpaquePointer, text: String, toLines lines: Int) {
        guard let line = pango_layout_get_line_readonly(layout, Int32(clamping: lines - 1)) else { return }
        let end = Int(line.pointee.start_index + line.pointee.length)
        let lastLineStart = Int(line.pointee.start_index)
        var kept = String(decoding: text.utf8.prefix(end), as: UTF8.self)
        let ellipsis = "\u{2026}"
        for _ in 0..<256 {
            while let last = kept.last, last.isWhitespace || last.isNewline { kept.removeLast() }
            pango_layout_set_text(layout, kept + ellipsis, -1)
            if pango_layout_get_line_count(layout) <= lines || kept.isEmpty { return }
            // The ellipsis wrapped onto a new line: drop the last word of the last kept line.
            if let space = kept.lastIndex(where: \.isWhitespace),
                kept.utf8.distance(from: kept.utf8.startIndex, to: space) > lastLineStart
            {
                kept = String(kept[..<space])
            } else {
                kept.removeLast()
            }
        }
    }

    // MARK: - Metrics

    /// Reads the logical size, ink, first baseline and line count of a configured layout.
    /// Corresponds to `pango_layout_get_extents`, `pango_layout_get_baseline` and `pango_layout_get_line_count`.
    /// - Throws: `FrameDrawError.textTooLarge` when the layout is wider or taller than Pango's positions
    ///   hold (see `checkExtents(of:)`): its extents would be wrong, even negative.
    static func metrics(of layout: OpaquePointer) throws(FrameDrawError) -> TextMetrics {
        try checkExtents(of: layout)
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        var lines: [CGRect] = []
        if let iterator = pango_layout_get_iter(layout) {
            repeat {
                var line = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &line)
                lines.append(
                    CGRect(
                        x: Double(line.x - logical.x) / scale, y: Double(line.y - logical.y) / scale,
                        width: Double(line.width) / scale, height: Double(line.height) / scale))
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
        }
        return TextMetrics(
            size: CGSize(width: Double(logical.width) / scale, height: Double(logical.height) / scale),
            firstBaseline: firstBaseline(of: layout), lineCount: Int(pango_layout_get_line_count(layout)),
            lineFrames: lines,
            inkFrame: ink.width > 0 && ink.height > 0
                ? CGRect(
                    x: Double(ink.x - logical.x) / scale, y: Double(ink.y - logical.y) / scale,
                    width: Double(ink.width) / scale, height: Double(ink.height) / scale) : .null
        )
    }

    /// The distance from the layout's top to its first baseline, in pixels: what drawing needs of
    /// the metrics, without reading every line's extents.
    static func firstBaseline(of layout: OpaquePointer) -> Double {
        Double(pango_layout_get_baseline(layout)) / scale
    }

    /// Lays text out with unhinted metrics: glyph advances and line heights are the font's own,
    /// not rounded to whole device pixels. With hinted metrics the layout depends on the transform
    /// it is drawn under, so text that wraps at one scale is cut or wrapped differently at another
    /// (a draft at half size, a layer scaling up) and lines shift while a scale animates.
    /// Glyph outlines are still hinted for drawing. Corresponds to `pango_cairo_context_set_font_options`.
    static func setLayoutFontOptions(_ context: OpaquePointer) {
        guard let options = cairo_font_options_create() else { return }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    /// Lends a fresh layout that is not tied to any surface, for measuring.
    ///
    /// It uses this thread's default Cairo font map (`pango_cairo_font_map_get_default` is per thread)
    /// and the font options of drawing (`setLayoutFontOptions`), so sizes match what is drawn.
    /// - Parameters:
    ///   - text: The text to be measured, named in the error.
    ///   - body: Works with the layout.
    /// - Throws: `FrameDrawError.textLayoutFailed` when Pango cannot make the font map, context or layout,
    ///   or whatever `body` throws.
    static func withMeasuringLayout<R>(
        for text: String, _ body: (OpaquePointer) throws(FrameDrawError) -> R
    ) throws(FrameDrawError) -> R {
        guard let fontMap = pango_cairo_font_map_get_default() else {
            throw failure(text, "pango_cairo_font_map_get_default returned no font map")
        }
        FontFiles.refresh(UnsafeMutableRawPointer(fontMap))
        guard let context = pango_font_map_create_context(fontMap) else {
            throw failure(text, "pango_font_map_create_context returned no context")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        setLayoutFontOptions(context)
        guard let layout = pango_layout_new(context) else { throw failure(text, "pango_layout_new returned no layout") }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return try body(layout)
    }
}
