import Foundation
import FrameDraw
import MovieKitLottie
import TestSupport
import Testing

@testable import MovieKitScene

/// `ContentRegistry`: the kinds a program reads documents with, as a value passed to loading, so
/// that two programs (or two tests) in one process can read with different kinds.
@Suite("Content registry")
struct ContentRegistryTests {
    /// A checkerboard of `cells` squares a side: the smallest kind of content, with its scene-file layer type.
    struct Checkerboard: TimedContent {
        var cells: Int
        var typeName: String { "checkerboard" }
        func draw(_ drawing: ContentDrawing) {
            let side = drawing.bounds.width / Double(cells)
            drawing.context.setFillColor(.white)
            for row in 0..<cells {
                for column in 0..<cells where (row + column) % 2 == 0 {
                    drawing.context.fill(
                        CGRect(x: Double(column) * side, y: Double(row) * side, width: side, height: side))
                }
            }
        }
    }

    enum CheckerboardKind: ContentKind {
        static var layerTypes: [SceneLayerType] {
            [
                SceneLayerType(name: "checkerboard", keys: ["cells"]) { keys in
                    Checkerboard(cells: Int(try keys.double("cells", in: 1...64) ?? 8))
                }
            ]
        }
    }

    static let scene = """
        canvas: {width: 64, height: 64, duration: 1}
        layers:
          - {type: checkerboard, cells: 2, size: [64, 64], position: [32, 32]}
        """

    @Test func aRegistryReadsTheLayerTypesOfItsKindsAndNoOthers() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.write(Data(Self.scene.utf8), to: "board.yaml")
        let registry = ContentRegistry(kinds: [CheckerboardKind.self])
        let document = try registry.load(contentsOf: url)
        let image = try SceneRenderer(scene: document.scene).image(at: 0)
        #expect(image.pixel(atX: 8, y: 8).red > 0.99 && image.pixel(atX: 40, y: 8).red < 0.01)
        // Neither a registry without the kind nor the process-wide one knows it: registering in a
        // value changes nothing else.
        for other in [ContentRegistry(), ContentRegistry.shared] {
            #expect(throws: SceneError.self) { try other.load(contentsOf: url) }
            #expect(!other.layerTypes.contains { $0.name == "checkerboard" })
        }
        #expect(registry.layerTypes.map(\.name) == ["video", "checkerboard"])
    }

    /// Formats come from the registry too: a Lottie `.json` is a Lottie only through a registry
    /// made with the kind, and is read as a scene file (and refused, saying so) without it.
    @Test func aRegistryReadsTheFormatsOfItsKinds() throws {
        let folder = try TemporaryDirectory()
        let lottie = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 15, "w": 64, "h": 32, "layers": []}"#
        let url = try folder.write(Data(lottie.utf8), to: "anim.json")
        let withLottie = ContentRegistry(kinds: [Lottie.self])
        #expect(try withLottie.format(of: url).name == "Lottie animation")
        #expect(try withLottie.load(contentsOf: url).scene.canvas.width == 64)
        #expect(withLottie.formatNames.contains("Lottie animation"))
        let plain = ContentRegistry()
        #expect(try plain.format(of: url) == .sceneFile)
        #expect(!plain.formatNames.contains("Lottie"))
        #expect(throws: SceneError.self) { try plain.load(contentsOf: url) }
    }
}
