import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

/// The Swift code of the "Building scenes in Swift" article (Snippets/ScenesInSwift.swift) builds the same scene as Examples/scenes/title-card.yaml.
@Suite("Building scenes in Swift: the title card")
struct DocumentationExampleTests {
    static let scenes = ExampleScenesTests.folder

    /// The documented Swift, with the image path made absolute.
    static func swiftScene() -> Scene {
        let badge = scenes.appendingPathComponent("assets/badge.png")
        return Scene(width: 640, height: 352, fps: 30, duration: 3, background: Color(rgb: 0x0E1A2B)) {
            Layer.rect()
                .named("backdrop")
                .size(width: 640, height: 352)
                .fill(
                    .radialGradient(
                        Gradient(colors: [Color(rgb: 0x1D3557), Color(rgb: 0x0E1A2B)]),
                        center: CGPoint(x: 0.5, y: 0.4), radius: 0.7))
            Layer.image(contentsOf: badge)
                .size(width: 120, height: 120)
                .position(x: 320, y: 120)
                .shadow(color: Color(rgba: 0x0000_0080), offset: CGSize(width: 0, height: 6), blur: 12)
                .scale(.spring(from: 0.2, to: 1, start: 0.2, spring: Spring(response: 0.6, dampingRatio: 0.55)))
                .opacity(.keyframes([Keyframe(time: 0.2, value: 0, easing: .easeOut), Keyframe(time: 0.5, value: 1)]))
            Layer.text("MovieKit", style: TextStyle(font: .system(size: 44, weight: .bold)))
                .opacity(.keyframes([Keyframe(time: 0.8, value: 0, easing: .ease), Keyframe(time: 1.4, value: 1)]))
                .position(
                    .keyframes([
                        Keyframe(time: 0.8, value: CGPoint(x: 320, y: 252), easing: .easeOutCubic),
                        Keyframe(time: 1.4, value: CGPoint(x: 320, y: 232))
                    ]))
            Layer.text("Scripted animation", style: TextStyle(font: .system(size: 22)))
                .fill(Color(rgb: 0xA8DADC))
                .position(x: 320, y: 282)
                .opacity(.tween(from: 0, to: 1, start: 1.3, duration: 0.6, easing: .cubicBezier(0.4, 0, 0.2, 1)))
        }
    }

    @Test(arguments: [0.0, 0.35, 1.0, 1.5, 2.9])
    func theSwiftAndTheFileDrawTheSameFrames(_ time: Double) throws {
        let fromFile = try SceneRenderer(
            scene: SceneFile.load(from: Self.scenes.appendingPathComponent("title-card.yaml")))
        let fromSwift = try SceneRenderer(scene: Self.swiftScene())
        #expect(try fromFile.image(at: time).pngData() == fromSwift.image(at: time).pngData())
    }
}
