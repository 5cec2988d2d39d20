internal import CCairo
import Foundation

extension TextLayout {
    /// Raises each run of markup whose em would be under `minimum` device pixels to that size, where
    /// `deviceScale` device pixels make one pixel of the layout (the drawing transformation's smaller
    /// stretch). Text that small cannot show, and Cairo fails on some such sizes: a colour emoji in a
    /// `<span font="0.003px">` stops the frame with an out-of-memory status. A run's size comes from
    /// `size` and `font` attributes and the scale of `<small>` and `<big>`, over `baseSize` (the style's
    /// size, in layout pixels) where none sets it.
    /// - Returns: `false` when the smallest size that shows is too large to set (a transformation that
    ///   squeezes text a million-fold): nothing of the markup can show, and it should not be drawn.
    static func raiseSizes(
        in list: OpaquePointer, textLength: Int, baseSize: Double, deviceScale: Double, minimum: Double
    ) -> Bool {
        guard deviceScale > 0, deviceScale.isFinite else { return false }
        let smallest = minimum / deviceScale
        guard smallest < largestRaisedSize else { return false }
        guard let iterator = pango_attr_list_get_iterator(list) else { return true }
        var tooSmall: [(start: UInt32, end: UInt32)] = []
        repeat {
            var start: Int32 = 0
            var end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let last = Int32(clamping: textLength)
            guard start < min(end, last) else { continue }
            if !(size(at: iterator, baseSize: baseSize) >= smallest) {
                tooSmall.append((UInt32(start), UInt32(min(end, last))))
            }
        } while pango_attr_iterator_next(iterator) != 0
        pango_attr_iterator_destroy(iterator)
        let units = Int32((smallest * Double(PANGO_SCALE)).rounded(.up))
        for range in tooSmall {
            // A scale of 1 with the size, so that the `<small>` around the run cannot shrink it again; both
            // are inserted after the run's own attributes, which they override.
            for attribute in [pango_attr_scale_new(1), pango_attr_size_new_absolute(max(1, units))] {
                guard let attribute else { continue }
                attribute.pointee.start_index = range.start
                attribute.pointee.end_index = range.end
                pango_attr_list_insert(list, attribute)
            }
        }
        return true
    }

    /// The largest size, in layout pixels, that `raiseSizes` sets: far inside Pango's integer sizes.
    private static let largestRaisedSize = 1e6

    /// The em, in layout pixels, of the run at `iterator`.
    static func size(at iterator: OpaquePointer, baseSize: Double) -> Double {
        guard let description = pango_font_description_new() else { return baseSize }
        defer { pango_font_description_free(description) }
        // The base size first: the run's `size` and `font` attributes replace it, and Pango multiplies
        // whichever size results by the run's scale (`<small>`, `<big>`, `size="larger"`).
        pango_font_description_set_absolute_size(description, baseSize * Double(PANGO_SCALE))
        pango_attr_iterator_get_font(iterator, description, nil, nil)
        let value = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        // Sizes in points are at Pango's resolution for Cairo, 96 dots an inch.
        return pango_font_description_get_size_is_absolute(description) != 0 ? value : value * 96 / 72
    }
}
