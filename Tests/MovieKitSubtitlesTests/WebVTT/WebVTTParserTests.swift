import Foundation
import MovieKitSubtitles
import Testing

/// The WebVTT parser follows the specification's algorithm step by step: what it keeps, what it
/// skips, and the value of every cue setting.
@Suite("WebVTT parser")
struct WebVTTParserTests {
    static func parse(_ text: String) throws -> WebVTTFile { try WebVTTFile(parsing: text, fileName: "t.vtt") }

    @Test func readsCuesWithIdsTimesAndText() throws {
        let file = try Self.parse(
            "WEBVTT - a title\n\n1\n00:01.000 --> 00:04.250\nHello\nworld\n\n01:00:00.000 --> 01:00:01.000\n<v Ann>Bye\n"
        )
        #expect(file.cues.count == 2)
        #expect(file.cues[0].id == "1" && file.cues[0].startTime == 1 && file.cues[0].endTime == 4.25)
        #expect(file.cues[0].text == "Hello\nworld")
        #expect(file.cues[1].id == "" && file.cues[1].startTime == 3600 && file.cues[1].text == "<v Ann>Bye")
        #expect(file.cues[0].sourceLine == 4 && file.warnings.isEmpty)
    }

    @Test(arguments: ["", "WEBVT", "webvtt\n", "WEBVTTX\n", "\u{FEFF}WEBVTT-\n", "x\nWEBVTT\n"])
    func refusesTextWithoutTheSignature(_ text: String) {
        #expect(throws: SubtitleError.self) { try Self.parse(text) }
    }

    @Test(arguments: ["WEBVTT", "WEBVTT\n", "\u{FEFF}WEBVTT\n", "WEBVTT \tx\n", "WEBVTT\r\n", "WEBVTT\r"])
    func acceptsEverySignatureTheSpecificationAllows(_ text: String) throws {
        #expect(try Self.parse(text).cues.isEmpty)
    }

    @Test func crLfAndCrEndLinesAndNulBecomesAReplacementCharacter() throws {
        let file = try Self.parse("WEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\na\0b\rc\r\n")
        #expect(file.cues.map(\.text) == ["a\u{FFFD}b\nc"])
    }

    @Test func timestampsNeedTwoDigitMinutesAndSecondsAndThreeDigitFractions() throws {
        let file = try Self.parse(
            """
            WEBVTT

            00:00.000 --> 00:00.001
            valid

            0:00.000 --> 00:01.000
            one-digit minutes

            00:00,000 --> 00:01.000
            comma

            00:60.000 --> 00:61.000
            sixty seconds

            100:00:00.000 --> 100:00:01.000
            three-digit hours

            60:00.000 --> 60:01.000
            sixty is hours, then no seconds

            """)
        #expect(file.cues.map(\.text) == ["valid", "three-digit hours"])
        #expect(file.cues[1].startTime == 360_000)
        #expect(file.warnings.count == 4)
        #expect(file.warnings.first?.hasPrefix("t.vtt:6: `0:00.000 --> 00:01.000` is not a WebVTT timing line") == true)
    }

    @Test func aCueThatEndsBeforeItStartsIsKeptAndNamed() throws {
        let file = try Self.parse("WEBVTT\n\n00:02.000 --> 00:01.000\nbackwards\n")
        #expect(file.cues.count == 1)
        #expect(
            file.warnings == [
                "t.vtt:3: The cue ends at 00:00:01.000, not after it starts at 00:00:02.000, so it never shows; give it an end time after its start."
            ])
    }

    @Test func aCueHoursOfDigitsLongIsReadAndNamedWithoutOverflow() throws {
        // Found by FuzzWebVTT: the warning's timestamp overflowed Int.
        let hours = String(repeating: "9", count: 40)
        let file = try Self.parse("WEBVTT\n\n\(hours):00:00.000 --> 00:01.000\nlate\n")
        #expect(file.cues.count == 1 && file.cues[0].startTime > 1e40)
        #expect(file.warnings.first?.contains("not after it starts at 3.6e+43 seconds") == true)
    }

    @Test func aSecondTimingLineStartsANewCueWithoutABlankLine() throws {
        let file = try Self.parse("WEBVTT\n\n00:00.000 --> 00:01.000\na\n00:01.000 --> 00:02.000\nb\n")
        #expect(file.cues.map(\.text) == ["a", "b"])
    }

    @Test func notesStylesAndRegionsAreNotCues() throws {
        let file = try Self.parse(
            """
            WEBVTT

            NOTE a comment
            over two lines

            STYLE
            ::cue { color: yellow }

            REGION
            id:low width:40% lines:2 regionanchor:10%,90% viewportanchor:50%,95% scroll:up

            00:00.000 --> 00:01.000 region:low
            in the region

            STYLE
            ::cue { color: red }

            """)
        #expect(file.cues.count == 1)
        #expect(file.styleSheets == ["::cue { color: yellow }"])
        let region = try #require(file.cues[0].region)
        #expect(region.id == "low" && region.width == 40 && region.lines == 2 && region.scroll == .up)
        #expect(region.regionAnchorX == 10 && region.regionAnchorY == 90)
        #expect(region.viewportAnchorX == 50 && region.viewportAnchorY == 95)
        // A STYLE block after the first cue is not a style sheet.
        #expect(file.warnings.count == 1 && file.warnings[0].contains("`STYLE`"))
    }

    @Test func readsEveryCueSetting() throws {
        let file = try Self.parse(
            """
            WEBVTT

            00:00.000 --> 00:01.000 vertical:rl line:-2 position:30%,line-right size:50.5% align:start
            a

            00:00.000 --> 00:01.000 line:25%,end position:0% align:right
            b

            00:00.000 --> 00:01.000 line:1.5.5 position:101% size:-1% align:middle vertical:x line:3,bottom
            invalid settings keep the defaults

            """)
        let a = file.cues[0]
        #expect(a.writingDirection == .verticalGrowingLeft && a.line == .value(-2) && a.snapsToLines)
        #expect(a.position == 30 && a.positionAlignment == .lineRight && a.size == 50.5 && a.textAlignment == .start)
        let b = file.cues[1]
        #expect(b.line == .value(25) && !b.snapsToLines && b.lineAlignment == .end)
        #expect(b.position == 0 && b.textAlignment == .right)
        let c = file.cues[2]
        #expect(c.line == .auto && c.snapsToLines && c.lineAlignment == .start && c.position == nil)
        #expect(c.positionAlignment == .auto && c.size == 100 && c.textAlignment == .center)
        #expect(c.writingDirection == .horizontal)
    }

    @Test func verticalTextLeavesItsRegion() throws {
        let file = try Self.parse(
            "WEBVTT\n\nREGION\nid:r\n\n00:00.000 --> 00:01.000 region:r vertical:lr\na\n\n00:00.000 --> 00:01.000 vertical:lr region:r\nb\n"
        )
        #expect(file.cues[0].region == nil)
        // The specification applies settings in order, so a region after `vertical` is kept.
        #expect(file.cues[1].region?.id == "r")
    }

    @Test func cuesAtATimeAreThoseThatHaveStartedAndNotEnded() throws {
        let file = try Self.parse("WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:01.500 --> 00:03.000\nb\n")
        #expect(file.cues(at: 0.999).isEmpty)
        #expect(file.cues(at: 1).map(\.text) == ["a"])
        #expect(file.cues(at: 1.5).map(\.text) == ["a", "b"])
        #expect(file.cues(at: 2).map(\.text) == ["b"])
        #expect(file.cues(at: 3).isEmpty)
    }

    @Test func aFileTooLargeIsRefusedBeforeItIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vtt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("big.vtt")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 40 << 20)
        try handle.close()
        #expect(throws: SubtitleError.fileTooLarge(path: url.path, byteCount: 40 << 20, limit: 32 << 20)) {
            try WebVTTFile(contentsOf: url)
        }
    }
}
