import Foundation
import FrameDraw
import Testing

@Suite("Text measuring")
struct TextTests {
    let style = TextStyle(font: .system(size: 24))

    @Test func systemFontIsDejaVuSans() {
        let font = Font.system(size: 48, weight: .bold)
        #expect(font.family == "DejaVu Sans")
        #expect(font.size == 48)
        #expect(font.weight == .bold)
        #expect(!font.italic)
    }

    @Test func weightsMapToIncreasingOpenTypeValues() {
        let values = Font.Weight.allCases.map(\.numericValue)
        #expect(values == values.sorted())
        #expect(Font.Weight.regular.numericValue == 400)
        #expect(Font.Weight.bold.numericValue == 700)
    }

    @Test func widthGrowsWithTheString() {
        let short = style.measure("Hi")
        let long = style.measure("Hello, world")
        #expect(short.width > 0)
        #expect(long.width > short.width)
        #expect(long.height == short.height)
    }

    @Test func sizeIsInPixels() {
        // DejaVu Sans's line height is about 1.16 em.
        let metrics = TextStyle(font: .system(size: 48)).metrics(for: "Frame 1")
        #expect(metrics.size.height > 50 && metrics.size.height < 62)
        #expect(metrics.firstBaseline > 40 && metrics.firstBaseline < 50)
        #expect(metrics.lineCount == 1)
    }

    @Test func boldIsWiderThanRegular() {
        let regular = TextStyle(font: Font(family: "DejaVu Sans", size: 24)).measure("Hello")
        let bold = TextStyle(font: Font(family: "DejaVu Sans", size: 24, weight: .bold)).measure("Hello")
        #expect(bold.width > regular.width)
    }

    @Test func wrappingIncreasesTheHeight() {
        let text = "The quick brown fox jumps over the lazy dog"
        let single = style.metrics(for: text)
        let wrapped = style.metrics(for: text, width: 120)
        #expect(single.lineCount == 1)
        #expect(wrapped.lineCount > 1)
        #expect(wrapped.size.height > single.size.height)
        #expect(wrapped.size.width <= 120)

        var styleWithWidth = style
        styleWithWidth.wrapWidth = 120
        #expect(styleWithWidth.measure(text) == wrapped.size)
    }

    @Test func maximumLinesLimitsTheHeight() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        var limited = style
        limited.maximumLines = 2
        let all = style.metrics(for: text, width: 120)
        let two = limited.metrics(for: text, width: 120)
        #expect(all.lineCount > 2)
        #expect(two.lineCount == 2)
        #expect(two.size.height < all.size.height)
    }

    @Test func maximumLinesCountsLinesAcrossParagraphs() {
        var limited = style
        limited.maximumLines = 2
        // Without a wrap width …
        #expect(limited.metrics(for: "one\ntwo\nthree\nfour").lineCount == 2)
        // The cut text ends with an ellipsis.
        #expect(limited.measure("one\ntwo\nthree\nfour") == style.measure("one\ntwo\u{2026}"))
        // … and with one, where Pango's own ellipsizing is per paragraph.
        let paragraphs = "First paragraph that wraps\nSecond paragraph that wraps too\nThird"
        #expect(style.metrics(for: paragraphs, width: 150).lineCount > 2)
        #expect(limited.metrics(for: paragraphs, width: 150).lineCount == 2)
    }

    @Test func lineSpacingAddsSpaceBetweenLines() {
        var spaced = style
        spaced.lineSpacing = 10
        let tight = style.measure("one\ntwo")
        let loose = spaced.measure("one\ntwo")
        #expect(abs(loose.height - tight.height - 10) < 1)
    }

    @Test func letterSpacingWidensText() {
        var spaced = style
        spaced.letterSpacing = 5
        let plain = style.measure("abcd")
        let wide = spaced.measure("abcd")
        #expect(wide.width >= plain.width + 15)
    }

    @Test(arguments: ["مرحبا بالعالم", "שלום עולם"])
    func rightToLeftScriptsHaveGlyphs(text: String) {
        let size = style.measure(text)
        #expect(size.width > 50)
        #expect(style.unknownGlyphCount(in: text) == 0)
    }

    /// Needs a CJK font (Debian: fonts-noto-cjk, which install-deps installs).
    @Test(arguments: ["日本語のテキスト", "你好，世界", "繁體中文", "안녕하세요 세계"])
    func chineseJapaneseAndKoreanHaveGlyphs(text: String) {
        #expect(style.measure(text).width > 50)
        #expect(style.unknownGlyphCount(in: text) == 0)
    }

    @Test func devanagariHasGlyphs() {
        // Needs a Devanagari font (Debian: fonts-lohit-deva); DejaVu has none.
        let text = "नमस्ते दुनिया"
        #expect(style.measure(text).width > 50)
        #expect(style.unknownGlyphCount(in: text) == 0)
    }

    @Test func unknownGlyphsAreCounted() {
        // Private-use characters are in no installed font.
        #expect(style.unknownGlyphCount(in: "a\u{E000}\u{E001}") == 2)
    }

    @Test func markupIsMeasured() throws {
        let plain = style.measure("Bold text")
        let bold = try style.measure(markup: "<b>Bold</b> text")
        #expect(bold.width > plain.width)
        #expect(try style.measure(markup: "Bold text") == plain)
    }

    @Test func escapedMarkupMeasuresLikePlainText() throws {
        let text = "a < b & \"c\" > 'd'"
        let escaped = TextStyle.escapeMarkup(text)
        #expect(escaped == "a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;")
        #expect(try style.measure(markup: escaped) == style.measure(text))
    }

    @Test func invalidMarkupSaysWhereItFailed() {
        #expect {
            _ = try style.measure(markup: "<b>Bold</i>")
        } throws: { error in
            guard let error = error as? FrameDrawError, case .invalidMarkup = error else { return false }
            let message = error.description
            return message.hasPrefix("Pango could not parse the markup \"<b>Bold</i>\": GLib reports \"")
                && message.contains("line 1")
                && message.contains("char") && message.contains("<b>Bold</i>") && message.contains("&amp;")
        }
    }

    @Test func markupErrorKeepsTheExcerptOnOneLine() {
        #expect {
            _ = try style.measure(markup: "First line\n<b>Bold</i>")
        } throws: { error in
            let message = (error as? FrameDrawError)?.description ?? ""
            return message.contains("line 2") && message.contains("First line\\n<b>Bold</i>") && !message.contains("\n")
        }
    }

    @Test func unescapedAmpersandIsInvalidMarkup() {
        #expect(throws: FrameDrawError.self) { try style.measure(markup: "Salt & pepper") }
    }
}
