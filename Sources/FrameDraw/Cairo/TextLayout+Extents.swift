internal import CCairo
import Foundation

extension TextLayout {
    /// The widest and tallest layout Pango measures, in pixels: it keeps positions and extents in 32-bit
    /// integers of 1/1024 pixel, which wrap around past this (a width or height turns negative, or small).
    static let largestExtent = Int(Int32.max) / Int(PANGO_SCALE)

    /// Checks that a configured layout fits within ``largestExtent``, adding its glyphs' advances along
    /// each line and its lines' heights as floating-point numbers, which do not wrap. Pango's own sums
    /// do, so a layout past the limit cannot be caught from its extents: hundreds of lines at the largest
    /// glyph size (8192 pixels) overflow its height, and hundreds of such glyphs on one line its width.
    /// - Throws: `FrameDrawError.textTooLarge` naming the layout's text when either sum exceeds the limit.
    static func checkExtents(of layout: OpaquePointer) throws(FrameDrawError) {
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        let limit = Double(largestExtent) * scale
        var height = 0.0
        var lineWidth = 0.0
        // Lines: their logical heights and the spacing between them.
        repeat {
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &line)
            height += abs(Double(line.height)) + abs(Double(pango_layout_get_spacing(layout)))
        } while pango_layout_iter_next_line(iterator) != 0
        var fits = height <= limit
        // Runs, line by line: a line ends where the iterator gives no run.
        if fits, let runs = pango_layout_get_iter(layout) {
            defer { pango_layout_iter_free(runs) }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(runs) else {
                    lineWidth = 0
                    continue
                }
                if let glyphs = run.pointee.glyphs, let infos = glyphs.pointee.glyphs {
                    for index in 0..<Int(max(0, glyphs.pointee.num_glyphs)) {
                        lineWidth += abs(Double(infos[index].geometry.width))
                    }
                }
                if lineWidth > limit {
                    fits = false
                    break
                }
            } while pango_layout_iter_next_run(runs) != 0
        }
        guard !fits else { return }
        let text = pango_layout_get_text(layout).map { String(cString: $0) } ?? ""
        throw .textTooLarge(text: excerpt(of: text), limit: largestExtent)
    }
}
