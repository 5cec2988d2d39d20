import Foundation
import FrameDraw
import MovieKitScene
import Testing

@testable import MovieKitLottie

/// Text capitals (`ca`) and box text that overflows its box (`sz`), checked on pixels.
@Suite struct LottieTextCapsTests {
    /// The columns of ink (alpha above a half) of `image`, grouped into glyphs separated by empty
    /// columns, each with the rows it covers.
    static func glyphBoxes(_ image: Image) -> [CGRect] {
        var boxes: [CGRect] = []
        var current = CGRect.null
        for x in 0..<image.width {
            var column = CGRect.null
            for y in 0..<image.height where image.pixel(atX: x, y: y).alpha > 0.5 {
                column = column.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
            if column.isNull {
                if !current.isNull { boxes.append(current) }
                current = .null
            } else {
                current = current.union(column)
            }
        }
        if !current.isNull { boxes.append(current) }
        return boxes
    }

    static func render(_ document: String, position: (Double, Double) = (100, 200)) throws -> Image {
        try LottieTextTests.image(
            LottieTextTests.content(LottieTextTests.animation(documents: [(0, document)], position: position)))
    }

    @Test func smallCapsDrawLowercaseLettersAsSmallerCapitals() throws {
        let image = try Self.render(#""t": "Hh", "f": "Sans", "s": 100, "fc": [1, 0, 0], "ca": 2"#)
        let glyphs = Self.glyphBoxes(image)
        try #require(glyphs.count == 2, "\(glyphs)")
        let (capital, small) = (glyphs[0], glyphs[1])
        // Both stand on the baseline at y = 200; the capital is a cap height (0.73 em) tall and the
        // small capital 70 % of it (a lowercase h, with its ascender, would be taller than the H).
        #expect(abs(capital.maxY - 200) <= 1.5 && abs(small.maxY - 200) <= 1.5, "\(glyphs)")
        #expect(abs(capital.height - 73) <= 3, "\(capital)")
        #expect(abs(small.height - 0.7 * capital.height) <= 3, "small \(small) capital \(capital)")
        #expect(abs(small.width - 0.7 * capital.width) <= 3, "small \(small) capital \(capital)")
        // The small capital follows the H at its advance, not overlapping it.
        #expect(small.minX > capital.maxX, "\(glyphs)")
    }

    @Test func allCapsAndRegularTextKeepTheirSizes() throws {
        let capitals = Self.glyphBoxes(try Self.render(#""t": "hH", "f": "Sans", "s": 100, "fc": [1, 0, 0], "ca": 1"#))
        try #require(capitals.count == 2, "\(capitals)")
        #expect(abs(capitals[0].height - capitals[1].height) <= 1, "all caps: \(capitals)")
        #expect(abs(capitals[0].width - capitals[1].width) <= 1, "all caps: \(capitals)")
        let regular = Self.glyphBoxes(try Self.render(#""t": "hH", "f": "Sans", "s": 100, "fc": [1, 0, 0]"#))
        try #require(regular.count == 2, "\(regular)")
        // A lowercase h's ascender rises above the capital's height.
        #expect(regular[0].height > regular[1].height + 1, "regular: \(regular)")
    }

    @Test func smallCapsScaleEmbeddedGlyphs() throws {
        // "A" is LottieTextTests' 50x70 box glyph at size 100, 60 wide with its spacing; "a" is not embedded.
        let document = #""t": "Aa", "f": "Boxes-Regular", "s": 100, "fc": [0, 1, 0], "ca": 2"#
        let image = try LottieTextTests.image(
            LottieTextTests.content(
                LottieTextTests.animation(
                    documents: [(0, document)], position: (100, 200), fonts: LottieTextTests.boxFont,
                    chars: LottieTextTests.boxGlyph)))
        // The capital: 50x70 at x = 100; the small one: 35x49 at x = 160.
        #expect(
            Self.glyphBoxes(image) == [
                CGRect(x: 100, y: 130, width: 50, height: 70), CGRect(x: 160, y: 151, width: 35, height: 49)
            ])
    }

    @Test func smallCapsAtEdgeValues() throws {
        // Empty text draws nothing; a sharp s becomes two small capital S.
        #expect(
            LottieTextTests.ink(try Self.render(#""t": "", "f": "Sans", "s": 100, "fc": [1, 0, 0], "ca": 2"#)) == nil)
        let small = try #require(
            LottieTextTests.ink(try Self.render(#""t": "ß", "f": "Sans", "s": 100, "fc": [1, 0, 0], "ca": 2"#)))
        let capitals = try #require(
            LottieTextTests.ink(try Self.render(#""t": "SS", "f": "Sans", "s": 100, "fc": [1, 0, 0]"#)))
        #expect(abs(small.width - 0.7 * capitals.width) <= 4 && abs(small.height - 0.7 * capitals.height) <= 3)
        // A huge size and tracking draw, clamped, without failing.
        let huge = #""t": "Hh", "f": "Sans", "s": 1e12, "fc": [1, 0, 0], "tr": 1e9, "ca": 2"#
        _ = LottieTextTests.ink(try Self.render(huge, position: (0, 0)))
    }

    @Test func boxTextDrawsNoLineBelowItsBox() throws {
        // Ten words of 20 units wrap to about five lines 30 apart; the box is 70 tall, so two lines
        // fit (the first baseline 15 below the top, the second 45, each with its descent).
        let document =
            #""t": "lorem ipsum dolor sit amet lorem ipsum dolor sit amet", "f": "Sans", "s": 20, "fc": [0, 0, 0], "lh": 30, "ps": [20, 30], "sz": [150, 70]"#
        let image = try Self.render(document, position: (0, 0))
        let ink = try #require(LottieTextTests.ink(image))
        #expect(ink.maxY <= 100, "nothing below the box's bottom at y = 100: \(ink)")
        #expect(ink.minY >= 28 && ink.maxY > 70, "two lines drawn: \(ink)")
        // The same text in a box tall enough shows the lines that were hidden.
        let tall = try Self.render(document.replacingOccurrences(of: "[150, 70]", with: "[150, 250]"), position: (0, 0))
        let all = try #require(LottieTextTests.ink(tall))
        #expect(all.maxY > 130, "more lines in a taller box: \(all)")
        // A box shorter than one line shows nothing; a zero-sized one too.
        for size in ["[150, 10]", "[0, 0]"] {
            let empty = try Self.render(document.replacingOccurrences(of: "[150, 70]", with: size), position: (0, 0))
            #expect(LottieTextTests.ink(empty) == nil, "\(size)")
        }
    }
}
