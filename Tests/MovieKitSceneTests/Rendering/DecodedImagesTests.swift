import Foundation
import FrameDraw
import MovieKitScene
import TestSupport
import Testing

@Suite("DecodedImages: image files shared by renderers")
struct DecodedImagesTests {
    static func scene(showing url: URL) -> Scene {
        Scene(
            canvas: Canvas(width: 64, height: 64, fps: 10, duration: 0.1),
            layers: [Layer.image(contentsOf: url, fit: .stretch)])
    }

    @Test func twoRenderersShowingTheSameFileDecodeItOnceAndAnEditedFileAgain() throws {
        let folder = try TemporaryDirectory(prefix: "decoded-images")
        let url = folder.file("logo.png")
        try Image(width: 8, height: 8, pixels: Array(repeating: 0xFFFF_0000, count: 64)).write(to: url)
        let images = DecodedImages()
        let first = try SceneRenderer(scene: Self.scene(showing: url), images: images)
        let second = try SceneRenderer(scene: Self.scene(showing: url), images: images)
        #expect(images.count == 1)
        #expect(try first.image(at: 0).pixel(atX: 32, y: 32) == second.image(at: 0).pixel(atX: 32, y: 32))
        // Another file's contents (and size) make another entry.
        try Image(width: 16, height: 8, pixels: Array(repeating: 0xFF00_00FF, count: 128)).write(to: url)
        let third = try SceneRenderer(scene: Self.scene(showing: url), images: images)
        #expect(images.count == 2)
        let pixel = try third.image(at: 0).pixel(atX: 32, y: 32)
        #expect(pixel.blue > 0.9 && pixel.red < 0.1, "the edited file is shown, not the cached one")
    }

    @Test func aBudgetOfNoBytesKeepsNothing() throws {
        let folder = try TemporaryDirectory(prefix: "decoded-images")
        let url = folder.file("logo.png")
        try Image(width: 8, height: 8, pixels: Array(repeating: 0xFFFF_0000, count: 64)).write(to: url)
        let images = DecodedImages(byteBudget: 0)
        _ = try SceneRenderer(scene: Self.scene(showing: url), images: images)
        #expect(images.count == 0)
    }
}
