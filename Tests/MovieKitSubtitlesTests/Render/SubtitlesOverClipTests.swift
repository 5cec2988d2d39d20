import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import MovieKitSubtitles
import TestSupport
import Testing

/// Subtitles and captions burned into a clip that fills the frame: the rows they leave alone are the
/// clip's own decoded pixels (the frame's backdrop), and every row they draw on is converted as a whole
/// frame's conversion would convert it. Movies are written losslessly (x264 at quality 0), so what the decoder
/// reads back is what the encoder was given.
@Suite("Subtitles over a clip")
struct SubtitlesOverClipTests {
    static let width = 320
    static let height = 240
    static let frames = 3

    /// A subtitle file, by name and contents.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        /// Whether the subtitles leave enough rows alone for the clip's own pixels to be kept there: cues
        /// turned across the rows, or over most of the frame, have the whole frame converted.
        var keepsRows = true
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "bottom.srt", text: "1\n00:00:00,000 --> 00:00:10,000\nA line of subtitles at the bottom\n"),
        Case(
            name: "top-italic.srt",
            text:
                "1\n00:00:00,000 --> 00:00:10,000\n{\\an8}<i>Italic at the top, long enough to be broken onto two lines</i>\n"
        ),
        // Many combining marks above and below their letters.
        Case(
            name: "stacked-marks.vtt",
            text: "WEBVTT\n\n00:00.000 --> 00:10.000 line:50%\nZ"
                + String(repeating: "\u{0301}\u{0308}", count: 30) + "a"
                + String(repeating: "\u{0316}\u{0317}", count: 30)
                + "lgo\n"),
        Case(
            name: "region.vtt",
            text:
                "WEBVTT\n\nREGION\nid:r\nwidth:60%\nlines:2\nregionanchor:0%,100%\nviewportanchor:10%,40%\n\n00:00.000 --> 00:10.000 region:r\nFirst line in a region\n\n00:00.000 --> 00:10.000 region:r\nSecond line in the region\n"
        ),
        Case(
            name: "vertical.vtt", text: "WEBVTT\n\n00:00.000 --> 00:10.000 vertical:rl\nDown the side\n",
            keepsRows: false),
        Case(
            name: "styled.ass",
            text: """
                [Script Info]
                ScriptType: v4.00+
                PlayResX: 320
                PlayResY: 240

                [V4+ Styles]
                Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
                Style: Default,DejaVu Sans,28,&H0000D7FF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,4,3,2,10,10,10,1

                [Events]
                Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
                Dialogue: 0,0:00:00.00,0:00:10.00,Default,,0,0,0,,{\\blur6\\bord6}Blurred and bordered
                Dialogue: 0,0:00:00.00,0:00:10.00,Default,,0,0,0,,{\\pos(160,50)\\frz30\\fs20}Turned
                Dialogue: 0,0:00:00.00,0:00:10.00,Default,,0,0,0,,{\\move(20,190,300,196)\\k20\\fs20}Moving {\\k20}karaoke

                """),
        Case(
            name: "everywhere.ass",
            text: """
                [Script Info]
                ScriptType: v4.00+
                PlayResX: 320
                PlayResY: 240

                [Events]
                Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
                Dialogue: 0,0:00:00.00,0:00:10.00,Default,,0,0,0,,{\\an7\\fs60}Top
                Dialogue: 0,0:00:00.00,0:00:10.00,Default,,0,0,0,,{\\an4\\fs60}Middle
                Dialogue: 0,0:00:00.00,0:00:10.00,Default,,0,0,0,,{\\an1\\fs60}Bottom

                """, keepsRows: false)
    ]

    @Test(
        "Rows the subtitles leave alone keep the clip's pixels; rows they draw on are converted whole", arguments: cases
    )
    func rowsOutsideTheSubtitlesKeepTheClip(_ subtitles: Case) throws {
        let folder = try TemporaryDirectory(prefix: "SubtitlesOverClip")
        let file = folder.url.appendingPathComponent(subtitles.name)
        try Data(subtitles.text.utf8).write(to: file)
        try Self.expectClipKept(
            under: try Layer.subtitles(contentsOf: file), in: folder.url, keepsRows: subtitles.keepsRows)
    }

    @Test(
        "Rows word-timed captions leave alone keep the clip's pixels, in every highlight style",
        arguments: CaptionStyle.Highlight.allCases)
    func rowsOutsideTheCaptionsKeepTheClip(_ highlight: CaptionStyle.Highlight) throws {
        let folder = try TemporaryDirectory(prefix: "CaptionsOverClip")
        let transcript = folder.url.appendingPathComponent("words.json")
        // Remotion's `Caption[]`: one word a frame, so the active word changes on every frame.
        let words = ["Every", "word", "shows", "as", "it", "is", "spoken"].enumerated().map { index, word in
            "{\"text\": \"\(index == 0 ? "" : " ")\(word)\", \"startMs\": \(index * 100), \"endMs\": \(index * 100 + 100)}"
        }
        try Data("[\(words.joined(separator: ","))]".utf8).write(to: transcript)
        var style = CaptionStyle()
        style.highlight = highlight
        try Self.expectClipKept(
            under: try Layer.captions(contentsOf: transcript, style: style), in: folder.url, keepsRows: true)
    }

    /// Renders `layer` over a lossless clip, over the backdrop and converted whole, and checks that every
    /// row is the clip's or the whole conversion's, that the rows the layer drew on are converted, and that
    /// (with `keepsRows`) at least a sixth of the rows kept the clip, none otherwise.
    static func expectClipKept(
        under layer: Layer, in folder: URL, keepsRows: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let clip = folder.appendingPathComponent("clip.mp4")
        try makeClip(clip)
        // Over the backdrop: the clip, then the layer.
        let overBackdrop = folder.appendingPathComponent("backdrop.mp4")
        try render([Layer(.video(VideoContent(url: clip))), layer], to: overBackdrop)
        // Converted whole: a layer that says nothing of what it draws (a clear rectangle) gives the backdrop up.
        let whole = folder.appendingPathComponent("whole.mp4")
        var clear = Layer(.rect)
        clear.fill = .color(.constant(.clear))
        try render([Layer(.video(VideoContent(url: clip))), clear, layer], to: whole)

        let source = try MovieProbe(url: clip, keepPixels: false, keepPlanes: true).frames
        let kept = try MovieProbe(url: overBackdrop, keepPixels: false, keepPlanes: true).frames
        let converted = try MovieProbe(url: whole, keepPixels: false, keepPlanes: true).frames
        try #require(
            source.count == frames && kept.count == frames && converted.count == frames, sourceLocation: sourceLocation)
        for index in 0..<frames {
            let rows = rows(of: source[index].planes)
            let keptRows = Self.rows(of: kept[index].planes)
            let convertedRows = Self.rows(of: converted[index].planes)
            var clipRows = 0
            var drawnRows = 0
            for row in rows.indices {
                let isClip = keptRows[row] == rows[row]
                let isConverted = keptRows[row] == convertedRows[row]
                #expect(
                    isClip || isConverted, "frame \(index), plane row \(row): neither the clip's nor converted",
                    sourceLocation: sourceLocation)
                if isClip && !isConverted { clipRows += 1 }
                // Where the whole conversion shows the layer, the backdrop's frame must show it too.
                if zip(convertedRows[row], rows[row]).contains(where: { abs(Int($0) - Int($1)) > 24 }) {
                    drawnRows += 1
                    #expect(
                        isConverted, "frame \(index), plane row \(row): the layer drew here, but the clip shows",
                        sourceLocation: sourceLocation)
                }
            }
            #expect(drawnRows > 0, "the layer drew nothing on frame \(index)", sourceLocation: sourceLocation)
            // The rows away from the layer are the clip's exactly, which converting to RGB and back would
            // have rounded.
            if keepsRows {
                #expect(
                    clipRows >= rows.count / 6, "frame \(index): only \(clipRows) of \(rows.count) rows kept the clip",
                    sourceLocation: sourceLocation)
            } else {
                #expect(
                    clipRows == 0, "frame \(index): \(clipRows) rows kept the clip under a layer all over it",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Splits 4:2:0 planes into rows: the luma rows, then each colour plane's.
    static func rows(of planes: [UInt8]) -> [ArraySlice<UInt8>] {
        var rows: [ArraySlice<UInt8>] = []
        var offset = 0
        for (width, height) in [(width, height), (width / 2, height / 2), (width / 2, height / 2)] {
            for _ in 0..<height {
                rows.append(planes[offset..<offset + width])
                offset += width
            }
        }
        return rows
    }

    static func settings() throws -> MovieSettings {
        try MovieSettings(width: width, height: height, fps: 10, crf: 0, preset: .ultrafast)
    }

    /// A lossless clip of colour gradients that move from frame to frame, tagged BT.709.
    static func makeClip(_ url: URL) throws {
        try MovieWriter.render(to: url, settings: settings(), frameCount: frames) { context, frame in
            let shift = Double(frame.index) * 17
            let gradient = Gradient(colors: [
                Color(red: 0.9, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.7, blue: 0.3),
                Color(red: 0.2, green: 0.3, blue: 0.9)
            ])
            context.drawLinearGradient(
                gradient, start: CGPoint(x: shift, y: 0), end: CGPoint(x: Double(width) - shift, y: Double(height)))
            context.setFillColor(Color(red: 0.95, green: 0.9, blue: 0.2, alpha: 0.6))
            context.fillEllipse(in: CGRect(x: 40 + shift, y: 30, width: 120, height: 160))
        }
    }

    static func render(_ layers: [Layer], to url: URL) throws {
        let canvas = Canvas(width: width, height: height, fps: 10, duration: Double(frames) / 10)
        let renderer = try SceneRenderer(scene: Scene(canvas: canvas, layers: layers))
        try renderer.render(to: url, settings: settings(), overwrite: true)
    }
}
