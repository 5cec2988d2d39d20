import ArgumentParser
import Foundation
import FrameDraw
import MovieKitScene
import TestSupport
import Testing

@testable import moviemake

/// `moviemake render` of a Lottie: transparent where the animation is empty in outputs that keep
/// alpha, without `--alpha`; `--background` paints behind it instead. Checked by decoding.
@Suite("moviemake render of a Lottie: alpha by default")
struct LottieAlphaTests {
    /// 64x32, one second at 10 fps: a red square on the left half, nothing on the right.
    static let lottie = """
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 64, "h": 32, "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {},
           "shapes": [{"ty": "rc", "p": {"a": 0, "k": [16, 16]}, "s": {"a": 0, "k": [32, 32]}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """

    static func render(_ arguments: [String]) throws {
        var command = try Moviemake.parseAsRoot(["render"] + arguments + ["--quiet"])
        try command.run()
    }

    /// The first frame of `movie` as RGBA bytes, decoded by the ffmpeg tool (with `decoder` when
    /// given); `nil` when ffmpeg is not installed.
    static func firstFrame(_ movie: URL, decoder: String? = nil, in directory: borrowing TemporaryDirectory) throws
        -> [UInt8]?
    {
        let raw = directory.file("frame-\(UUID().uuidString).rgba")
        let input = (decoder.map { ["-c:v", $0] } ?? []) + ["-i", movie.path]
        guard
            let result = try FFmpegTools.run(
                "ffmpeg", ["-v", "error"] + input + ["-frames:v", "1", "-pix_fmt", "rgba", "-f", "rawvideo", raw.path])
        else { return nil }
        #expect(result.exitStatus == 0, "\(result)")
        return [UInt8](try Data(contentsOf: raw))
    }

    static func pixel(_ rgba: [UInt8], x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * 64 + x) * 4
        return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3]))
    }

    @Test func aPNGFolderIsTransparentWhereTheAnimationIsEmpty() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write(Data(Self.lottie.utf8), to: "square.json")
        let folder = directory.file("frames")
        try Self.render([source.path, "-o", folder.path])
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first)
        let image = try Image(contentsOf: folder.appendingPathComponent(first))
        #expect(image.pixel(atX: 48, y: 16).alpha == 0)
        let square = image.pixel(atX: 8, y: 16)
        #expect(square.alpha == 1 && square.red > 0.99)
    }

    @Test func proRes4444AndVP9KeepAnAlphaPlane() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write(Data(Self.lottie.utf8), to: "square.json")
        let mov = directory.file("square.mov")
        try Self.render([source.path, "-o", mov.path, "--codec", "prores", "--prores-profile", "p4444"])
        let webm = directory.file("square.webm")
        try Self.render([source.path, "-o", webm.path])
        for (movie, decoder) in [(mov, nil), (webm, "libvpx-vp9")] {
            guard let rgba = try Self.firstFrame(movie, decoder: decoder, in: directory) else { return }
            try #require(rgba.count == 64 * 32 * 4)
            let empty = Self.pixel(rgba, x: 48, y: 16)
            let square = Self.pixel(rgba, x: 8, y: 16)
            #expect(empty.a < 8, "\(movie.lastPathComponent): \(empty)")
            #expect(square.a > 247 && square.r > 200 && square.g < 60, "\(movie.lastPathComponent): \(square)")
        }
        if let probe = try FFmpegTools.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream=pix_fmt", "-of", "csv=p=0", mov.path])
        {
            #expect(probe.standardOutput.hasPrefix("yuva"), "\(probe)")
        }
    }

    @Test func aBackgroundColourMakesItOpaque() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write(Data(Self.lottie.utf8), to: "square.json")
        let webm = directory.file("square.webm")
        try Self.render([source.path, "-o", webm.path, "--background", "#00ff00"])
        if let probe = try FFmpegTools.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream=pix_fmt", "-of", "csv=p=0", webm.path])
        {
            #expect(probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "yuv420p", "\(probe)")
        }
        guard let rgba = try Self.firstFrame(webm, in: directory) else { return }
        let back = Self.pixel(rgba, x: 48, y: 16)
        #expect(back.g > 200 && back.r < 60 && back.a == 255, "\(back)")
        // An MP4 cannot keep alpha: without --background the empty part is black, as before.
        let mp4 = directory.file("square.mp4")
        try Self.render([source.path, "-o", mp4.path])
        guard let opaque = try Self.firstFrame(mp4, in: directory) else { return }
        let black = Self.pixel(opaque, x: 48, y: 16)
        #expect(black.r < 20 && black.g < 20 && black.b < 20 && black.a == 255, "\(black)")
    }

    @Test func aGIFIsTransparentByDefaultAndOpaqueWithABackground() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write(Data(Self.lottie.utf8), to: "square.json")
        let transparent = directory.file("square.gif")
        try Self.render([source.path, "-o", transparent.path])
        let opaque = directory.file("backed.gif")
        try Self.render([source.path, "-o", opaque.path, "--background", "#00ff00"])
        guard let clear = try Self.firstFrame(transparent, in: directory),
            let backed = try Self.firstFrame(opaque, in: directory)
        else { return }
        try #require(clear.count == 64 * 32 * 4 && backed.count == 64 * 32 * 4)
        let empty = Self.pixel(clear, x: 48, y: 16)
        let square = Self.pixel(clear, x: 8, y: 16)
        #expect(empty.a == 0, "\(empty)")
        #expect(square.a == 255 && square.r > 230 && square.g < 30, "\(square)")
        let back = Self.pixel(backed, x: 48, y: 16)
        #expect(back.a == 255 && back.g > 230 && back.r < 30, "\(back)")
    }

    @Test func backgroundIsRefusedForOtherFormats() throws {
        let directory = try TemporaryDirectory()
        let scene = try directory.write(
            Data("canvas: {width: 64, height: 32, duration: 1}\nlayers: []\n".utf8), to: "scene.yaml")
        #expect {
            try Self.render([scene.path, "-o", directory.file("x.mp4").path, "--background", "#ffffff"])
        } throws: { error in
            "\(error)".contains("--background colours the back of a Lottie animation")
        }
    }
}
