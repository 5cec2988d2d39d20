import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@testable import MovieKitSubtitles

/// Animated captions: pages of words and the word being spoken, marked from the frame its time
/// falls in.
@Suite("Captions layer")
struct CaptionsLayerTests {
    static func word(_ text: String, _ start: Double, _ end: Double) -> Transcript.Word {
        Transcript.Word(text: text, start: start, end: end)
    }

    /// A renderer of `words` as captions in `style` over a 640x360 blue canvas of 2 s.
    static func renderer(_ words: [Transcript.Word], style: CaptionStyle = CaptionStyle(), fps: FrameRate = 10)
        throws -> SceneRenderer
    {
        var canvas = Canvas(width: 640, height: 360, fps: fps, duration: 2)
        canvas.background = Color(red: 0, green: 0, blue: 0.5)
        let layer = Layer(.timed(CaptionsContent(words: words, style: style)))
        return try SceneRenderer(scene: Scene(canvas: canvas, layers: [layer]))
    }

    @Test func wordsAreGroupedIntoPagesByLengthPausesAndSentences() {
        var style = CaptionStyle()
        style.charactersPerLine = 11
        style.linesPerPage = 1
        let words = [
            // "one two three" is 13 characters, more than 11.
            Self.word("one", 0, 0.2), Self.word("two", 0.2, 0.4), Self.word("three", 0.4, 0.6),
            Self.word("four.", 0.6, 0.8), Self.word("Five", 0.8, 1.0),  // a sentence ends
            Self.word("six", 2.0, 2.2)  // a pause of a second
        ]
        let pages = CaptionsContent(words: words, style: style).pages
        #expect(pages.map(\.words) == [0..<2, 2..<4, 4..<5, 5..<6])
        // A page stays up until the next starts after a short pause, and ends with its words before a long one.
        #expect(pages.map(\.start) == [0, 0.4, 0.8, 2.0])
        #expect(pages.map(\.end) == [0.4, 0.8, 1.0, 2.2])
        #expect(CaptionsContent(words: [], style: style).pages.isEmpty)
    }

    /// Columns of the 640-pixel-wide frame that show the active colour (yellow) at a time.
    static func yellowColumns(_ renderer: SceneRenderer, at time: Double) throws -> [Int] {
        let image = try renderer.image(at: time)
        return (0..<640).filter { x in
            (200..<400).contains { y in
                let p = image.pixel(atX: x, y: y)
                return p.red > 0.9 && p.green > 0.75 && p.blue < 0.2
            }
        }
    }

    @Test func theActiveWordChangesOnTheFrameItsStartFallsIn() throws {
        let renderer = try Self.renderer([Self.word("AAAA", 0, 0.5), Self.word("BBBB", 0.5, 1.0)])
        let atFour = try Self.yellowColumns(renderer, at: 0.4)
        let atFive = try Self.yellowColumns(renderer, at: 0.5)
        #expect(!atFour.isEmpty && atFour.allSatisfy { $0 < 320 }, "frame 4 marks the first word")
        #expect(!atFive.isEmpty && atFive.allSatisfy { $0 > 320 }, "frame 5 marks the second word")
        #expect(try Self.yellowColumns(renderer, at: 1.0).isEmpty, "after the last word nothing shows")
    }

    /// A word that starts between two frames' times (Whisper's 0.2167 s at 30 fps falls in frame 6,
    /// 0.2000 to 0.2333 s) is marked, and its page shown, from that frame, not the next; so is every
    /// word after it. A page ends on the frame its end falls in.
    @Test func aWordBetweenFrameTimesIsMarkedOnTheFrameItsStartFallsIn() throws {
        let renderer = try Self.renderer(
            [Self.word("AAAA", 0.2167, 0.5167), Self.word("BBBB", 0.5167, 0.9833)], fps: 30)
        let canvas = renderer.canvas
        #expect(try Self.yellowColumns(renderer, at: canvas.time(ofFrame: 5)).isEmpty, "frame 5 is before the page")
        let six = try Self.yellowColumns(renderer, at: canvas.time(ofFrame: 6))
        #expect(!six.isEmpty && six.allSatisfy { $0 < 320 }, "frame 6 shows the page and marks the first word")
        // 0.5167 s is in frame 15 (0.5000 to 0.5333 s).
        let fourteen = try Self.yellowColumns(renderer, at: canvas.time(ofFrame: 14))
        #expect(!fourteen.isEmpty && fourteen.allSatisfy { $0 < 320 })
        let fifteen = try Self.yellowColumns(renderer, at: canvas.time(ofFrame: 15))
        #expect(!fifteen.isEmpty && fifteen.allSatisfy { $0 > 320 }, "frame 15 marks the second word")
        // 0.9833 s is in frame 29 (0.9667 to 1.0 s): the page's last frame is 28.
        #expect(!(try Self.yellowColumns(renderer, at: canvas.time(ofFrame: 28))).isEmpty)
        #expect(try Self.yellowColumns(renderer, at: canvas.time(ofFrame: 29)).isEmpty)
    }

    @Test func karaokeMarksEveryWordSpokenSoFar() throws {
        var style = CaptionStyle.named["karaoke"] ?? CaptionStyle()
        style.activeColor = Color(red: 1, green: 0.85, blue: 0)
        let renderer = try Self.renderer([Self.word("AAAA", 0, 0.5), Self.word("BBBB", 0.5, 1.0)], style: style)
        let atFive = try Self.yellowColumns(renderer, at: 0.5)
        #expect(atFive.contains { $0 < 320 } && atFive.contains { $0 > 320 })
    }

    /// The yellow pixels and the rows they span at `time`, with the named style, for two words.
    static func yellow(style name: String, at time: Double) throws -> (count: Int, rows: Int, columns: [Int]) {
        var style = try #require(CaptionStyle.named[name])
        style.activeColor = Color(red: 1, green: 0.85, blue: 0)
        let image = try Self.renderer([Self.word("AAAA", 0, 0.5), Self.word("BBBB", 0.5, 1.0)], style: style)
            .image(at: time)
        var count = 0
        var rows = Set<Int>()
        var columns = Set<Int>()
        for y in 0..<360 {
            for x in 0..<640 {
                let p = image.pixel(atX: x, y: y)
                if p.red > 0.9 && p.green > 0.75 && p.blue < 0.2 {
                    count += 1
                    rows.insert(y)
                    columns.insert(x)
                }
            }
        }
        return (count, rows.count, columns.sorted())
    }

    @Test func aPillPutsTheSpokenWordOnABoxAndAPopMakesItLarger() throws {
        let plain = try Self.yellow(style: "classic", at: 0.6)
        let pill = try Self.yellow(style: "pill", at: 0.6)
        let pop = try Self.yellow(style: "pop", at: 0.6)
        // The box is filled (all but the dark glyphs on it): over twice the pixels of the glyphs alone,
        // around the second word.
        #expect(pill.count > 2 * plain.count, "\(pill.count) against \(plain.count)")
        #expect(pill.columns.allSatisfy { $0 > 300 } && !pill.columns.isEmpty)
        // The word pops a size larger (Pango's `larger`, 1.2 times): taller and wider glyphs.
        #expect(pop.rows >= plain.rows + 2, "\(pop.rows) rows against \(plain.rows)")
        #expect(pop.columns.count > plain.columns.count + 5, "\(pop.columns.count) against \(plain.columns.count)")
        #expect(pop.columns.allSatisfy { $0 > 300 } && !pop.columns.isEmpty)
        // Before the second word, the first one has the box.
        #expect(try Self.yellow(style: "pill", at: 0.2).columns.allSatisfy { $0 < 340 })
    }

    /// Right-to-left words are laid out by Pango from the right: the first word spoken is the
    /// rightmost; and an emoji is drawn in colour (Noto Color Emoji, which install-deps installs).
    @Test func rightToLeftTextRunsFromTheRightAndEmojiAreInColour() throws {
        let renderer = try Self.renderer([Self.word("שלום", 0, 0.5), Self.word("עולם", 0.5, 1.0)])
        let first = try Self.yellowColumns(renderer, at: 0.2)
        let second = try Self.yellowColumns(renderer, at: 0.7)
        #expect(!first.isEmpty && !second.isEmpty)
        #expect((first.min() ?? 0) > (second.max() ?? 640), "the first word is right of the second")

        let emoji = [Self.word("Party", 0, 0.5), Self.word("🎉", 0.5, 1.0)]
        var style = CaptionStyle()
        style.outlineWidth = 0
        let image = try Self.renderer(emoji, style: style).image(at: 0.2)
        // Colours that are neither the white text, the yellow mark nor the blue background: the emoji's.
        let coloured = (0..<640).contains { x in
            (200..<360).contains { y in
                let p = image.pixel(atX: x, y: y)
                return p.red > 0.6 && p.blue < 0.3 && p.green < 0.6
            }
        }
        #expect(coloured, "the emoji is drawn in colour")
    }

    /// Japanese, Chinese and Korean captions are drawn with a CJK font (Noto Sans CJK, which
    /// install-deps installs), not as boxes: the caption font has no CJK glyphs, Pango falls back,
    /// and the words are as wide as their characters; the first word is marked, left of the second.
    @Test(arguments: [["こんにちは", "世界"], ["你好", "世界"], ["안녕하세요", "세계"]])
    func cjkCaptionsHaveGlyphsAndMarkTheSpokenWord(words: [String]) throws {
        let style = CaptionStyle()
        let font = TextStyle(font: Font(family: style.fontFamily, size: 27, weight: .bold))
        #expect(font.unknownGlyphCount(in: words.joined()) == 0)
        let renderer = try Self.renderer([Self.word(words[0], 0, 0.5), Self.word(words[1], 0.5, 1.0)], style: style)
        let first = try Self.yellowColumns(renderer, at: 0.2)
        let second = try Self.yellowColumns(renderer, at: 0.7)
        // A CJK character is about an em wide; the marked word spans at least half an em per character.
        #expect((first.max() ?? 0) - (first.min() ?? 0) > 27 * words[0].count / 2, "the first word is marked")
        #expect((first.max() ?? 0) < (second.min() ?? 0), "the first word is left of the second")
    }

    /// Chinese and Japanese words are joined without spaces; words of other scripts (Korean too)
    /// with one; and a page's length counts only the spaces shown.
    @Test func cjkWordsAreJoinedWithoutSpaces() {
        #expect(!CaptionsContent.spaced(Self.word("你好", 0, 1), Self.word("世界", 1, 2)))
        #expect(!CaptionsContent.spaced(Self.word("こんにちは", 0, 1), Self.word("。", 1, 2)))
        #expect(!CaptionsContent.spaced(Self.word("Hi", 0, 1), Self.word("世界", 1, 2)))
        #expect(CaptionsContent.spaced(Self.word("안녕", 0, 1), Self.word("하세요", 1, 2)))
        #expect(CaptionsContent.spaced(Self.word("Hello", 0, 1), Self.word("there", 1, 2)))
        var style = CaptionStyle()
        style.charactersPerLine = 4
        style.linesPerPage = 1
        // Eight characters without spaces make two pages of four; with spaces, "ab cd" is five.
        let chinese = ["一二", "三四", "五六", "七八"].enumerated().map { Self.word($1, Double($0), Double($0) + 1) }
        #expect(CaptionsContent(words: chinese, style: style).pages.map(\.words) == [0..<2, 2..<4])
        let latin = ["ab", "cd", "ef", "gh"].enumerated().map { Self.word($1, Double($0), Double($0) + 1) }
        #expect(CaptionsContent(words: latin, style: style).pages.map(\.words) == [0..<1, 1..<2, 2..<3, 3..<4])
    }

    @Test func aSceneFileTakesACaptionsLayerAndNamesABadStyle() throws {
        ContentKinds.register(Subtitles.self)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[{\"text\": \"Hi\", \"startMs\": 0, \"endMs\": 800}]".utf8).write(
            to: folder.appendingPathComponent("words.json"))
        let good =
            "canvas: {width: 320, height: 180, duration: 1}\nlayers:\n  - type: captions\n    source: words.json\n    style: boxed\n    activeColor: red\n"
        let scene = try SceneFile.decode(good, format: .yaml, fileName: "s.yaml", baseURL: folder, variables: [:])
        let image = try SceneRenderer(scene: scene).image(at: 0.5)
        let red = (0..<320).contains { x in
            (100..<170).contains { y in
                let p = image.pixel(atX: x, y: y)
                return p.red > 0.9 && p.green < 0.2 && p.blue < 0.2
            }
        }
        #expect(red)
        // Every key of the type is its own: `verticalPosition` (not the common `position`) moves the page up.
        let high = try SceneFile.decode(
            good + "    verticalPosition: 0.2\n", format: .yaml, fileName: "s.yaml", baseURL: folder, variables: [:])
        let raised = try SceneRenderer(scene: high).image(at: 0.5)
        let redRows = (0..<180).filter { y in
            (0..<320).contains { x in
                let p = raised.pixel(atX: x, y: y)
                return p.red > 0.9 && p.green < 0.2 && p.blue < 0.2
            }
        }
        #expect(!redRows.isEmpty && redRows.allSatisfy { $0 < 70 }, "rows \(redRows)")
        let bad = good.replacingOccurrences(of: "style: boxed", with: "style: neon")
        #expect {
            _ = try SceneFile.decode(bad, format: .yaml, fileName: "s.yaml", baseURL: folder, variables: [:])
        } throws: { error in
            "\(error)"
                == "s.yaml:5:12: `layers[0].style` is \"neon\" but must be one of boxed, classic, karaoke, pill, pop."
        }
    }
}
