import Foundation
import FrameDraw
import MovieKitScene
import PropertyBased
import Testing

@testable import MovieKitSubtitles

/// WebVTT `STYLE` blocks: their `::cue` rules read (selectors, the cascade, what is not applied and
/// where), and applied to the cues drawn (colour, backing, size, classes, speakers, `:past` and
/// `:future`).
@Suite("WebVTT style sheets", .shrinking(false))
struct CueStyleSheetTests {
    static func file(_ style: String, cues: String) throws -> WebVTTFile {
        try WebVTTFile(parsing: "WEBVTT\n\nSTYLE\n\(style)\n\n\(cues)", fileName: "talk.vtt")
    }

    static func node(_ type: String?, classes: [String] = [], voice: String? = nil) -> CueNode {
        var node = CueNode(type: type, classes: classes)
        node.voice = voice
        return node
    }

    @Test func selectorsMatchTagsClassesSpeakersLanguagesAndTheCue() throws {
        let sheet = CueStyleSheet(
            css: """
                ::cue { color: white }
                ::cue(b) { color: red }
                ::cue(.loud) { font-weight: 900 }
                ::cue(v[voice="Ann"]) { color: lime }
                ::cue(v[voice]) { font-style: italic }
                ::cue(:lang(en)) { text-decoration: underline }
                ::cue(#\\31 0) { opacity: 0.5 }
                ::cue(v > b) { font-size: 2em }
                ::cue(c i) { font-family: "DejaVu Serif", serif }
                """)
        #expect(sheet.warnings.isEmpty, "\(sheet.warnings)")
        let cue = CueNode(id: "10")
        let ann = Self.node("v", voice: "Ann")
        #expect(sheet.declarations(for: [cue]).opacity == 0.5, "`#\\31 0` is the id 10")
        #expect(sheet.declarations(for: [CueNode(id: "1")]).opacity == nil)
        #expect(sheet.declarations(for: [cue]).color == .white)
        #expect(sheet.declarations(for: [cue, Self.node("b")]).color == Color(red: 1, green: 0, blue: 0))
        #expect(sheet.declarations(for: [cue, ann]).color == Color(red: 0, green: 1, blue: 0))
        #expect(sheet.declarations(for: [cue, ann]).italic == true)
        #expect(sheet.declarations(for: [cue, Self.node("v", voice: "Bob")]).color == nil)
        #expect(sheet.declarations(for: [cue, Self.node("c", classes: ["loud", "x"])]).fontWeight == 900)
        #expect(sheet.declarations(for: [cue, ann, Self.node("b")]).fontSize == .relative(2), "child")
        #expect(sheet.declarations(for: [cue, ann, Self.node("i"), Self.node("b")]).fontSize == nil, "not a child")
        #expect(
            sheet.declarations(for: [cue, Self.node("c"), Self.node("u"), Self.node("i")]).fontFamily
                == "DejaVu Serif,serif")
        var english = Self.node("lang")
        english.language = "en-gb"
        #expect(sheet.declarations(for: [cue, english]).decoration == [.underline], "`:lang(en)` matches en-GB")
    }

    /// The style block YouTube writes in the WebVTT captions it serves (a class per text colour,
    /// each rule's `}` on a line of its own after a space).
    @Test func youTubesColourClassesApply() throws {
        let file = try Self.file(
            """
            ::cue(c.colorCCCCCC) { color: rgb(204,204,204);
             }
            ::cue(c.colorE5E5E5) { color: rgb(229,229,229);
             }
            """,
            cues:
                "00:00:00.120 --> 00:00:05.000 align:start position:0%\n<c.colorE5E5E5>so</c><c.colorCCCCCC> today</c>")
        #expect(file.warnings.isEmpty, "\(file.warnings)")
        let grey = file.styleSheet.declarations(for: [CueNode(), Self.node("c", classes: ["colorCCCCCC"])]).color
        #expect(grey.map { abs($0.red - 0.8) < 0.001 && abs($0.blue - 0.8) < 0.001 } == true)
        let image = try Self.image(file, at: 1)
        let lightGrey = { (p: Color) in abs(p.red - 0.9) < 0.02 && abs(p.green - 0.9) < 0.02 && abs(p.blue - 0.9) < 0.02
        }
        let darkerGrey = { (p: Color) in
            abs(p.red - 0.8) < 0.02 && abs(p.green - 0.8) < 0.02 && abs(p.blue - 0.8) < 0.02
        }
        #expect(Self.count(image, x: 0..<640, y: 300..<400, lightGrey) > 10, "`so` in #E5E5E5")
        #expect(Self.count(image, x: 0..<640, y: 300..<400, darkerGrey) > 10, "`today` in #CCCCCC")
    }

    @Test func theCascadeRanksImportanceThenSpecificityThenOrder() {
        let sheet = CueStyleSheet(
            css: """
                ::cue(.a) { color: red }
                ::cue(c) { color: blue }
                ::cue(c.a) { background: yellow }
                ::cue(c.a) { background-color: lime }
                ::cue(c) { font-weight: bold !important }
                ::cue(c.a.b) { font-weight: 100 }
                """)
        let declarations = sheet.declarations(for: [CueNode(), Self.node("c", classes: ["a", "b"])])
        #expect(declarations.color == Color(red: 1, green: 0, blue: 0), "a class outranks a later type")
        #expect(declarations.background == Color(red: 0, green: 1, blue: 0), "the later of two equal rules")
        #expect(declarations.fontWeight == 700, "!important outranks a more specific rule")
    }

    @Test func whatIsNotAppliedIsNamedWithItsLine() throws {
        let file = try Self.file(
            """
            /* a comment
               over two lines */
            video::cue { color: red }
            ::cue {
              text-shadow: 0 0 2px black;
              position: absolute;
              color: notacolour;
              font-size: 7vh;
            }
            @media (min-width: 100px) { ::cue { color: blue } }
            ::cue(:hover) { color: red }
            """, cues: "00:00.000 --> 00:01.000\nHi")
        let warnings = file.warnings.joined(separator: "\n")
        #expect(warnings.contains("talk.vtt:6: The rule for `video::cue` is not applied"), "\(warnings)")
        #expect(warnings.contains("talk.vtt:8: `text-shadow` is not applied: MovieKit does not draw it."))
        #expect(
            warnings.contains(
                "talk.vtt:9: `position` is not applied: WebVTT allows only text, colour, background, font and outline properties in `::cue` rules."
            ))
        #expect(warnings.contains("talk.vtt:10: `color: notacolour` is not applied"))
        #expect(warnings.contains("talk.vtt:13: `@media (min-width: 100px)` is not applied"))
        #expect(warnings.contains("talk.vtt:14: The rule for `::cue(:hover)` is not applied"))
        #expect(file.warnings.count == 6, "\(warnings)")
        // What could be read still applies.
        #expect(file.styleSheet.declarations(for: [CueNode()]).fontSize == .viewportHeight(0.07))
        #expect(file.styleSheet.declarations(for: [CueNode()]).color == nil)
    }

    @Test func aMisspeltPropertyOrColourIsNamedWithTheNearestOne() {
        let sheet = CueStyleSheet(css: "::cue {\n  colour: red;\n  color: rde;\n  background: lightgreeen\n}")
        #expect(
            sheet.warnings == [
                "style.css:2: `colour` is not applied: it is not a property of `::cue` rules (did you mean `color`?).",
                "style.css:3: `color: rde` is not applied: MovieKit cannot read that value (did you mean `red`?), so the property keeps its value from other rules.",
                "style.css:4: `background: lightgreeen` is not applied: MovieKit cannot read that value (did you mean `lightgreen`?), so the property keeps its value from other rules."
            ], "\(sheet.warnings)")
    }

    @Test func cssColoursAreReadInEveryForm() {
        let cases: [(String, Color?)] = [
            ("#0F08", Color(red: 0, green: 1, blue: 0, alpha: 0.5333)),
            ("rgb(255 0 0 / 50%)", Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
            ("RGBA(0, 0, 255, .25)", Color(red: 0, green: 0, blue: 1, alpha: 0.25)),
            ("hsl(120, 100%, 25%)", Color(red: 0, green: 0.5, blue: 0)),
            ("hsl(-120deg 100% 50%)", Color(red: 0, green: 0, blue: 1)),
            ("PapayaWhip", Color(red: 1, green: 0xEF / 255.0, blue: 0xD5 / 255.0)),
            ("rebeccapurple", Color(red: 0x66 / 255.0, green: 0x33 / 255.0, blue: 0x99 / 255.0)),
            ("rgb(1, 2 3)", nil), ("hsl(1, 2, 3)", nil), ("#12345", nil), ("nocolour", nil)
        ]
        for (text, expected) in cases {
            let color = CSSColor.parse(text)
            if let expected, let color {
                let close = [
                    (color.red, expected.red), (color.green, expected.green), (color.blue, expected.blue),
                    (color.alpha, expected.alpha)
                ].allSatisfy { abs($0 - $1) < 0.002 }
                #expect(close, "\(text) → \(color)")
            } else {
                #expect((color == nil) == (expected == nil), "\(text) → \(String(describing: color))")
            }
        }
        #expect(CSSColor.names.count == 149, "CSS's 148 names and transparent")
    }

    // MARK: - Drawn

    static let blue = Color(red: 0, green: 0, blue: 1)

    static func image(_ file: WebVTTFile, at time: Double, width: Int = 640, height: Int = 400) throws -> Image {
        var canvas = Canvas(width: width, height: height, fps: 10, duration: 10)
        canvas.background = blue
        let content = SubtitlesContent(cues: file.cues, styleSheet: file.styleSheet)
        return try SceneRenderer(scene: Scene(canvas: canvas, layers: [Layer(.timed(content))])).image(at: time)
    }

    /// The pixels of `image` in a rectangle that match `test`.
    static func count(_ image: Image, x: Range<Int>, y: Range<Int>, _ test: (Color) -> Bool) -> Int {
        y.reduce(0) { total, row in total + x.filter { test(image.pixel(atX: $0, y: row)) }.count }
    }

    @Test func theCuesColourAndBackgroundReplaceTheDefaults() throws {
        let plain = try Self.file("", cues: "00:00.000 --> 00:05.000\nHello there")
        let styled = try Self.file(
            "::cue { color: yellow; background-color: transparent }", cues: "00:00.000 --> 00:05.000\nHello there")
        let before = try Self.image(plain, at: 1)
        let after = try Self.image(styled, at: 1)
        let rows = 340..<400
        let backing = { (p: Color) in p.red < 0.05 && p.green < 0.05 && abs(p.blue - 0.2) < 0.05 }
        let yellow = { (p: Color) in p.red > 0.9 && p.green > 0.9 && p.blue < 0.1 }
        #expect(Self.count(before, x: 0..<640, y: rows, backing) > 500)
        #expect(Self.count(after, x: 0..<640, y: rows, backing) == 0, "background-color: transparent")
        #expect(Self.count(before, x: 0..<640, y: rows, yellow) == 0)
        #expect(Self.count(after, x: 0..<640, y: rows, yellow) > 100)
    }

    @Test func classesAndSpeakersTakeTheirRulesAndTheRestKeepsTheCues() throws {
        let file = try Self.file(
            """
            ::cue(v[voice="Ann"]) { color: lime }
            ::cue(.shout) { color: red; font-size: 150% }
            """,
            cues:
                "00:00.000 --> 00:05.000 line:0\n<v Ann>Ann speaks</v>\n\n00:00.000 --> 00:05.000\n<c.shout>LOUD</c> quiet"
        )
        let image = try Self.image(file, at: 1)
        let lime = { (p: Color) in p.green > 0.9 && p.red < 0.1 && p.blue < 0.1 }
        let red = { (p: Color) in p.red > 0.9 && p.green < 0.1 && p.blue < 0.1 }
        let white = { (p: Color) in p.red > 0.9 && p.green > 0.9 && p.blue > 0.9 }
        #expect(Self.count(image, x: 0..<640, y: 0..<40, lime) > 50, "Ann's line, at the top, is lime")
        #expect(Self.count(image, x: 0..<640, y: 0..<40, white) == 0)
        #expect(Self.count(image, x: 0..<640, y: 300..<400, red) > 50, "the shout is red")
        #expect(Self.count(image, x: 0..<640, y: 300..<400, white) > 50, "the rest stays white")
        // 150 %: the shouted line is taller than a plain one.
        let plain = try Self.image(try Self.file("", cues: "00:00.000 --> 00:05.000\nLOUD quiet"), at: 1)
        let backing = { (p: Color) in p.blue < 0.5 }
        let styledRows = (0..<400).filter { y in Self.count(image, x: 300..<340, y: y..<(y + 1), backing) > 0 }
        let plainRows = (0..<400).filter { y in Self.count(plain, x: 300..<340, y: y..<(y + 1), backing) > 0 }
        #expect(styledRows.filter { $0 > 200 }.count > plainRows.filter { $0 > 200 }.count + 5)
    }

    @Test func pastAndFutureFollowTheCuesTimestamps() throws {
        let file = try Self.file(
            "::cue(:future) { color: red } ::cue(:past) { color: lime }",
            cues: "00:00.000 --> 00:06.000\nAAAA <00:02.000>BBBB <00:04.000>CCCC")
        let red = { (p: Color) in p.red > 0.9 && p.green < 0.1 && p.blue < 0.1 }
        let lime = { (p: Color) in p.green > 0.9 && p.red < 0.1 && p.blue < 0.1 }
        func split(_ time: Double) throws -> (past: Int, future: Int) {
            let image = try Self.image(file, at: time)
            return (Self.count(image, x: 0..<640, y: 300..<400, lime), Self.count(image, x: 0..<640, y: 300..<400, red))
        }
        let early = try split(1)
        let middle = try split(3)
        let late = try split(5)
        #expect(early.past > 0 && early.future > early.past, "one word said, two to come: \(early)")
        #expect(middle.past > early.past && middle.future < early.future, "\(middle)")
        #expect(late.past > middle.past && late.future == 0, "all said: \(late)")
    }

    @Test func aCueHiddenByItsIdLeavesNothing() throws {
        let file = try Self.file(
            "::cue(#secret) { visibility: hidden }",
            cues: "secret\n00:00.000 --> 00:05.000\nHidden\n\nshown\n00:00.000 --> 00:05.000 line:0\nShown")
        let image = try Self.image(file, at: 1)
        let notBlue = { (p: Color) in p.blue < 0.9 || p.red > 0.1 }
        #expect(Self.count(image, x: 0..<640, y: 200..<400, notBlue) == 0, "neither text nor backing")
        #expect(Self.count(image, x: 0..<640, y: 0..<60, notBlue) > 100)
    }

    /// Sizes at the edges: text shrunk to thousandths of a pixel (where Cairo fails on colour emoji),
    /// to nothing, and grown past any screen; each cue draws, and its backing stays on the video.
    @Test(arguments: ["0", "0.015%", "0.0001em", "1e9px", "100000vh", "xx-small", "smaller"])
    func extremeFontSizesDraw(_ size: String) throws {
        let file = try Self.file(
            "::cue(b) { font-size: \(size) } ::cue(.big) { font-size: 300vh }",
            cues: "00:00.000 --> 00:05.000\n<b>🎬 tiny <c.big>🎬</c></b> plain 🎬")
        #expect(file.warnings.isEmpty, "\(file.warnings)")
        let image = try Self.image(file, at: 1, width: 320, height: 200)
        let notBlue = { (p: Color) in p.blue < 0.9 || p.red > 0.1 }
        #expect(Self.count(image, x: 0..<320, y: 0..<200, notBlue) > 0, "the cue shows")
    }

    /// Huge inputs stay linear: a megabyte of style sheet that never opens a rule, and a cue of ten
    /// thousand nested tags under a sheet (each tag's selectors see all the tags around it).
    @Test(.timeLimit(.minutes(5))) func hugeSheetsAndDeepCuesAreReadAndDrawn() throws {
        let sheet = CueStyleSheet(css: String(repeating: "::cue(b) x ", count: 100_000))
        #expect(sheet.isEmpty)
        let deep = String(repeating: "<b>", count: 10_000) + "deep" + String(repeating: "</b>", count: 10_000)
        let file = try Self.file(
            "::cue(b b b) { color: lime } ::cue(i b b) { color: red }", cues: "00:00.000 --> 00:05.000\n\(deep)")
        let image = try Self.image(file, at: 1)
        let lime = { (p: Color) in p.green > 0.9 && p.red < 0.1 && p.blue < 0.1 }
        #expect(Self.count(image, x: 0..<640, y: 300..<400, lime) > 20)
    }

    // MARK: - Any sheet

    static let ruleParts = [
        "::cue", "::cue(b)", "::cue(.a)", "::cue(v[voice=\"A\"])", "::cue(:past)", "::cue(:future)", "::cue(#x)",
        "::cue(c > i)", "::cue(", "video", ",", "{", "}", ";", ":", "color: red", "color: rgba(0,0,0,0)",
        "background: lime", "font-size: 0", "font-size: 1e9px", "font-size: 300vh", "font-size: 2em", "opacity: 0",
        "opacity: -3", "font: italic bold 12px/2 serif", "font-family: \"<&>\"", "font-weight: 1000",
        "text-decoration: underline overline line-through", "visibility: hidden", "!important", "/*", "*/", "\"",
        "@media x {", "\n"
    ]
    static let textParts = [
        "<b>", "</b>", "<c.a>", "</c>", "<v A>", "</v>", "<i>", "<00:01.000>", "<00:03.000>", "x", " ", "&amp;",
        "<lang en>", "<ruby>", "<rt>", "\n", "🎬"
    ]

    /// Any sheet over any cue text gives markup Pango reads, and a cue that draws (fuzzing the
    /// meaning: huge and zero sizes, hidden text, nested spans, timestamps).
    @Test func anySheetOverAnyTextDraws() async throws {
        await propertyCheck(
            count: 60, input: Gen.int(in: 0...(Self.ruleParts.count - 1)).array(of: 0...20),
            Gen.int(in: 0...(Self.textParts.count - 1)).array(of: 0...16), Gen.double(in: 0...6)
        ) { rules, text, time in
            let css = rules.map { Self.ruleParts[$0] }.joined(separator: " ")
            let cueText = text.map { Self.textParts[$0] }.joined()
            let sheet = CueStyleSheet(css: css)
            let cue = WebVTTCue(id: "x", startTime: 0, endTime: 6, text: cueText)
            let styling = CueStyling(
                sheet: sheet, cue: cue, time: time, viewport: CGSize(width: 320, height: 200), style: SubtitleStyle(),
                fontSize: 10)
            let markup = CueTextMarkup.markup(cueText, styling: styling)
            let style = TextStyle(font: Font(family: styling.fontFamily, size: styling.fontSize))
            #expect(throws: Never.self, "\(css.debugDescription) over \(cueText.debugDescription) → \(markup)") {
                _ = try style.metrics(forMarkup: markup, width: 300)
            }
            var canvas = Canvas(width: 320, height: 200, fps: 10, duration: 6)
            canvas.background = .black
            let content = SubtitlesContent(cues: [cue], styleSheet: sheet)
            #expect(throws: Never.self, "\(css.debugDescription) over \(cueText.debugDescription)") {
                _ = try SceneRenderer(scene: Scene(canvas: canvas, layers: [Layer(.timed(content))])).image(at: time)
            }
        }
    }
}
