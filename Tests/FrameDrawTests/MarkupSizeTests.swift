import CCairo
import Foundation
import Testing

@testable import FrameDraw

/// Markup whose spans are too small to show: Cairo stopped the frame with an out-of-memory status for a
/// colour emoji in a span of thousandths of a pixel. Such runs are raised to a 16th of a device pixel,
/// and the text around them draws.
@Suite("Markup spans too small to show")
struct MarkupSizeTests {
    static let style = TextStyle(font: .system(size: 24), color: .white)

    static let tiny: [String] = [
        "W<span font=\"0.003px\">👩</span>W",
        "W<span size=\"1\">👩 tiny</span>W",
        "W<span font=\"Sans 0.0001\">👩</span>W",
        "W" + String(repeating: "<small>", count: 60) + "👩" + String(repeating: "</small>", count: 60) + "W"
    ]

    @Test(arguments: tiny)
    func tinySpansDrawWithoutStoppingTheFrame(_ markup: String) throws {
        let canvas = try Canvas(width: 160, height: 40)
        try canvas.context.draw(markup: markup, at: CGPoint(x: 4, y: 4), style: Self.style)
        try canvas.context.draw(markup: markup, in: CGRect(x: 4, y: 4, width: 150, height: 30), style: Self.style)
        try canvas.context.checkStatus()
        #expect(canvas.positions(where: { $0.alpha > 200 }).count > 50, "the Ws around the span draw")
    }

    /// The em of each run of `markup`'s text, in layout pixels, after `fitSizes` at `deviceScale` over a
    /// 24-pixel style.
    static func raisedSizes(of markup: String, deviceScale: Double) throws -> [Double] {
        try TextLayout.withParsedMarkup(markup) { text, attributes in
            let list = try #require(attributes)
            #expect(
                TextLayout.fitSizes(
                    in: list, textLength: text.utf8.count, baseSize: 24, smallest: 1.0 / 16 / deviceScale,
                    largest: DrawingContext.largestGlyphEm / deviceScale))
            let iterator = try #require(pango_attr_list_get_iterator(list))
            defer { pango_attr_iterator_destroy(iterator) }
            var sizes: [Double] = []
            repeat {
                var start: Int32 = 0
                var end: Int32 = 0
                pango_attr_iterator_range(iterator, &start, &end)
                if start < text.utf8.count { sizes.append(TextLayout.size(at: iterator, baseSize: 24)) }
            } while pango_attr_iterator_next(iterator) != 0
            return sizes
        }
    }

    @Test(arguments: tiny)
    func everyRunIsRaisedToTheSmallestEmDrawn(_ markup: String) throws {
        let sizes = try Self.raisedSizes(of: markup, deviceScale: 0.5)
        // A 16th of a device pixel is an 8th of a layout pixel at half scale; the Ws keep 24.
        #expect(sizes.min() ?? 0 >= 1.0 / 8 - 1e-3, "\(sizes)")
        #expect(sizes.contains(24))
    }

    /// Runs of sizes that show keep them: `size="larger"` (Pango's scale of 1.2), `<small>`, a size in points.
    /// (A first version read a scaled run without a size of its own as size 0, and shrank the spoken word of the
    /// `pop` caption style to nothing.)
    @Test func runsThatShowKeepTheirSizes() throws {
        let sizes = try Self.raisedSizes(
            of: "W<span size=\"larger\">W</span><small>w</small><span size=\"12pt\">p</span>", deviceScale: 1)
        let expected = [24, 24 * 1.2, 24 / 1.2, 16]
        #expect(sizes.count == 4 && zip(sizes, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(sizes)")
        let larger = try Canvas(width: 120, height: 60)
        try larger.context.draw(markup: "<span size=\"larger\">W</span>", at: .zero, style: Self.style)
        let plain = try Canvas(width: 120, height: 60)
        try plain.context.draw(markup: "W", at: .zero, style: Self.style)
        #expect(larger.positions(where: { $0.alpha > 128 }).count > plain.positions(where: { $0.alpha > 128 }).count)
    }

    /// Squeezed a million-fold, no size could show: the markup is not drawn, and the frame goes on.
    @Test func markupSqueezedFlatDrawsNothing() throws {
        let canvas = try Canvas(width: 64, height: 16)
        canvas.context.scaleBy(x: 1, y: 1e-9)
        try canvas.context.draw(markup: "W<b>W</b>", at: .zero, style: Self.style)
        try canvas.context.checkStatus()
        #expect(canvas.positions(where: { $0.alpha > 0 }).isEmpty)
    }
}
