import Foundation
import MovieKitScene

/// Lottie as a kind of content: the `.json`, `.lottie` and `.tgs` document format and the scene
/// files' `lottie` layer type. `moviemake` registers it at launch; a program that reads documents
/// through `SceneDocument` registers it once:
///
/// ```swift
/// import MovieKitLottie
/// ContentKinds.register(Lottie.self)
/// let document = try SceneDocument.load(contentsOf: URL(fileURLWithPath: "anim.json"))
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
        read: { url, variables in
            var options = LottieOptions.current
            options.slotValues.merge(variables) { _, set in set }
            let content = try LottieContent(contentsOf: url, options: options)
            var document = SceneDocument(url: url, format: "Lottie animation", scene: content.scene)
            document.fitsCanvasToEncoder = true
            document.hasTransparentCanvas = true
            return document
        })
}
