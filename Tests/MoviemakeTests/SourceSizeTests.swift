import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import moviemake

/// Documents sized elsewhere keep their size: a 1920x1080 clip, editly spec or Lottie gives a
/// 1920x1080 H.264 movie, and a phone's 1080x1920 clip a 1080x1920 one, nothing rounded to a multiple
/// of 16 or scaled (H.264 codes 1080 rows as 1088 and crops 8). Each movie is decoded in-process.
@Suite("moviemake render: the source's size is kept")
struct SourceSizeTests {
    /// A clip of `width` x `height`, 10 frames at 25 fps: red above a green band along its last 10 rows,
    /// written by MovieKit at that size (``MovieSettings/keepingSourceSize(width:height:)``).
    static func clip(width: Int, height: Int, at url: URL) throws {
        let settings = try MovieSettings(width: 64, height: 64, fps: 25, preset: .ultrafast)
            .keepingSourceSize(width: width, height: height)
        #expect(settings.width == width && settings.height == height)
        let writer = try MovieWriter(url: url, settings: settings)
        for _ in 0..<10 {
            try writer.addFrame { context in
                context.setFillColor(Color(red: 1, green: 0, blue: 0))
                context.fill(CGRect(x: 0, y: 0, width: width, height: height - 10))
                context.setFillColor(Color(red: 0, green: 1, blue: 0))
                context.fill(CGRect(x: 0, y: height - 10, width: width, height: 10))
            }
        }
        try writer.finish()
    }

    /// The rows just above and inside the green band, at the left edge (the cue is centred): red, then
    /// green, so the picture is neither scaled nor moved.
    static func expectBandAtTheBottom(_ frame: MovieProbe.RGBFrame, width: Int, height: Int) {
        let above = frame.pixel(x: 20, y: height - 14)
        let inside = frame.pixel(x: 20, y: height - 5)
        #expect(above.r > 200 && above.g < 60, "row \(height - 14): \(above)")
        #expect(inside.g > 200 && inside.r < 60, "row \(height - 5): \(inside)")
    }

    @Test(arguments: [(1920, 1080), (1080, 1920)])
    func aClipWithSubtitlesKeepsItsSize(size: (Int, Int)) throws {
        let folder = try TemporaryDirectory()
        let (width, height) = size
        let clip = folder.file("clip.mp4")
        try Self.clip(width: width, height: height, at: clip)
        let source = try MovieProbe(url: clip)
        #expect(source.width == width && source.height == height, "the clip is written at its size")
        Self.expectBandAtTheBottom(try #require(source.frames.first), width: width, height: height)
        let srt = try folder.write(Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n".utf8), to: "talk.srt")
        let output = folder.file("out.mp4")
        var command = try Moviemake.parseAsRoot([
            "render", clip.path, "--subtitles", srt.path, "-o", output.path, "--preset", "ultrafast", "--quiet"
        ])
        try command.run()
        let probe = try MovieProbe(url: output)
        #expect(probe.codecName == "h264")
        #expect(probe.width == width && probe.height == height, "\(probe.width)x\(probe.height)")
        #expect(probe.frames.count == 10)
        Self.expectBandAtTheBottom(try #require(probe.frames.first), width: width, height: height)
    }

    @Test func anEditlySpecAndALottieOf1920x1080KeepTheirSize() throws {
        let folder = try TemporaryDirectory()
        let spec = try folder.write(
            Data(
                "{ width: 1920, height: 1080, fps: 25, clips: [{ duration: 0.2, layers: [{ type: 'fill-color', color: '#00ff00' }] }] }"
                    .utf8), to: "spec.json5")
        let lottie = try folder.write(
            Data(
                ##"{"v": "5.7.0", "fr": 25, "ip": 0, "op": 5, "w": 1920, "h": 1080, "layers": [{"ty": 1, "ind": 1, "ip": 0, "op": 5, "st": 0, "ks": {}, "sc": "#00ff00", "sw": 1920, "sh": 1080}]}"##
                    .utf8), to: "anim.json")
        for source in [spec, lottie] {
            let output = folder.file(source.deletingPathExtension().lastPathComponent + ".mp4")
            var command = try Moviemake.parseAsRoot([
                "render", source.path, "-o", output.path, "--preset", "ultrafast", "--quiet"
            ])
            try command.run()
            let probe = try MovieProbe(url: output)
            #expect(
                probe.width == 1920 && probe.height == 1080,
                "\(source.lastPathComponent): \(probe.width)x\(probe.height)")
            #expect(probe.frames.count == 5)
            let corner = try #require(probe.frames.first).pixel(x: 1919, y: 1079)
            #expect(corner.g > 200 && corner.r < 60, "\(source.lastPathComponent): \(corner)")
        }
    }
}
