import Foundation
import MovieKitScene

/// Lottie as a kind of content: the `.json`, `.lottie` and `.tgs` document format and the scene
/// files' `lottie` layer type. A program reads documents with a registry made with it, with
/// ``LottieOptions`` set on the registry where it needs other than the defaults:
///
/// ```swift
/// import MovieKitLottie
/// let registry = ContentRegistry(kinds: [Lottie.self]).setting(LottieOptions(animationID: "intro"))
/// let document = try registry.load(contentsOf: URL(fileURLWithPath: "anim.lottie"))
/// ```
public enum Lottie: ContentKind {
    public static var formats: [SceneFormat] { [.lottie] }
    public static var layerTypes: [SceneLayerType] { [.lottie] }
}

extension SceneFormat {
    /// Lottie animations: Bodymovin JSON (`.json` with `v`, `fr`, `ip`, `op`, `w`, `h` and `layers`),
    /// dotLottie (`.lottie`) and Telegram stickers (`.tgs`).
    public static let lottie = SceneFormat(
        name: "Lottie animation", fileExtensions: ["json", "lottie", "tgs"],
        recognizes: { keys in ["v", "fr", "ip", "op", "w", "h", "layers"].allSatisfy(keys.contains) },
        reading: { url, variables, registry in
            var options = LottieOptions.of(registry)
            options.slotValues.merge(variables) { _, set in set }
            let content = try LottieContent(contentsOf: url, options: options)
            var document = SceneDocument(url: url, format: "Lottie animation", scene: content.scene)
            document.fitsCanvasToEncoder = true
            document.hasTransparentCanvas = true
            return document
        })
}

extension LottieOptions: ContentOption {}
