import Foundation
import Testing

@testable import FrameDraw

/// `TextStyle.outline(of:)`: text as a path, for sizes FreeType cannot render as glyphs.
@Suite("Text outlines")
struct TextOutlineTests {
    @Test func anOutlineStandsOnTheBaselineAtTheOriginAndScales() {
        let style = TextStyle(font: .system(size: 100))
        let box = style.outline(of: "H").boundingBox
        // DejaVu Sans: the H's cap height is 0.73 em, its left side bearing 0.1 em.
        #expect(abs(box.maxY) < 0.5 && abs(box.height - 73) < 1.5, "\(box)")
        #expect(box.minX > 5 && box.minX < 15, "\(box)")
        let scaled = style.outline(of: "H").applying(AffineTransform(scaleX: 1000, y: 1000)).boundingBox
        #expect(abs(scaled.height - box.height * 1000) < 1, "\(scaled)")
        #expect(style.outline(of: "").isEmpty)
        #expect(style.outline(of: "H\nH").boundingBox.height > box.height * 2)
    }
}
