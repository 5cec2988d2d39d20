import ArgumentParser
import Foundation
import FrameDraw
import LibAV
import MovieKitScene
import Testing

@testable import moviemake

@Suite("moviemake render, still and sheet")
struct SceneCommandTests {
    static let scene = """
        canvas: {width: 160, height: 96, fps: 10, duration: 2, background: "#102030"}
        layers:
          - type: rect
            size: [60, 40]
            position: [40, 48]
            fill: {linearGradient: {colors: ["#FF4000", "#FFD000"]}}
            cornerRadius: 8
          - type: text
            text: "${title}"
            font: {size: 18, weight: bold}
            position: [110, 48]
          - {type: ellipse, size: [30, 30], position: [120, 20], fill: "#40A0FF", in: 1}
        """

    static func writeScene(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("scene.yaml").path
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func run(_ arguments: [String]) throws {
        var command = try Moviemake.parseAsRoot(arguments)
        try command.run()
    }

    @Test func aStillEqualsTheMoviesFrame() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = try Self.writeScene(in: folder)
        let movie = folder.appendingPathComponent("movie.mp4").path
        let still = folder.appendingPathComponent("still.png").path
        try Self.run(["render", scenePath, "-o", movie, "--set", "title=Hi", "--crf", "12", "--quiet"])
        try Self.run(["still", scenePath, "--frame", "15", "-o", still, "--set", "title=Hi"])
        let image = try Image(contentsOf: URL(fileURLWithPath: still))
        #expect(image.width == 160 && image.height == 96)
        let reader = try MovieFrameReader(path: movie)
        var decoded: [UInt8] = []
        try reader.frames(at: [1.5], width: 160, height: 96) { _, time, frame in
            #expect(abs(time - 1.5) < 1e-6)
            decoded = try frame.withFirstPlane { base, stride in
                (0..<96).flatMap { row in
                    (0..<(160 * 4)).map { base.load(fromByteOffset: row * stride + $0, as: UInt8.self) }
                }
            }
        }
        try #require(decoded.count == 160 * 96 * 4)
        // Video PSNR is measured on luma (BT.709 Y′), which H.264 keeps at full resolution; chroma is
        // halved both ways by 4:2:0 by design, which blurs sharp colour edges, so RGB gets a looser bound.
        var lumaError = 0.0
        var rgbError = 0.0
        for y in 0..<96 {
            for x in 0..<160 {
                let color = image.pixel(atX: x, y: y)
                let i = (y * 160 + x) * 4
                let still = (r: color.red * 255, g: color.green * 255, b: color.blue * 255)
                let movie = (r: Double(decoded[i + 2]), g: Double(decoded[i + 1]), b: Double(decoded[i]))
                let luma = 0.2126 * (still.r - movie.r) + 0.7152 * (still.g - movie.g) + 0.0722 * (still.b - movie.b)
                lumaError += luma * luma
                rgbError += pow(still.r - movie.r, 2) + pow(still.g - movie.g, 2) + pow(still.b - movie.b, 2)
            }
        }
        let lumaPSNR = 10 * log10(255 * 255 / (lumaError / Double(160 * 96)))
        let rgbPSNR = 10 * log10(255 * 255 / (rgbError / Double(160 * 96 * 3)))
        #expect(lumaPSNR > 40, "luma PSNR \(lumaPSNR) dB")
        #expect(rgbPSNR > 30, "RGB PSNR \(rgbPSNR) dB")
        // The time form picks the same frame.
        let byTime = folder.appendingPathComponent("by-time.png").path
        try Self.run(["still", scenePath, "--time", "1.54", "-o", byTime, "--set", "title=Hi"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: byTime)) == Data(contentsOf: URL(fileURLWithPath: still)))
    }

    @Test func aSheetHasTheExpectedGridFromASceneAndFromAMovie() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = try Self.writeScene(in: folder)
        let movie = folder.appendingPathComponent("movie.mp4").path
        try Self.run(["render", scenePath, "-o", movie, "--set", "title=Hi", "--quiet"])
        let layout = ContactSheet(count: 6, columns: 4, thumbnailWidth: 80)
        // 4 columns of 80 px with 8 px gaps; 2 rows of 48 px frames with 22 px labels.
        #expect(layout.sheetSize(for: CGSize(width: 160, height: 96)) == CGSize(width: 360, height: 164))
        for input in [scenePath, movie] {
            let sheet = folder.appendingPathComponent("sheet-\(URL(fileURLWithPath: input).pathExtension).png").path
            try Self.run([
                "sheet", input, "-o", sheet, "--count", "6", "--columns", "4", "--thumbnail-width", "80", "--set",
                "title=Hi"
            ])
            let image = try Image(contentsOf: URL(fileURLWithPath: sheet))
            #expect(image.width == 360 && image.height == 164, "\(input)")
            // The second frame (t = 0.3) has no blue ellipse; the fifth (t = 1.3) has it.
            let thumbnailScale = 80.0 / 160.0
            let second = (x: 8 + 88 + Int(120 * thumbnailScale), y: 8 + Int(20 * thumbnailScale))
            let fifth = (x: 8 + Int(120 * thumbnailScale), y: 8 + 48 + 22 + 8 + Int(20 * thumbnailScale))
            #expect(image.pixel(atX: second.x, y: second.y).blue < 0.4, "\(input)")
            #expect(image.pixel(atX: fifth.x, y: fifth.y).blue > 0.8, "\(input)")
        }
        #expect(ContactSheet.timecode(1.3, fps: 10) == "00:00:01:03")
    }

    struct BadArguments: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badArguments: [BadArguments] = [
        .init(
            arguments: ["render", "s.yaml", "-o", "o.mp4", "--set", "title"],
            message:
                "--set title is not an assignment; write --set name=value, where name uses letters, digits, _, - and ."),
        .init(
            arguments: ["still", "s.yaml", "-o", "o.png", "--time", "1", "--frame", "2"],
            message: "Pass either --time or --frame, not both."),
        .init(
            arguments: ["still", "s.yaml", "-o", "o.jpg"],
            message: "o.jpg does not end in .png; pictures are written as PNG."),
        .init(
            arguments: ["still", "s.yaml", "-o", "o.png", "--frame=-1"],
            message: "Frame -1 is negative; pass --frame with 0 or more."),
        .init(
            arguments: ["sheet", "m.mp4", "-o", "o.png", "--count", "0"],
            message: "Count 0 is not between 1 and 400; pass --count with a value such as 12."),
        .init(
            arguments: ["sheet", "m.mp4", "-o", "o.png", "--columns", "0"],
            message: "Columns 0 is not between 1 and 50; pass --columns with a value such as 4."),
        .init(
            arguments: ["render", "s.yaml", "-o", "o.mp4", "--width", "1000"],
            message: "Width 1000 is not a multiple of 16; use 992 or 1008.")
    ]

    @Test("bad usage is refused with a full sentence and exit code 64", arguments: badArguments)
    func refusesBadUsage(_ bad: BadArguments) {
        #expect {
            _ = try Moviemake.parseAsRoot(bad.arguments)
        } throws: { error in
            Moviemake.message(for: error) == bad.message && Moviemake.exitCode(for: error).rawValue == 64
        }
    }

    @Test func usageErrorsFoundWhileRunningAlsoExit64() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = try Self.writeScene(in: folder)
        let out = folder.appendingPathComponent("o.png").path
        let cases: [([String], String)] = [
            (
                ["still", scenePath, "-o", out, "--frame", "20", "--set", "title=x"],
                "Frame 20 is past the end of the scene; it has 20 frames, 0 to 19."
            ),
            (
                ["still", scenePath, "-o", out, "--time", "2", "--set", "title=x"],
                "Time 2.0 s is past the end of the scene, which lasts 2.0 s; pass a smaller --time."
            ),
            (
                ["still", folder.appendingPathComponent("notes.txt").path, "-o", out],
                "\(folder.appendingPathComponent("notes.txt").path) is not a file MovieKit reads as a scene; use a scene file, slideshow manifest, editly spec, movie clip, Lottie animation or subtitle file (.yaml, .yml, .json, .json5, .mp4, .mov, .m4v, .webm, .mkv, .lottie, .tgs, .vtt, .srt, .ass, .ssa)."
            )
        ]
        for (arguments, message) in cases {
            #expect {
                try Self.run(arguments)
            } throws: { error in
                Moviemake.message(for: error) == message && Moviemake.exitCode(for: error).rawValue == 64
            }
        }
    }

    @Test func anInvalidSceneFailsWithExit1AndWritesNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = try Self.writeScene(in: folder)
        let movie = folder.appendingPathComponent("movie.mp4").path
        #expect {
            try Self.run(["render", scenePath, "-o", movie, "--quiet"])
        } throws: { error in
            Moviemake.message(for: error)
                == "\(scenePath):9:11: `layers[1].text` uses the variable ${title}, which is not set; pass --set title=VALUE or define it in the --props file."
                && Moviemake.exitCode(for: error).rawValue == 1
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scene.yaml"])
    }

    @Test func aCanvasTheEncoderCannotTakeIsNamedWithTheFlagThatFixesIt() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hd.yaml").path
        try Data("canvas: {width: 160, height: 90, duration: 0.2}\nlayers: []\n".utf8).write(
            to: URL(fileURLWithPath: path))
        let movie = folder.appendingPathComponent("hd.mp4").path
        #expect {
            try Self.run(["render", path, "-o", movie, "--quiet"])
        } throws: { error in
            Moviemake.message(for: error)
                == "\(path): the canvas cannot be encoded: Height 90 is not a multiple of 16; use 80 or 96. Change the canvas in the scene, or pass --size or --height."
        }
        try Self.run(["render", path, "-o", movie, "--height", "96", "--quiet"])
        #expect(FileManager.default.fileExists(atPath: movie))
    }

    @Test func sizeFlagsReplaceTheCanvasAndTheSceneIsScaledToFit() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = try Self.writeScene(in: folder)
        let props = folder.appendingPathComponent("props.json")
        try Data(#"{"title": "From props"}"#.utf8).write(to: props)
        let movie = folder.appendingPathComponent("wide.mp4").path
        try Self.run([
            "render", scenePath, "-o", movie, "--props", props.path, "--width", "320", "--height", "96", "--fps", "5",
            "--quiet"
        ])
        let reader = try MovieFrameReader(path: movie)
        #expect(reader.pictureSize == (320, 96))
        #expect(reader.frameRate == (5, 1))
        var pixels: [UInt8] = []
        try reader.frames(at: [0], width: 320, height: 96) { _, _, frame in
            pixels = try frame.withFirstPlane { base, stride in
                [40, 120].flatMap { x in
                    (0..<3).map { base.load(fromByteOffset: 48 * stride + x * 4 + $0, as: UInt8.self) }
                }
            }
        }
        // The 160-wide scene is centred in 320: its orange rect (scene x 10…70) lands at x 90…150,
        // and the bar at x 40 is the background colour #102030.
        #expect(
            abs(Int(pixels[2]) - 0x10) < 8 && abs(Int(pixels[1]) - 0x20) < 8 && abs(Int(pixels[0]) - 0x30) < 8,
            "\(pixels)")
        #expect(pixels[5] > 200 && pixels[3] < 100, "\(pixels)")
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("moviemake-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
