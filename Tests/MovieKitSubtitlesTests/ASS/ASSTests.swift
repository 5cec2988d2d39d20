import Foundation
import FrameDraw
import MovieKitScene
import MovieKitSubtitles
import Testing

/// ASS and SSA files: the outline MovieKit reads to check them, and libass's pictures composited
/// at exact frame times.
@Suite("ASS subtitles")
struct ASSTests {
    static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 320
        PlayResY: 180

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// A red 40x40 square drawn (no font needed) with its top-left corner at (20, 30), from 1 s to 2 s.
    static let square =
        header
        + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,Ann,0,0,0,,{\\an7\\pos(20,30)\\bord0\\shad0\\1c&H0000FF&\\p1}m 0 0 l 40 0 40 40 0 40{\\p0}\n"

    static func write(_ text: String, as name: String = "talk.ass") throws -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return (folder, url)
    }

    @Test func readsTheScriptSizeStylesAndEvents() throws {
        let file = try ASSFile(
            parsing: Self.header
                + "Dialogue: 1,0:00:01.50,0:01:02.05,Default,Bob,0,0,0,,{\\k20}Hello,\\Nworld\\h!{\\p1}m 0 0 l 1 1{\\p0}\n"
        )
        #expect(file.playResX == 320 && file.playResY == 180)
        #expect(file.naturalSize == (320, 180))
        #expect(file.styleNames == ["Default"] && file.styleFonts == ["DejaVu Sans"])
        let event = try #require(file.events.first)
        #expect(event.startTime == 1.5 && event.endTime == 62.05)
        #expect(event.layer == 1 && event.name == "Bob" && event.line == 12)
        #expect(event.plainText == "Hello,\nworld\u{00A0}!")
        #expect(file.cues.map(\.text) == ["Hello,\nworld\u{00A0}!"])
        // Without PlayRes, libass's 4:3 for the missing side, and 1920x1080 without either.
        #expect(try ASSFile(parsing: "[Script Info]\nPlayResY: 720\n").naturalSize == (960, 720))
        #expect(try ASSFile(parsing: "").naturalSize == (1920, 1080))
    }

    @Test(arguments: [
        ("Format: Layer, Start, End, Style, Text, Effect", 11, 9, "ends with `Effect` instead of `Text`"),
        ("Format: Layer, Start, Style, Text", 11, 9, "no `End` field")
    ])
    func aBrokenEventsFormatLineIsNamedWithItsLineAndColumn(line: String, number: Int, column: Int, says: String) {
        let text = Self.header.replacingOccurrences(
            of: "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text", with: line)
        #expect {
            _ = try ASSFile(parsing: text, fileName: "talk.ass")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("talk.ass:\(number):\(column): ") && message.contains(says)
        }
    }

    @Test func aBadTimeAndAnEventEndingBeforeItStartsAreNamed() {
        #expect {
            _ = try ASSFile(
                parsing: Self.header + "Dialogue: 0,0:00:01.00,0:0x:02.00,Default,,0,0,0,,Hi\n", fileName: "t.ass")
        } throws: { error in
            // The End field starts after "Dialogue: 0,0:00:01.00,", at column 24.
            "\(error)".hasPrefix("t.ass:12:24: ") && "\(error)".contains("`0:0x:02.00` is not an ASS time")
        }
        #expect(throws: SubtitleError.endsBeforeStart(file: "t.ass", line: 12, start: 2, end: 1)) {
            _ = try ASSFile(
                parsing: Self.header + "Dialogue: 0,0:00:02.00,0:00:01.00,Default,,0,0,0,,Hi\n", fileName: "t.ass")
        }
        #expect(throws: SubtitleError.self) {
            _ = try ASSFile(parsing: Self.header + "Dialogue: 0,0:00:01.00\n", fileName: "t.ass")
        }
        // libass shows nothing of a file that does not say it is ASS or SSA.
        #expect {
            _ = try ASSFile(
                parsing: "[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n", fileName: "t.ass")
        } throws: { "\($0)".hasPrefix("t.ass:1:1: ") && "\($0)".contains("ScriptType: v4.00+") }
    }

    @Test func libassDrawsTheEventExactlyWhereAndWhenItShows() throws {
        let (folder, url) = try Self.write(Self.square)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try SubtitleOverlay.document(contentsOf: url)
        #expect(document.scene.canvas.width == 320 && document.scene.canvas.height == 180)
        #expect(document.hasTransparentCanvas)
        let renderer = try SceneRenderer(scene: document.scene)
        // Frame 30 at 30 fps is 1 s, when the event starts; frame 29 is before it.
        let shown = try renderer.image(at: renderer.canvas.time(ofFrame: 30))
        let before = try renderer.image(at: renderer.canvas.time(ofFrame: 29))
        let inside = shown.pixel(atX: 40, y: 50)
        #expect(inside.red > 0.99 && inside.green < 0.01 && inside.blue < 0.01 && inside.alpha > 0.99)
        #expect(shown.pixel(atX: 19, y: 50).alpha == 0 && shown.pixel(atX: 61, y: 50).alpha == 0)
        #expect(shown.pixel(atX: 40, y: 29).alpha == 0 && shown.pixel(atX: 40, y: 71).alpha == 0)
        #expect(before.pixel(atX: 40, y: 50).alpha == 0)
        // At twice the size the square is laid out at twice the size, not scaled from a smaller picture.
        let large = try SubtitleOverlay.document(contentsOf: url, size: (640, 360))
        let big = try SceneRenderer(scene: large.scene).image(at: 1.5)
        #expect(big.pixel(atX: 80, y: 100).alpha > 0.99 && big.pixel(atX: 39, y: 100).alpha == 0)
        #expect(big.pixel(atX: 119, y: 100).alpha > 0.99 && big.pixel(atX: 121, y: 100).alpha == 0)
    }

    /// libass reads `[V4 Styles]` and `[V4+ Styles]` only: the styles of a `[V4++ Styles]` section are not used,
    /// and a warning says so and how to fix it.
    @Test func aV4PlusPlusStylesSectionIsNamedBecauseLibassDoesNotReadIt() throws {
        let green = Self.square.replacingOccurrences(of: "\\1c&H0000FF&", with: "")
            .replacingOccurrences(of: "&H00FFFFFF,&H000000FF", with: "&H0000FF00,&H000000FF")
        let plusPlus = green.replacingOccurrences(of: "[V4+ Styles]", with: "[V4++ Styles]")
        let warnings = try ASSFile(parsing: plusPlus, fileName: "pp.ass").warnings
        #expect(
            warnings.count == 1 && warnings.first?.hasPrefix("pp.ass:6: libass does not read a [V4++ Styles]") == true)
        #expect(warnings.first?.contains("rename the heading to [V4+ Styles]") == true)
        #expect(try ASSFile(parsing: green).warnings.isEmpty)
        // What the warning says: the square takes the style's green under [V4+ Styles], libass's default white
        // under [V4++ Styles].
        for (text, styled) in [(green, true), (plusPlus, false)] {
            let (folder, url) = try Self.write(text)
            defer { try? FileManager.default.removeItem(at: folder) }
            let image = try SceneRenderer(scene: SubtitleOverlay.document(contentsOf: url).scene).image(at: 1.5)
            let pixel = image.pixel(atX: 40, y: 50)
            #expect(pixel.alpha > 0.99 && pixel.green > 0.9)
            #expect((pixel.red < 0.1) == styled, "\(pixel)")
        }
    }

    @Test func aSubtitlesLayerOfAnASSFileDrawsOverTheScene() throws {
        let (folder, url) = try Self.write(Self.square)
        defer { try? FileManager.default.removeItem(at: folder) }
        var canvas = Canvas(width: 320, height: 180, fps: 25, duration: 3)
        canvas.background = .blue
        let scene = Scene(canvas: canvas, layers: [try Layer.subtitles(contentsOf: url)])
        let image = try SceneRenderer(scene: scene).image(at: 1.2)
        let square = image.pixel(atX: 40, y: 50)
        let background = image.pixel(atX: 200, y: 50)
        #expect(square.red > 0.99 && square.blue < 0.01)
        #expect(background.blue > 0.99 && background.red < 0.01)
    }

    /// With only the fonts it is given (the fuzz target's set-up), a line that changes to a font that is not
    /// among them draws the rest in the fallback family. Without a fallback libass drew nothing after the change
    /// and leaked the font it failed to find (FuzzASS's finding under LeakSanitizer, kept as
    /// `regression-line-changes-to-a-missing-font`).
    @Test func aLineThatChangesToAMissingFontDrawsItInTheFallbackFamily() throws {
        let dejaVu = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        func inkColumns(_ text: String) throws -> Int {
            let script = Self.header + "Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,{\\an7\\pos(10,10)}\(text)\n"
            let content = try ASSContent(
                data: Data(script.utf8), fileName: "fonts.ass", fonts: [dejaVu], fallbackFamily: "DejaVu Sans")
            var canvas = Canvas(width: 320, height: 180, fps: 10, duration: 1)
            canvas.background = .clear
            let scene = Scene(canvas: canvas, layers: [Layer(.timed(content))])
            let image = try SceneRenderer(scene: scene).image(at: 0.5)
            return (0..<320).filter { x in (0..<180).contains { image.pixel(atX: x, y: $0).alpha > 0.5 } }.count
        }
        let first = try inkColumns("a")
        let changed = try inkColumns("a{\\fnNo Such Font}WWWW")
        let same = try inkColumns("aWWWW")
        #expect(first > 0)
        #expect(changed > first + 40, "\(changed) columns of ink against \(first) for the first letter alone")
        #expect(changed == same)
    }

    @Test func aStylesFontThatIsNowhereIsNamedWithItsLineAndColumn() throws {
        let text = Self.square.replacingOccurrences(
            of: "Style: Default,DejaVu Sans,", with: "Style: Default,Comic Nowhere Sans,")
        let (folder, url) = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = try ASSContent(contentsOf: url)
        #expect(content.fontWarnings.count == 1)
        #expect(
            content.fontWarnings.first?.hasPrefix(
                "\(url.path):8:16: The style `Default` names the font `Comic Nowhere Sans`") == true)
        #expect(try SubtitleDocument(contentsOf: url).warnings.contains { $0.contains("Comic Nowhere Sans") })
        // An installed font, in any case, is found.
        let (other, installed) = try Self.write(
            Self.square.replacingOccurrences(of: "DejaVu Sans", with: "dejavu sans"))
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(try ASSContent(contentsOf: installed).fontWarnings.isEmpty)
    }

    @Test func theFileIsReadAsADocumentAndInspected() throws {
        let (folder, url) = try Self.write(Self.square, as: "talk.ssa")
        defer { try? FileManager.default.removeItem(at: folder) }
        ContentKinds.register(Subtitles.self)
        let document = try SceneDocument.load(contentsOf: url)
        #expect(document.format == "subtitle file")
        #expect(document.scene.canvas.duration == 2)
        let inspection = SubtitleInspection(try SubtitleDocument(contentsOf: url))
        #expect(inspection.format == "ASS")
        #expect(inspection.cues.map(\.startTime) == [1] && inspection.cues.map(\.endTime) == [2])
    }
}

/// Subtitle files as tracks carried in a movie.
@Suite("Subtitle documents as tracks")
struct SubtitleDocumentTrackTests {
    @Test func cueTagsBecomeASSOverrideTagsAndOthersKeepTheirText() throws {
        let file = try WebVTTFile(
            parsing:
                "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann><b>Bold</b> <i>it</i> <u>u</u> <c.yellow>c</c> a&amp;b {x}\nline\n"
        )
        let track = SubtitleDocument.webVTT(file).track(language: "eng", isDefault: true)
        #expect(track.events.map(\.text) == ["{\\b1}Bold{\\b0} {\\i1}it{\\i0} {\\u1}u{\\u0} c a&b (x)\\Nline"])
        #expect(track.language == "eng" && track.isDefault && track.assHeader == nil)
        let srt = try SRTFile(parsing: "1\n00:00:01,000 --> 00:00:02,000\n<font color=\"#FF8000\">orange</font>\n")
        #expect(SubtitleDocument.srt(srt).track().events.map(\.text) == ["{\\c&H0080FF&}orange{\\c}"])
    }

    @Test func anASSFileKeepsItsHeaderAndEvents() throws {
        let file = try ASSFile(
            parsing: ASSTests.header + "Dialogue: 2,0:00:01.00,0:00:02.50,Default,Bob,1,2,3,Banner;5,{\\k20}Hi\n")
        let track = SubtitleDocument.ass(file).track()
        let header = try #require(track.assHeader)
        #expect(header.contains("PlayResX: 320") && header.contains("Style: Default,DejaVu Sans"))
        #expect(
            header.hasSuffix(
                "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"))
        #expect(header.components(separatedBy: "[Events]").count == 2, "one [Events] heading")
        let event = try #require(track.events.first)
        #expect(event.start == 1 && event.end == 2.5 && event.layer == 2 && event.name == "Bob")
        #expect(event.marginL == 1 && event.marginR == 2 && event.marginV == 3 && event.effect == "Banner;5")
        #expect(event.text == "{\\k20}Hi")
    }
}
