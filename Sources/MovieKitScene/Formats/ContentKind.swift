import Foundation

/// A kind of content or document that a module adds to MovieKit: the document formats it reads
/// and the scene-file layer types it draws. Registering it makes ``SceneDocument``, scene files,
/// `moviemake` and the preview know it; MovieKitLottie's `Lottie` is one.
public protocol ContentKind {
    /// The document formats of the kind, asked before the built-in ones.
    static var formats: [SceneFormat] { get }
    /// The scene-file layer types of the kind.
    static var layerTypes: [SceneLayerType] { get }
}

extension ContentKind {
    public static var formats: [SceneFormat] { [] }
    public static var layerTypes: [SceneLayerType] { [] }
}

/// Registers kinds of content: the one line that adds a module's formats and layer types.
public enum ContentKinds {
    /// Registers the formats and layer types of `kind`; registering a kind again replaces its
    /// earlier registration.
    public static func register(_ kind: any ContentKind.Type) {
        for format in kind.formats { SceneFormat.register(format) }
        for type in kind.layerTypes { SceneLayerType.register(type) }
    }
}
