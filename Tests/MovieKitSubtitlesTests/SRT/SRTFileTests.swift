import Foundation
import MovieKitSubtitles
import Testing

/// SRT files as people have them: encodings, line ends, missing blank lines, tags and position tags,
/// and a clear error with the line (and column) for what cannot be read.
@Suite("SRT files")
struct SRTFileTests {
    static func parse(_ text: String) throws -> SRTFile { try SRTFile(parsing: text, fileName: "t.srt") }

    static func file(_ bytes: [UInt8]) throws -> SRTFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("srt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("t.srt")
        try Data(bytes).write(to: url)
        return try SRTFile(contentsOf: url)
    }

    static let sample =
        "1\n00:00:01,000 --> 00:00:04,250\nCafé “quoted”\nsecond line\n\n2\n00:00:05,000 --> 00:00:06,000\nNext\n"

    @Test func readsNumberedCuesWithTimesAndText() throws {
        let file = try Self.parse(Self.sample)
        #expect(file.cues.map(\.id) == ["1", "2"])
        #expect(file.cues[0].startTime == 1 && file.cues[0].endTime == 4.25)
        #expect(file.cues[0].text == "Café “quoted”\nsecond line" && file.cues[1].text == "Next")
        #expect(file.cues[1].sourceLine == 7 && file.warnings.isEmpty)
    }

    @Test func readsUTF8WithABOMUTF16EitherWayAndWindows1252() throws {
        let utf8 = [UInt8](Self.sample.utf8)
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in Self.sample.replacingOccurrences(of: "\n", with: "\r\n").utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        // Windows-1252: é is 0xE9, the curly quotes 0x93 and 0x94.
        let ansi =
            [UInt8]("1\r\n00:00:01,000 --> 00:00:04,250\r\nCaf".utf8) + [0xE9, 0x20, 0x93] + [UInt8]("quoted".utf8)
            + [0x94] + [UInt8]("\r\nsecond line\r\n\r\n2\r\n00:00:05,000 --> 00:00:06,000\r\nNext\r\n".utf8)
        for bytes in [[0xEF, 0xBB, 0xBF] + utf8, little, big, ansi] {
            let file = try Self.file(bytes)
            #expect(file.cues.map(\.text) == ["Café “quoted”\nsecond line", "Next"])
        }
    }

    @Test func aCueStartsAtItsNumberAndTimingEvenWithoutABlankLine() throws {
        let file = try Self.parse(
            "1\r00:00:01,000 --> 00:00:02,000\rOne\r2\r00:00:02,000 --> 00:00:03,000\rTwo\r00:00:03,000 --> 00:00:04,000\rThree"
        )
        #expect(file.cues.map(\.text) == ["One", "Two", "Three"])
        #expect(file.cues.map(\.id) == ["1", "2", ""])
    }

    @Test func acceptsTheTimingVariantsPlayersAccept() throws {
        let file = try Self.parse(
            "1\n0:00:01.5 --> 100:00:02,25  X1:100 X2:200 Y1:10 Y2:20\na\n\n2\n  00:00:03,000-->00:00:04,000\nb\n")
        #expect(file.cues[0].startTime == 1.5 && file.cues[0].endTime == 360_002.25)
        #expect(file.cues[1].startTime == 3 && file.cues[1].endTime == 4)
    }

    @Test func keepsTagsAndMovesAPositionTagIntoTheCuesSettings() throws {
        let file = try Self.parse(
            "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<i>top</i>\n\n2\n00:00:01,000 --> 00:00:02,000\n{\\an4}<font color=\"#ff0000\">left</font>\n\n3\n00:00:01,000 --> 00:00:02,000\n{\\an3}<b>bottom right</b>\n"
        )
        let top = file.cues[0]
        #expect(top.text == "<i>top</i>" && top.line == .value(0) && top.snapsToLines && top.textAlignment == .center)
        let middle = file.cues[1]
        #expect(middle.text == "<font color=\"#ff0000\">left</font>")
        #expect(middle.line == .value(50) && !middle.snapsToLines && middle.lineAlignment == .center)
        #expect(middle.textAlignment == .left)
        let bottom = file.cues[2]
        #expect(bottom.line == .auto && bottom.textAlignment == .right && bottom.text == "<b>bottom right</b>")
    }

    @Test func textAfterAStrayBlankLineStaysWithItsCueAndIsNamed() throws {
        let file = try Self.parse(
            "1\n00:00:01,000 --> 00:00:02,000\nfirst\n\nstill first\n\n2\n00:00:03,000 --> 00:00:04,000\nnext\n")
        #expect(file.cues.map(\.text) == ["first\nstill first", "next"])
        #expect(
            file.warnings == [
                "t.srt:5: `still first` follows a blank line but starts no cue, so it is read as more text of the cue before it."
            ])
    }

    @Test(arguments: [
        (
            "1\n00:00:01;000 --> 00:00:02,000\nx\n",
            "t.srt:2:9: `00:00:01;000 --> 00:00:02,000` is not an SRT timing line; write it as `00:00:01,000 --> 00:00:04,000` (hours, minutes, seconds, then milliseconds after a comma)."
        ),
        (
            "1\n00:00:01,000 --> 00:61:02,000\nx\n",
            "t.srt:2:21: `00:00:01,000 --> 00:61:02,000` is not an SRT timing line; write it as `00:00:01,000 --> 00:00:04,000` (hours, minutes, seconds, then milliseconds after a comma)."
        ),
        (
            "1\n00:00:05,000 --> 00:00:02,000\nx\n",
            "t.srt:2:1: The cue ends at 00:00:02.000, before it starts at 00:00:05.000; give it an end time after its start."
        ),
        (
            "Hello\n00:00:01,000\n",
            "t.srt:1:1: `Hello` is neither a cue number nor a timing line; an SRT cue starts with its number, then `00:00:01,000 --> 00:00:04,000`, then its text."
        )
    ])
    func badInputIsNamedWithItsLineAndColumn(_ text: String, _ message: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func anEmptyFileHasNoCues() throws {
        #expect(try Self.parse("").cues.isEmpty)
        #expect(try Self.parse("\n\r\n").cues.isEmpty)
    }

    @Test func theDocumentPicksTheReaderByExtension() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = folder.appendingPathComponent("a.SRT")
        try Data(Self.sample.utf8).write(to: srt)
        let vtt = folder.appendingPathComponent("a.vtt")
        try Data("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n".utf8).write(to: vtt)
        #expect(try SubtitleDocument(contentsOf: srt).formatName == "SRT")
        #expect(try SubtitleDocument(contentsOf: vtt).cues(at: 1.5).map(\.text) == ["Hi"])
        let other = folder.appendingPathComponent("a.sub")
        #expect(throws: SubtitleError.unsupportedFormat(path: other.path)) { try SubtitleDocument(contentsOf: other) }
    }
}
