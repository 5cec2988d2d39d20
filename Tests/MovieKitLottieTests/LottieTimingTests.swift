import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import TestSupport
import Testing

@testable import MovieKitLottie

/// A Lottie at any `fr` rendered at another frame rate: the movie lasts `(op - ip) / fr`, and the
/// frame at time t shows the animation's frame t × fr, checked by decoding the movie.
@Suite struct LottieTimingTests {
    /// A 256x32 animation: a white bar whose right edge is at x = 200 × frame / op.
    static func animation(fr: Double, op: Int) -> String {
        """
        {"v": "5.7.0", "fr": \(fr), "ip": 0, "op": \(op), "w": 256, "h": 32, "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": \(op), "st": 0,
           "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 16]}, {"t": \(op), "s": [200, 16]}]}},
           "shapes": [{"ty": "rc", "p": {"a": 0, "k": [-200, 0]}, "s": {"a": 0, "k": [400, 40]}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """
    }

    @Test(arguments: [(29.97, 60, 24), (29.97, 60, 30), (60.0, 120, 24), (60.0, 120, 30), (23.976, 48, 30)])
    func aMovieAtAnotherRateFollowsTheAnimationByTime(fr: Double, op: Int, fps: Int) throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write(Data(Self.animation(fr: fr, op: op).utf8), to: "timing.json")
        let content = try LottieContent(contentsOf: source)
        let movie = directory.file("timing.mp4")
        let settings = try MovieSettings(width: 256, height: 32, fps: FrameRate(fps))
        try SceneRenderer(scene: content.scene).render(to: movie, settings: settings)
        let probe = try MovieProbe(url: movie)
        let seconds = Double(op) / fr
        // The movie lasts the animation's length, to within one of its own frames.
        #expect(abs(Double(probe.frames.count) / Double(fps) - seconds) <= 1 / Double(fps), "\(probe.frames.count)")
        #expect(abs(probe.containerDuration - seconds) <= 1 / Double(fps) + 1e-3, "\(probe.containerDuration)")
        for (index, frame) in probe.frames.enumerated() where index % 5 == 0 || index == probe.frames.count - 1 {
            let time = Double(index) / Double(fps)
            let expected = 200 * time * fr / Double(op)
            var edge = 0
            while edge < frame.width, frame.pixel(x: edge, y: 16).r > 128 { edge += 1 }
            #expect(abs(Double(edge) - expected) <= 1.5, "frame \(index) at \(time) s: edge \(edge), not \(expected)")
        }
    }
}
