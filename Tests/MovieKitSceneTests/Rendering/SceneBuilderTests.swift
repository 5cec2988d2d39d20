import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@Suite("Scene builder")
struct SceneBuilderTests {
    @Test func theBuilderTakesConditionsAndLoops() {
        let showTitle = false
        let scene = Scene(width: 64, height: 64, duration: 1) {
            Layer.rect().named("background")
            if showTitle { Layer.text("Title") }
            for index in 0..<3 { Layer.ellipse().named("dot \(index)") }
            Layer.group { Layer.star(points: 5) }.named("group")
        }
        #expect(scene.layers.compactMap(\.name) == ["background", "dot 0", "dot 1", "dot 2", "group"])
        #expect(scene.layers.map(\.content.typeName) == ["rect", "ellipse", "ellipse", "ellipse", "group"])
    }

    @Test func modifiersSetOnePropertyEach() {
        let layer = Layer.rect()
            .visible(from: 1, until: 2)
            .position(x: 10, y: 20)
            .size(width: 30, height: 40)
            .rotation(45)
            .opacity(0.5)
            .cornerRadius(4)
            .trim(start: 0.25, end: 0.75)
            .blendMode(.multiply)
        #expect(layer.isVisible(at: 1) && layer.isVisible(at: 1.99))
        #expect(!layer.isVisible(at: 0.99) && !layer.isVisible(at: 2))
        #expect(layer.position?.value(at: 0) == CGPoint(x: 10, y: 20))
        #expect(layer.size?.value(at: 0) == CGSize(width: 30, height: 40))
        #expect(layer.rotation.value(at: 0) == 45)
        #expect(layer.opacity.value(at: 0) == 0.5)
        #expect(layer.cornerRadius.value(at: 0) == 4)
        #expect(layer.trimStart.value(at: 0) == 0.25 && layer.trimEnd.value(at: 0) == 0.75)
        #expect(layer.blendMode == .multiply)
        #expect(!layer.opacity.isAnimated)
    }

    @Test func textStepsHoldEachStringUntilTheNext() {
        let text = Animated<String>.steps([(time: 1, value: "one"), (time: 2, value: "two")])
        #expect(text.value(at: 0) == "one")
        #expect(text.value(at: 1.5) == "one")
        #expect(text.value(at: 2) == "two")
        #expect(text.value(at: 99) == "two")
        #expect(text.kind == .keyframes)
    }

    @Test func mappedAnimationsKeepTheirKind() {
        let width = Animated<Double>(kind: .tween) { $0 * 10 }
        let size = width.map { CGSize(width: $0, height: 1) }
        #expect(size.kind == .tween)
        #expect(size.value(at: 2) == CGSize(width: 20, height: 1))
        #expect(Animated<Double>.constant(3).map { $0 * 2 }.constantValue == 6)
    }

    @Test func anyTimedValueAnimatesAProperty() {
        let pulse = Animated(
            Tween(from: 0.0, to: 1, duration: 1).then(Tween(from: 1.0, to: 0, duration: 1)), start: 0.5)
        #expect(pulse.value(at: 0) == 0)
        #expect(pulse.value(at: 1.5) == 1)
        #expect(pulse.value(at: 2) == 0.5)
        #expect(pulse.value(at: 9) == 0)
    }

    @Test func textLayersFillWithTheirStyleColourOrWhite() throws {
        let scene = Scene(width: 64, height: 32, duration: 1, background: .black) {
            Layer.text("██", style: TextStyle(font: .system(size: 24))).position(x: 32, y: 16)
        }
        let image = try SceneRenderer(scene: scene).image(at: 0)
        #expect(image.rgb(x: 32, y: 16) == (255, 255, 255))
    }
}
