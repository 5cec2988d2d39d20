import Foundation
import Synchronization

/// The kinds of content a program reads documents with: the document formats (scene files,
/// slideshow manifests, editly specs, movie clips, and those of kinds such as Lottie) and the
/// scene-file layer types. A value, made once and passed to document loading:
///
/// ```swift
/// let registry = ContentRegistry(kinds: [Lottie.self, Subtitles.self])
/// let document = try registry.load(contentsOf: URL(fileURLWithPath: "title.yaml"))
/// ```
///
/// A new kind is a folder with its ``ContentKind`` type, and one entry in the list a program makes its
/// registry with. ``shared`` is the registry ``ContentKinds/register(_:)`` fills, which
/// ``SceneDocument/load(contentsOf:variables:)`` and ``SceneFormat/all`` read, for code written before
/// registries were values.
public struct ContentRegistry: Sendable {
    /// The formats kinds added, the latest first.
    private var addedFormats: [SceneFormat] = []
    /// The layer types kinds added.
    private var addedLayerTypes: [SceneLayerType] = []
    /// The kinds' reading options, by type.
    private var options: [ObjectIdentifier: any ContentOption] = [:]

    /// A registry of MovieKitScene's own formats and layer types.
    public init() {}

    /// A registry of MovieKitScene's own formats and layer types and those of `kinds`, the later kinds'
    /// formats asked first among the formats that share an extension.
    public init(kinds: [any ContentKind.Type]) {
        for kind in kinds { register(kind) }
    }

    /// Adds the formats and layer types of `kind`; registering a kind again replaces its earlier
    /// registration.
    public mutating func register(_ kind: any ContentKind.Type) {
        for format in kind.formats { register(format) }
        for type in kind.layerTypes { register(type) }
    }

    /// Adds `format`, asked before the formats added earlier and the built-in ones among those that
    /// share an extension; one of the same name is replaced.
    public mutating func register(_ format: SceneFormat) {
        addedFormats.removeAll { $0.name == format.name }
        addedFormats.insert(format, at: 0)
    }

    /// Adds a scene-file layer type; one of the same name is replaced.
    public mutating func register(_ type: SceneLayerType) {
        addedLayerTypes.removeAll { $0.name == type.name }
        addedLayerTypes.append(type)
    }

    /// The reading options of type `Option` set on this registry (``setting(_:)``), or `nil`.
    public func option<Option: ContentOption>(_ type: Option.Type) -> Option? {
        options[ObjectIdentifier(type)] as? Option
    }

    /// Sets a kind's reading options, which its formats and layer types read documents with (for
    /// MovieKitLottie, `LottieOptions`: the animation, the segment, strictness).
    public mutating func set<Option: ContentOption>(_ option: Option) {
        options[ObjectIdentifier(Option.self)] = option
    }

    /// This registry with a kind's reading options set (``set(_:)``).
    public func setting<Option: ContentOption>(_ option: Option) -> ContentRegistry {
        var registry = self
        registry.set(option)
        return registry
    }

    /// Every format, in the order they are tried: the added ones, the latest first, then the built-in ones.
    public var formats: [SceneFormat] { addedFormats + SceneFormat.builtIn }

    /// Every layer type of timed content scene files take: the built-in ones, then the added ones by
    /// name, so that messages listing them read the same whatever order kinds were added in.
    public var layerTypes: [SceneLayerType] { SceneLayerType.builtIn + addedLayerTypes.sorted { $0.name < $1.name } }

    /// Every format, the built-in ones first and then the added ones by name: the order for messages.
    var listedFormats: [SceneFormat] {
        SceneFormat.builtIn + addedFormats.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Every format's name, for messages: "scene file, slideshow manifest, editly spec or Lottie animation".
    public var formatNames: String {
        let names = listedFormats.map(\.name)
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Every extension of every format, for messages: the built-in formats' first.
    public var fileExtensions: [String] {
        var seen: [String] = []
        for format in listedFormats { for ext in format.fileExtensions where !seen.contains(ext) { seen.append(ext) } }
        return seen
    }

    /// The format of the file at `url`: chosen by its extension, and where several formats share
    /// that extension, by the document's top-level keys.
    /// - Throws: ``SceneError/unsupportedFileType(path:)`` for an extension no format uses.
    public func format(of url: URL) throws -> SceneFormat { try choice(for: url).format }

    /// Reads a file in any format of this registry, chosen by ``format(of:)``.
    /// - Parameters:
    ///   - url: The file.
    ///   - variables: Values for `${name}` template variables, for formats that have them.
    /// - Throws: ``SceneError`` naming the file and the key path of the first problem (an unknown
    ///   top-level key of a file whose extension several kinds share also says which kind it was taken
    ///   for), or the error of the first photo or audio file that cannot be read.
    public func load(contentsOf url: URL, variables: [String: String] = [:]) throws -> SceneDocument {
        let choice = try choice(for: url)
        do {
            var document = try choice.format.read(url, variables, self)
            document.variables = variables
            return document
        } catch let error as SceneError where !choice.passedOver.isEmpty {
            // A key the format does not know may mean the file is of another kind that shares its
            // extension: say which kind it was taken for, and why.
            throw error.takenFor(choice.format.name, over: choice.passedOver.map(\.name))
        }
    }

    /// The format chosen for a file, and the formats it was chosen over when none recognised the
    /// document by its keys (empty when the format recognised it, or is the only one with the extension).
    struct Choice {
        var format: SceneFormat
        var passedOver: [SceneFormat]
    }

    /// Chooses the format of the file at `url` (see ``format(of:)``).
    func choice(for url: URL) throws -> Choice {
        let ext = url.pathExtension.lowercased()
        let candidates = formats.filter { $0.fileExtensions.contains(ext) }
        guard let first = candidates.first else { throw SceneError.unsupportedFileType(path: url.path) }
        guard candidates.count > 1 else { return Choice(format: first, passedOver: []) }
        let fallback = candidates.first { format in SceneFormat.builtIn.contains { $0.name == format.name } } ?? first
        let others = listedFormats.filter { format in
            format.name != fallback.name && candidates.contains { $0.name == format.name }
        }
        guard let keys = DocumentKeys.topLevelKeys(of: url) else { return Choice(format: fallback, passedOver: others) }
        if let recognised = candidates.first(where: { $0.recognizes?(keys) ?? false }) {
            return Choice(format: recognised, passedOver: [])
        }
        return Choice(format: fallback, passedOver: others)
    }

    /// The registry ``ContentKinds/register(_:)`` fills.
    private static let sharedRegistry = Mutex(ContentRegistry())

    /// The process-wide registry: MovieKitScene's own kinds and those ``ContentKinds/register(_:)``
    /// added. ``SceneDocument/load(contentsOf:variables:)``, ``SceneFormat/all`` and scene files read
    /// without a registry use it; programs that make their own registry and pass it need not.
    public static var shared: ContentRegistry { sharedRegistry.withLock { $0 } }

    /// Changes ``shared``.
    static func updateShared(_ change: (inout ContentRegistry) -> Void) {
        sharedRegistry.withLock { change(&$0) }
    }
}

/// The reading options of a kind of content, carried by the ``ContentRegistry`` documents are read
/// with rather than by process-wide or task-local state: MovieKitLottie's `LottieOptions` is one.
public protocol ContentOption: Sendable {}
