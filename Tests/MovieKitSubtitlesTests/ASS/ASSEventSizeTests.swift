import Foundation
import FrameDraw
import MovieKitScene
import TestSupport
import Testing

@testable import MovieKitSubtitles

/// The bound on the picture libass builds for one event (`ASSEventExtent`): events that would have
/// libass hold gigabytes are refused before the first frame, naming their tag; ordinary typesetting is not.
@Suite("ASS event sizes")
struct ASSEventSizeTests {
    static func script(_ text: String, playRes: String = "PlayResX: 96\nPlayResY: 64", style: String? = nil) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        \(playRes)

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        \(style ?? "Style: Default,DejaVu Sans,12,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,4,4,4,1")

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,\(text)

        """
    }

    /// Checks the sizes of `text`'s events as ``ASSContent`` does: with the file as libass reads it.
    static func check(_ text: String, fileName: String) throws {
        let file = try ASSFile(parsing: text, fileName: fileName)
        let script = try LibASSPool(text: text, fonts: [], fileName: fileName, fallbackFamily: "DejaVu Sans")
        try file.checkEventSizes(script.readScript(), text: text, fileName: fileName)
    }

    /// The error reading `text` as an event's Text field throws, if it throws one.
    static func refusal(_ text: String, playRes: String = "PlayResX: 96\nPlayResY: 64", style: String? = nil)
        -> SubtitleError?
    {
        do {
            try check(script(text, playRes: playRes, style: style), fileName: "big.ass")
            return nil
        } catch let error as SubtitleError {
            return error
        } catch {
            return nil
        }
    }

    /// Inputs that had libass allocate 0.5 to 4.5 GB for a 96x64 frame, each refused with the tag to blame.
    @Test(arguments: [
        ("{\\p1}m 0 0 l 30000 0 30000 30000 0 30000", "its drawing, 30000 x 30000", 6),
        ("{\\fscx100000\\fscy100000}AB", "`\\fscx100000`", 2),
        ("{\\fs8000}A", "`\\fs8000`", 2),
        ("{\\bord5000\\blur100}ABCD", "`\\bord5000`", 2),
        ("{\\clip(m 0 0 l 20000 0 20000 20000 0 20000)}AB", "its vector clip, 20000 x 20000", 2),
        ("{\\fscx200\\fscy200\\t(\\fscx9000\\fscy9000)}OOM", "`\\fscx9000`", 21),
        ("{\\q2\\frz45\\fs400}ABCDEFGHIJKLMNOPQRSTUVWXYZ", "`\\fs400`", 11),
        ("{\\fs+90\\fs+90\\fs+90}AB", "`\\fs+90`", 14),
        ("{\\p1}m 0 0 l 1e300 0 1e300 1 0 1", "its drawing, 1e+300 x 1", 6),
        // libass skips bytes that are neither numbers nor commands, so the commas do not split the points.
        ("{\\p1}m 0 0 l 30000, 0 0, 30000", "its drawing, 30000 x 30000", 6)
    ])
    func anEventLibassWouldHoldGigabytesForIsRefusedNamingItsTag(text: String, cause: String, causeColumn: Int) throws {
        let error = try #require(Self.refusal(text))
        guard case .invalidASS(let file, let line, let column, let reason) = error else {
            Issue.record("expected invalidASS, got \(error)")
            return
        }
        #expect(file == "big.ass" && line == 12)
        // The Text field starts at column 51 of the Dialogue line.
        #expect(column == 50 + causeColumn, "\(error)")
        #expect(reason.contains(cause), "\(reason)")
        #expect(reason.contains("the script's 96 x 64 (PlayResX x PlayResY)"), "\(reason)")
        #expect(error.description.hasPrefix("big.ass:12:"))
    }

    /// Ordinary and large-but-sane typesetting in a 640x360 script stays under the bound: a
    /// full-screen drawing, a title as tall as the frame, a long no-wrap banner, a long wrapped
    /// paragraph, a zoom to 400%, blur and borders at libass's clamps.
    @Test(arguments: [
        "{\\an7\\pos(0,0)\\p1}m 0 0 l 640 0 640 360 0 360",
        "{\\fs360}TITLE",
        "{\\q2}" + String(repeating: "A long banner that scrolls by. ", count: 4),
        String(repeating: "Words that wrap onto many lines of the frame. ", count: 40),
        "{\\t(\\fscx400\\fscy400)}Zoom",
        "{\\blur1000\\be1000\\bord3}Soft",
        "{\\frz30\\fs20}Tilted",
        "{\\p4}m 0 0 l 5120 0 5120 2880 0 2880",
        "{\\clip(0,0,100000,100000)}A rectangle clip costs nothing",
        "{\\r\\rMissing}Reset",
        ""
    ])
    func typesettingWithinTheScriptIsRead(text: String) {
        #expect(Self.refusal(text, playRes: "PlayResX: 640\nPlayResY: 360") == nil)
    }

    /// A `{` that opens no block is text, or part of a drawing: the reader goes past it (a drawing
    /// ending in one looped forever, found by `FuzzASS` and kept as
    /// `regression-unclosed-brace-in-a-drawing`), and thousands of them read in one pass.
    @Test func bracesThatOpenNoBlockAreReadPast() throws {
        #expect(Self.refusal("{\\p1}m 0 0 l 40 0 40 40{\\ko0 20 40") == nil)
        #expect(Self.refusal("{\\p1}m 0 0 l 40 0 40 40{{{") == nil)
        // A script large enough for a line of 50,000 glyphs.
        let large = "PlayResX: 20000\nPlayResY: 20000"
        let braces = String(repeating: "{", count: 50_000)
        let file = try ASSFile(parsing: Self.script("{\\an7}" + braces, playRes: large), fileName: "braces.ass")
        #expect(file.events.first?.plainText.count == 50_000)
        #expect(Self.refusal("{\\p1}m 0 0 l 40 0" + braces + "{\\p0}", playRes: large) == nil)
    }

    /// Drawing the file checks the sizes before libass reads it; reading its outline (to list,
    /// inspect or carry it as a track) does not, since nothing is drawn.
    @Test func drawingTheFileChecksTheSizesReadingItDoesNot() throws {
        let text = Self.script("{\\p1}m 0 0 l 30000 0 30000 30000 0 30000")
        let (folder, url) = try ASSTests.write(text, as: "big.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ASSFile(contentsOf: url).events.count == 1)
        #expect(throws: SubtitleError.self) { try ASSContent(contentsOf: url) }
        #expect(throws: SubtitleError.self) {
            try ASSContent(data: Data(text.utf8), fileName: "big.ass", fonts: [], fallbackFamily: "DejaVu Sans")
        }
    }

    /// The bound is relative to the script's size: the drawing refused in a 96x64 script is read in a
    /// 30000x30000 one, and a script without PlayResX and PlayResY is taken as libass takes it, 384x288.
    @Test func theBoundScalesWithTheScript() {
        let drawing = "{\\p1}m 0 0 l 30000 0 30000 30000 0 30000"
        #expect(Self.refusal(drawing, playRes: "PlayResX: 30000\nPlayResY: 30000") == nil)
        let error = Self.refusal("{\\p1}m 0 0 l 2000 0 2000 2000 0 2000", playRes: "")
        #expect(error?.description.contains("384 x 288") == true, "\(String(describing: error))")
    }

    /// A border does not shrink with the script where `ScaledBorderAndShadow` is `no`, so it has a
    /// bound of its own, whatever the script's size.
    @Test func aBorderWiderThanLibassCanHoldIsRefusedAtAnyScriptSize() throws {
        let huge = "PlayResX: 100000\nPlayResY: 100000\nScaledBorderAndShadow: no"
        let error = try #require(Self.refusal("{\\xbord5000}AB", playRes: huge))
        #expect(error.description.contains("big.ass:13:52:"), "\(error)")
        #expect(error.description.contains("border is 5,000 pixels wide because of `\\xbord5000`"), "\(error)")
        #expect(Self.refusal("{\\bord1000}AB", playRes: huge) == nil)
    }

    /// The bound takes each event's style from libass, which gives an event the style of its name
    /// defined above it, else its own default (18 px, 100 %): a style defined below the event with a
    /// scale of 0 does not shrink it (`FuzzASS` found the 30,000-unit drawing drawn at full size that way, kept as
    /// `regression-event-read-before-its-style`).
    @Test func anEventTakesTheStyleDefinedAboveItAsLibassDoes() throws {
        let zeroScale =
            "Style: Default,DejaVu Sans,12,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,0,0,0,0,1,1,0,2,4,4,4,1"
        let stylesBelow = """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 96
            PlayResY: 64

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,{\\p1}m 0 0 l 30000 0 30000 30000 0 30000

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            \(zeroScale)

            """
        #expect(throws: SubtitleError.self) {
            try Self.check(stylesBelow, fileName: "below.ass")
        }
        // Defined above, the same style shrinks the drawing to nothing, as libass draws it.
        #expect(Self.refusal("{\\p1}m 0 0 l 30000 0 30000 30000 0 30000", style: zeroScale) == nil)
        // libass matches style names exactly: a style named `default` is not the event's `Default`.
        let lowercase = zeroScale.replacingOccurrences(of: "Style: Default,", with: "Style: default,")
        #expect(Self.refusal("{\\p1}m 0 0 l 30000 0 30000 30000 0 30000", style: lowercase) != nil)
    }

    /// A style's own values count, and `\r` reaches another style's.
    @Test func stylesValuesCount() {
        let huge =
            "Style: Default,DejaVu Sans,12,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,50000,100,0,0,1,1,0,2,4,4,4,1"
        #expect(Self.refusal("AB", style: huge)?.description.contains("its style's ScaleX 50000") == true)
        // libass reads the number at the start of a field (`50000x` is 50000).
        let trailing = huge.replacingOccurrences(of: ",50000,", with: ",50000x,")
        #expect(Self.refusal("AB", style: trailing)?.description.contains("its style's ScaleX 50000") == true)
        let two =
            "Style: Default,DejaVu Sans,12,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,4,4,4,1\nStyle: Big,DejaVu Sans,9000,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,4,4,4,1"
        #expect(Self.refusal("AB", style: two) == nil)
        #expect(Self.refusal("A{\\rBig}B", style: two)?.description.contains("its style's Fontsize 9000") == true)
    }

    /// libass's regression corpus (`../shared/libass-tests`) is typesetting as it is written: every
    /// event stays at least 4 times under the bound.
    @Test(.enabled(if: SharedFolder.has("libass-tests"), "../shared/libass-tests is not here"))
    func libassCorpusStaysWellUnderTheBound() throws {
        let corpus = SharedFolder.url("libass-tests")
        let files =
            FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { ["ass", "ssa"].contains($0.pathExtension) } ?? []
        try #require(files.count >= 20, "libass's corpus is not at \(corpus.path)")
        var largest = (ratio: 0.0, where: "")
        for url in files {
            let text = SubtitleText.decode(try Data(contentsOf: url)).text
            let pool = try LibASSPool(text: text, fonts: [], fileName: url.path, fallbackFamily: "DejaVu Sans")
            let share = pool.readScript().largestEventShare
            if share > largest.ratio { largest = (share, url.lastPathComponent) }
        }
        #expect(largest.ratio < ASSEventExtent.limitInScriptAreas / 4, "\(largest)")
    }
}
