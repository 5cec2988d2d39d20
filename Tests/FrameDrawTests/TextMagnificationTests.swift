import Foundation
import Testing

@testable import FrameDraw

/// Text magnified by the transformation (a text layer zoomed in) draws as text of the same size in
/// device pixels: FreeType refused some of Pango's fonts for it, and the frame stopped with "error
/// occurred in libfreetype" (found by FuzzSceneRender).
@Suite("Text magnified by the transformation")
struct TextMagnificationTests {
    static let style = TextStyle(font: .system(size: 36), color: .black)

    @Test(arguments: [1024.0, 1600, 2500, 3000, 4500, 9000])
    func magnifiedTextDrawsAndKeepsTheContextUsable(em: Double) throws {
        let canvas = try Canvas(width: 200, height: 200)
        canvas.context.saveGState()
        canvas.context.scaleBy(x: em / 36, y: em / 36)
        // A full block, which covers the 200-pixel canvas from the corner of its line at these sizes.
        canvas.context.draw("\u{2588}", at: .zero, style: Self.style)
        canvas.context.draw("\u{2588}", in: CGRect(x: 0, y: 0, width: 2, height: 2), style: Self.style)
        canvas.context.draw("\u{2588}", baselineAt: CGPoint(x: 0, y: 36), style: Self.style)
        canvas.context.restoreGState()
        try canvas.context.checkStatus()
        #expect(canvas.positions { $0.alpha > 200 }.count > 200 * 200 * 9 / 10, "the block covers the canvas")
    }

    /// Moving the scale into the font gives the picture the plain font size gives.
    /// Text shrunk by the transformation below a 16th of a pixel's em draws nothing and no error:
    /// Cairo failed on a colour emoji at an em of 0.0024 to 0.0034 pixels. Small text still draws.
    @Test(arguments: [0.0024, 0.0027, 0.0034, 0.05])
    func textShrunkPastAPixelsSixteenthDrawsNothing(em: Double) throws {
        let image = try Image(size: CGSize(width: 2, height: 2)) { context in
            context.scaleBy(x: em / 24, y: em / 24)
            context.draw(
                "👩 W", in: CGRect(x: 0, y: 0, width: 200, height: 30),
                style: TextStyle(font: .system(size: 24), color: .white))
        }
        #expect(image.pixel(atX: 0, y: 0).alpha == 0)
        let small = try Image(size: CGSize(width: 8, height: 8)) { context in
            context.scaleBy(x: 3 / 24, y: 3 / 24)
            context.draw("WWWW", at: .zero, style: TextStyle(font: .system(size: 24), color: .white))
        }
        let inked = (0..<8).contains { x in (0..<8).contains { small.pixel(atX: x, y: $0).alpha > 0 } }
        #expect(inked, "an em of 3 pixels still draws")
    }

    /// Text squeezed to a billionth of its height draws nothing and no error (Pango overflowed its
    /// font size, found by FuzzSceneRender); squeezed to a quarter, it still draws.
    @Test func textSqueezedFlatDrawsNothing() throws {
        for squeeze in [1e-9, 0.25] {
            let image = try Image(size: CGSize(width: 64, height: 16)) { context in
                context.scaleBy(x: 1, y: squeeze)
                context.draw("WWWW", at: .zero, style: TextStyle(font: .system(size: 24), color: .white))
            }
            let inked = (0..<64).contains { x in (0..<16).contains { image.pixel(atX: x, y: $0).alpha > 0 } }
            #expect(inked == (squeeze > 0.1), "squeezed to \(squeeze)")
        }
    }

    @Test func magnifiedTextLooksLikeTheSameSizeUnmagnified() throws {
        let magnified = try Canvas(width: 700, height: 500)
        magnified.context.scaleBy(x: 10, y: 10)
        magnified.context.draw("Hey", at: CGPoint(x: 1, y: 1), style: Self.style)
        let plain = try Canvas(width: 700, height: 500)
        plain.context.draw("Hey", at: CGPoint(x: 10, y: 10), style: Self.style.withSize(360))
        try magnified.context.checkStatus()
        let (differing, inked) = magnified.difference(from: plain, tolerance: 8)
        #expect(inked > 20000)
        #expect(differing == 0, "\(differing) of \(inked) inked pixels differ")
    }
}

extension TextStyle {
    fileprivate func withSize(_ size: Double) -> TextStyle {
        var style = self
        style.font.size = size
        return style
    }
}
