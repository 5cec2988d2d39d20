import Foundation

/// A kind of content or document that a module adds to MovieKit: the document formats it reads
/// and the scene-file layer types it draws. A ``ContentRegistry`` made with it reads its documents
/// and layers; MovieKitLottie's `Lottie` is one.
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

/// Registers kinds of content in ``ContentRegistry/shared``, the process-wide registry. A program
/// that makes its own ``ContentRegistry`` and passes it to document loading need not.
public enum ContentKinds {
    /// Registers the formats and layer types of `kind` in ``ContentRegistry/shared``; registering a
    /// kind again replaces its earlier registration.
    public static func register(_ kind: any ContentKind.Type) {
        ContentRegistry.updateShared { $0.register(kind) }
    }
}
