import ArgumentParser
import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import moviemake

/// editly specs rendered by `moviemake render`: a fast subset of editly's own examples, unchanged,
/// and the keys that reach the command line (`outPath`, `fast`, `customOutputArgs`, the canvas size).
@Suite("moviemake render with editly specs")
struct EditlyRenderTests {
    /// Three of editly's example specs (github.com/mifi/editly, examples/ at dc46674, MIT licence),
    /// unchanged; `make test-editly-examples` renders all 34.
    static let examples: [String: String] = [
        "transparentGradient.json5": """
        {
          // fast: true,
          outPath: "./transparentGradient.mp4",
          clips: [
            {
              duration: 0.1,
              layers: [
                { type: "fill-color", color: "green" },
                { type: "linear-gradient", colors: ["#ffffffff", "#ffffff00"] },
              ],
            },
          ],
        }
        """,
        "subtitle.json5": """
        {
          outPath: "./subtitle.mp4",
          defaults: {
            layer: { fontPath: "./assets/Patua_One/PatuaOne-Regular.ttf" },
            layerType: { "fill-color": { color: "#00aa00" } },
          },
          clips: [
            {
              duration: 2,
              layers: [
                { type: "rainbow-colors" },
                {
                  type: "subtitle",
                  text: "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident.",
                },
                { type: "title", position: "top", text: "Subtitles" },
              ],
            },
            {
              duration: 2,
              layers: [
                { type: "fill-color" },
                {
                  type: "title",
                  position: { x: 0, y: 1, originY: "bottom" },
                  text: "Custom position",
                  zoomDirection: null,
                },
              ],
            },
          ],
        }
        """,
        "position.json5": """
        {
          outPath: "./position.mp4",
          defaults: {
            layerType: {
              "image-overlay": { width: 0.1 },
            },
          },
          clips: [
            {
              layers: [
                { type: "rainbow-colors" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "top" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "center" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "bottom" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "top-left" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "top-right" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "center-left" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "center-right" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "bottom-left" },
                { type: "image-overlay", path: "./assets/emoji2.svg", position: "bottom-right" },
                {
                  type: "image-overlay",
                  path: "./assets/emoji.png",
                  width: 0.06,
                  position: { originX: "center", originY: "center", x: 0.75, y: 0.75 },
                },
              ],
            },
          ],
        }
        """
    ]

    /// A folder with the examples, the assets they name (Patua One, an SVG and a PNG) and `extra` specs.
    static func folder(extra: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moviemake-editly-\(UUID().uuidString)")
        let assets = folder.appendingPathComponent("assets/Patua_One")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let font = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FrameDrawTests/Fixtures/Fonts/PatuaOne-Regular.ttf")
        try FileManager.default.copyItem(at: font, to: assets.appendingPathComponent("PatuaOne-Regular.ttf"))
        try Data(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
              <circle cx="256" cy="256" r="240" fill="#FFCC33"/>
            </svg>
            """.utf8
        ).write(to: folder.appendingPathComponent("assets/emoji2.svg"))
        let dot = try Image(size: CGSize(width: 64, height: 64)) { context in
            context.setFillColor(.blue)
            context.fillEllipse(in: CGRect(x: 0, y: 0, width: 64, height: 64))
        }
        try dot.write(to: folder.appendingPathComponent("assets/emoji.png"))
        for (name, text) in examples.merging(extra, uniquingKeysWith: { $1 }) {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    static func run(_ arguments: [String]) throws {
        var command = try Moviemake.parseAsRoot(arguments)
        try command.run()
    }

    /// Each spec, its movie, and its length in seconds as editly times it (clips minus transitions).
    @Test(arguments: [
        ("transparentGradient.json5", "transparentGradient.mp4", 0.1),
        ("subtitle.json5", "subtitle.mp4", 3.5),
        ("position.json5", "position.mp4", 4.0)
    ])
    func editlysOwnExamplesRenderUnchanged(spec: String, movie: String, seconds: Double) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // No -o: the spec's outPath, relative to the spec.
        try Self.run(["render", folder.appendingPathComponent(spec).path, "--progress", "none"])
        let probe = try MovieProbe(url: folder.appendingPathComponent(movie), keepPixels: false)
        #expect(probe.width == 640 && probe.height == 640)
        #expect(probe.frameRate.0 == 25 && probe.frameRate.1 == 1)
        #expect(abs(Double(probe.frames.count) - seconds * 25) <= 1)
        #expect(abs(probe.containerDuration - Double(probe.frames.count) / 25) < 0.05)
    }

    /// editly's customOutputArgs.json5: an animated WebP by libwebp, playing once as FFmpeg writes it.
    @Test func customOutputArgsWriteAnAnimatedWebP() throws {
        let folder = try Self.folder(extra: [
            "customOutputArgs.json5": """
            {
              outPath: "./customOutputArgs.webp",
              clips: [{ duration: 2, layers: [{ type: "title-background", text: "Custom output args" }] }],
              customOutputArgs: ["-compression_level", "5", "-qscale", "60", "-vcodec", "libwebp"],
            }
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.run(["render", folder.appendingPathComponent("customOutputArgs.json5").path, "--progress", "none"])
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("customOutputArgs.webp")))
        #expect(String(decoding: bytes.prefix(4), as: UTF8.self) == "RIFF")
        // The chunks after the header: VP8X, ANIM (its loop count at bytes 4…5), then one ANMF per frame.
        var index = 12
        var frames = 0
        var milliseconds = 0
        var loops = -1
        while index + 8 <= bytes.count {
            let id = String(decoding: bytes[index..<index + 4], as: UTF8.self)
            let size = (0..<4).reduce(0) { $0 | Int(bytes[index + 4 + $1]) << (8 * $1) }
            if id == "ANIM" { loops = Int(bytes[index + 12]) | Int(bytes[index + 13]) << 8 }
            if id == "ANMF" {
                frames += 1
                milliseconds += (0..<3).reduce(0) { $0 | Int(bytes[index + 20 + $1]) << (8 * $1) }
            }
            index += 8 + size + (size & 1)
        }
        #expect(
            frames == 50 && milliseconds == 2000 && loops == 1, "\(frames) frames, \(milliseconds) ms, loop \(loops)")
    }

    @Test func withoutOutputOrOutPathTheCommandAsksForOne() throws {
        let folder = try Self.folder(extra: [
            "bare.json5": "{ clips: [{ duration: 0.2, layers: [{ type: 'pause' }] }] }"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("bare.json5").path
        let error = try #require(throws: ValidationError.self) { try Self.run(["render", spec]) }
        #expect(
            error.message
                == "\(spec) names no movie to write; pass -o with the movie's path (an editly spec may name it with `outPath`)."
        )
    }

    /// editly's canvas is kept in H.264 (coded in rows of 16 and cropped), not rounded and scaled.
    @Test func aCanvasThatIsNotAMultipleOf16KeepsItsSize() throws {
        let folder = try Self.folder(extra: [
            "wide.json5":
                "{ width: 600, height: 300, clips: [{ duration: 0.2, layers: [{ type: 'fill-color', color: 'red' }] }] }"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("wide.json5").path
        let movie = folder.appendingPathComponent("wide.mp4")
        try Self.run(["render", spec, "-o", movie.path, "--progress", "none"])
        let probe = try MovieProbe(url: movie)
        #expect(probe.width == 600 && probe.height == 300)
        let pixel = try #require(probe.frames.first).pixel(x: 599, y: 299)
        #expect(pixel.r > 200 && pixel.g < 60)  // the scene reaches the corner, no border
        // --width and --height still choose.
        try Self.run(["render", spec, "-o", movie.path, "--progress", "none", "-y", "--width", "320"])
        let chosen = try MovieProbe(url: movie, keepPixels: false)
        #expect(chosen.width == 320 && chosen.height == 300)
    }

    @Test func nearestSizes() {
        func size(_ width: Int, _ height: Int) -> String {
            let size = EncodingOptions.size(multipleOf: 16, nearestInAspectTo: (width, height))
            return "\(size.width)x\(size.height)"
        }
        #expect(size(600, 300) == "608x304")
        #expect(size(500, 500) == "496x496")
        #expect(size(900, 1600) == "864x1536")
        #expect(size(3000, 2000) == "2976x1984")
        #expect(size(2, 2) == "16x16")
        #expect(size(16384, 2) == "16384x16")
    }

    @Test func fastIsADraftAndCustomOutputArgsReachTheEncoder() throws {
        let folder = try Self.folder(extra: [
            "fast.json5": """
            { fast: true, outPath: 'fast.mp4', width: 640, height: 320,
              clips: [{ duration: 0.2, layers: [{ type: 'pause', color: 'white' }] }],
              customOutputArgs: ['-pix_fmt', 'yuv444p', '-r', '10', '-crf', '20'] }
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.run(["render", folder.appendingPathComponent("fast.json5").path, "--progress", "none"])
        let probe = try MovieProbe(url: folder.appendingPathComponent("fast.mp4"), keepPixels: false)
        #expect(probe.width == 320 && probe.height == 160)  // --draft halves the size
        #expect(probe.pixelFormat == "yuv444p")
        #expect(probe.frameRate.0 == 10 && probe.frameRate.1 == 1)
        #expect(probe.frames.count == 2)
    }
}
