import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import moviemake

/// `--target telegram-sticker`: a file within Telegram's rules for video stickers.
@Suite("moviemake: Telegram stickers")
struct TelegramStickerTests {
    /// A 4-second, 60 fps scene of a shape moving over a transparent canvas.
    static let scene = """
        canvas: {width: 640, height: 352, fps: 60, duration: 4}
        layers:
          - type: ellipse
            size: [120, 120]
            fill: orange
            animate:
              position: {from: [60, 176], to: [580, 176], duration: 4}
        """

    @Test func aLongSceneIsRefusedUnlessTrimmedAndTheStickerKeepsTheRules() throws {
        let dir = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("ball.yaml")
        try Data(Self.scene.utf8).write(to: scene)
        let output = dir.appendingPathComponent("ball.webm")
        let refused = try ChunkCommandTests.moviemake([
            "render", scene.path, "--target", "telegram-sticker", "-o", output.path
        ])
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains(
                "The scene lasts 4 s, and a Telegram sticker lasts at most 3 s; shorten the scene, or pass --trim to keep its first 3 seconds."
            ), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let mp4 = try ChunkCommandTests.moviemake([
            "render", scene.path, "--target", "telegram-sticker", "--trim", "-o",
            dir.appendingPathComponent("a.mp4").path
        ])
        #expect(mp4.status == 1 && mp4.errors.contains("name the output sticker.webm"), "\(mp4.errors)")

        let run = try ChunkCommandTests.moviemake([
            "render", scene.path, "--target", "telegram-sticker", "--trim", "-o", output.path, "--preset", "ultrafast"
        ])
        #expect(run.status == 0, "\(run.errors)")
        let bytes = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int ?? .max
        #expect(bytes <= 256_000)
        let probe = try MovieProbe(url: output, codecName: "vp9")
        // 640x352 in proportion: 512x281.6, to the nearest pixel.
        #expect(probe.codecName == "vp9" && probe.width == 512 && probe.height == 282)
        #expect(probe.frames.count == 90 && probe.frameRate == (30, 1))
        #expect(abs(probe.containerDuration - 3) < 0.001)
        #expect(throws: (any Error).self) { try AudioStreamProbe(url: output) }
        // The ball, drawn at 1/4 of the way at frame 15 (0.5 s): orange in the middle of its path.
        let x = Int((60 + 520.0 * 0.5 / 4) * 512 / 640)
        let pixel = probe.frames[15].pixel(x: x, y: 136)
        #expect(pixel.r > 200 && pixel.g > 120 && pixel.g < 200 && pixel.b < 80, "\(pixel)")
        if let tags = try FFmpegTools.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream_tags=alpha_mode", "-of", "csv=p=0", output.path])
        {
            #expect(tags.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "VP9 with alpha")
        }
    }

    @Test func aDetailedStickerIsSqueezedUnderTheLimitByItsBitRate() throws {
        let dir = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Noise that turns: every frame new detail, far over 256 KB at constant quality.
        var generator = SystemRandomNumberGenerator()
        let noise = try FrameDraw.Image(size: CGSize(width: 256, height: 256)) { context in
            for y in 0..<64 {
                for x in 0..<64 {
                    context.setFillColor(
                        Color(
                            red: .random(in: 0...1, using: &generator), green: .random(in: 0...1, using: &generator),
                            blue: .random(in: 0...1, using: &generator)))
                    context.fill(CGRect(x: x * 4, y: y * 4, width: 4, height: 4))
                }
            }
        }
        try noise.write(to: dir.appendingPathComponent("noise.png"))
        let scene = dir.appendingPathComponent("noise.yaml")
        try Data(
            """
            canvas: {width: 512, height: 512, fps: 30, duration: 1}
            layers:
              - type: image
                source: noise.png
                size: [512, 512]
                position: [256, 256]
                animate:
                  rotation: {from: 0, to: 90, duration: 1}
            """.utf8
        ).write(to: scene)
        let output = dir.appendingPathComponent("noise.webm")
        let run = try ChunkCommandTests.moviemake([
            "render", scene.path, "--target", "telegram-sticker", "-o", output.path, "--preset", "ultrafast"
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.errors.contains("attempt 1)"), "constant quality already fitted: \(run.errors)")
        let bytes = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int ?? .max
        #expect(bytes <= 256_000, "\(bytes) bytes")
        #expect(try MovieProbe(url: output, keepPixels: false, codecName: "vp9").frames.count == 30)
    }
}
