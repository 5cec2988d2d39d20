import MovieKitLottie
import MovieKitScene
import MovieKitSubtitles

extension ContentRegistry {
    /// MovieKit's standard kinds of content: MovieKitScene's own formats and layer types, Lottie
    /// (MovieKitLottie) and subtitles and captions (MovieKitSubtitles).
    ///
    /// `moviemake` and the render service read documents through it, so that both accept the same
    /// documents. A new kind of content is one entry in `standardKinds`.
    ///
    /// ```swift
    /// let document = try ContentRegistry.standard.load(contentsOf: URL(fileURLWithPath: "intro.json"))
    /// ```
    public static let standard = ContentRegistry(kinds: standardKinds)

    /// The kinds in `standard`, beside MovieKitScene's own.
    public static var standardKinds: [any ContentKind.Type] { [Lottie.self, Subtitles.self] }

    /// Adds the standard kinds to `ContentRegistry.shared` as well, for the library's functions that
    /// are not given a registry (`SceneDocument.load(contentsOf:variables:)`, `Layer.lottie`). Call it
    /// once, before documents are read; later calls do nothing.
    public static func registerStandardKinds() { _ = standardKindsRegistered }

    private static let standardKindsRegistered: Void = {
        for kind in standardKinds { ContentKinds.register(kind) }
    }()
}
