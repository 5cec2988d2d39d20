import CCairo
import Foundation
import Testing

@testable import FrameDraw

/// Text larger on the device than FreeType's glyph sizes: a font asked for over 65,535 pixels fails, and
/// Cairo then kept the face in error, so every later text in that font stopped its picture (found by
/// `make fuzz-ci` in `<span font="51203">`). Plain text over `DrawingContext.largestGlyphEm` is drawn from
/// its outline at its true size; markup runs that large are drawn at that size; markup magnified by the
/// transformation has the scale moved into its sizes, as plain text has.
/// A font left in error would break the rest of this process's tests: `FuzzReplayGLibTests` replays the
/// same markup in a child process, followed by markup that must still draw.
@Suite("Text larger than glyphs can be")
struct HugeTextTests {
    /// The left and right edges of the ink in row 0, or nil where the row is empty.
    static func inkEdges(_ canvas: Canvas) -> (left: Int, right: Int)? {
        let xs = (0..<canvas.width).filter { canvas.pixel(x: $0, y: 0).alpha > 128 }
        guard let left = xs.first, let right = xs.last else { return nil }
        return (left, right)
    }

    /// The stem of an "I" drawn with its layout's top-left corner at the origin and its em `em` device pixels,
    /// from a font of `size` magnified `em / size` times by the transformation; row 0 is `depth` ems below the top.
    static func stem(em: Double, size: Double, depth: Double = 0.5) throws -> (left: Int, right: Int) {
        let canvas = try Canvas(width: 2400, height: 1)
        let scale = em / size
        canvas.context.translateBy(x: 0, y: -depth * em)
        canvas.context.scaleBy(x: scale, y: scale)
        canvas.context.draw("I", at: .zero, style: TextStyle(font: Font(family: "DejaVu Sans", size: size)))
        try canvas.context.checkStatus()
        return try #require(inkEdges(canvas), "no ink at \(em) px")
    }

    /// Just over the largest glyph size, the outline drawn lands where glyphs just under it do, scaled.
    @Test(arguments: [1.0, 84, 8400])
    func anOutlineLandsWhereGlyphsWould(_ size: Double) throws {
        let glyphs = try Self.stem(em: 8000, size: 80)
        let outline = try Self.stem(em: 8400, size: size)
        let ratio = 8400.0 / 8000
        #expect(abs(Double(outline.left) - Double(glyphs.left) * ratio) <= 2, "\(glyphs) → \(outline)")
        #expect(abs(Double(outline.right) - Double(glyphs.right) * ratio) <= 2, "\(glyphs) → \(outline)")
    }

    /// A hundred thousand pixels to the em, the stem of an "I" is wider than the canvas: every pixel of a row
    /// through it is ink, and a row above the letter has none.
    @Test func aLetterMagnifiedPastTheFrameFillsIt() throws {
        let canvas = try Canvas(width: 64, height: 2)
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 100), color: .white)
        let stem = try Self.stem(em: 8000, size: 80)
        // The stem's middle, at 100,000 pixels to the em: centre it on the canvas.
        let middle = Double(stem.left + stem.right) / 2 / 8000 * 100_000
        canvas.context.translateBy(x: 32 - middle, y: -50_000)
        canvas.context.scaleBy(x: 1000, y: 1000)
        canvas.context.draw("I", at: .zero, style: style)
        try canvas.context.checkStatus()
        #expect((0..<64).allSatisfy { canvas.pixel(x: $0, y: 0).alpha == 255 })
        let above = try Canvas(width: 64, height: 1)
        above.context.translateBy(x: 32 - middle, y: -1000)
        above.context.scaleBy(x: 1000, y: 1000)
        above.context.draw("I", at: .zero, style: style)
        try above.context.checkStatus()
        #expect(above.positions(where: { $0.alpha > 0 }).isEmpty)
    }

    /// An outline drawn from the path keeps the style's outline stroke, at its true width.
    @Test func anOutlinedLetterKeepsItsStroke() throws {
        let stem = try Self.stem(em: 8000, size: 80)
        let canvas = try Canvas(width: 2400, height: 1)
        canvas.context.translateBy(x: 0, y: -5000)
        canvas.context.scaleBy(x: 100, y: 100)
        let style = TextStyle(
            font: Font(family: "DejaVu Sans", size: 100), color: .white,
            outline: TextOutline(color: Color(red: 1, green: 0, blue: 0), width: 2))
        canvas.context.draw("I", at: .zero, style: style)
        try canvas.context.checkStatus()
        // At 10,000 px to the em the stem's left edge is at 1.25 times the 8,000 px one; the 200-pixel stroke
        // is centred on it: red outside the edge, white inside.
        let edge = Int(Double(stem.left) * 1.25)
        let outside = canvas.pixel(x: edge - 50, y: 0)
        let inside = canvas.pixel(x: edge + 150, y: 0)
        #expect(outside.red > 250 && outside.green < 5 && outside.alpha == 255, "\(outside)")
        #expect(inside.red > 250 && inside.green > 250, "\(inside)")
    }

    static let hugeMarkup = [
        "W<span font=\"51203\">px👩</span>W",
        "W<span size=\"100000000\">x</span>W",
        "W" + String(repeating: "<big>", count: 60) + "x" + String(repeating: "</big>", count: 60) + "W",
        // Pango's own scaled size (1.2^90 times 14 points) passes its integers: found by FuzzMarkup.
        "W" + String(repeating: "<big>", count: 90) + "x" + String(repeating: "</big>", count: 90) + "W"
    ]

    @Test(arguments: hugeMarkup)
    func hugeMarkupSpansDrawAndMeasure(_ markup: String) throws {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 24), color: .white)
        let metrics = try style.metrics(forMarkup: markup)
        #expect(metrics.size.height > 8000 && metrics.size.height < 12_000, "\(metrics.size)")
        // The huge run's line is over 8,000 pixels high: drawn into a small box, and with its baseline on
        // the canvas, then text in the same font beside it, which must still draw.
        let canvas = try Canvas(width: 160, height: 40)
        try canvas.context.draw(markup: markup, in: CGRect(x: 4, y: 4, width: 150, height: 30), style: style)
        try canvas.context.draw(markup: markup, at: CGPoint(x: 4, y: 20 - metrics.firstBaseline), style: style)
        let before = canvas.positions(where: { $0.alpha > 200 }).count
        canvas.context.draw("WWW", at: CGPoint(x: 100, y: 4), style: style)
        try canvas.context.checkStatus()
        #expect(canvas.positions(where: { $0.alpha > 200 }).count > before + 50)
    }

    /// Markup magnified by the transformation draws as the same markup with every length multiplied: the
    /// font, a span's size, letter spacing and rise (`TextLayout.scaleLengths`).
    @Test(arguments: [20.0, 400])
    func magnifiedMarkupMatchesItsLengthsMultiplied(_ scale: Double) throws {
        /// Letter spacing of 40 device pixels, a rise of 60 and a span of 200 points, in Pango units.
        func markup(_ factor: Double) -> String {
            func units(_ value: Double) -> Int { Int((1024 * value * factor).rounded()) }
            return "A<span letter_spacing=\"\(units(40))\">BC</span>"
                + "<span rise=\"\(units(60))\" size=\"\(units(200))\">d</span>"
        }
        let magnified = try Canvas(width: 1200, height: 400)
        magnified.context.scaleBy(x: scale, y: scale)
        try magnified.context.draw(
            markup: markup(1 / scale), at: .zero, style: TextStyle(font: Font(family: "DejaVu Sans", size: 300 / scale))
        )
        let direct = try Canvas(width: 1200, height: 400)
        try direct.context.draw(
            markup: markup(1), at: .zero, style: TextStyle(font: Font(family: "DejaVu Sans", size: 300)))
        try magnified.context.checkStatus()
        try direct.context.checkStatus()
        let ink = magnified.positions(where: { $0.alpha > 128 }).map { "\($0.x),\($0.y)" }
        let expected = direct.positions(where: { $0.alpha > 128 }).map { "\($0.x),\($0.y)" }
        #expect(expected.count > 50_000)
        let differing = Set(ink).symmetricDifference(Set(expected)).count
        #expect(differing < expected.count / 100, "\(differing) of \(expected.count) pixels differ")
    }

    /// Pango's positions are 32-bit integers of 1/1024 pixel: a layout past about 2.1 million pixels wraps
    /// them around, and its height came out negative (found by FuzzMarkup: hundreds of lines at the
    /// largest glyph size). Such text is refused by name; text just inside the limit measures what its
    /// lines add up to.
    @Test func textPastPangosPositionsIsRefusedAndTextInsideThemMeasures() throws {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 8192))
        let line = try style.metrics(forMarkup: "<b>W</b>").size.height
        #expect(line > 8192 && line < 12_000, "\(line)")
        let inside = try style.metrics(
            forMarkup: "<b>" + Array(repeating: "W", count: 150).joined(separator: "\n") + "</b>")
        #expect(abs(inside.size.height - 150 * line) < line, "\(inside.size) for 150 lines of \(line)")
        #expect(inside.lineCount == 150)

        let tall = "<b>" + Array(repeating: "W", count: 300).joined(separator: "\n") + "</b>"
        let wide = "<b>" + String(repeating: "W", count: 300) + "</b>"
        for markup in [tall, wide] {
            let error = #expect(throws: FrameDrawError.self) { try style.metrics(forMarkup: markup).size }
            guard case .textTooLarge(let text, let limit) = error else {
                Issue.record("\(String(describing: error)) instead of textTooLarge")
                continue
            }
            // The excerpt is of the text, without tags, cut to 40 characters on one line.
            #expect(text.hasPrefix(markup == tall ? "W\\nW" : "WWW") && text.count == 41 && text.hasSuffix("…"))
            #expect(limit == 2_097_151)
        }
        // Plain text past the limit measures as nothing (the error is logged), never a negative size.
        let plain = style.metrics(for: String(repeating: "W\n", count: 300))
        #expect(plain.size == .zero)
        let message = FrameDrawError.textTooLarge(text: "W", limit: 2_097_151).description
        #expect(message.contains("more than 2097151 pixels") && message.contains("smaller font size"))
    }

    /// Magnified by 1e16, the markup's lengths are larger than Pango's integers: they are held within them
    /// (converting the product to an integer trapped), and the markup draws without an error.
    @Test func markupMagnifiedBeyondPangoUnitsDoesNotTrap() throws {
        let canvas = try Canvas(width: 32, height: 16)
        canvas.context.scaleBy(x: 1e16, y: 1e16)
        try canvas.context.draw(
            markup: "W<span size=\"20000\" letter_spacing=\"2048\" font=\"Sans 30\">x</span>", at: .zero,
            style: TextStyle(font: Font(family: "DejaVu Sans", size: 12)))
        try canvas.context.checkStatus()
    }
}
