import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@testable import MovieKitLottie

/// Reading Lottie files: errors with key paths, containers and their limits, warnings, markers, timing.
@Suite struct LottieReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Lottie's document format and layer type, registered as `moviemake` registers them.
    init() {
        ContentKinds.register(Lottie.self)
    }
    static let lottie = fixtures.appendingPathComponent("lottie")
    static let suite = fixtures.appendingPathComponent("lottie-tests/data")

    @Test func aWrongTypeNamesItsKeyPath() throws {
        let url = Self.lottie.appendingPathComponent("bad-size.json")
        #expect {
            _ = try LottieContent(contentsOf: url)
        } throws: { error in
            let message = "\(error)"
            // One sentence: the type in words, Foundation's detail inside it, a single full stop.
            return message.contains("`layers[0].shapes[0].it[0].s.k` is not a list: ") && message.contains(url.path)
                && message.hasSuffix("instead.") && !message.contains("..")
        }
    }

    @Test func unknownKeysAreIgnoredAndTheFormatIsRecognisedByItsKeys() throws {
        let url = Self.suite.appendingPathComponent("transform/position.json")
        let document = try SceneDocument.load(contentsOf: url)
        #expect(document.format == "Lottie animation")
        #expect(document.scene.canvas.width == 80 && document.scene.canvas.height == 80)
        #expect(document.scene.canvas.fps == FrameRate(60))
        #expect(try SceneFormat.format(of: url).name == "Lottie animation")
    }

    /// Lottie's options travel in the registry a document is read with: no task-local is set here.
    @Test func optionsSetOnARegistryChooseTheAnimation() throws {
        let url = Self.lottie.appendingPathComponent("two.lottie")
        let registry = ContentRegistry(kinds: [Lottie.self])
        let first = try registry.load(contentsOf: url)
        let image = try registry.setting(LottieOptions(animationID: "image")).load(contentsOf: url)
        #expect(
            first.scene.canvas.size != image.scene.canvas.size
                || first.scene.canvas.duration != image.scene.canvas.duration)
        let expected = try LottieContent(contentsOf: url, options: LottieOptions(animationID: "image"))
        #expect(image.scene.canvas.size == expected.size)
        #expect {
            _ = try registry.setting(LottieOptions(animationID: "x")).load(contentsOf: url)
        } throws: { error in
            "\(error)".contains("has no animation `x`; choose one of `linear`, `image`.")
        }
    }

    @Test func telegramStickersAndDotLottiesReadLikeTheirJSON() throws {
        let json = try LottieContent(contentsOf: Self.suite.appendingPathComponent("properties/position-linear.json"))
        let sticker = try LottieContent(contentsOf: Self.lottie.appendingPathComponent("sticker.tgs"))
        let dot = try LottieContent(contentsOf: Self.lottie.appendingPathComponent("two.lottie"))
        let image = try LottieContent(
            contentsOf: Self.lottie.appendingPathComponent("two.lottie"), options: LottieOptions(animationID: "image"))
        for content in [sticker, dot] {
            #expect(content.endFrame == json.endFrame && content.size == json.size)
            let a = try Image(size: json.size) { json.renderer.draw(in: $0, frame: 30) }
            let b = try Image(size: content.size) { content.renderer.draw(in: $0, frame: 30) }
            #expect(try a.pngData() == b.pngData())
        }
        #expect(image.renderer.images.count == 1)
        #expect {
            _ = try LottieContent(
                contentsOf: Self.lottie.appendingPathComponent("two.lottie"), options: LottieOptions(animationID: "x"))
        } throws: { error in
            "\(error)".contains("has no animation `x`; choose one of `linear`, `image`.")
        }
    }

    @Test func decompressionBombsAreRefusedPartWay() throws {
        let zeros = try Data(contentsOf: Self.lottie.appendingPathComponent("zeros.gz"))
        #expect(try LottieGzip.decompress(zeros, limit: 200_000, file: "zeros.gz").count == 100_000)
        #expect {
            _ = try LottieGzip.decompress(zeros, limit: 10_000, file: "zeros.gz")
        } throws: { error in
            "\(error)".contains("decompression bomb")
        }
        #expect(throws: LottieError.self) {
            _ = try LottieGzip.decompress(Data([0x1F, 0x8B, 1, 2, 3]), limit: 10_000, file: "broken.gz")
        }
    }

    @Test func expressionsWarnByLayerAndPropertyAndStrictModeFails() throws {
        let url = Self.lottie.appendingPathComponent("markers-expression.json")
        let warnings = Warnings()
        let token = Log.addHandler(level: .warning) { warnings.append($0.text) }
        defer { Log.removeHandler(token) }
        _ = try LottieContent(contentsOf: url)
        #expect(warnings.all.contains { $0.contains("has an expression on its opacity") && $0.contains("layers[0]") })
        #expect {
            _ = try LottieContent(contentsOf: url, options: LottieOptions(strict: true))
        } throws: { error in
            "\(error)".contains("Render without strict checking")
        }
    }

    @Test func aSegmentRendersTheFramesOfItsMarker() throws {
        let url = Self.lottie.appendingPathComponent("markers-expression.json")
        let content = try LottieContent(contentsOf: url, options: LottieOptions(segment: "intro"))
        #expect(content.startFrame == 10 && content.endFrame == 30)
        #expect(content.scene.canvas.frameCount == 20)
        #expect(content.frame(at: 0) == 10)
        #expect {
            _ = try LottieContent(contentsOf: url, options: LottieOptions(segment: "outro"))
        } throws: { error in
            "\(error)".contains("has no marker `outro`; choose one of `intro`.")
        }
    }

    /// The colour of the first opaque pixel of frame 0.
    static func firstOpaqueColor(_ content: LottieContent) throws -> Color? {
        let image = try Image(size: content.size) { content.renderer.draw(in: $0, frame: 0) }
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(atX: x, y: y).alpha == 1 {
                return image.pixel(atX: x, y: y)
            }
        }
        return nil
    }

    @Test func slotsFillTheirPropertiesAndVariablesReplaceThem() throws {
        let url = Self.lottie.appendingPathComponent("slots.json")
        let green = try #require(try Self.firstOpaqueColor(LottieContent(contentsOf: url)))
        #expect(green.green > 0.99 && green.red < 0.01)
        let document = try SceneDocument.load(contentsOf: url, variables: ["fillColor": "#ff0000"])
        guard let content = document.scene.layers[0].content.timed(as: LottieContent.self) else {
            Issue.record("the layer is not a Lottie")
            return
        }
        let red = try #require(try Self.firstOpaqueColor(content))
        #expect(red.red > 0.99 && red.green < 0.01)
        #expect {
            _ = try SceneDocument.load(contentsOf: url, variables: ["title": "x"])
        } throws: { error in
            "\(error)".contains("has no slot `title` to set; its slots are `fillColor`.")
        }
        #expect {
            _ = try SceneDocument.load(contentsOf: url, variables: ["fillColor": "red"])
        } throws: { error in
            "\(error)".contains("cannot be set to red; set a colour as #rrggbb or a number.")
        }
    }

    @Test func frameRatesBecomeExactRationals() {
        #expect(LottieContent.frameRate(29.97) == FrameRate(30000, 1001))
        #expect(LottieContent.frameRate(23.976) == FrameRate(24000, 1001))
        #expect(LottieContent.frameRate(59.94) == FrameRate(60000, 1001))
        #expect(LottieContent.frameRate(25) == FrameRate(25))
        #expect(LottieContent.frameRate(12.5) == FrameRate(12500, 1000))
    }

    @Test func everyMovieFrameIsExactlyOneAnimationFrame() throws {
        let content = try LottieContent(contentsOf: Self.suite.appendingPathComponent("shapes/ellipse.json"))
        let canvas = content.scene.canvas
        let frames = (0..<canvas.frameCount).map { content.frame(at: canvas.time(ofFrame: $0)) }
        #expect(frames == (0..<canvas.frameCount).map { Double($0) })
        #expect(content.frame(at: canvas.duration) == nil)
        #expect(content.frame(at: -0.001) == nil)
    }

    @Test func aSceneFileLayerPlaysALottieWithItsOffsetSpeedAndLoop() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.suite.appendingPathComponent("shapes/ellipse.json")
        let scene = folder.appendingPathComponent("scene.yaml")
        try """
        canvas: {width: 160, height: 160, duration: 4, background: "#000000"}
        layers:
          - type: lottie
            source: \(source.path)
            size: [160, 160]
            timeOffset: 1
            speed: 2
            loop: true
        """.write(to: scene, atomically: true, encoding: .utf8)
        let document = try SceneDocument.load(contentsOf: scene)
        #expect(document.format == "scene file")
        guard let content = document.scene.layers[0].content.timed(as: LottieContent.self) else {
            Issue.record("the layer is not a Lottie")
            return
        }
        #expect(content.timeOffset == 1 && content.speed == 2 && content.loops)
        #expect(content.frame(at: 1.25) == 30)  // 0.25 s after its start, at twice the speed
        #expect(content.frame(at: 0.5) != nil)  // looped: before its start it plays its end
        let image = try SceneRenderer(scene: document.scene).image(at: 1)
        #expect(image.pixel(atX: 80, y: 80).alpha == 1)
        #expect(image.pixel(atX: 80, y: 80) != .black)
    }
}

/// Warnings collected from `Log` on any thread.
final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []

    func append(_ text: String) { lock.withLock { texts.append(text) } }

    var all: [String] { lock.withLock { texts } }
}
