import Foundation
import FrameDraw
import MovieKitScene

extension LayerContent {
    /// A Lottie animation scaled into the bounds, on its own clock.
    public static func lottie(_ lottie: LottieContent) -> LayerContent { .timed(lottie) }
}

extension Layer {
    /// A Lottie animation (Bodymovin JSON, dotLottie or Telegram sticker), scaled into the layer's
    /// bounds, which default to the composition's size.
    /// - Parameters:
    ///   - url: The Lottie file.
    ///   - timeOffset: The animation starts this many seconds after the parent's clock. Default 0.
    ///   - speed: How fast it plays; 2 is twice as fast. Default 1.
    ///   - loops: Whether it starts again at its end. Default `false`.
    ///   - options: Which animation and segment, and whether unsupported features throw. Default: the
    ///     defaults of ``LottieOptions``.
    /// - Throws: ``LottieError`` naming the file and the key path of the first problem.
    public static func lottie(
        contentsOf url: URL, timeOffset: Double = 0, speed: Double = 1, loops: Bool = false,
        options: LottieOptions? = nil
    ) throws -> Layer {
        var content = try LottieContent(contentsOf: url, options: options)
        content.timeOffset = timeOffset
        content.speed = speed
        content.loops = loops
        return Layer(.lottie(content))
    }
}

extension SceneLayerType {
    /// Scene files' `lottie` layer: a Lottie file (`source`) on its own clock (`timeOffset`, `speed`,
    /// `loop`), one animation of a dotLottie (`animation`) and one marker's frames (`segment`).
    public static let lottie = SceneLayerType(
        name: "lottie", keys: ["source", "timeOffset", "speed", "loop", "animation", "segment"]
    ) { map in
        try lottieContent(map)
    }

    private static func lottieContent(_ keys: SceneLayerKeys) throws -> LottieContent {
        let url = try keys.file("source", kind: "a Lottie file", extensions: [".json", ".lottie", ".tgs"])
        var options = LottieOptions.of(keys.registry)
        options.animationID = try keys.string("animation", expected: "the id of a dotLottie animation")
        options.segment = try keys.string("segment", expected: "the name of a marker of the animation")
        var content: LottieContent
        do {
            content = try LottieContent(contentsOf: url, options: options)
        } catch let error as LottieError {
            throw keys.invalid(
                "source", "a Lottie file that cannot be used (\(error.description))", expected: "a Lottie file")
        }
        content.timeOffset = try keys.double("timeOffset", expected: "a time in seconds") ?? 0
        content.speed =
            try keys.double("speed", in: 0.001...1000, expected: "a speed from 0.001 to 1000 (1 is normal)") ?? 1
        content.loops = try keys.bool("loop") ?? false
        return content
    }
}
