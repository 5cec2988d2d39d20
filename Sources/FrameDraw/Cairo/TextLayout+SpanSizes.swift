internal import CCairo
import Foundation

extension TextLayout {
    /// Sets each run of markup whose em is under `smallest` or over `largest` (in layout pixels) to that
    /// bound. Text that small cannot show, and Cairo fails on some such sizes: a colour emoji in a
    /// `<span font="0.003px">` stops the frame with an out-of-memory status. Text that large makes FreeType
    /// fail, and Cairo then keeps the font in error for the rest of the process. A run's size comes from
    /// `size` and `font` attributes and the scale of `<small>` and `<big>`, over `baseSize` (the style's
    /// size, in layout pixels) where none sets it.
    /// - Returns: `false` when no size between the bounds can be set (the smallest size that shows is
    ///   larger than the largest that can be drawn, or than Pango's integer sizes hold: a transformation
    ///   that squeezes text a million-fold): nothing of the markup can show, and it should not be drawn.
    static func fitSizes(
        in list: OpaquePointer, textLength: Int, baseSize: Double, smallest: Double, largest: Double
    ) -> Bool {
        guard smallest.isFinite, smallest < largestRaisedSize, !(largest < smallest) else { return false }
        let largest = min(largest, largestRaisedSize)
        guard let iterator = pango_attr_list_get_iterator(list) else { return true }
        var outside: [(start: UInt32, end: UInt32, size: Double)] = []
        repeat {
            var start: Int32 = 0
            var end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let last = Int32(clamping: textLength)
            guard start < min(end, last) else { continue }
            let size = size(at: iterator, baseSize: baseSize)
            if !(size >= smallest) {
                outside.append((UInt32(start), UInt32(min(end, last)), smallest))
            } else if size > largest {
                outside.append((UInt32(start), UInt32(min(end, last)), largest))
            }
        } while pango_attr_iterator_next(iterator) != 0
        pango_attr_iterator_destroy(iterator)
        for run in outside {
            let units = Int32(clamping: Int((run.size * Double(PANGO_SCALE)).rounded(.up)))
            // A scale of 1 with the size, so that the `<small>` or `<big>` around the run cannot change it
            // again; both are inserted after the run's own attributes, which they override.
            for attribute in [pango_attr_scale_new(1), pango_attr_size_new_absolute(max(1, units))] {
                guard let attribute else { continue }
                attribute.pointee.start_index = run.start
                attribute.pointee.end_index = run.end
                pango_attr_list_insert(list, attribute)
            }
        }
        return true
    }

    /// The largest size, in layout pixels, that `fitSizes` sets: far inside Pango's integer sizes.
    private static let largestRaisedSize = 1e6

    /// The em, in layout pixels, of the run at `iterator`.
    ///
    /// A scale over 1 (`<big>`, `size="larger"`) is multiplied in here: Pango multiplies it into an integer
    /// size, which fails an assertion once it passes 2^31 units (dozens of nested `<big>`). The size then
    /// comes from the run's other attributes, copied into a list of their own.
    static func size(at iterator: OpaquePointer, baseSize: Double) -> Double {
        guard let description = pango_font_description_new() else { return baseSize }
        defer { pango_font_description_free(description) }
        // The base size first: the run's `size` and `font` attributes replace it.
        pango_font_description_set_absolute_size(description, baseSize * Double(PANGO_SCALE))
        var scale = 1.0
        if let attribute = pango_attr_iterator_get(iterator, PANGO_ATTR_SCALE) {
            scale = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrFloat.self).pointee.value
        }
        if !(scale > 1) {
            // A scale of at most 1 cannot take the size past Pango's integers: Pango applies it.
            pango_attr_iterator_get_font(iterator, description, nil, nil)
            scale = 1
        } else if let unscaled = pango_attr_list_new() {
            defer { pango_attr_list_unref(unscaled) }
            // The attributes in force, bottom of the stack first; each copy is the caller's to free.
            let attributes = pango_attr_iterator_get_attrs(iterator)
            var node = attributes
            while let current = node {
                node = current.pointee.next
                guard let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) else {
                    continue
                }
                if attribute.pointee.klass.pointee.type == PANGO_ATTR_SCALE {
                    pango_attribute_destroy(attribute)
                } else {
                    // Over the whole of the new list, in the same order: the list takes the copy.
                    attribute.pointee.start_index = 0
                    attribute.pointee.end_index = UInt32.max
                    pango_attr_list_insert(unscaled, attribute)
                }
            }
            g_slist_free(attributes)
            if let runs = pango_attr_list_get_iterator(unscaled) {
                pango_attr_iterator_get_font(runs, description, nil, nil)
                pango_attr_iterator_destroy(runs)
            }
        }
        let value = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE) * scale
        // Sizes in points are at Pango's resolution for Cairo, 96 dots an inch.
        return pango_font_description_get_size_is_absolute(description) != 0 ? value : value * 96 / 72
    }
}

extension TextLayout {
    /// The largest em among the runs of markup, in layout pixels, with `baseSize` where no attribute sets
    /// one.
    static func largestSize(in list: OpaquePointer, textLength: Int, baseSize: Double) -> Double {
        guard let iterator = pango_attr_list_get_iterator(list) else { return baseSize }
        defer { pango_attr_iterator_destroy(iterator) }
        var largest = 0.0
        repeat {
            var start: Int32 = 0
            var end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            guard start < min(end, Int32(clamping: textLength)) else { continue }
            largest = max(largest, size(at: iterator, baseSize: baseSize))
        } while pango_attr_iterator_next(iterator) != 0
        return largest
    }

    /// Multiplies every length the markup sets by `factor`: sizes (in points or pixels, and in font
    /// descriptions), letter spacing, rise, baseline shifts and line heights in Pango units. Scales
    /// (`<small>`, `<big>`) and factors are relative and stay.
    static func scaleLengths(in list: OpaquePointer, by factor: Double) {
        var factor = factor
        withUnsafeMutablePointer(to: &factor) { pointer in
            let removed = pango_attr_list_filter(
                list,
                { attribute, data in
                    guard let attribute, let factor = data?.assumingMemoryBound(to: Double.self).pointee else {
                        return 0
                    }
                    TextLayout.scale(attribute, by: factor)
                    return 0
                }, pointer)
            if let removed { pango_attr_list_unref(removed) }
        }
    }

    /// `value` rounded to Pango's integer units, held within them: a length multiplied by a huge scale (a
    /// transformation can magnify by 1e300) is larger than any integer, or infinite.
    private static func clampedUnits(_ value: Double) -> Int32 {
        let rounded = value.rounded()
        guard !rounded.isNaN else { return 0 }
        return Int32(min(max(rounded, Double(Int32.min)), Double(Int32.max)))
    }

    /// Multiplies the length `attribute` sets, if it sets one, by `factor`.
    private static func scale(_ attribute: UnsafeMutablePointer<PangoAttribute>, by factor: Double) {
        func scaled(_ value: Int32) -> Int32 { clampedUnits(Double(value) * factor) }
        switch attribute.pointee.klass.pointee.type {
        case PANGO_ATTR_SIZE, PANGO_ATTR_ABSOLUTE_SIZE:
            attribute.withMemoryRebound(to: PangoAttrSize.self, capacity: 1) {
                $0.pointee.size = scaled($0.pointee.size)
            }
        case PANGO_ATTR_LETTER_SPACING, PANGO_ATTR_RISE, PANGO_ATTR_ABSOLUTE_LINE_HEIGHT:
            attribute.withMemoryRebound(to: PangoAttrInt.self, capacity: 1) {
                $0.pointee.value = scaled($0.pointee.value)
            }
        case PANGO_ATTR_BASELINE_SHIFT:
            // Values up to 2 name a shift (superscript, subscript) rather than give one in Pango units.
            attribute.withMemoryRebound(to: PangoAttrInt.self, capacity: 1) {
                if abs($0.pointee.value) > 2 { $0.pointee.value = scaled($0.pointee.value) }
            }
        case PANGO_ATTR_FONT_DESC:
            attribute.withMemoryRebound(to: PangoAttrFontDesc.self, capacity: 1) {
                guard let description = $0.pointee.desc,
                    pango_font_description_get_set_fields(description).rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0
                else { return }
                let size = Double(pango_font_description_get_size(description)) * factor
                if pango_font_description_get_size_is_absolute(description) != 0 {
                    pango_font_description_set_absolute_size(description, min(size, Double(Int32.max)))
                } else {
                    pango_font_description_set_size(description, clampedUnits(size))
                }
            }
        default: break
        }
    }
}

extension TextLayout {
    /// The outline of `layout` with its top-left corner at `origin`, in the layout's pixels, or nil when
    /// Cairo cannot make it. The path is taken on an unbounded recording surface: a bounded one drops the
    /// glyphs that lie outside it, which the outline of large text mostly does. The caller destroys it.
    static func copyOutline(of layout: OpaquePointer, at origin: CGPoint) -> UnsafeMutablePointer<cairo_path_t>? {
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_layout_path(cr, layout)
        guard let path = cairo_copy_path(cr) else { return nil }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS else {
            cairo_path_destroy(path)
            return nil
        }
        return path
    }
}
