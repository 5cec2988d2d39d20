import Foundation

/// A layer type of scene files whose content is ``TimedContent``: its name, its own keys and its
/// reader. The shapes, text, images and groups are built into the scene-file reader; `video` is
/// registered here, and other modules register theirs (MovieKitLottie's `lottie`).
///
/// A new kind of content is a folder with its ``TimedContent`` type and its `SceneLayerType`, listed
/// in its ``ContentKind``'s layer types.
public struct SceneLayerType: Sendable {
    /// The name scene files give in `type:`.
    public let name: String
    /// The keys of this type, beside the keys every layer has (`position`, `opacity`, `animate` …).
    public let keys: [String]
    /// Reads the layer's own keys into its content, checking the files it names.
    let read: @Sendable (SceneLayerKeys) throws -> any TimedContent

    /// Creates a layer type.
    /// - Parameters:
    ///   - name: The name scene files give in `type:`.
    ///   - keys: The type's own keys; any other key but the common ones is refused, naming the nearest.
    ///   - read: Reads the layer's keys into its content, checking the files it names, so that
    ///     nothing is drawn from a scene with a bad layer.
    public init(name: String, keys: [String], read: @escaping @Sendable (SceneLayerKeys) throws -> any TimedContent) {
        self.name = name
        self.keys = keys
        self.read = read
    }

    /// MovieKitScene's own types of timed content.
    static let builtIn: [SceneLayerType] = [.video]

    /// Adds `type` to ``ContentRegistry/shared``'s scene-file layer types; a type registered again
    /// under the same name replaces the earlier registration.
    public static func register(_ type: SceneLayerType) {
        ContentRegistry.updateShared { $0.register(type) }
    }

    /// The types of timed content scene files read without a registry take (those of
    /// ``ContentRegistry/shared``): the built-in ones, then the registered ones by name.
    public static var all: [SceneLayerType] { ContentRegistry.shared.layerTypes }

    /// The `video` layer type: a movie clip (`source`, `cutFrom`, `cutTo`, `speed`, `loop`, `fit`,
    /// `volume`, `mute`).
    public static let video = SceneLayerType(name: "video", keys: SceneFileDecoder.videoKeys) {
        try SceneFileDecoder.videoContent($0.map)
    }
}
