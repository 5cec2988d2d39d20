import Foundation
import FrameDraw
import MovieKitScene
import TestSupport
import Testing

@testable import MovieKitLottie

/// Whose clock a layer's keyframes run on: its composition's, whatever the layer's start time; the
/// start time and stretch move only what a precomposition plays inside it (lottie-web, ThorVG, rlottie).
@Suite struct LottieLayerTimeTests {
    /// A 100x100, 30 fps composition of `layers`, with `assets`.
    private func content(layers: String, assets: String = "[]") throws -> LottieContent {
        let folder = try TemporaryDirectory()
        let url = folder.file("timing.json")
        let json = """
            {"v": "5.7.0", "fr": 30, "ip": 0, "op": 40, "w": 100, "h": 100, "assets": \(assets), "layers": \(layers)}
            """
        try Data(json.utf8).write(to: url)
        return try LottieContent(contentsOf: url)
    }

    /// A linear position animation from `from` at frame `start` to `to` at frame `end`.
    private func slide(_ from: [Double], _ to: [Double], _ start: Double, _ end: Double) -> String {
        """
        {"a": 1, "k": [{"t": \(start), "s": \(from), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                       {"t": \(end), "s": \(to)}]}
        """
    }

    /// A 20x20 red solid whose top-left corner follows `position`, starting at `start`.
    private func solid(position: String, start: Double) -> String {
        """
        {"ty": 1, "ind": 1, "ip": 0, "op": 40, "st": \(start), "sw": 20, "sh": 20, "sc": "#ff0000",
         "ks": {"p": \(position), "a": {"a": 0, "k": [0, 0]}}}
        """
    }

    private func isRed(_ content: LottieContent, frame: Double, x: Int, y: Int) throws -> Bool {
        let image = try Image(size: content.size) { content.renderer.draw(in: $0, frame: frame) }
        let pixel = image.pixel(atX: x, y: y)
        return pixel.alpha > 0.9 && pixel.red > 0.9 && pixel.green < 0.1
    }

    @Test func aLayersKeyframesRunOnItsCompositionsFramesWhateverItsStartTime() throws {
        // Keyframes at frames 10 and 20 of the composition; the layer starts at 10.
        let animation = try content(layers: "[\(solid(position: slide([0, 40], [80, 40], 10, 20), start: 10))]")
        // Frame 15 is half way: the solid spans x 40...60. (On the layer's clock it would not have moved yet.)
        #expect(try isRed(animation, frame: 15, x: 50, y: 50))
        #expect(try !isRed(animation, frame: 15, x: 10, y: 50))
    }

    @Test func aPrecompositionPlaysFromItsLayersStartTimeAndStretch() throws {
        // Inside: the solid slides across in the precomposition's frames 0...10.
        let inner = solid(position: slide([0, 40], [80, 40], 0, 10), start: 0)
        let assets = #"[{"id": "inner", "w": 100, "h": 100, "layers": [\#(inner)]}]"#
        let precomp = """
            [{"ty": 0, "ind": 1, "refId": "inner", "ip": 0, "op": 40, "st": 10, "sr": 2, "w": 100, "h": 100,
              "ks": {"p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}}}]
            """
        let animation = try content(layers: precomp, assets: assets)
        // Composition frame 20 is 10 frames after the start, stretched by 2: the precomposition's frame 5.
        #expect(try isRed(animation, frame: 20, x: 50, y: 50))
        #expect(try !isRed(animation, frame: 20, x: 90, y: 50))
        // Composition frame 30: the precomposition's frame 10, the end of the slide.
        #expect(try isRed(animation, frame: 30, x: 90, y: 50))
    }
}
