import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import moviemake

/// A Lottie's canvas is whatever its designer chose. It renders to every output without size flags:
/// at its own size where the codec takes any size (GIF, PNG, ProRes, VP9, WebP), at its own size for
/// H.264 too when its sides are even (an odd side rounded up to an even one), and at 512
/// pixels on the longer side as a Telegram sticker.
/// Each movie is decoded in-process.
@Suite("moviemake render of a Lottie: any canvas size")
struct LottieCanvasSizeTests {
    /// Half a second at 30 fps: a red rectangle half the canvas's size at its centre, nothing around it.
    static func lottie(width: Int, height: Int) -> String {
        let rect =
            #"{"ty": "rc", "p": {"a": 0, "k": [\#(Double(width) / 2), \#(Double(height) / 2)]}, "s": {"a": 0, "k": [\#(Double(width) / 2), \#(Double(height) / 2)]}}"#
        return """
            {"v": "5.7.0", "fr": 30, "ip": 0, "op": 15, "w": \(width), "h": \(height), "layers": [
              {"ty": 4, "ind": 1, "ip": 0, "op": 15, "st": 0, "ks": {},
               "shapes": [\(rect), {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
            """
    }

    static let canvases = [(100, 50), (101, 51), (375, 812)]

    /// The output's name, `moviemake render` flags besides `-o`, the codec the file must hold, and the
    /// size it must have for a canvas.
    struct Output: Sendable, CustomTestStringConvertible {
        var file: String
        var flags: [String] = []
        var codec: String
        var size: @Sendable (Int, Int) -> (width: Int, height: Int) = { ($0, $1) }
        var testDescription: String { file + (flags.isEmpty ? "" : " " + flags.joined(separator: " ")) }
    }

    static let outputs: [Output] = [
        Output(
            file: "movie.mp4", codec: "h264",
            size: { (($0 + 1) / 2 * 2, ($1 + 1) / 2 * 2) }),
        Output(file: "movie.gif", codec: "gif"),
        Output(file: "movie.mov", flags: ["--codec", "prores", "--prores-profile", "p4444"], codec: "prores"),
        Output(file: "movie.webm", codec: "vp9"),
        Output(
            file: "sticker.webm", flags: ["--target", "telegram-sticker"], codec: "vp9",
            size: { TelegramSticker.size(forCanvasWidth: $0, height: $1) })
    ]

    @Test(arguments: SanitizerRun.pairs(canvases, outputs))
    func aCanvasOfAnySizeRendersWithoutSizeFlags(canvas: (Int, Int), output: Output) throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write(Data(Self.lottie(width: canvas.0, height: canvas.1).utf8), to: "anim.json")
        let movie = directory.file(output.file)
        var command = try Moviemake.parseAsRoot(["render", source.path, "-o", movie.path, "--quiet"] + output.flags)
        try command.run()
        let probe = try MovieProbe(url: movie, codecName: output.codec)
        let expected = output.size(canvas.0, canvas.1)
        #expect(probe.codecName == output.codec)
        #expect(probe.width == expected.width && probe.height == expected.height)
        if output.codec == "gif" {
            // The GIF encoder merges frames that repeat the one before into a longer one.
            #expect(abs(probe.containerDuration - 0.5) < 0.02, "\(probe.containerDuration) s")
        } else {
            #expect(probe.frames.count == 15)
        }
        // The centre is the rectangle's red; a corner is empty (black once alpha is dropped; in a
        // GIF, the transparent index, whose colour says nothing).
        let frame = try #require(probe.frames.first)
        let centre = frame.pixel(x: expected.width / 2, y: expected.height / 2)
        #expect(centre.r > 200 && centre.g < 60 && centre.b < 60, "\(centre)")
        if output.codec != "gif" {
            let corner = frame.pixel(x: 1, y: 1)
            #expect(corner.r < 40, "\(corner)")
        }
    }

    @Test(arguments: canvases)
    func aPNGFolderAndAWebPKeepTheCanvasSize(canvas: (Int, Int)) throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write(Data(Self.lottie(width: canvas.0, height: canvas.1).utf8), to: "anim.json")
        let folder = directory.file("frames")
        var png = try Moviemake.parseAsRoot(["render", source.path, "-o", folder.path, "--quiet"])
        try png.run()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 15)
        let image = try Image(contentsOf: folder.appendingPathComponent(try #require(names.first)))
        #expect(image.width == canvas.0 && image.height == canvas.1)
        let centre = image.pixel(atX: canvas.0 / 2, y: canvas.1 / 2)
        #expect(centre.alpha == 1 && centre.red > 0.99)
        #expect(image.pixel(atX: 0, y: 0).alpha == 0)

        let webp = directory.file("anim.webp")
        var animated = try Moviemake.parseAsRoot(["render", source.path, "-o", webp.path, "--quiet"])
        try animated.run()
        // An animated WebP's canvas size is in its VP8X chunk: 24-bit width − 1 and height − 1.
        let bytes = [UInt8](try Data(contentsOf: webp))
        try #require(bytes.count > 30)
        #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WEBPVP8X")
        let width = Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16
        let height = Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16
        #expect(width + 1 == canvas.0 && height + 1 == canvas.1)
    }
}
