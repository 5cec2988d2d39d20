import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@Suite("Examples/scenes")
struct ExampleScenesTests {
    static let folder = PackagePaths.root.appendingPathComponent("Examples/scenes")

    static let sceneFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { SceneFile.isSceneFile(URL(fileURLWithPath: $0)) }.sorted()
    }()

    @Test func thereAreAtLeastFourScenesInBothFormats() {
        #expect(Self.sceneFiles.count >= 4)
        #expect(Self.sceneFiles.contains { $0.hasSuffix(".json") })
        #expect(Self.sceneFiles.contains { $0.hasSuffix(".yaml") })
    }

    /// Each scene renders as a small, low-rate movie (the whole length, scaled down) that decodes.
    @Test(arguments: sceneFiles)
    func rendersAsAMovie(_ name: String) throws {
        let scene = try SceneFile.load(from: Self.folder.appendingPathComponent(name))
        let renderer = try SceneRenderer(scene: scene)
        let temporary = try TemporaryFolder()
        let movie = temporary.file("scene.mp4")
        let settings = try MovieSettings(width: 160, height: 96, fps: 5, preset: .ultrafast)
        try renderer.render(to: movie, settings: settings)
        let frames = try DecodedMovie.frames(of: movie, at: [0, scene.canvas.duration - 0.2])
        #expect(frames.count == 2)
        #expect(frames.allSatisfy { $0.width == 160 && $0.height == 96 })
        // Something moves: the first and last frames differ.
        #expect(frames.first?.bytes != frames.last?.bytes)
    }
}
