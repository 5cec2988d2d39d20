import Foundation
import Testing

@testable import FrameDraw

/// `TextStyle.verticalForms`: text drawn in a frame turned a quarter turn clockwise runs down the
/// page; wide characters stand upright and the others lie on their side, centred on the same line.
@Suite("Vertical text")
struct VerticalTextTests {
    /// The box of the dark pixels of `text` drawn down the page from (100, 10) on white, in page
    /// coordinates, within `rows` of the page.
    static func inkBox(
        _ text: String, verticalForms: Bool, size: Double = 40, rows: Range<Int> = 0..<300
    ) throws -> CGRect {
        var style = TextStyle(font: .system(size: size), color: .black)
        style.verticalForms = verticalForms
        let image = try Image(size: CGSize(width: 200, height: 300)) { context in
            context.setFillColor(.white)
            context.fill(context.bounds)
            context.translateBy(x: 100, y: 10)
            context.rotate(by: Double.pi / 2)
            context.draw(text, at: .zero, style: style)
        }
        var box = CGRect.null
        for y in rows.clamped(to: 0..<image.height) {
            for x in 0..<image.width where image.pixel(atX: x, y: y).red < 0.5 {
                box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box
    }

    @Test func wideCharactersStandUprightAndOthersLieOnTheirSide() throws {
        // 一 is one horizontal stroke: upright it is wide and flat on the page; on its side, tall and thin.
        let upright = try Self.inkBox("一", verticalForms: true)
        let sideways = try Self.inkBox("一", verticalForms: false)
        #expect(upright.width > 3 * upright.height, "upright: \(upright)")
        #expect(sideways.height > 3 * sideways.width, "on its side: \(sideways)")
        // A hyphen is narrow: it stays on its side either way (a vertical stroke on the page).
        let hyphen = try Self.inkBox("-", verticalForms: true)
        #expect(hyphen.height > 2 * hyphen.width, "hyphen: \(hyphen)")
    }

    @Test func wideAndNarrowRunsShareTheLinesCentre() throws {
        // 日本 takes the first two ems down the page (10 to 90), HH the next 60 pixels or so.
        let mixed = try Self.inkBox("日本HH語", verticalForms: true)
        let kanji = try Self.inkBox("日本HH語", verticalForms: true, rows: 14..<86)
        let latin = try Self.inkBox("日本HH語", verticalForms: true, rows: 94..<140)
        // Lines run down the page, so the line's centre is a vertical line on the page.
        #expect(abs(kanji.midX - latin.midX) <= 0.1 * 40, "kanji \(kanji), Latin \(latin)")
        #expect(mixed.height > 3.5 * 40, "the runs follow each other down the page: \(mixed)")
        #expect(mixed.width < 1.3 * 40, "on one line: \(mixed)")
        // Measuring agrees with drawing: the line is as long as the runs' advances.
        var style = TextStyle(font: .system(size: 40))
        style.verticalForms = true
        #expect(abs(style.measure("日本HH語").width - mixed.height) < 0.25 * 40)
        // Text with no wide character is laid out as without vertical forms.
        #expect(try Self.inkBox("Hello", verticalForms: true) == (try Self.inkBox("Hello", verticalForms: false)))
    }
}
