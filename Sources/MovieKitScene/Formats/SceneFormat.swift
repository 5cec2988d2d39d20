import Foundation
import MovieKitCore
import Synchronization

/// A kind of file that MovieKit reads as a ``Scene``: scene files, slideshow manifests, editly
/// specs, and the formats other modules register (Lottie). Each format is a translation into
/// `Scene`, and ``SceneFormat/all`` is the one table that `moviemake render`, `still`, `sheet`,
/// `preview` and ``SceneDocument/load(contentsOf:variables:)`` look formats up in, by extension and
/// then by content.
///
/// A new format is a folder under `Formats/` (or a module) with its reader, plus one
/// ``register(_:)`` call, or one entry in ``builtIn`` for MovieKitScene's own.
public struct SceneFormat: Sendable, Equatable, CustomStringConvertible {
    /// The format's name in messages and `--help`: "scene file", "slideshow manifest", "editly spec".
    public let name: String
    /// The file extensions the format is written with, lowercased and without the dot.
    public let fileExtensions: [String]
    /// Whether the document's top-level keys mark it as this format, for extensions that several
    /// formats share (`.json`, `.yaml`); `nil` for a format that is the only one with its extensions.
    let recognizes: (@Sendable (Set<String>) -> Bool)?
    /// Reads the document into a scene, checking everything (including the files it names)
    /// before anything is drawn.
    let read: @Sendable (_ url: URL, _ variables: [String: String]) throws -> SceneDocument

    public var description: String { name }

    /// Formats are the same when their names are: registering a format again under a name replaces it.
    public static func == (lhs: SceneFormat, rhs: SceneFormat) -> Bool { lhs.name == rhs.name }

    /// Creates a format.
    /// - Parameters:
    ///   - name: Its name in messages, such as "Lottie animation".
    ///   - fileExtensions: The extensions it is written with, lowercased, without the dot.
    ///   - recognizes: Whether a document's top-level keys mark it as this format, when other
    ///     formats share its extensions; `nil` when none does.
    ///   - read: Reads a file, with the template variables set for it, into a checked document.
    public init(
        name: String, fileExtensions: [String], recognizes: (@Sendable (Set<String>) -> Bool)?,
        read: @escaping @Sendable (_ url: URL, _ variables: [String: String]) throws -> SceneDocument
    ) {
        self.name = name
        self.fileExtensions = fileExtensions
        self.recognizes = recognizes
        self.read = read
    }

    /// MovieKitScene's own formats, in the order they are tried.
    public static let builtIn: [SceneFormat] = [.sceneFile, .slideshowManifest, .editly, .movieClip]

    /// The formats registered by other modules, the latest first.
    private static let registry = Mutex<[SceneFormat]>([])

    /// Adds `format` to ``all``, before the formats registered earlier and the built-in ones: among
    /// the formats that share an extension, it is asked first whether it recognises a document. A
    /// format registered again under the same name replaces the earlier registration.
    ///
    /// ```swift
    /// SceneFormat.register(.lottie)   // import MovieKitLottie
    /// ```
    public static func register(_ format: SceneFormat) {
        registry.withLock { formats in
            formats.removeAll { $0.name == format.name }
            formats.insert(format, at: 0)
        }
    }

    /// Every format MovieKit reads, in the order they are tried: the registered formats, the latest
    /// first, then the built-in ones. Among the formats that share an extension, the first whose keys
    /// match wins, and the first built-in one reads documents that none recognises, so that its
    /// errors explain what is wrong.
    public static var all: [SceneFormat] { registry.withLock { $0 } + builtIn }

    /// Every format, the built-in ones first and then the registered ones by name: the order for
    /// messages, which reads the same whatever order modules registered in (and however often).
    static var listed: [SceneFormat] {
        builtIn + registry.withLock { $0 }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Every format's name, for messages: "scene file, slideshow manifest, editly spec or Lottie animation".
    public static var allNames: String {
        let names = listed.map(\.name)
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Every extension of every format, for messages: the built-in formats' first.
    public static var allFileExtensions: [String] {
        var seen: [String] = []
        for format in listed { for ext in format.fileExtensions where !seen.contains(ext) { seen.append(ext) } }
        return seen
    }

    /// The format of the file at `url`: chosen by its extension, and where several formats share
    /// that extension, by the document's top-level keys.
    /// - Throws: ``SceneError/unsupportedFileType(path:)`` for an extension no format uses.
    public static func format(of url: URL) throws -> SceneFormat { try choice(for: url).format }

    /// The format chosen for a file, and the formats it was chosen over when none recognised the
    /// document by its keys (empty when the format recognised it, or is the only one with the extension).
    struct Choice {
        var format: SceneFormat
        var passedOver: [SceneFormat]
    }

    /// Chooses the format of the file at `url` (see ``format(of:)``).
    static func choice(for url: URL) throws -> Choice {
        let ext = url.pathExtension.lowercased()
        let candidates = all.filter { $0.fileExtensions.contains(ext) }
        guard let first = candidates.first else { throw SceneError.unsupportedFileType(path: url.path) }
        guard candidates.count > 1 else { return Choice(format: first, passedOver: []) }
        let fallback = candidates.first { format in builtIn.contains { $0.name == format.name } } ?? first
        let others = listed.filter { format in
            format.name != fallback.name && candidates.contains { $0.name == format.name }
        }
        guard let keys = DocumentKeys.topLevelKeys(of: url) else { return Choice(format: fallback, passedOver: others) }
        if let recognised = candidates.first(where: { $0.recognizes?(keys) ?? false }) {
            return Choice(format: recognised, passedOver: [])
        }
        return Choice(format: fallback, passedOver: others)
    }
}

extension SceneFormat {
    /// MovieKit's scene files (`.yaml`, `.yml`, `.json`): a `canvas`, `layers` and `audio`.
    public static let sceneFile = SceneFormat(
        name: "scene file", fileExtensions: ["yaml", "yml", "json"],
        recognizes: { $0.contains("canvas") || $0.contains("layers") },
        read: { url, variables in
            SceneDocument(url: url, format: "scene file", scene: try SceneFile.load(from: url, variables: variables))
        })

    /// MovieKit's slideshow manifests (`.yaml`, `.yml`, `.json`): photos, titles and music in `slides` and `audio`.
    public static let slideshowManifest = SceneFormat(
        name: "slideshow manifest", fileExtensions: ["yaml", "yml", "json"],
        recognizes: { $0.contains("slides") },
        read: { url, variables in
            let show = try SlideshowManifest.load(from: url, variables: variables)
            try show.validate()
            return SceneDocument(url: url, format: "slideshow manifest", scene: try show.scene(), slideshow: show)
        })

    /// A movie clip (`.mp4`, `.mov`, `.m4v`, `.webm`, `.mkv`) as a document: the clip alone, at its
    /// own size (turned upright), frame rate and length, with its sound, so that something can be
    /// drawn over it (`moviemake render clip.mp4 --subtitles talk.srt`). Sizes an encoder cannot take
    /// are rounded as editly specs' are.
    public static let movieClip = SceneFormat(
        name: "movie clip", fileExtensions: ["mp4", "mov", "m4v", "webm", "mkv"], recognizes: nil,
        read: { url, variables in
            if let name = variables.keys.sorted().first {
                throw SceneError.invalidProperties(
                    path: url.path,
                    reason:
                        "a movie clip has no template variables, so `\(name)` cannot be set; render it without variables"
                )
            }
            let info = try VideoContent.info(of: url)
            guard info.duration > 0, info.size.width >= 1, info.size.height >= 1 else {
                throw SceneError.unreadableFile(
                    path: url.path, reason: "its video stream states no length or size, so it cannot be a document")
            }
            var canvas = Canvas(
                width: Int(info.size.width.rounded()), height: Int(info.size.height.rounded()),
                fps: info.frameRate ?? 30, duration: info.duration)
            canvas.background = .black
            var document = SceneDocument(
                url: url, format: "movie clip",
                scene: Scene(canvas: canvas, layers: [Layer(.video(VideoContent(url: url)))]))
            document.fitsCanvasToEncoder = true
            return document
        })

    /// editly's JSON5 edit specs (`.json5`, and `.json` with `clips`: editly reads JSON as JSON5).
    public static let editly = SceneFormat(
        name: "editly spec", fileExtensions: ["json5", "json"], recognizes: { $0.contains("clips") },
        read: { url, variables in
            if let name = variables.keys.sorted().first {
                throw SceneError.invalidProperties(
                    path: url.path,
                    reason:
                        "editly specs have no template variables, so `\(name)` cannot be set; render the spec without variables"
                )
            }
            let spec = try EditlySpec(contentsOf: url)
            try spec.slideshow.validate()
            var document = SceneDocument(
                url: url, format: "editly spec", scene: try spec.slideshow.scene(), slideshow: spec.slideshow,
                outputURL: spec.outputURL)
            document.encoding = spec.encoding
            document.fitsCanvasToEncoder = true
            return document
        })
}
